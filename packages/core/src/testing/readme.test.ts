import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { checkReadmeExamples } from './readme.js';

function readme(block: string, file: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'readme-'));
  mkdirSync(join(dir, 'examples'));
  writeFileSync(join(dir, 'examples/a.mjs'), file);
  writeFileSync(
    join(dir, 'README.md'),
    `# x\n\n<!-- example: examples/a.mjs -->\n\`\`\`ts\n${block}\`\`\`\n`,
  );
  return join(dir, 'README.md');
}

it('accepts a block that repeats its file, and runs the file', async () => {
  const code = 'globalThis.ranReadmeExample = true;\n';
  expect(await checkReadmeExamples(readme(code, code))).toEqual(['examples/a.mjs']);
  expect((globalThis as { ranReadmeExample?: boolean }).ranReadmeExample).toBe(true);
});

it('refuses a block that drifted from its file', async () => {
  await expect(checkReadmeExamples(readme('const a = 1;\n', 'const a = 2;\n'))).rejects.toThrow(
    /differs from the file/,
  );
});

it('fails when an example throws', async () => {
  const code = "throw new Error('broken example');\n";
  await expect(checkReadmeExamples(readme(code, code))).rejects.toThrow(/broken example/);
});
