import type { GameRecord, Outcome } from '@tabula/core';
import { playGame } from '@tabula/core';
import { createAgent, gameById } from './registry.js';

/** One game to play: which agent sits in which seat, and its seed. */
export interface GameJob {
  readonly index: number;
  readonly seed: number;
  /** Agent names by seat. */
  readonly players: readonly string[];
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
  readonly record: GameRecord;
}

/** A played game without its record: what statistics and standings need. */
export type GameSummary = Omit<GameResult, 'record'>;

export function summaryOf(result: GameResult): GameSummary {
  const { index, seed, players, scores, winners, reason, length } = result;
  return { index, seed, players, scores, winners, reason, length };
}

/** The seed of game `index` of a run seeded with `seed`: spread out so neighbouring games share nothing. */
export function gameSeed(seed: number, index: number): number {
  return (seed ^ Math.imul(index + 1, 0x9e3779b1)) | 0;
}

export async function runJob(gameId: string, config: unknown, job: GameJob): Promise<GameResult> {
  const game = gameById(gameId);
  const agents = job.players.map((name) => createAgent(gameId, name));
  const { record, outcome } = await playGame(game, config, agents, job.seed);
  return resultOf(job, record, outcome);
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
    record,
  };
}
