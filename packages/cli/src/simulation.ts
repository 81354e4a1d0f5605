import type { Forfeit, GameRecord, Outcome } from '@tabula/core';
import { playGame } from '@tabula/core';
import { closeAgents } from './external.js';
import { createAgent, gameById } from './registry.js';

/** One game to play: which agent sits in which seat, and its seed. */
export interface GameJob {
  readonly index: number;
  readonly seed: number;
  /** Agent names by seat. */
  readonly players: readonly string[];
  /** A soft time budget for each decision, in milliseconds (an external program's answer is late after it). */
  readonly budgetMs?: number;
}

/** One played game, as the result files store it. */
export interface GameResult {
  readonly index: number;
  readonly seed: number;
  readonly players: readonly string[];
  readonly scores: readonly number[];
  readonly winners: readonly number[];
  readonly reason: string;
  readonly length: number;
  /** Set when a seat's agent failed and forfeited the game: which seat, and why. */
  readonly forfeit?: Forfeit;
  readonly record: GameRecord;
}

/** A played game without its record: what statistics and standings need. */
export type GameSummary = Omit<GameResult, 'record'>;

export function summaryOf(result: GameResult): GameSummary {
  const { index, seed, players, scores, winners, reason, length, forfeit } = result;
  return { index, seed, players, scores, winners, reason, length, ...(forfeit ? { forfeit } : {}) };
}

/** The seed of game `index` of a run seeded with `seed`: spread out so neighbouring games share nothing. */
export function gameSeed(seed: number, index: number): number {
  return (seed ^ Math.imul(index + 1, 0x9e3779b1)) | 0;
}

export async function runJob(gameId: string, config: unknown, job: GameJob): Promise<GameResult> {
  const game = gameById(gameId);
  const agents = job.players.map((name) => createAgent(gameId, name, config));
  let outcome: Outcome | null = null;
  try {
    const played = await playGame(
      game,
      config,
      agents,
      job.seed,
      job.budgetMs === undefined ? {} : { budgetMs: job.budgetMs },
    );
    outcome = played.outcome;
    return resultOf(job, played.record, played.outcome);
  } finally {
    // External programs end with the game, whatever became of it.
    await closeAgents(agents, outcome);
  }
}

function resultOf(job: GameJob, record: GameRecord, outcome: Outcome): GameResult {
  return {
    index: job.index,
    seed: job.seed,
    players: job.players,
    scores: outcome.scores,
    winners: outcome.winners,
    reason: outcome.reason,
    length: record.actions.length,
    ...(record.forfeit ? { forfeit: record.forfeit } : {}),
    record,
  };
}
