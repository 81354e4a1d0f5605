import { Readable } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import { newStore, serve } from '../test/helpers.js';
import { remotePlay } from './commands/play.js';
import { serveOptions } from './commands/serve.js';
import { SERVER_COMMANDS, SERVER_USAGE } from './main.js';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  cleanup = [];
});

it('the full tabula command has the cli commands, serve and play --server', () => {
  expect(Object.keys(SERVER_COMMANDS)).toEqual(
    expect.arrayContaining(['play', 'replay', 'simulate', 'serve']),
  );
  expect(SERVER_USAGE).toMatch(/tabula serve \[--port P\]/);
  expect(SERVER_USAGE).toMatch(/tabula play --server URL/);
});

it('tabula serve reads its flags', () => {
  expect(serveOptions(['--port', '9000', '--db', 'x.db'])).toMatchObject({ port: 9000, db: 'x.db' });
  expect(() => serveOptions(['--port', 'x'])).toThrow(/whole number/);
  expect(() => serveOptions(['--port', '70000'])).toThrow(/0 to 65535/);
  expect(() => serveOptions(['extra'])).toThrow(/Usage/);
});

it('tabula play --server plays a table of the server from typed lines, and leaves when they end', async () => {
  const store = newStore('sqlite');
  cleanup.push(() => store.drop());
  const server = await serve(store);
  cleanup.push(() => server.close());
  const lines: string[] = [];
  const input = Readable.from(Array.from({ length: 12 }, () => '#1\n'));
  await remotePlay(['--server', server.url, 'skirmish', '--vs', 'random'], (line) => lines.push(line), {
    input,
    prompt: () => undefined,
  });
  const text = lines.join('\n');
  expect(text).toMatch(/Created table \S+: skirmish against random/);
  expect(text).toMatch(/You are seat 0/);
  expect(text).toMatch(/Your hand:/);
  expect(text).toMatch(/You left table|Game over/);
  await expect(
    remotePlay(['--server', server.url, 'skirmish', '--vs', 'nobody'], () => undefined, {
      input: Readable.from([]),
      prompt: () => undefined,
    }),
  ).rejects.toThrow(/Unknown agent "nobody"/);
  await expect(
    remotePlay(['--server', 'http://127.0.0.1:1', 'skirmish'], () => undefined, {
      input: Readable.from([]),
      prompt: () => undefined,
    }),
  ).rejects.toThrow(/Cannot reach the server/);
});
