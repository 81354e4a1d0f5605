// The load generator of bench/load.ts, in a process of its own so that the
// server's process does only the server's work: `tables` backgammon tables at
// once (no cube), two scripted clients a table (one
// WebSocket a seat), each acting as soon as its seat is to act; a finished
// table is replaced by a new one. Prints one line of JSON: the latency of
// every action (sent until acknowledged, after its commit), in milliseconds,
// and the CPU time the clients took.
import { createRng } from '@tabula/core';
import { TableClient, type TableSocket } from '../src/index.js';
import { twoPeople } from '../test/helpers.js';

const [url, tablesArg, secondsArg] = process.argv.slice(2);
if (url === undefined) throw new Error('usage: load-clients.ts <server url> <tables> <seconds>');
const TABLES = Number(tablesArg ?? 64);
const SECONDS = Number(secondsArg ?? 8);

async function seatLoop(socket: TableSocket, seat: number, until: number, latencies: number[], seed: number) {
  const rng = createRng(seed);
  for (;;) {
    // Near the end the other seat may stop before acting (it saw the time up first): waiting is bounded.
    const update = await socket.nextUpdate(Math.max(0, until - performance.now()) + 2_000).catch(() => null);
    if (update === null || update.status === 'finished' || performance.now() > until) return;
    if (!update.toAct.includes(seat) || update.legal.length === 0) continue;
    const started = performance.now();
    await socket.act(update.seq, rng.pick(update.legal));
    if (performance.now() <= until) latencies.push(performance.now() - started);
  }
}

async function tableLoop(client: TableClient, until: number, latencies: number[], index: number) {
  for (let game = 0; performance.now() < until; game++) {
    const { id, tokens } = await twoPeople(client);
    const sockets = [
      await client.connect(id, { token: tokens[0] }),
      await client.connect(id, { token: tokens[1] }),
    ];
    await Promise.all(
      sockets.map((s, seat) => seatLoop(s, seat, until, latencies, index * 1000 + game * 2 + seat)),
    );
    await Promise.all(sockets.map((s) => s.close()));
  }
}

const client = new TableClient(url);
const latencies: number[] = [];
const cpu = process.cpuUsage();
const started = performance.now();
const until = started + SECONDS * 1000;
await Promise.all(Array.from({ length: TABLES }, (_, i) => tableLoop(client, until, latencies, i)));
const used = process.cpuUsage(cpu);
process.stdout.write(
  `${JSON.stringify({ seconds: SECONDS, latencies, cpuMicros: used.user + used.system })}\n`,
);
