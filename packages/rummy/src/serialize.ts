/**
 * Validation of untrusted saved rounds. Every check throws an
 * `InvalidInputError` (code `invalid_state`) naming the first problem with its
 * JSON path, so a corrupted or forged save never becomes a game.
 */
import { InvalidInputError } from '@tabula/core';
import { isCardString } from './card.js';
import { type MeldKind, validateMeld } from './meld-check.js';
import type { PlayerJSON } from './player.js';
import {
  beyondDeckMessage,
  cardsBeyondDeck,
  type RoundState,
  roundScores,
  stalemateWinner,
} from './round.js';
import { RULE_FIELDS, type RulesConfig, rulesProblem } from './rules.js';

/** A whole game as plain JSON: `round` is null until the deal. */
export interface GameJSON {
  readonly rules: RulesConfig;
  readonly players: readonly PlayerJSON[];
  readonly round: RoundState | null;
}

function fail(path: string, message: string): never {
  throw new InvalidInputError('invalid_state', path, message);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}...` : value);
  return typeof value === 'object' ? 'an object' : String(value);
}

function record(value: unknown, path: string, fields: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(path, `must be an object, got ${describe(value)}`);
  }
  const obj = value as Record<string, unknown>;
  for (const field of fields) if (!(field in obj)) fail(`${path}.${field}`, 'is missing');
  for (const key of Object.keys(obj))
    if (!fields.includes(key)) fail(`${path}.${key}`, 'is not a known field');
  return obj;
}

function array(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, `must be an array, got ${describe(value)}`);
  return value;
}

function integer(value: unknown, path: string, min: number, max: number): number {
  if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max) {
    fail(path, `must be an integer from ${min} to ${max}, got ${describe(value)}`);
  }
  return value as number;
}

function cards(value: unknown, path: string): string[] {
  const list = array(value, path);
  list.forEach((card, i) => {
    if (typeof card !== 'string' || !isCardString(card))
      fail(`${path}[${i}]`, `is not a card: ${describe(card)}`);
  });
  return list as string[];
}

/** Checks saved rules. */
export function parseRules(value: unknown, path = '$'): RulesConfig {
  const obj = record(value, path, RULE_FIELDS);
  const rules = obj as unknown as RulesConfig;
  const problem = rulesProblem(rules);
  if (problem) fail(`${path}.${problem.field}`, problem.message);
  return rules;
}

const ROUND_FIELDS = [
  'rules',
  'status',
  'hands',
  'stock',
  'table',
  'opened',
  'current',
  'passes',
  'winner',
  'scores',
];

/** Checks a saved round: its shape, every card and meld, and the invariants between the fields. */
export function parseRoundState(value: unknown, path = '$'): RoundState {
  const obj = record(value, path, ROUND_FIELDS);
  const rules = parseRules(obj.rules, `${path}.rules`);
  if (obj.status !== 'playing' && obj.status !== 'over') {
    fail(`${path}.status`, `must be "playing" or "over", got ${describe(obj.status)}`);
  }
  const hands = array(obj.hands, `${path}.hands`).map((h, i) => cards(h, `${path}.hands[${i}]`));
  const n = hands.length;
  if (n < 2) fail(`${path}.hands`, `must hold at least 2 hands, got ${n}`);
  const stock = cards(obj.stock, `${path}.stock`);
  const table = array(obj.table, `${path}.table`).map((m, i) => {
    const at = `${path}.table[${i}]`;
    const meld = record(m, at, ['kind', 'cards']);
    if (meld.kind !== 'group' && meld.kind !== 'run') {
      fail(`${at}.kind`, `must be "group" or "run", got ${describe(meld.kind)}`);
    }
    const list = cards(meld.cards, `${at}.cards`);
    const check = validateMeld(list, meld.kind);
    if (!check.valid) fail(`${at}.cards`, check.message);
    return { kind: meld.kind as MeldKind, cards: list };
  });
  const opened = array(obj.opened, `${path}.opened`);
  if (opened.length !== n)
    fail(`${path}.opened`, `must have one entry per hand (${n}), got ${opened.length}`);
  opened.forEach((o, i) => {
    if (typeof o !== 'boolean') fail(`${path}.opened[${i}]`, `must be a boolean, got ${describe(o)}`);
  });
  const current = integer(obj.current, `${path}.current`, 0, n - 1);
  const over = obj.status === 'over';
  const passes = integer(obj.passes, `${path}.passes`, 0, over ? n : n - 1);
  if (passes > 0 && stock.length > 0) fail(`${path}.passes`, 'passes are only possible with an empty stock');
  const scores = array(obj.scores, `${path}.scores`);
  if (scores.length !== n)
    fail(`${path}.scores`, `must have one entry per hand (${n}), got ${scores.length}`);
  scores.forEach((s, i) => {
    integer(s, `${path}.scores[${i}]`, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  });
  if (table.length > 0 && !opened.includes(true))
    fail(`${path}.opened`, 'melds are on the table but nobody opened');
  const extra = cardsBeyondDeck(rules, [...hands, stock, ...table.map((m) => m.cards)]);
  if (extra !== null) {
    const where =
      extra.list < n
        ? `${path}.hands[${extra.list}][${extra.index}]`
        : extra.list === n
          ? `${path}.stock[${extra.index}]`
          : `${path}.table[${extra.list - n - 1}].cards[${extra.index}]`;
    fail(where, beyondDeckMessage(rules, extra));
  }
  let winner: number | null = null;
  if (!over) {
    if (obj.winner !== null) fail(`${path}.winner`, 'must be null while playing');
    scores.forEach((s, i) => {
      if (s !== 0) fail(`${path}.scores[${i}]`, 'must be 0 while playing');
    });
    hands.forEach((h, i) => {
      if (h.length === 0)
        fail(`${path}.hands[${i}]`, 'an empty hand ends the round, but the status is "playing"');
    });
  } else {
    winner = integer(obj.winner, `${path}.winner`, 0, n - 1);
    const wentOut = hands[winner]!.length === 0;
    const stalemate = passes === n && stock.length === 0 && stalemateWinner(rules, hands) === winner;
    if (!wentOut && !stalemate) {
      fail(`${path}.winner`, 'the winner neither emptied the hand nor won a stalemate with the lowest hand');
    }
    if (wentOut && (passes !== 0 || current !== winner)) {
      fail(`${path}.${passes !== 0 ? 'passes' : 'current'}`, 'the round ended on the winner going out');
    }
    const expected = roundScores(rules, hands, winner);
    scores.forEach((s, i) => {
      if (s !== expected[i]) fail(`${path}.scores[${i}]`, `must be ${expected[i]} for these hands, got ${s}`);
    });
  }
  return {
    rules,
    status: obj.status,
    hands,
    stock,
    table,
    opened: opened as boolean[],
    current,
    passes,
    winner,
    scores: scores as number[],
  };
}

/** Checks a saved game (or its JSON text). */
export function parseGameJSON(value: unknown): GameJSON {
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch (error) {
      fail('$', `is not JSON: ${(error as Error).message}`);
    }
  }
  const obj = record(value, '$', ['rules', 'players', 'round']);
  const rules = parseRules(obj.rules, '$.rules');
  const ids = new Set<string>();
  const players = array(obj.players, '$.players').map((p, i) => {
    const player = record(p, `$.players[${i}]`, ['id', 'name']);
    for (const field of ['id', 'name'] as const) {
      if (typeof player[field] !== 'string' || player[field] === '') {
        fail(`$.players[${i}].${field}`, `must be a non-empty string, got ${describe(player[field])}`);
      }
    }
    const id = player.id as string;
    if (ids.has(id)) fail(`$.players[${i}].id`, `duplicates the id of another player: ${describe(id)}`);
    ids.add(id);
    return { id, name: player.name as string };
  });
  if (obj.round === null) return { rules, players, round: null };
  const round = parseRoundState(obj.round, '$.round');
  for (const field of RULE_FIELDS) {
    if (round.rules[field] !== rules[field]) {
      fail(
        `$.round.rules.${field}`,
        `must match $.rules.${field} (${rules[field]}), got ${round.rules[field]}`,
      );
    }
  }
  if (round.hands.length !== players.length) {
    fail('$.round.hands', `must have one hand per player (${players.length}), got ${round.hands.length}`);
  }
  return { rules, players, round };
}
