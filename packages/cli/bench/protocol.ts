// The engine protocol (issue 16): requests a second for legal + apply, and
// what an external agent (`cmd:`) costs a game against the same choices made
// in-process. Wall-clock times, the median of rounds that alternate the ways
// compared, so that the machine's slow spells hit both alike.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Agent, createRng, playGame } from '@tabula/core';
import { EngineSession } from '../src/engine.js';
import { closeAgents } from '../src/external.js';
import { lineSplitter } from '../src/json-lines.js';
import { createAgent, GAMES } from '../src/registry.js';

const ROUNDS = 5;
const root = fileURLToPath(new URL('../../..', import.meta.url));
const median = (xs: readonly number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

type Ask = (line: string) => Promise<string>;

/** Random games through the protocol, legal then apply at every step; returns the legal + apply requests sent. */
async function playThrough(ask: Ask, games: number, seed: number): Promise<number> {
  let requests = 0;
  const pick = createRng(seed);
  for (let g = 0; g < games; g++) {
    let live = JSON.parse(await ask(`{"id":0,"type":"new","seed":${seed + g}}`)).result;
    while (live.outcome === null) {
      const seat = live.toAct[0];
      const legal = JSON.parse(await ask(`{"id":1,"type":"legal","seat":${seat}}`)).result.actions;
      const action = JSON.stringify(pick.pick(legal));
      live = JSON.parse(await ask(`{"id":2,"type":"apply","seat":${seat},"action":${action}}`)).result;
      requests += 2;
    }
  }
  return requests;
}

/** `tabula engine <game>` from source as a child process, asked one line at a time. */
function engineProcess(gameId: string): { ask: Ask; close: () => void } {
  const child = spawn(
    join(root, 'node_modules/.bin/tsx'),
    ['--conditions=@tabula/source', 'packages/cli/src/main.ts', 'engine', gameId],
    { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const waiting: ((line: string) => void)[] = [];
  const splitter = lineSplitter(
    Number.POSITIVE_INFINITY,
    (line) => waiting.shift()?.(line),
    () => {},
  );
  child.stdout.on('data', (chunk: Buffer) => splitter.push(chunk));
  return {
    ask: (line) =>
      new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write(`${line}\n`);
      }),
    close: () => child.stdin.end(),
  };
}

const GAMES_PER_ROUND: Record<string, number> = { backgammon: 20, rummy: 2, skirmish: 60 };

async function requestsPerSecond(): Promise<void> {
  const rows: Record<string, string>[] = [];
  for (const gameId of Object.keys(GAMES)) {
    const games = GAMES_PER_ROUND[gameId] ?? 10;
    const session = new EngineSession(gameId);
    const inProcess: Ask = (line) => session.handle(line);
    const child = engineProcess(gameId);
    // Warm both up: the process loads and compiles its code, V8 warms the handler.
    await playThrough(inProcess, games, 1);
    await playThrough(child.ask, games, 1);
    const here: number[] = [];
    const there: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [ask, into] of [
        [inProcess, here],
        [child.ask, there],
      ] as const) {
        const started = performance.now();
        const requests = await playThrough(ask, games, 100 + round * games);
        into.push(requests / ((performance.now() - started) / 1000));
      }
    }
    child.close();
    rows.push({
      game: gameId,
      'in-process handler (requests/s)': median(here).toFixed(0),
      'tabula engine process (requests/s)': median(there).toFixed(0),
      'process / handler': (median(there) / median(here)).toFixed(2),
    });
  }
  console.log(
    `The engine protocol: legal + apply requests a second in random games (median of ${ROUNDS} rounds)`,
  );
  console.table(rows);
}

/** The first legal action, in-process: the same choices as bench/first.py makes through the protocol. */
const first: Agent<unknown, unknown> = { name: 'first', act: (_view, legal) => legal[0] };

async function externalAgentCost(): Promise<void> {
  const command = `cmd:python3 ${join(root, 'packages/cli/bench/first.py')}`;
  const rows: Record<string, string>[] = [];
  for (const gameId of ['skirmish', 'backgammon']) {
    const game = GAMES[gameId];
    if (game === undefined) continue;
    const config = game.defaultConfig(2);
    const games = 10;
    let decisions = 0;
    // The external agent's first act starts the program and says hello; the others are round trips.
    const starts: number[] = [];
    const trips: number[] = [];
    const round = async (external: boolean, seed: number): Promise<number> => {
      const started = performance.now();
      for (let g = 0; g < games; g++) {
        const program = createAgent(gameId, command, config);
        let acted = 0;
        const timed: Agent<unknown, unknown> = {
          name: program.name,
          async act(view, legal, ctx) {
            const t = performance.now();
            const action = await program.act(view, legal, ctx);
            (acted++ === 0 ? starts : trips).push(performance.now() - t);
            return action;
          },
        };
        const agents = [external ? timed : first, createAgent(gameId, 'random')];
        const { record, outcome } = await playGame(game, config, agents, seed + g);
        await closeAgents([program], outcome);
        if (record.forfeit !== undefined)
          throw new Error(`the bench bot forfeited: ${record.forfeit.reason}`);
        if (external) decisions += record.actions.filter((a) => a.seat === 0).length;
      }
      return (performance.now() - started) / games;
    };
    await round(false, 1);
    await round(true, 1);
    decisions = 0;
    starts.length = 0;
    trips.length = 0;
    const inside: number[] = [];
    const outside: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      inside.push(await round(false, 10 + r * games));
      outside.push(await round(true, 10 + r * games));
    }
    const perGame = decisions / (ROUNDS * games);
    const [i, o] = [median(inside), median(outside)];
    rows.push({
      game: gameId,
      'in-process agent (ms/game)': i.toFixed(2),
      'cmd: python3 agent (ms/game)': o.toFixed(1),
      'its decisions a game': perGame.toFixed(1),
      'extra ms a game': (o - i).toFixed(1),
      'start + hello + 1st act (ms)': median(starts).toFixed(1),
      'act round trip (ms)': median(trips).toFixed(2),
    });
  }
  console.log(
    `An external agent (python3, first legal action) against the same agent in-process, vs random; median of ${ROUNDS} alternating rounds`,
  );
  console.table(rows);
}

/** A Python start-up alone, to split the extra cost of a game into starting the program and talking to it. */
async function pythonStart(): Promise<void> {
  const times: number[] = [];
  for (let r = 0; r < 7; r++) {
    const started = performance.now();
    await new Promise<void>((resolve) =>
      spawn('/bin/sh', ['-c', 'python3 -c pass']).on('close', () => resolve()),
    );
    times.push(performance.now() - started);
  }
  console.log(
    `Starting python3 through /bin/sh and waiting for it to exit: ${median(times).toFixed(1)} ms (median of 7)`,
  );
}

export async function protocolBench(): Promise<void> {
  await requestsPerSecond();
  await externalAgentCost();
  await pythonStart();
}

// Alone: `npx tsx --conditions=@tabula/source packages/cli/bench/protocol.ts`.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await protocolBench();
