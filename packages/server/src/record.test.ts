import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { GAMES, main } from '@tabula/cli';
import { type GameRecord, replay, SpectatorRecordSchema } from '@tabula/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKENDS, newStore, serve } from '../test/helpers.js';
import { TableClient } from './index.js';

/**
 * A running table's record for a spectator: every position as a spectator
 * saw it, without the seed or the actions (the chance to come, the bids not
 * shown yet); `tabula replay` plays it back, `tabula analyse` refuses it. A
 * finished table's record is the full game record.
 */

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  cleanup = [];
});

/** Runs a command of `tabula` in this process: its exit code, output lines and standard error. */
async function tabula(args: string[]): Promise<{ code: number; lines: string[]; errors: string[] }> {
  const lines: string[] = [];
  const errors: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => {
    errors.push(String(line));
  });
  try {
    const code = await main(args, (line) => lines.push(line));
    return { code, lines, errors };
  } finally {
    spy.mockRestore();
  }
}

function saved(value: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-record-'));
  cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'record.json');
  writeFileSync(file, JSON.stringify(value));
  return file;
}

describe.each(BACKENDS)('records on %s', (backend) => {
  async function start() {
    const store = newStore(backend);
    cleanup.push(() => store.drop());
    const server = await serve(store);
    cleanup.push(() => server.close());
    return new TableClient(server.url);
  }

  it.each(['backgammon', 'skirmish'])(
    '%s: a running table gives the spectator record, which replays and which analyse refuses; once finished, the full record',
    async (game) => {
      const client = await start();
      const table = await client.createTable({ game, seats: [{ kind: 'person' }, { kind: 'person' }] });
      const open = (await client.record(table.id)) as Record<string, unknown>;
      expect(Value.Check(SpectatorRecordSchema, open)).toBe(true);
      expect((open as { positions: unknown[] }).positions).toHaveLength(1);

      const tokens = [(await client.join(table.id)).token, (await client.join(table.id)).token];
      // Some actions, ending with one seat's skirmish bid not shown yet.
      for (let i = 0; i < 7; i++) {
        const now = await client.view(table.id, tokens[0]);
        const seat = now.toAct[0] as number;
        const mine = await client.view(table.id, tokens[seat]);
        await client.submit(table.id, tokens[seat] as string, mine.seq, mine.legal[0]);
      }
      const running = await client.record(table.id);
      expect(Value.Check(SpectatorRecordSchema, running)).toBe(true);
      const text = JSON.stringify(running);
      for (const secret of ['"seed"', '"rng"', '"actions"']) expect(text).not.toContain(secret);
      const spectated = Value.Parse(SpectatorRecordSchema, running);
      expect(spectated).toMatchObject({ game, players: ['seat 0', 'seat 1'] });
      expect(spectated.positions.map((p) => p.seq)).toEqual(Array.from({ length: 8 }, (_, i) => i));

      // The file plays back with `tabula replay`; `tabula analyse` refuses it, saying why.
      const file = saved(running);
      const replayed = await tabula(['replay', file]);
      expect(replayed.errors).toEqual([]);
      expect(replayed.code).toBe(0);
      expect(replayed.lines.filter((l) => l.startsWith('Position '))).toHaveLength(8);
      expect(replayed.lines.at(-1)).toMatch(/stops at position 7, before the end/);
      const analysed = await tabula(['analyse', file]);
      expect(analysed.code).toBe(1);
      expect(analysed.errors.join('\n')).toMatch(/spectator record of a game still being played/);

      // Played to the end, the table gives its full record, and each position of the spectator's is the one it replays to.
      for (;;) {
        const now = await client.view(table.id, tokens[0]);
        if (now.status === 'finished') break;
        const seat = now.toAct[0] as number;
        const mine = await client.view(table.id, tokens[seat]);
        await client.submit(table.id, tokens[seat] as string, mine.seq, mine.legal[0]);
      }
      const full = (await client.record(table.id)) as GameRecord;
      expect(full.actions.length).toBeGreaterThan(7);
      const definition = GAMES[game] as NonNullable<(typeof GAMES)[string]>;
      const states = replay(definition, full);
      for (const { seq, toAct, view } of spectated.positions) {
        expect(view).toEqual(JSON.parse(JSON.stringify(definition.view(states[seq], null))));
        expect(toAct).toEqual(definition.toAct(states[seq]));
      }
      const whole = await tabula(['replay', saved(full)]);
      expect(whole.code).toBe(0);
      expect(whole.lines.at(-1)).toMatch(/^Result: /);
    },
  );

  it('a spectator record that is not one is refused with invalid_record, naming the problem', async () => {
    const client = await start();
    const table = await client.createTable({
      game: 'skirmish',
      seats: [{ kind: 'person' }, { kind: 'person' }],
    });
    const record = Value.Parse(SpectatorRecordSchema, await client.record(table.id));
    const broken = { ...record, positions: [{ ...record.positions[0], view: { nonsense: true } }] };
    const result = await tabula(['replay', saved(broken)]);
    expect(result.code).toBe(1);
    expect(result.errors.join('\n')).toMatch(/no skirmish view at position 0/);
    const otherVersion = await tabula(['replay', saved({ ...record, version: '0.0.0-other' })]);
    expect(otherVersion.code).toBe(1);
    expect(otherVersion.errors.join('\n')).toMatch(/rules 0\.0\.0-other/);
  });
});
