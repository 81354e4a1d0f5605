import type { Agent, AgentContext, AnyGame, Outcome } from './contract.js';
import { InvalidInputError, readUnder, TabulaError } from './errors.js';
import { GameRecordSchema } from './record-schema.js';
import { createRng, type Rng, type Seed } from './rng.js';
import type { Seat } from './types.js';
import { parseWith } from './validate.js';

/** One action in a game record. */
export interface RecordedAction {
  readonly seat: Seat;
  readonly action: unknown;
}

/**
 * A finished or unfinished game as data: the rules version, the config, the
 * seed and the actions. Replaying it gives the very same game, chance included.
 */
export interface GameRecord {
  readonly game: string;
  readonly version: string;
  readonly config: unknown;
  readonly seed: Seed;
  readonly players?: readonly string[];
  readonly actions: readonly RecordedAction[];
  readonly outcome?: Outcome | null;
  /** Set when the game ended because a seat's agent failed after the actions: that seat forfeited, and why. */
  readonly forfeit?: Forfeit;
}

/** A seat that lost a game because its agent failed to act, and the reason, as the record keeps it. */
export interface Forfeit {
  readonly seat: Seat;
  readonly reason: string;
}

/**
 * How a live game ends when `seat` forfeits: the game's own `forfeit` rule
 * where it has one (its finished state and that state's outcome), else the
 * general rule: the seat loses, every other seat wins, every score is 0 (no
 * points move: the game has no scoring for an unfinished game), reason
 * `forfeit`. `state` is the state the game ended in.
 */
export function forfeitOutcome(
  game: AnyGame,
  config: unknown,
  state: unknown,
  seat: Seat,
): { state: unknown; outcome: Outcome } {
  if (game.forfeit !== undefined) {
    const after = game.forfeit(state, seat);
    const outcome = game.outcome(after);
    if (outcome !== null) return { state: after, outcome };
  }
  const seats = game.seatCount(config);
  return {
    state,
    outcome: {
      scores: Array.from({ length: seats }, () => 0),
      winners: Array.from({ length: seats }, (_, s) => s).filter((s) => s !== seat),
      reason: 'forfeit',
    },
  };
}

function agentFailed(error: unknown): error is TabulaError {
  return error instanceof TabulaError && error.code === 'agent_failed';
}

/**
 * The generators a game draws from, all derived from its seed: chance for the
 * rules (shuffles, dice) and one stream per seat for the agents, so a bot's
 * choices never shift the dice and the same seed replays exactly.
 */
export function gameStreams(seed: Seed, seats: number): { chance: Rng; agents: Rng[] } {
  const root = createRng(seed);
  const chance = root.fork();
  const agents = Array.from({ length: seats }, () => root.fork());
  return { chance, agents };
}

export interface PlayOptions {
  /** Stop a game that runs longer than this many actions (a guard against rules bugs). */
  readonly maxActions?: number;
  /** A soft time budget for each decision, passed on to the agents. */
  readonly budgetMs?: number;
  /** Called once with the state the game starts from, before any agent acts. */
  readonly onStart?: (state: unknown) => void;
  /**
   * Called after every applied action, with the state it was played in
   * (`before`: what `describe` needs to write it in notation) and the state
   * after it; `index` is its place in the record's actions.
   */
  readonly onAction?: (step: {
    seat: Seat;
    action: unknown;
    before: unknown;
    state: unknown;
    index: number;
  }) => void;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && 'then' in value && typeof value.then === 'function';
}

/**
 * Plays one game between agents, one per seat, and returns its record and
 * final state. An agent that fails to act (throws or rejects with an
 * `AgentFailedError`, code `agent_failed`: an external program that answered
 * late, answered garbage or stopped) forfeits the game for its seat
 * (`forfeitOutcome`); the record keeps the seat and the reason. Any other
 * error from an agent or the rules is a bug, and is thrown.
 */
export async function playGame(
  game: AnyGame,
  config: unknown,
  agents: readonly Agent<unknown, unknown>[],
  seed: Seed,
  options: PlayOptions = {},
): Promise<{ record: GameRecord; state: unknown; outcome: Outcome }> {
  const seats = game.seatCount(config);
  if (agents.length !== seats) {
    throw new TabulaError(
      'invalid_argument',
      `${game.id} needs ${seats} agents for this config, got ${agents.length}`,
    );
  }
  const { chance, agents: agentRngs } = gameStreams(seed, seats);
  let state = game.setup(config, chance);
  options.onStart?.(state);
  const actions: RecordedAction[] = [];
  const maxActions = options.maxActions ?? 100_000;
  for (;;) {
    const outcome = game.outcome(state);
    if (outcome !== null) {
      const players = agents.map((a) => a.name);
      return {
        record: { game: game.id, version: game.version, config, seed, players, actions, outcome },
        state,
        outcome,
      };
    }
    const toAct = game.toAct(state);
    if (toAct.length === 0)
      throw new TabulaError('game_stuck', `${game.id}: the game is live but nobody is to act`);
    // Simultaneous seats are asked in seat order; each sees only its own view.
    for (let i = 0; i < toAct.length; i++) {
      const seat = toAct[i] as Seat;
      // The first seat acts in the state `toAct` was asked of; a later one may no longer be to act.
      if (i > 0 && !game.toAct(state).includes(seat)) continue;
      const legal = game.legalActions(state, seat);
      const agent = agents[seat] as Agent<unknown, unknown>;
      const rng = agentRngs[seat] as Rng;
      const context: AgentContext =
        options.budgetMs === undefined ? { seat, rng } : { seat, rng, budgetMs: options.budgetMs };
      let action: unknown;
      try {
        // An agent that does not read its view is not given one: views can cost more than the rules.
        const chosen =
          agent.actWithoutView === undefined
            ? agent.act(game.view(state, seat), legal, context)
            : agent.actWithoutView(legal, context);
        // Awaited only when it is a promise: most agents answer at once.
        action = isPromiseLike(chosen) ? await chosen : chosen;
      } catch (error) {
        if (!agentFailed(error)) throw error;
        const forfeit: Forfeit = { seat, reason: error.message };
        const ended = forfeitOutcome(game, config, state, seat);
        const players = agents.map((a) => a.name);
        return {
          record: {
            game: game.id,
            version: game.version,
            config,
            seed,
            players,
            actions,
            outcome: ended.outcome,
            forfeit,
          },
          state: ended.state,
          outcome: ended.outcome,
        };
      }
      const before = state;
      state = game.apply(before, seat, action, chance);
      actions.push({ seat, action });
      options.onAction?.({ seat, action, before, state, index: actions.length - 1 });
      if (actions.length > maxActions) {
        throw new TabulaError('game_stuck', `${game.id}: no result after ${maxActions} actions`);
      }
    }
  }
}

/** Whether two outcomes say the same: the same scores, the same winners (in any order), the same reason. */
function sameOutcome(a: Outcome | null, b: Outcome | null): boolean {
  if (a === null || b === null) return a === b;
  const sorted = (seats: readonly Seat[]) => [...seats].sort((x, y) => x - y).join(',');
  return (
    a.scores.join(',') === b.scores.join(',') &&
    sorted(a.winners) === sorted(b.winners) &&
    a.reason === b.reason
  );
}

function outcomeText(outcome: Outcome | null): string {
  if (outcome === null) return 'no result (the game goes on)';
  const winners = outcome.winners.length > 0 ? `seat ${outcome.winners.join(' and ')} won` : 'nobody won';
  return `${winners} (${outcome.reason}), scores ${outcome.scores.join(', ')}`;
}

/**
 * Replays a record and returns every state, the first being the setup. A
 * record that is no record (checked against `GameRecordSchema`), of another
 * game or rules version, with a config the game refuses, an action the rules
 * refuse, or a stated outcome (`outcome`, when the record has one; null for an
 * unfinished game) other than the one the actions give fails with an
 * `InvalidInputError` (`invalid_record`) whose path is rooted at the record:
 * `$.config.length`, `$.actions[3]`, `$.outcome`.
 */
export function replay(game: AnyGame, untrusted: GameRecord): unknown[] {
  const record = parseWith(GameRecordSchema, untrusted, 'A game record', 'invalid_record');
  if (record.game !== game.id) {
    throw new InvalidInputError(
      'invalid_record',
      '$.game',
      `the record is of ${record.game}, not ${game.id}`,
    );
  }
  if (record.version !== game.version) {
    throw new InvalidInputError(
      'invalid_record',
      '$.version',
      `the record was played under ${game.id} rules ${record.version}; this engine has ${game.version}`,
    );
  }
  const { chance } = gameStreams(
    record.seed,
    readUnder('$.config', () => game.seatCount(record.config), 'invalid_record'),
  );
  const states: unknown[] = [
    readUnder('$.config', () => game.setup(record.config, chance), 'invalid_record'),
  ];
  record.actions.forEach(({ seat, action }, i) => {
    try {
      states.push(game.apply(states[states.length - 1], seat, action, chance));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new InvalidInputError(
        'invalid_record',
        `$.actions[${i}]`,
        `seat ${seat} cannot play this action: ${why}`,
      );
    }
  });
  let actual = game.outcome(states[states.length - 1]);
  if (record.forfeit !== undefined) {
    const { seat } = record.forfeit;
    if (actual !== null) {
      throw new InvalidInputError('invalid_record', '$.forfeit', 'the game was over before the forfeit');
    }
    if (seat >= game.seatCount(record.config)) {
      throw new InvalidInputError(
        'invalid_record',
        '$.forfeit.seat',
        `there is no seat ${seat} in this game`,
      );
    }
    const ended = forfeitOutcome(game, record.config, states[states.length - 1], seat);
    if (ended.state !== states[states.length - 1]) states.push(ended.state);
    actual = ended.outcome;
  }
  if (record.outcome !== undefined) {
    if (!sameOutcome(record.outcome, actual)) {
      throw new InvalidInputError(
        'invalid_record',
        '$.outcome',
        `the record says ${outcomeText(record.outcome)}, but its actions give ${outcomeText(actual)}`,
      );
    }
  }
  return states;
}
