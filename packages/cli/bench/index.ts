// Whole games with random agents through the contract, on one worker thread
// and on two: games per second = games in a task x ops/s.
import { Bench } from 'tinybench';
import { runJobs } from '../src/pool.js';
import { GAMES, gameById } from '../src/registry.js';
import { type GameJob, gameSeed } from '../src/simulation.js';

const GAMES_PER_TASK: Record<string, number> = { backgammon: 800, rummy: 80, skirmish: 8000 };

const bench = new Bench({ time: 0, iterations: 2, warmupIterations: 0 });
// Starting a worker thread (and, from source, its TypeScript loader) is a fixed cost of every run.
bench.add('start-up: 1 skirmish game on 1 worker', async () => {
  await runJobs(
    'skirmish',
    gameById('skirmish').defaultConfig(2),
    [{ index: 0, seed: 1, players: ['random', 'random'] }],
    1,
  );
});
for (const [id, game] of Object.entries(GAMES)) {
  const count = GAMES_PER_TASK[id] ?? 100;
  const config = game.defaultConfig(2);
  const jobs: GameJob[] = Array.from({ length: count }, (_, index) => ({
    index,
    seed: gameSeed(1, index),
    players: ['random', 'random'],
  }));
  for (const workers of [1, 2]) {
    bench.add(`${id}: ${count} random games, ${workers} worker${workers > 1 ? 's' : ''}`, async () => {
      await runJobs(id, config, jobs, workers);
    });
  }
}
await bench.run();
console.table(
  bench.tasks.map((task) => {
    const [id = ''] = task.name.split(':');
    const count = GAMES_PER_TASK[id] ?? 1;
    const mean = task.result && 'latency' in task.result ? task.result.latency.mean : Number.NaN;
    return { task: task.name, 'ms per task': mean.toFixed(0), 'games/s': ((count * 1000) / mean).toFixed(0) };
  }),
);
