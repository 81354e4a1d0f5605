// The contract's overhead: the same random games played by the engine alone
// and through `playGame` with random agents (bench/engines.ts), in rounds
// that alternate the two; CPU time per game, the median of the rounds.
import { ENGINES } from './engines.js';

const GAMES_PER_ROUND: Record<string, number> = { backgammon: 1000, rummy: 20, skirmish: 3000 };
const ROUNDS = 5;

const median = (xs: readonly number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** CPU microseconds per game of `play` over `count` games from seed 1000. */
async function cpuPerGame(play: (seed: number) => unknown, count: number): Promise<number> {
  const started = process.cpuUsage();
  for (let seed = 1000; seed < 1000 + count; seed++) await play(seed);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / count;
}

export async function contractOverhead(): Promise<void> {
  const rows: Record<string, string>[] = [];
  for (const [id, pair] of Object.entries(ENGINES)) {
    // Both ways must play the very same games, or the comparison means nothing.
    for (let seed = 1; seed <= 20; seed++) {
      const alone = JSON.stringify(pair.engine(seed));
      const contract = JSON.stringify(await pair.contract(seed));
      if (alone !== contract)
        throw new Error(`${id}, seed ${seed}: the engine played ${alone}, the contract ${contract}`);
    }
    const count = GAMES_PER_ROUND[id] ?? 100;
    await cpuPerGame(pair.engine, count);
    await cpuPerGame(pair.contract, count);
    const engine: number[] = [];
    const contract: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      engine.push(await cpuPerGame(pair.engine, count));
      contract.push(await cpuPerGame(pair.contract, count));
    }
    const [e, c] = [median(engine), median(contract)];
    rows.push({
      game: id,
      'engine alone (µs CPU/game)': e.toFixed(0),
      'playGame, random agents (µs CPU/game)': c.toFixed(0),
      'contract / engine': (c / e).toFixed(2),
    });
  }
  console.log(
    `Contract overhead: random games, engine alone vs playGame (median of ${ROUNDS} alternating rounds)`,
  );
  console.table(rows);
}
