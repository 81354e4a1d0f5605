import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { defaultAgentFor } from '@tabula/agents';
import { createRng, replay } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { EngineSession, serveEngine } from './engine.js';
import { lineSplitter } from './json-lines.js';
import { MAX_LINE_BYTES } from './protocol.js';
import { GAMES } from './registry.js';

type Answer = {
  id: string | number | null;
  ok: boolean;
  result?: Record<string, unknown>;
  error?: { code: string; message: string; path?: string };
};

/** One request through the session's line handler, and its parsed response. */
async function ask(session: EngineSession, request: unknown): Promise<Answer> {
  const line = typeof request === 'string' ? request : JSON.stringify(request);
  return JSON.parse(await session.handle(line));
}

async function ok(
  session: EngineSession,
  request: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const answer = await ask(session, request);
  expect(answer.error).toBeUndefined();
  expect(answer).toMatchObject({ id: request.id, ok: true });
  return answer.result ?? {};
}

async function refused(session: EngineSession, request: unknown, code: string): Promise<Answer> {
  const answer = await ask(session, request);
  expect(answer.ok).toBe(false);
  expect(answer.error?.code).toBe(code);
  return answer;
}

describe.each(Object.keys(GAMES))('tabula engine %s', (gameId) => {
  it('plays a whole game through the requests, and its record replays', async () => {
    const engine = new EngineSession(gameId);
    const hello = await ok(engine, { id: 'h', type: 'hello' });
    expect(hello).toMatchObject({ protocol: 1, engine: 'tabula', game: gameId, games: Object.keys(GAMES) });
    expect(Object.keys(hello.schemas as object)).toEqual(['config', 'action', 'state', 'view']);
    const started = await ok(engine, { id: 1, type: 'new', seed: 11 });
    expect(started).toMatchObject({ seats: 2, seed: 11, outcome: null });
    const pick = createRng(5);
    let id = 2;
    let outcome: unknown = null;
    for (let steps = 0; outcome === null; steps++) {
      expect(steps).toBeLessThan(5000);
      const where = await ok(engine, { id: id++, type: 'outcome' });
      outcome = where.outcome;
      if (outcome !== null) break;
      const seat = (where.toAct as number[])[0] as number;
      const { actions } = (await ok(engine, { id: id++, type: 'legal', seat })) as { actions: unknown[] };
      const action = pick.pick(actions);
      // The notation reads back to the same action, against the seat's own view.
      const { text } = (await ok(engine, { id: id++, type: 'describe', action })) as { text: string };
      const parsed = await ok(engine, { id: id++, type: 'parse', seat, text });
      expect(parsed.action).toEqual(action);
      await ok(engine, { id: id++, type: 'apply', seat, action });
    }
    expect(outcome).toMatchObject({ winners: expect.any(Array), reason: expect.any(String) });
    const { record } = (await ok(engine, { id: id++, type: 'record' })) as { record: never };
    expect(replay(GAMES[gameId] as never, record).length).toBeGreaterThan(1);
    await refused(engine, { id: id++, type: 'legal', seat: 9 }, 'unknown_seat');
    const last = await ok(engine, { id: id++, type: 'legal', seat: 0 });
    expect(last.actions).toEqual([]);
    // The record loads back to the same finished game.
    const other = new EngineSession(gameId);
    expect(await ok(other, { id: 1, type: 'load', record })).toMatchObject({ outcome });
    expect(await ok(other, { id: 2, type: 'view', seat: null })).toEqual(
      await ok(engine, { id: 3, type: 'view', seat: null }),
    );
    expect(await ok(engine, { id: 'q', type: 'quit' })).toEqual({});
    expect(engine.done).toBe(true);
  });

  it('goes on from a loaded record or state as the game would have, chance included', async () => {
    const a = new EngineSession(gameId);
    await ok(a, { id: 1, type: 'new', seed: 3 });
    const play = async (engine: EngineSession, n: number) => {
      for (let i = 0; i < n; i++) {
        const { toAct } = (await ok(engine, { id: i, type: 'outcome' })) as { toAct: number[] };
        const seat = toAct[0];
        if (seat === undefined) return;
        const { actions } = (await ok(engine, { id: i, type: 'legal', seat })) as { actions: unknown[] };
        await ok(engine, { id: i, type: 'apply', seat, action: actions[actions.length - 1] });
      }
    };
    await play(a, 6);
    const { record } = await ok(a, { id: 1, type: 'record' });
    const saved = await ok(a, { id: 2, type: 'state' });
    const b = new EngineSession(gameId);
    await ok(b, { id: 1, type: 'load', record });
    const c = new EngineSession(gameId);
    await ok(c, { id: 1, type: 'load', state: saved.state, rng: saved.rng });
    for (const engine of [a, b, c]) await play(engine, 8);
    const states = await Promise.all([a, b, c].map((e) => ok(e, { id: 9, type: 'state' })));
    expect(states[1]).toEqual(states[0]);
    expect(states[2]).toEqual(states[0]);
  });

  it("answers best with a shipped agent's legal choice, and analyse for each decision of a record", async () => {
    const engine = new EngineSession(gameId);
    await ok(engine, { id: 1, type: 'new', seed: 2 });
    const { toAct } = (await ok(engine, { id: 2, type: 'outcome' })) as { toAct: number[] };
    const seat = toAct[0] as number;
    const { actions } = (await ok(engine, { id: 3, type: 'legal', seat })) as { actions: unknown[] };
    expect(actions.length).toBeGreaterThan(0);
    const best = await ok(engine, { id: 4, type: 'best', seat });
    expect(actions).toContainEqual(best.action);
    expect((await ok(engine, { id: 5, type: 'best', seat, agent: 'random' })).agent).toBe('random');
    await refused(engine, { id: 6, type: 'best', seat, agent: 'nobody' }, 'invalid_input');
    await ok(engine, { id: 8, type: 'apply', seat, action: best.action });
    // The seat has played: it is not to act now (the other is, in every game).
    await refused(engine, { id: 7, type: 'best', seat }, 'no_legal_action');
    const other = await ok(engine, { id: 9, type: 'best', seat: 1 - seat });
    await ok(engine, { id: 9, type: 'apply', seat: 1 - seat, action: other.action });
    const { record } = (await ok(engine, { id: 10, type: 'record' })) as {
      record: { actions: { action: unknown }[] };
    };
    const analysed = await ok(engine, { id: 11, type: 'analyse', record });
    const decisions = analysed.decisions as { index: number; played: unknown; matched: boolean }[];
    expect(analysed.agent).toBe(defaultAgentFor(gameId));
    expect(decisions.map((d) => d.index)).toEqual([0, 1]);
    // Both actions were the default agent's own choices, from the seats' own generators as in a game.
    expect(decisions.map((d) => d.matched)).toEqual([true, true]);
    expect(decisions[0]?.played).toEqual(best.action);
    // Against random choices, it says where they differ.
    const randomly = await ok(engine, { id: 12, type: 'analyse', record, agent: 'random' });
    expect((randomly.decisions as unknown[]).length).toBe(2);
  });
});

describe('bad requests get a coded error, and the engine goes on', () => {
  it('refuses bad JSON, unknown requests, wrong field types, and requests before a game', async () => {
    const engine = new EngineSession('backgammon');
    expect((await refused(engine, '{"id": 1, "type": ', 'invalid_input')).id).toBeNull();
    expect((await refused(engine, '[1,2]', 'invalid_input')).error?.message).toMatch(/JSON object/);
    const unknown = await refused(engine, { id: 'u', type: 'fly' }, 'invalid_input');
    expect(unknown).toMatchObject({ id: 'u', error: { path: '$.type' } });
    await refused(engine, { id: 2, type: 'legal', seat: 0 }, 'no_game');
    await ok(engine, { id: 3, type: 'new' });
    expect(await refused(engine, { id: 4, type: 'legal', seat: 'a' }, 'invalid_input')).toMatchObject({
      error: { path: '$.seat' },
    });
    expect(await refused(engine, { id: 5, type: 'legal', seat: 0, extra: 1 }, 'invalid_input')).toMatchObject(
      {
        error: { path: '$.extra' },
      },
    );
    await refused(engine, { id: 6, type: 'new', config: { length: 'long' } }, 'invalid_config');
    expect((await ask(engine, { id: 7, type: 'new', config: { length: -1 } })).error?.path).toMatch(
      /^\$\.config/,
    );
    await refused(engine, { id: 8, type: 'load' }, 'invalid_input');
    await refused(engine, { id: 9, type: 'load', state: { board: 1 } }, 'invalid_state');
    await refused(engine, { id: 10, type: 'load', record: { game: 'chess' } }, 'invalid_record');
    await refused(engine, { id: 11, type: 'parse', seat: 0, text: 'fly me to the moon' }, 'invalid_notation');
    await refused(engine, { id: 12, type: 'describe', action: { type: 'fly' } }, 'invalid_action');
    // The game is still there, as it was.
    expect(await ok(engine, { id: 13, type: 'outcome' })).toMatchObject({ outcome: null });
  });

  it('seats a config of more players, and loads its state under that config', async () => {
    const engine = new EngineSession('rummy');
    expect(await ok(engine, { id: 1, type: 'new', seats: 3, seed: 2 })).toMatchObject({ seats: 3 });
    const { state } = await ok(engine, { id: 2, type: 'state' });
    const other = new EngineSession('rummy');
    await refused(other, { id: 3, type: 'new', seats: 3, config: { players: 2 } }, 'invalid_config');
    expect(await ok(other, { id: 4, type: 'load', state, config: { players: 3 } })).toMatchObject({
      seats: 3,
    });
    expect(await ok(other, { id: 5, type: 'view', seat: 2 })).toEqual(
      await ok(engine, { id: 6, type: 'view', seat: 2 }),
    );
    await refused(other, { id: 7, type: 'record' }, 'invalid_argument');
  });

  it('leaves the game as it was after a refused action, chance included', async () => {
    const engine = new EngineSession('backgammon');
    await ok(engine, { id: 1, type: 'new', seed: 4 });
    const before = await ok(engine, { id: 2, type: 'state' });
    const { toAct } = (await ok(engine, { id: 3, type: 'outcome' })) as { toAct: number[] };
    const seat = toAct[0] as number;
    await refused(
      engine,
      { id: 4, type: 'apply', seat: 1 - seat, action: { type: 'roll' } },
      'not_your_turn',
    );
    await refused(
      engine,
      { id: 5, type: 'apply', seat, action: { type: 'move', steps: 'up' } },
      'invalid_action',
    );
    expect(await ok(engine, { id: 6, type: 'state' })).toEqual(before);
  });

  it('over a stream: a line over 1 MB is discarded unread with a coded error, and the next is served', async () => {
    const input = new PassThrough();
    const answers: Answer[] = [];
    const served = serveEngine(new EngineSession('skirmish'), input, (line) =>
      answers.push(JSON.parse(line)),
    );
    input.write('{"id":1,"type":"new","seed":1}\n');
    // Two megabytes in 64 KB pieces, as a pipe delivers them, with no newline until the end.
    const piece = `{"id":2,"type":"legal","seat":0,"pad":"${'x'.repeat(64 * 1024)}`;
    for (let sent = 0; sent < 2 * MAX_LINE_BYTES; sent += piece.length) input.write(piece);
    input.write(
      '"}\nnot json\n\n{"id":3,"type":"legal","seat":0}\r\n{"id":4,"type":"quit"}\n{"id":5,"type":"hello"}\n',
    );
    await served;
    expect(answers.map((a) => [a.id, a.ok, a.error?.code ?? null])).toEqual([
      [1, true, null],
      [null, false, 'invalid_input'],
      [null, false, 'invalid_input'],
      [3, true, null],
      [4, true, null],
    ]);
    expect(answers[1]?.error?.message).toMatch(/longer than 1048576 bytes/);
  });

  it('answers every line in order when a host sends many at once (reading waits while answers are due)', async () => {
    const input = new PassThrough();
    const ids: unknown[] = [];
    const served = serveEngine(new EngineSession('skirmish'), input, (line) => ids.push(JSON.parse(line).id));
    input.end(Array.from({ length: 500 }, (_, i) => `{"id":${i},"type":"outcome"}\n`).join(''));
    await served;
    expect(ids).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });

  it('serves a line of just under 1 MB', async () => {
    const input = new PassThrough();
    const answers: Answer[] = [];
    const served = serveEngine(new EngineSession('skirmish'), input, (line) =>
      answers.push(JSON.parse(line)),
    );
    const head = '{"id":1,"type":"hello","pad":"';
    input.end(`${head}${'y'.repeat(MAX_LINE_BYTES - head.length - 2)}"}\n`);
    await served;
    // Read whole: the schema names the extra field, which a discarded line could not.
    expect(answers[0]?.error?.path).toBe('$.pad');
  });
});

describe('the real process', () => {
  it('plays a backgammon game to the end over its standard input and output, through bad lines', async () => {
    const engine = spawnEngine('backgammon');
    try {
      expect(await engine.ask('{"id":1,"type":"hello"}')).toMatchObject({ id: 1, ok: true });
      expect(await engine.ask('{"id":2,"type":"new","seed":5}')).toMatchObject({ id: 2, ok: true });
      const bad = [
        'this is no JSON',
        `{"id":"big","type":"legal","seat":0,"pad":"${'z'.repeat(MAX_LINE_BYTES + 10)}"}`,
        '{"id":3,"type":"jump"}',
        '{"id":4,"type":"legal","seat":[0]}',
      ];
      const refusals = [];
      for (const line of bad) refusals.push(await engine.ask(line));
      expect(refusals.map((a) => [a.id, a.ok, a.error?.code])).toEqual([
        [null, false, 'invalid_input'],
        [null, false, 'invalid_input'],
        [3, false, 'invalid_input'],
        [4, false, 'invalid_input'],
      ]);
      const pick = createRng(8);
      let outcome: unknown = null;
      for (let id = 10; outcome === null; id += 2) {
        const where = await engine.ask(`{"id":${id},"type":"outcome"}`);
        outcome = where.result?.outcome ?? null;
        if (outcome !== null) break;
        const seat = ((where.result?.toAct ?? []) as number[])[0];
        const legal = await engine.ask(`{"id":${id + 1},"type":"legal","seat":${seat}}`);
        const action = pick.pick((legal.result?.actions ?? []) as unknown[]);
        const applied = await engine.ask(JSON.stringify({ id: `a${id}`, type: 'apply', seat, action }));
        expect(applied.ok).toBe(true);
      }
      expect(outcome).toMatchObject({ winners: [expect.any(Number)] });
      expect(await engine.ask('{"id":"bye","type":"quit"}')).toEqual({ id: 'bye', ok: true, result: {} });
      expect(await engine.exit).toBe(0);
    } finally {
      engine.kill();
    }
  });
});

/** `tabula engine <game>` as a child process from source, asked one line at a time. */
function spawnEngine(game: string) {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const child = spawn(
    join(root, 'node_modules/.bin/tsx'),
    ['--conditions=@tabula/source', 'packages/cli/src/main.ts', 'engine', game],
    {
      cwd: root,
    },
  );
  const waiting: ((answer: Answer) => void)[] = [];
  const splitter = lineSplitter(
    Number.POSITIVE_INFINITY,
    (line) => waiting.shift()?.(JSON.parse(line)),
    () => {},
  );
  child.stdout.on('data', (chunk: Buffer) => splitter.push(chunk));
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    ask(line: string): Promise<Answer> {
      return new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write(`${line}\n`);
      });
    },
    exit,
    kill: () => {
      if (child.exitCode === null) child.kill();
    },
  };
}
