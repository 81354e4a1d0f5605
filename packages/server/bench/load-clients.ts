// The load generator of bench/load.ts, in a process of its own so that the
// server's process does only the server's work: `tables` backgammon tables at
// once (no cube), two scripted clients a table (one WebSocket a seat), each
// acting as soon as its seat is to act; a finished table is replaced by a new
// one. After `warmup` seconds of the same play (both processes' code compiled
// and their heaps grown: a server that has run a while), it prints the line
// `measuring`, then after `seconds` more one line of JSON: the latency of
// every action sent in those seconds (sent until acknowledged, after its
// commit), in milliseconds, and the CPU time the clients took in them.
//
// The clients speak the protocol over `ws` directly, one message handler a
// socket, rather than through `TableSocket` (which keeps every message for
// tests to read and arms a timer at every wait): on this 2-core machine the
// clients share the cores with the server, and what they spend the server
// cannot have.
import { createRng, type Rng } from '@tabula/core';
import WebSocket from 'ws';
import { TableApi } from '../src/http-client.js';
import type { ServerMessage } from '../src/index.js';
import { twoPeople } from '../test/helpers.js';

const [url, tablesArg, secondsArg, warmupArg] = process.argv.slice(2);
if (url === undefined)
  throw new Error('usage: load-clients.ts <server url> <tables> <seconds> [warmup seconds]');
const TABLES = Number(tablesArg ?? 32);
const SECONDS = Number(secondsArg ?? 8);
const WARMUP = Number(warmupArg ?? 0);

const api = new TableApi(url);
const latencies: number[] = [];
const open = new Set<WebSocket>();

/** Plays one seat until the game ends or time is up; resolves when its socket has closed. */
function playSeat(
  table: string,
  token: string,
  seat: number,
  rng: Rng,
  from: number,
  until: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(api.socketUrl(table));
    let sentAt = 0;
    open.add(socket);
    const stop = () => socket.close();
    socket.on('open', () => socket.send(JSON.stringify({ type: 'hello', token })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      if (message.type === 'ack') {
        const now = performance.now();
        if (sentAt >= from && now <= until) latencies.push(now - sentAt);
      } else if (message.type === 'update') {
        if (message.status === 'finished' || performance.now() > until) return stop();
        if (!message.toAct.includes(seat) || message.legal.length === 0) return;
        sentAt = performance.now();
        const action = rng.pick(message.legal);
        socket.send(JSON.stringify({ type: 'act', seq: message.seq, action, ref: message.seq }));
      } else if (message.type === 'error') {
        reject(new Error(`seat ${seat} of ${table}: ${message.code}: ${message.message}`));
        stop();
      }
    });
    socket.on('close', () => {
      open.delete(socket);
      resolve();
    });
    socket.on('error', reject);
  });
}

async function tableLoop(from: number, until: number, index: number): Promise<void> {
  for (let game = 0; performance.now() < until; game++) {
    const { id, tokens } = await twoPeople(api);
    await Promise.all(
      tokens.map((token, s) => playSeat(id, token, s, createRng(index * 1000 + game * 2 + s), from, until)),
    );
  }
}

const from = performance.now() + WARMUP * 1000;
const until = from + SECONDS * 1000;
let cpu = process.cpuUsage();
setTimeout(() => {
  cpu = process.cpuUsage();
  process.stdout.write('measuring\n');
}, WARMUP * 1000);
// A seat whose last update never came (its table stalled) is closed a while after the time is up.
setTimeout(
  () => {
    for (const socket of open) socket.close();
  },
  (WARMUP + SECONDS) * 1000 + 5_000,
).unref();
await Promise.all(Array.from({ length: TABLES }, (_, i) => tableLoop(from, until, i)));
const used = process.cpuUsage(cpu);
process.stdout.write(
  `${JSON.stringify({ seconds: SECONDS, latencies, cpuMicros: used.user + used.system })}\n`,
);
