/**
 * The round state as plain JSON: reading an untrusted one (`fromJSON`, and
 * `gameFromJSON` for a whole `Game`) and copying one. Reading is the schema
 * check, then only what a schema cannot say; every problem is an
 * `InvalidInputError` (`invalid_state`) with the JSON path of the first one,
 * so a corrupted or forged save never becomes a game.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { InvalidInputError, matches, schemaProblem } from '@tabula/core';
import { validateMeld } from './meld.js';
import { roundScores, stalemateWinner } from './round.js';
import { beyondDeckMessage, cardsBeyondDeck, rulesProblem } from './rules.js';
import { type GameJSON, GameSchema, type RummyState, StateSchema } from './schemas.js';

/** The longest JSON text `gameFromJSON` reads: far more than the biggest game needs, even indented. */
export const MAX_JSON_TEXT_LENGTH = 1_000_000;

function fail(path: string, message: string): never {
  throw new InvalidInputError('invalid_state', path, message);
}

/** The value typed by the schema, or the first problem with its path below `at`. */
function shaped<S extends TSchema>(schema: S, value: unknown, at: string): Static<S> {
  if (matches(schema, value)) return value;
  const problem = schemaProblem(schema, value);
  return fail(`${at}${problem?.path.slice(1) ?? ''}`, problem?.message ?? 'does not match the schema');
}

/**
 * A round from untrusted JSON: the state schema, then the rules a schema
 * cannot say: the rules' own limits, one entry per hand, the seat to act,
 * passes only with an empty stock, valid table melds, that the cards fit in
 * the rules' deck, and that a finished round's winner and scores follow from
 * the hands. `at` is the round's path in a larger document.
 *
 * @throws InvalidInputError `invalid_state` naming the first problem with its path.
 */
export function fromJSON(json: unknown, at = '$'): RummyState {
  const state = shaped(StateSchema, json, at);
  const { rules, hands, stock, table, opened, passes, scores, current } = state;
  const problem = rulesProblem(rules);
  if (problem) fail(`${at}.rules.${problem.field}`, problem.message);
  const n = hands.length;
  if (opened.length !== n) fail(`${at}.opened`, `must have one entry per hand (${n}), got ${opened.length}`);
  if (scores.length !== n) fail(`${at}.scores`, `must have one entry per hand (${n}), got ${scores.length}`);
  if (current >= n) fail(`${at}.current`, `must be a seat from 0 to ${n - 1}, got ${current}`);
  const over = state.status === 'over';
  if (passes > (over ? n : n - 1)) fail(`${at}.passes`, `must be at most ${over ? n : n - 1}, got ${passes}`);
  if (passes > 0 && stock.length > 0) fail(`${at}.passes`, 'passes are only possible with an empty stock');
  for (const [i, meld] of table.entries()) {
    const check = validateMeld(meld.cards, meld.kind);
    if (!check.valid) fail(`${at}.table[${i}].cards`, check.message);
  }
  if (table.length > 0 && !opened.includes(true))
    fail(`${at}.opened`, 'melds are on the table but nobody opened');
  const extra = cardsBeyondDeck(rules, [...hands, stock, ...table.map((m) => m.cards)]);
  if (extra !== null) {
    const where =
      extra.list < n
        ? `hands[${extra.list}][${extra.index}]`
        : extra.list === n
          ? `stock[${extra.index}]`
          : `table[${extra.list - n - 1}].cards[${extra.index}]`;
    fail(`${at}.${where}`, beyondDeckMessage(rules, extra));
  }
  if (!over) {
    if (state.winner !== null) fail(`${at}.winner`, 'must be null while playing');
    for (const [i, score] of scores.entries())
      if (score !== 0) fail(`${at}.scores[${i}]`, 'must be 0 while playing');
    for (const [i, hand] of hands.entries()) {
      if (hand.length === 0)
        fail(`${at}.hands[${i}]`, 'an empty hand ends the round, but the status is "playing"');
    }
    return state;
  }
  const { winner } = state;
  if (winner === null || winner >= n)
    return fail(`${at}.winner`, `must be a seat from 0 to ${n - 1} once over`);
  const wentOut = hands[winner]?.length === 0;
  const stalemate = passes === n && stock.length === 0 && stalemateWinner(rules, hands) === winner;
  if (!wentOut && !stalemate) {
    fail(`${at}.winner`, 'the winner neither emptied the hand nor won a stalemate with the lowest hand');
  }
  if (wentOut && (passes !== 0 || current !== winner)) {
    fail(`${at}.${passes !== 0 ? 'passes' : 'current'}`, 'the round ended on the winner going out');
  }
  const expected = roundScores(rules, hands, winner);
  for (const [i, score] of scores.entries()) {
    if (score !== expected[i])
      fail(`${at}.scores[${i}]`, `must be ${expected[i]} for these hands, got ${score}`);
  }
  return state;
}

/**
 * A whole `Game` (the PHP library's save, or its JSON text) from untrusted
 * JSON: its schema, the round as `fromJSON` reads it, distinct player ids,
 * the round's rules equal to the game's and one hand per player.
 *
 * @throws InvalidInputError `invalid_state` naming the first problem with its path.
 */
export function gameFromJSON(json: unknown): GameJSON {
  let value = json;
  if (typeof json === 'string') {
    if (json.length > MAX_JSON_TEXT_LENGTH)
      fail('$', `is too long: ${json.length} characters, at most ${MAX_JSON_TEXT_LENGTH} are read`);
    try {
      value = JSON.parse(json);
    } catch (error) {
      fail('$', `is not JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // The round first: behind the schema's `round: state | null`, its problems would have no path of their own.
  const round = typeof value === 'object' && value !== null && 'round' in value ? value.round : null;
  if (round !== null) fromJSON(round, '$.round');
  const game = shaped(GameSchema, value, '$');
  const ids = new Set<string>();
  for (const [i, { id }] of game.players.entries()) {
    if (ids.has(id)) fail(`$.players[${i}].id`, `duplicates the id of another player: ${JSON.stringify(id)}`);
    ids.add(id);
  }
  const problem = rulesProblem(game.rules);
  if (problem) fail(`$.rules.${problem.field}`, problem.message);
  if (game.round === null) return game;
  const saved = new Map(Object.entries(game.round.rules));
  for (const [field, want] of Object.entries(game.rules)) {
    const got = saved.get(field);
    if (got !== want) fail(`$.round.rules.${field}`, `must match $.rules.${field} (${want}), got ${got}`);
  }
  if (game.round.hands.length !== game.players.length) {
    fail(
      '$.round.hands',
      `must have one hand per player (${game.players.length}), got ${game.round.hands.length}`,
    );
  }
  return game;
}

/** A deep copy of a round (faster than `structuredClone` on this plain data). */
export function cloneState(state: RummyState): RummyState {
  return {
    rules: { ...state.rules },
    status: state.status,
    hands: state.hands.map((h) => h.slice()),
    stock: state.stock.slice(),
    table: state.table.map((m) => ({ kind: m.kind, cards: m.cards.slice() })),
    opened: state.opened.slice(),
    current: state.current,
    passes: state.passes,
    winner: state.winner,
    scores: state.scores.slice(),
  };
}
