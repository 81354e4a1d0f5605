import { createRng, type Rng } from '@tabula/core';
import { SeededDice } from '../src/dice.js';
import { isMatch, Match } from '../src/match.js';
import type {
  BackgammonAction,
  BackgammonConfig,
  BackgammonState,
  LogEntry,
  MatchState,
  Side,
} from '../src/schemas.js';
import { Table } from '../src/table.js';

/**
 * Matches, money sessions and single games played by a random policy that
 * uses every action a file can hold and some it cannot: doubles, takes,
 * drops, beavers, resignations offered and accepted or declined, forfeits,
 * timeouts. For the `.mat` round trip and the gnubg check.
 */

export const CONFIGS: BackgammonConfig[] = [
  { cube: true, length: 1, crawford: false },
  { cube: false, length: 1, crawford: false },
  { cube: true, length: 3, crawford: true },
  { cube: true, length: 5, crawford: true },
  { cube: true, length: 7, crawford: false },
  { cube: false, length: 5, crawford: true },
  { cube: true, length: 1, crawford: false, money: { jacoby: true, beavers: true, games: 3 } },
  { cube: true, length: 1, crawford: false, money: {} },
  { cube: true, length: 1, crawford: false, money: { jacoby: false, games: 2 } },
];

export interface RandomPlay {
  /** Chances in percent. */
  double: number;
  resign: number;
  forfeit: number;
  /** Stop after this many actions (the state is then in progress), or play to the end. */
  stopAfter: number | null;
}

export const DEFAULT_PLAY: RandomPlay = { double: 15, resign: 2, forfeit: 0, stopAfter: null };

type State = BackgammonState | MatchState;

function act(s: State, action: BackgammonAction, dice: SeededDice): State {
  const seat = s.toAct ?? 0;
  return isMatch(s) ? Match.apply(s, seat, action, dice) : Table.apply(s, seat, action, dice);
}

function choose(s: State, rng: Rng, play: RandomPlay): BackgammonAction | 'forfeit' {
  const seat = s.toAct ?? 0;
  const legal = Table.legal(s, seat);
  if (rng.int(1, 1000) <= play.forfeit * 10) return 'forfeit';
  if (legal.canAccept) return rng.int(1, 10) <= 7 ? { type: 'accept' } : { type: 'decline' };
  if (legal.canTake) {
    if (legal.canBeaver === true && rng.int(1, 10) === 1) return { type: 'beaver' };
    return rng.int(1, 10) <= 6 ? { type: 'take' } : { type: 'drop' };
  }
  if (legal.canResign && rng.int(1, 100) <= play.resign)
    return { type: 'resign', kind: rng.pick(['single', 'gammon', 'backgammon'] as const) };
  if (legal.canDouble && rng.int(1, 100) <= play.double) return { type: 'double' };
  if (legal.canRoll) return { type: 'roll' };
  return { type: 'move', steps: legal.plays.length === 0 ? [] : rng.pick(legal.plays) };
}

/** A state played from the start by the random policy, with dice and choices from `seed`. */
export function playRandom(config: BackgammonConfig, seed: number, play: RandomPlay = DEFAULT_PLAY): State {
  const dice = new SeededDice(seed);
  const rng = createRng(seed * 7919 + 1);
  const names: [string, string] = ['Ann', 'Bob Lee'];
  let s: State =
    config.money !== undefined || config.length > 1
      ? Match.start(Match.create(config, names), dice)
      : Table.start(Table.create(config, names), dice);
  for (let n = 0; s.toAct !== null && n < 20_000; n++) {
    // Stop in progress, but not while a resignation waits: a file does not hold one.
    if (play.stopAfter !== null && n >= play.stopAfter && s.phase !== 'resign_offered') break;
    const choice = choose(s, rng, play);
    if (choice === 'forfeit') {
      const seat: Side = s.toAct;
      s = isMatch(s) ? Match.forfeit(s, seat) : Table.forfeit(s, seat);
    } else s = act(s, choice, dice);
  }
  return s;
}

/**
 * A state as a `.mat` file gives it back: the opening roll's ties left out,
 * declined resignations left out, every other roll's dice larger first.
 */
export function asFileHolds<S extends State>(s: S): S {
  const log = (entries: readonly LogEntry[]): LogEntry[] => {
    const out: LogEntry[] = [];
    entries.forEach((e, i) => {
      if (e.type === 'opening' && e.seat === null) return;
      if (e.type === 'decline') return;
      if (e.type === 'resign' && entries[i + 1]?.type === 'decline') return;
      if (e.dice !== undefined && e.type !== 'opening')
        out.push({ ...e, dice: [Math.max(...e.dice), Math.min(...e.dice)] });
      else out.push(e);
    });
    return out;
  };
  const copy = JSON.parse(JSON.stringify(s)) as S;
  copy.log = log(copy.log);
  if (copy.dice !== null) copy.dice = [Math.max(...copy.dice), Math.min(...copy.dice)];
  if (isMatch(copy)) for (const g of copy.match.games) g.log = log(g.log);
  return copy;
}
