/**
 * Rummy actions under the shared contract, and their notation for people:
 * `describe` writes an action, `parseAction` reads what a person types,
 * `render` draws a view for a terminal.
 */
import { IllegalActionError } from '@tabula/core';
import { assertCardString, cardText, compareForDisplay, faceOf, isCardString } from './card.js';
import { RummyError } from './errors.js';
import type { RoundState } from './round.js';
import type { RoundView } from './view.js';

/**
 * An action of `rummyGame`: draw a card, pass (only with an empty stock), or
 * play the new layout of the whole table (each meld its cards with backs;
 * the kind is guessed as `play` does).
 */
export type RummyAction = { type: 'draw' } | { type: 'pass' } | { type: 'play'; layout: string[][] };

function shown(value: unknown): string {
  try {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 80 ? `${text.slice(0, 80)}...` : text;
  } catch {
    return String(value);
  }
}

/**
 * The action in `value`, checked for shape only (the rules check the rest).
 *
 * @throws IllegalActionError `invalid_action` naming what is wrong.
 */
export function actionOf(value: unknown): RummyAction {
  const fail = (why: string): never => {
    throw new IllegalActionError(
      'invalid_action',
      `An action is { "type": "draw" }, { "type": "pass" } or { "type": "play", "layout": [[cards], ...] }; ${why}, got ${shown(value)}.`,
    );
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('not an object');
  const { type, layout } = value as { type?: unknown; layout?: unknown };
  const keys = Object.keys(value);
  if (type === 'draw' || type === 'pass') {
    if (keys.length !== 1) fail(`a ${type} has no other field`);
    return { type };
  }
  if (type !== 'play') return fail('unknown type');
  if (keys.length !== 2 || !Array.isArray(layout)) return fail('a play needs a layout and nothing else');
  layout.forEach((meld: unknown, i) => {
    if (!Array.isArray(meld) || !meld.every((card) => typeof card === 'string')) {
      fail(`layout[${i}] is not an array of card strings`);
    }
  });
  return { type: 'play', layout: layout as string[][] };
}

/** Names cards by face alone (`Kh`) unless the lists hold two copies of the face, then with the back (`Khr`). */
function namer(lists: readonly (readonly string[])[]): (card: string) => string {
  const copies = new Map<string, number>();
  for (const list of lists)
    for (const card of list) copies.set(faceOf(card), (copies.get(faceOf(card)) ?? 0) + 1);
  return (card) => ((copies.get(faceOf(card)) ?? 0) > 1 ? card : faceOf(card));
}

const sameList = (a: readonly string[], b: readonly string[] | undefined) =>
  b !== undefined && a.length === b.length && a.every((card, i) => card === b[i]);

/** The cards of `after` not in `before`, with multiplicity, in `after`'s order. */
function addedCards(before: readonly (readonly string[])[], after: readonly (readonly string[])[]): string[] {
  const left = new Map<string, number>();
  for (const meld of before) for (const card of meld) left.set(card, (left.get(card) ?? 0) + 1);
  const added: string[] = [];
  for (const meld of after) {
    for (const card of meld) {
      const n = left.get(card) ?? 0;
      if (n > 0) left.set(card, n - 1);
      else added.push(card);
    }
  }
  return added;
}

const melds = (layout: readonly (readonly string[])[], name: (card: string) => string) =>
  layout.map((meld) => meld.map(name).join(',')).join(';');

/**
 * `draw`, `pass`, `lay <new melds>` for a play that leaves the table as it
 * was and adds melds after it, otherwise `play <the whole new table> (from
 * hand: <cards>)`. Cards go without their back (`Kh`) unless the acting
 * seat's hand (and, for `play`, the table) holds both copies of the face.
 * `parseAction` reads every form back to the same action.
 */
export function describeAction(action: RummyAction, state: RoundState): string {
  if (action.type !== 'play') return action.type;
  const hand = state.hands[state.current] ?? [];
  const table = state.table.map((m) => m.cards);
  const layout = action.layout;
  if (layout.length > table.length && table.every((cards, i) => sameList(cards, layout[i]))) {
    return `lay ${melds(layout.slice(table.length), namer([hand]))}`;
  }
  const name = namer([hand, ...table]);
  return `play ${melds(layout, name)} (from hand: ${addedCards(table, layout).map(name).join(',')})`;
}

const SUIT_SYMBOLS: Readonly<Record<string, string>> = { '♣': 'c', '♦': 'd', '♥': 'h', '♠': 's' };

/** A typed card in the notation: any case, `10` for `T`, suit symbols for letters. */
function normalizedCard(token: string): string {
  let card = token.replace(/[♣♦♥♠]/gu, (symbol) => SUIT_SYMBOLS[symbol]!);
  if (card.startsWith('10')) card = `T${card.slice(2)}`;
  if (card.length >= 2)
    card = (card[0]!.toLowerCase() === 'w' ? 'w' : card[0]!.toUpperCase()) + card.slice(1).toLowerCase();
  return card;
}

/** The typed card, checked; `InvalidCardError` names it otherwise. */
function normalizeCard(token: string, text: string): string {
  const card = normalizedCard(token);
  assertCardString(card, text);
  return card;
}

const USAGE =
  'Type "draw", "pass", "lay <new melds>" (the table stays, the melds are added) or "play <the whole new table>", ' +
  'melds separated by ";", cards by ",": e.g. lay Kh,Kd,Ks;5c,6c,wb,8c';

const notAnAction = (text: string) => new RummyError('bad_notation', `Not an action: "${text}". ${USAGE}`);

/** Takes one copy of a card whose face (or, for a 3-letter token, the card itself) matches. */
function takeFrom(pool: Map<string, number>, token: string): string | undefined {
  for (const [card, n] of pool) {
    if (n > 0 && (token.length === 3 ? card === token : faceOf(card) === token)) {
      pool.set(card, n - 1);
      return card;
    }
  }
  return undefined;
}

function countOf(list: readonly string[]): Map<string, number> {
  const pool = new Map<string, number>();
  for (const card of list) pool.set(card, (pool.get(card) ?? 0) + 1);
  return pool;
}

/**
 * Gives every typed card its back. Cards typed with a back are taken as
 * written; a typed meld with the very faces of a table meld keeps that meld's
 * cards; every other card is a table copy of the face while one is left, then
 * a copy from the hand.
 */
function resolve(
  typed: string[][],
  hand: readonly string[],
  table: readonly (readonly string[])[],
): string[][] {
  const tablePool = countOf(table.flat());
  const handPool = countOf(hand);
  const out: (string | undefined)[][] = typed.map((meld) => meld.map(() => undefined));
  const missing = (token: string): never => {
    const held = [...hand, ...table.flat()].filter((c) =>
      token.length === 3 ? c === token : faceOf(c) === token,
    );
    const where = table.length === 0 ? 'in your hand' : 'in your hand and on the table';
    const copies = `${held.length} ${held.length === 1 ? 'copy' : 'copies'}`;
    throw new RummyError(
      'unknown_card',
      held.length > 0
        ? `Card ${token} is used more often than the ${copies} ${where}.`
        : table.length === 0
          ? `Card ${token} is not in your hand.`
          : `Card ${token} is neither in your hand nor on the table.`,
    );
  };
  typed.forEach((meld, i) => {
    meld.forEach((token, k) => {
      if (token.length === 3)
        out[i]![k] = takeFrom(tablePool, token) ?? takeFrom(handPool, token) ?? missing(token);
    });
  });
  const claimed = new Set<number>();
  const sortedFaces = (cards: readonly string[]) => cards.map(faceOf).sort().join(',');
  typed.forEach((meld, i) => {
    if (meld.some((token) => token.length === 3)) return;
    const faces = sortedFaces(meld);
    const j = table.findIndex(
      (cards, t) =>
        !claimed.has(t) &&
        sortedFaces(cards) === faces &&
        [...countOf(cards)].every(([card, n]) => (tablePool.get(card) ?? 0) >= n),
    );
    if (j < 0) return;
    claimed.add(j);
    const cards = table[j]!.slice();
    meld.forEach((token, k) => {
      const at = cards.findIndex((c) => faceOf(c) === token);
      out[i]![k] = cards[at]!;
      tablePool.set(cards[at]!, tablePool.get(cards[at]!)! - 1);
      cards.splice(at, 1);
    });
  });
  return typed.map((meld, i) =>
    meld.map(
      (token, k) => out[i]![k] ?? takeFrom(tablePool, token) ?? takeFrom(handPool, token) ?? missing(token),
    ),
  );
}

/**
 * A typed action: `draw`, `pass`, `lay <melds>` (new melds after the table as
 * it is) or `play <layout>` (the whole new table; `play` may be left out, and
 * a trailing `(from hand: ...)` as `describe` writes it is ignored). Melds are
 * separated by `;` (or `|`), cards by `,` or spaces; backs may be left out
 * (see `resolve`); case, `10` and suit symbols are forgiven.
 *
 * @throws RummyError `bad_notation`, `no_hand`, `unknown_card`; `InvalidCardError` naming a bad card.
 */
export function parseActionText(text: string, view: RoundView): RummyAction {
  const trimmed = text.trim();
  const word = trimmed.toLowerCase();
  if (word === 'draw' || word === 'pass') return { type: word };
  const form = /^(lay|play)(?:\s+|$)([\s\S]*)$/i.exec(trimmed);
  const lay = form?.[1]?.toLowerCase() === 'lay';
  const body = (form ? form[2]! : trimmed).replace(/\(\s*from hand:[^)]*\)\s*$/i, '').trim();
  const typed = body
    .split(/[;|]/)
    .map((meld) =>
      meld
        .split(/[\s,]+/)
        .filter((token) => token !== '')
        .map((token) => {
          // Without "lay" or "play", text that is no card is no action at all.
          if (form === null && !isCardString(normalizedCard(token))) throw notAnAction(trimmed);
          return normalizeCard(token, text);
        }),
    )
    .filter((meld) => meld.length > 0);
  if (typed.length === 0) throw notAnAction(trimmed);
  if (view.hand === null) throw new RummyError('no_hand', 'A spectator has no hand to play from.');
  const table = view.table.map((m) => m.cards.slice());
  if (lay) return { type: 'play', layout: [...table, ...resolve(typed, view.hand, [])] };
  return { type: 'play', layout: resolve(typed, view.hand, table) };
}

/** Cards as display text (`K♥ wb`). */
const text = (cards: readonly string[]) => cards.map(cardText).join(' ');

/**
 * The view as terminal text: whose turn (or the result), the stock, the
 * table melds numbered, every seat's card count and whether it opened, and
 * the viewer's hand sorted for display.
 */
export function renderView(view: RoundView): string {
  const who = (seat: number) => (seat === view.seat ? `seat ${seat} (you)` : `seat ${seat}`);
  const lines: string[] = [];
  if (view.status === 'over' && view.winner !== null) {
    lines.push(`Round over: ${who(view.winner)} won. Scores: ${(view.scores ?? []).join(', ')}.`);
  } else if (view.current !== null) {
    const passes = view.passes > 0 ? `, ${view.passes} pass${view.passes > 1 ? 'es' : ''} in a row` : '';
    lines.push(`${who(view.current)} to play. Stock: ${view.stockCount} cards${passes}.`);
  }
  lines.push(view.table.length === 0 ? 'Table: empty' : 'Table:');
  view.table.forEach((meld, i) => {
    lines.push(`  ${String(i + 1).padStart(2)}. ${text(meld.cards)}`);
  });
  const seats = view.handSizes.map(
    (n, seat) =>
      `${who(seat)}: ${n} card${n === 1 ? '' : 's'}, ${view.opened[seat] ? 'opened' : 'not opened'}`,
  );
  lines.push(`Players: ${seats.join('; ')}`);
  if (view.hand !== null) lines.push(`Your hand: ${text(view.hand.slice().sort(compareForDisplay))}`);
  return lines.join('\n');
}
