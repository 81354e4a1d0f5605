/**
 * Distils the 1-ply look-ahead into the nets (see src/neural/distill.ts).
 *
 *   npm run distill -w @tabula/agents -- --generate --games N --seed S --out FILE
 *       the positions of N 0-ply self-play games of the checkpoint's nets, each with its 1-ply chances
 *   npm run distill -w @tabula/agents -- --fit FILE[,FILE...] [--epochs E] [--alpha A] [--seed S]
 *       trains the checkpoint's nets toward those chances and saves the checkpoint
 *
 * Both read `--checkpoint` (training/checkpoint.json by default). Sets are
 * made in separate processes (one a core) from different seeds, then fitted
 * together; `npm run train -- --export` ships the result.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bearoffDatabase } from '../src/neural/bearoff-store.js';
import { fitTargets, type TargetSet, targetSet } from '../src/neural/distill.js';
import { netToBase64, OUTPUTS } from '../src/neural/net.js';
import { POSITION_SIZE } from '../src/neural/position.js';
import { evaluatorOf, type TrainingState } from '../src/neural/train.js';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    checkpoint: { type: 'string', default: join(here, '..', 'training', 'checkpoint.json') },
    generate: { type: 'boolean', default: false },
    games: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
    fit: { type: 'string' },
    epochs: { type: 'string', default: '2' },
    alpha: { type: 'string', default: '0.01' },
  },
});

const state = JSON.parse(readFileSync(values.checkpoint, 'utf8')) as TrainingState;
const ev = evaluatorOf(state, bearoffDatabase());

if (values.generate) {
  if (values.out === undefined) throw new Error('--generate needs --out FILE');
  const games = Number(values.games);
  const started = performance.now();
  const set = targetSet(ev, Number(values.seed), games, (done) => {
    if (done % 100 === 0)
      console.log(
        `${new Date().toISOString()} games ${done}/${games}  ${(done / ((performance.now() - started) / 1000)).toFixed(2)} games/s`,
      );
  });
  // A header of the count, then the positions, then the chances.
  const header = new Uint32Array([set.count]);
  writeFileSync(
    values.out,
    Buffer.concat([
      Buffer.from(header.buffer),
      Buffer.from(set.positions.buffer),
      Buffer.from(set.targets.buffer),
    ]),
  );
  console.log(`wrote ${set.count} positions to ${values.out}`);
} else if (values.fit !== undefined) {
  const sets: TargetSet[] = values.fit.split(',').map((file) => {
    const bytes = readFileSync(file);
    const count = bytes.readUInt32LE(0);
    const positions = new Int8Array(count * POSITION_SIZE);
    positions.set(new Int8Array(bytes.buffer, bytes.byteOffset + 4, count * POSITION_SIZE));
    const targets = new Float32Array(count * OUTPUTS);
    new Uint8Array(targets.buffer).set(
      bytes.subarray(4 + count * POSITION_SIZE, 4 + count * POSITION_SIZE + count * OUTPUTS * 4),
    );
    return { count, positions, targets };
  });
  const total = sets.reduce((n, s) => n + s.count, 0);
  console.log(`fitting ${total} positions, ${values.epochs} epochs at ${values.alpha}`);
  fitTargets(ev, sets, Number(values.epochs), Number(values.alpha), Number(values.seed));
  const next: TrainingState = {
    ...state,
    contact: netToBase64(ev.contact),
    race: netToBase64(ev.race),
    distilled: [
      ...(state.distilled ?? []),
      { positions: total, epochs: Number(values.epochs), alpha: Number(values.alpha) },
    ],
  };
  writeFileSync(`${values.checkpoint}.tmp`, `${JSON.stringify(next)}\n`);
  renameSync(`${values.checkpoint}.tmp`, values.checkpoint);
  console.log(`saved ${values.checkpoint}`);
} else {
  throw new Error('say --generate or --fit');
}
