import { type GameRecord, gameStreams, type RecordedAction, type Seat } from '@tabula/core';
import type { GameAnalyser } from '../src/analysis.js';

/**
 * A game record in which every seat plays the analyser's own best action at
 * each decision it judges (the first legal action where it has no choice),
 * judged with the analysis seed `analysisSeed`, as `analyseRecord` would.
 * Stops after `maxActions` actions, as an unfinished record.
 */
export function analysersGame(
  analyser: GameAnalyser,
  config: unknown,
  seed: number,
  maxActions = 10_000,
  analysisSeed = 1,
): GameRecord {
  const game = analyser.game;
  const { chance } = gameStreams(seed, game.seatCount(config));
  let state = game.setup(config, chance);
  const actions: RecordedAction[] = [];
  while (game.outcome(state) === null && actions.length < maxActions) {
    const seat = game.toAct(state)[0] as Seat;
    const legal = game.legalActions(state, seat);
    const judged = analyser.judge(state, seat, legal[0], { index: actions.length, seed: analysisSeed });
    const action = judged === null ? legal[0] : judged.bestAction;
    state = game.apply(state, seat, action, chance);
    actions.push({ seat, action });
  }
  const record = { game: game.id, version: game.version, config, seed, actions };
  const outcome = game.outcome(state);
  return outcome === null ? record : { ...record, outcome };
}
