import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runUntilSignal, start } from '@tabula/server';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Builds the browser client (into `packages/web/dist`, or `outDir`), a few seconds, quiet unless it fails. */
export async function buildClient(outDir = join(root, 'dist')): Promise<string> {
  await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir } });
  return outDir;
}

/**
 * The project's main command (`npm start`): builds the browser client, then
 * starts the table server serving it, with a backgammon table against an
 * agent ready, and prints the address to open.
 */
const entry = process.argv[1];
if (entry && realpathSync(entry) === fileURLToPath(import.meta.url)) {
  const web = await buildClient();
  const { server } = await start((line) => console.log(line), { web });
  await runUntilSignal(server);
}
