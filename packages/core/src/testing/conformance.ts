import { isDeepStrictEqual } from 'node:util';
import type { TSchema } from '@sinclair/typebox';
import type { AnyGame } from '../contract.js';
import {
  ERROR_CODES,
  IllegalActionError,
  InvalidInputError,
  isErrorCode,
  NotationError,
  TabulaError,
} from '../errors.js';
import { gameStreams, type RecordedAction } from '../play.js';
import { createRng, type Rng } from '../rng.js';
import type { Seat } from '../types.js';
import { schemaProblem } from '../validate.js';
import { checkPlaysOn, stuckProblem } from './fuzz.js';

export interface ConformanceOptions<State = unknown, Config = unknown> {
  /** How many random playouts. */
  readonly games: number;
  /** The first seed; playout i uses seed + i. */
  readonly seed?: number;
  /** The config of each playout (default: the game's default config). */
  readonly config?: Config | ((rng: Rng) => Config);
  /** A playout longer than this fails ("every game ends"). */
  readonly maxActions?: number;
  /** A game invariant; return a description of what is broken, or null. */
  readonly invariant?: (state: State) => string | null;
  /**
   * A state that differs from `state` only in what `seat` (or, for `null`, a
   * spectator) cannot see: the leak check demands the same view of both.
   */
  readonly hiddenVariant?: (state: State, seat: Seat | null, rng: Rng) => State | null;
  /** Actions the rules must refuse in this state for this seat, beyond the kit's own garbage. */
  readonly invalidActions?: (state: State, seat: Seat) => unknown[];
  /** Apply at most this many of the listed legal actions per step (all when the list is shorter). */
  readonly legalSample?: number;
  /** Run the costlier checks (legal sample, refusals, leaks, schemas) on every k-th step only. */
  readonly checkEvery?: number;
  /** Set false for a game whose `describe` is not meant to be read back by `parseAction`. */
  readonly notationRoundTrip?: boolean;
  /**
   * Saved states near `state` (a field changed, a rule bent; see `mutate` in
   * `@tabula/core/testing`), checked on the deep steps: `fromJSON` refuses
   * each with `invalid_state` or accepts it, and an accepted one is not
   * stuck and plays on (a legal action, then `fromJSON` again).
   */
  readonly mutants?: (state: State, rng: Rng) => unknown[];
}

export interface ConformanceReport {
  readonly games: number;
  readonly actions: number;
  readonly longestGame: number;
  readonly legalActionsApplied: number;
  readonly refusalsChecked: number;
  readonly leakChecks: number;
  /** Listed actions written with `describe` and read back with `parseAction`. */
  readonly notationChecks: number;
  /** Bad configs and states refused with `InvalidInputError`. */
  readonly inputChecks: number;
  /** Mutated states given to `fromJSON`, and how many of them it accepted (each then played on). */
  readonly mutantsChecked: number;
  readonly mutantsAccepted: number;
}

/** A failed conformance check: says which game, which step and what went wrong. */
export class ConformanceError extends TabulaError {}

const GARBAGE: unknown[] = [null, 42, 'nonsense', {}, { type: '__no_such_action__' }];
const GARBAGE_TEXT = ['', '%%', 'no such action at all'];

/** Whether an error is of the class the contract names, with a code from the vocabulary. */
function problemWith(error: unknown, kind: new (...args: never[]) => TabulaError): string | null {
  if (!(error instanceof kind)) return `is not a ${kind.name}: ${String(error)}`;
  if (!isErrorCode(error.code)) return `has the code "${String(error.code)}", which is not in ERROR_CODES`;
  const [owner] = ERROR_CODES[error.code];
  if (owner !== kind.name) return `has the code ${error.code}, which belongs to ${owner}`;
  return null;
}

function roundTrip(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

function schemaText(schema: TSchema, value: unknown): string | null {
  const problem = schemaProblem(schema, value);
  return problem && `${problem.path}: ${problem.message}`;
}

/**
 * Random playouts in the spirit of OpenSpiel's random-simulation tests. At
 * every step it checks that the state survives a JSON round trip and matches
 * its schema, that only seats to act have legal actions, that listed actions
 * apply without touching their input, that a game's own forfeit rule ends a
 * live game with the seat that forfeits losing, that bad actions are refused with a code
 * and change nothing, the game's invariants, and that views leak nothing; at
 * the end, that the record replays to the same state and that the game ended.
 * It also checks the error vocabulary: refusals are `IllegalActionError`s,
 * bad configs and states `InvalidInputError`s (`invalid_config`,
 * `invalid_state`), garbage typed text a `NotationError` or a refusal, each
 * with a code from `ERROR_CODES`; that `fromJSON` takes back every state the
 * game makes, and that a live state it loads is not stuck (a seat is to act
 * and has a legal action); that each listed action, written with `describe`,
 * reads back with `parseAction` as an action with the same effect; and, with
 * `mutants`, that every nearby state `fromJSON` accepts plays on.
 * Throws `ConformanceError` at the first failure.
 */
export function runConformance<State, Config>(
  game: AnyGame,
  options: ConformanceOptions<State, Config>,
): ConformanceReport {
  const firstSeed = options.seed ?? 1;
  const maxActions = options.maxActions ?? 20_000;
  const legalSample = options.legalSample ?? 8;
  const checkEvery = options.checkEvery ?? 1;
  let actions = 0;
  let longestGame = 0;
  let legalActionsApplied = 0;
  let refusalsChecked = 0;
  let leakChecks = 0;
  let notationChecks = 0;
  let inputChecks = 0;
  let mutantsChecked = 0;
  let mutantsAccepted = 0;

  const refusesInput = (what: string, code: string, run: () => unknown) => {
    try {
      run();
    } catch (error) {
      const wrong = problemWith(error, InvalidInputError);
      if (wrong) throw new ConformanceError('conformance', `${game.id}: ${what}: the error ${wrong}`);
      if ((error as TabulaError).code !== code)
        throw new ConformanceError(
          'conformance',
          `${game.id}: ${what}: the code is ${(error as TabulaError).code}, not ${code}`,
        );
      inputChecks++;
      return;
    }
    throw new ConformanceError('conformance', `${game.id}: ${what} was accepted`);
  };
  for (const bad of [...GARBAGE, [], -1, { players: 1e9 }]) {
    if (schemaProblem(game.schemas.config, bad) === null) continue;
    refusesInput(`setup with the config ${JSON.stringify(bad)}`, 'invalid_config', () =>
      game.setup(bad, createRng(firstSeed)),
    );
  }
  for (const bad of GARBAGE) {
    refusesInput(`fromJSON of ${JSON.stringify(bad)}`, 'invalid_state', () => game.fromJSON(bad));
  }

  for (let g = 0; g < options.games; g++) {
    const seed = firstSeed + g;
    const kit = createRng(seed ^ 0x5eed);
    const fail = (step: number, what: string): never => {
      throw new ConformanceError('conformance', `${game.id}, seed ${seed}, step ${step}: ${what}`);
    };
    const config =
      typeof options.config === 'function'
        ? (options.config as (rng: Rng) => Config)(kit)
        : (options.config ?? game.defaultConfig());
    const seats = game.seatCount(config);
    const { chance } = gameStreams(seed, seats);
    let state = game.setup(config, chance) as State;
    const record: RecordedAction[] = [];
    let step = 0;

    const check = (deep: boolean) => {
      const json = JSON.stringify(state);
      if (!isDeepStrictEqual(roundTrip(state), state))
        fail(step, 'the state does not survive a JSON round trip');
      const outcome = game.outcome(state);
      const toAct = game.toAct(state);
      if (outcome === null && toAct.length === 0) fail(step, 'the game is live but no seat is to act');
      if (outcome !== null && toAct.length > 0) fail(step, `the game is over but seats ${toAct} are to act`);
      if (outcome !== null && outcome.scores.length !== seats)
        fail(step, 'the outcome needs one score per seat');
      const problem = options.invariant?.(state);
      if (problem) fail(step, `invariant broken: ${problem}`);
      // A game's own forfeit rule ends a live game, with the seat that forfeits among the losers.
      const [first] = toAct;
      if (deep && outcome === null && game.forfeit !== undefined && first !== undefined) {
        const ended = game.outcome(game.forfeit(state, first));
        if (JSON.stringify(state) !== json) fail(step, 'forfeit changed the state it was given');
        if (ended === null) fail(step, `the forfeit of seat ${first} does not end the game`);
        else if (ended.winners.includes(first)) fail(step, `seat ${first} wins by its own forfeit`);
      }
      for (let seat = 0; seat < seats; seat++) {
        if (!toAct.includes(seat) && game.legalActions(state, seat).length > 0) {
          fail(step, `seat ${seat} is not to act but has legal actions`);
        }
      }
      if (!deep) return;
      const stateProblem = schemaText(game.schemas.state, roundTrip(state));
      if (stateProblem) fail(step, `the state does not match its schema at ${stateProblem}`);
      let loaded: unknown;
      try {
        loaded = game.fromJSON(roundTrip(state));
      } catch (error) {
        fail(step, `fromJSON refuses a state the game made: ${String(error)}`);
      }
      if (!isDeepStrictEqual(loaded, state)) fail(step, 'fromJSON of the saved state gives another state');
      const stuck = stuckProblem(game, loaded, seats);
      if (stuck !== null) fail(step, `fromJSON accepts a stuck state: ${stuck}`);
      for (const mutant of options.mutants?.(state, kit) ?? []) {
        mutantsChecked++;
        let accepted: unknown;
        try {
          accepted = game.fromJSON(mutant);
        } catch (error) {
          const wrong = problemWith(error, InvalidInputError);
          if (wrong) fail(step, `fromJSON of a mutated state: the error ${wrong}`);
          if ((error as TabulaError).code !== 'invalid_state')
            fail(
              step,
              `fromJSON of a mutated state: the code is ${(error as TabulaError).code}, not invalid_state`,
            );
          continue;
        }
        mutantsAccepted++;
        try {
          checkPlaysOn(game, accepted, kit, 'a mutated state fromJSON accepts', { seats });
        } catch (error) {
          fail(
            step,
            `${error instanceof Error ? error.message : String(error)}; the state: ${JSON.stringify(mutant)}`,
          );
        }
      }
      for (const seat of [null, ...Array.from({ length: seats }, (_, s) => s)]) {
        const view = game.view(state, seat);
        const viewProblem = schemaText(game.schemas.view, roundTrip(view));
        if (viewProblem) fail(step, `the view of seat ${seat} does not match its schema at ${viewProblem}`);
        const variant = options.hiddenVariant?.(state, seat, kit);
        if (variant) {
          leakChecks++;
          if (!isDeepStrictEqual(game.view(variant, seat), view)) {
            fail(step, `the view of seat ${seat} changes with something that seat cannot see`);
          }
        }
      }
      for (const seat of toAct) {
        const legal = game.legalActions(state, seat);
        if (legal.length === 0) fail(step, `seat ${seat} is to act but has no legal action`);
        const sample =
          legal.length <= legalSample ? legal : Array.from({ length: legalSample }, () => kit.pick(legal));
        for (const action of sample) {
          const actionProblem = schemaText(game.schemas.action, roundTrip(action));
          if (actionProblem)
            fail(step, `legal action ${JSON.stringify(action)} does not match the action schema`);
          let next: State;
          try {
            next = game.apply(state, seat, action, createRng(seed + step)) as State;
          } catch (error) {
            fail(
              step,
              `listed legal action ${JSON.stringify(action)} of seat ${seat} was refused: ${String(error)}`,
            );
          }
          legalActionsApplied++;
          if (JSON.stringify(state) !== json) fail(step, 'apply changed the state it was given');
          const after = options.invariant?.(next!);
          if (after) fail(step, `invariant broken after ${JSON.stringify(action)}: ${after}`);
        }
      }
      if (game.parseAction) {
        for (const seat of toAct) {
          const view = game.view(state, seat);
          const legal = game.legalActions(state, seat);
          for (const text of GARBAGE_TEXT) {
            try {
              game.parseAction(text, view, legal);
            } catch (error) {
              const wrong = problemWith(error, NotationError) && problemWith(error, IllegalActionError);
              if (wrong) fail(step, `parsing ${JSON.stringify(text)}: the error ${wrong}`);
              continue;
            }
            fail(step, `the text ${JSON.stringify(text)} was read as an action`);
          }
          if (!game.describe || options.notationRoundTrip === false) continue;
          for (const action of legal.length <= legalSample ? legal : legal.slice(0, legalSample)) {
            const text = game.describe(action, state);
            let parsed: unknown;
            try {
              parsed = game.parseAction(text, view, legal);
            } catch (error) {
              fail(
                step,
                `"${text}", written for ${JSON.stringify(action)}, does not parse: ${String(error)}`,
              );
            }
            notationChecks++;
            const want = game.apply(state, seat, action, createRng(seed + step));
            const got = game.apply(state, seat, parsed, createRng(seed + step));
            if (!isDeepStrictEqual(got, want))
              fail(step, `"${text}" parses to ${JSON.stringify(parsed)}, not ${JSON.stringify(action)}`);
          }
        }
      }
      const bad: { seat: Seat; action: unknown }[] = [];
      for (let seat = 0; seat < seats; seat++) {
        for (const action of GARBAGE) bad.push({ seat, action });
        for (const action of options.invalidActions?.(state, seat) ?? []) bad.push({ seat, action });
        if (!toAct.includes(seat)) {
          for (const other of toAct) {
            const legal = game.legalActions(state, other);
            if (legal.length > 0) bad.push({ seat, action: legal[0] });
          }
        }
      }
      for (const { seat, action } of bad) {
        try {
          game.apply(state, seat, action, createRng(seed + step));
        } catch (error) {
          refusalsChecked++;
          const wrong = problemWith(error, IllegalActionError);
          if (wrong) fail(step, `refusing ${JSON.stringify(action)} of seat ${seat}: the error ${wrong}`);
          if (JSON.stringify(state) !== json)
            fail(step, `refusing ${JSON.stringify(action)} changed the state`);
          continue;
        }
        fail(step, `seat ${seat} was allowed to play ${JSON.stringify(action)}`);
      }
    };

    while (game.outcome(state) === null) {
      check(step % checkEvery === 0);
      const toAct = game.toAct(state);
      const seat = kit.pick(toAct);
      const action = kit.pick(game.legalActions(state, seat));
      const previous = state;
      const before = JSON.stringify(previous);
      state = game.apply(previous, seat, action, chance) as State;
      if (JSON.stringify(previous) !== before) fail(step, 'apply changed the state it was given');
      record.push({ seat, action: roundTrip(action) });
      step++;
      actions++;
      if (step > maxActions) fail(step, `the game has not ended after ${maxActions} actions`);
    }
    check(true);

    const { chance: again } = gameStreams(seed, seats);
    let replayed = game.setup(config, again);
    try {
      for (const { seat, action } of record) replayed = game.apply(replayed, seat, action, again);
    } catch (error) {
      fail(step, `replaying the same seed and actions fails: ${String(error)}`);
    }
    if (!isDeepStrictEqual(replayed, state))
      fail(step, 'replaying the same seed and actions gives another state');
    longestGame = Math.max(longestGame, step);
  }
  return {
    games: options.games,
    actions,
    longestGame,
    legalActionsApplied,
    refusalsChecked,
    leakChecks,
    notationChecks,
    inputChecks,
    mutantsChecked,
    mutantsAccepted,
  };
}
