/**
 * Rummy actions as people write them: `describeAction` writes an action,
 * `parseAction` reads what a person types. (A card and a list of cards are
 * written and read in `card.ts`.)
 */
import { IllegalActionError, NotationError } from '@tabula/core';
import { assertCardString, checkText, clipped, faceOf, isCardString, SUIT_SYMBOLS } from './card.js';
import { settlePlay } from './round.js';
import type { RummyAction, RummyState, RummyView } from './schemas.js';

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
  const left = countOf(before.flat());
  const added: string[] = [];
  for (const card of after.flat()) {
    const n = left.get(card) ?? 0;
    if (n > 0) left.set(card, n - 1);
    else added.push(card);
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
export function describeAction(action: RummyAction, state: RummyState): string {
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

/** The suit letter of each display symbol, and any symbol, for typed cards. */
const SUIT_LETTERS = new Map([...SUIT_SYMBOLS].map(([letter, symbol]) => [symbol, letter]));
const SYMBOL = new RegExp(`[${[...SUIT_SYMBOLS.values()].join('')}]`, 'gu');

/** A typed card in the notation: any case, `10` for `T`, suit symbols for letters. */
function normalizedCard(token: string): string {
  let card = token.replace(SYMBOL, (symbol) => SUIT_LETTERS.get(symbol) ?? symbol);
  if (card.startsWith('10')) card = `T${card.slice(2)}`;
  if (card.length < 2) return card;
  const rank = card.charAt(0);
  return (rank.toLowerCase() === 'w' ? 'w' : rank.toUpperCase()) + card.slice(1).toLowerCase();
}

const USAGE =
  'Type "draw", "pass", "lay <new melds>" (the table stays, the melds are added) or "play <the whole new table>", ' +
  'melds separated by ";", cards by ",": e.g. lay Kh,Kd,Ks;5c,6c,wb,8c';

const notAnAction = (text: string) =>
  new NotationError('invalid_notation', `Not an action: "${clipped(text)}". ${USAGE}`);

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
 *
 * @throws IllegalActionError `card_not_held` for a card neither in the hand nor on the table.
 */
function resolve(
  typed: readonly (readonly string[])[],
  hand: readonly string[],
  table: readonly (readonly string[])[],
): string[][] {
  const tablePool = countOf(table.flat());
  const handPool = countOf(hand);
  const missing = (token: string): never => {
    const held = [...hand, ...table.flat()].filter((c) =>
      token.length === 3 ? c === token : faceOf(c) === token,
    );
    const where = table.length === 0 ? 'in your hand' : 'in your hand and on the table';
    const copies = `${held.length} ${held.length === 1 ? 'copy' : 'copies'}`;
    throw new IllegalActionError(
      'card_not_held',
      held.length > 0
        ? `Card ${token} is used more often than the ${copies} ${where}.`
        : table.length === 0
          ? `Card ${token} is not in your hand.`
          : `Card ${token} is neither in your hand nor on the table.`,
    );
  };
  const take = (token: string) => takeFrom(tablePool, token) ?? takeFrom(handPool, token) ?? missing(token);
  const out = typed.map((meld) => meld.map((token) => (token.length === 3 ? take(token) : undefined)));
  const claimed = new Set<number>();
  const sortedFaces = (cards: readonly string[]) => cards.map(faceOf).sort().join(',');
  const tableFaces = table.map(sortedFaces);
  for (const [i, meld] of typed.entries()) {
    if (meld.some((token) => token.length === 3)) continue;
    const faces = sortedFaces(meld);
    const j = table.findIndex(
      (cards, t) =>
        !claimed.has(t) &&
        tableFaces[t] === faces &&
        [...countOf(cards)].every(([card, n]) => (tablePool.get(card) ?? 0) >= n),
    );
    const own = countOf(table[j] ?? []);
    if (own.size === 0) continue;
    claimed.add(j);
    out[i] = meld.map((token) => {
      const card = takeFrom(own, token);
      if (card !== undefined) tablePool.set(card, (tablePool.get(card) ?? 0) - 1);
      return card;
    });
  }
  return typed.map((meld, i) => meld.map((token, k) => out[i]?.[k] ?? take(token)));
}

/**
 * A typed action: `draw`, `pass`, `lay <melds>` (new melds after the table as
 * it is) or `play <layout>` (the whole new table; `play` may be left out, and
 * a trailing `(from hand: ...)` as `describeAction` writes it is ignored).
 * Melds are separated by `;` (or `|`), cards by `,` or spaces; backs may be
 * left out (see `resolve`); case, `10` and suit symbols are forgiven.
 *
 * @throws NotationError for text that is no action (`invalid_notation`, also
 * for a spectator, who has no hand) or a bad card (`InvalidCardError`);
 * IllegalActionError for an action the view shows the rules refuse (a card
 * not held, an invalid meld, an opening too low, not the seat's turn, ...),
 * with the code `apply` gives.
 */
export function parseAction(text: string, view: RummyView): RummyAction {
  const action = readAction(text, view);
  allowedBy(view, action);
  return action;
}

/**
 * Refuses an action the seat's view already shows to be refused, with the
 * code `apply` would give: not the seat's turn, a draw from an empty stock, a
 * pass while cards are left, or a play that breaks a rule (`Round.settlePlay`).
 */
function allowedBy(view: RummyView, action: RummyAction): void {
  if (view.status === 'over') throw new IllegalActionError('game_over', 'The round is over.');
  if (view.seat === null || view.hand === null || view.current !== view.seat) {
    throw new IllegalActionError('not_your_turn', `It is seat ${view.current}'s turn, not yours.`);
  }
  if (action.type === 'draw' && view.stockCount === 0)
    throw new IllegalActionError('stock_empty', 'The stock is empty: play or pass.');
  if (action.type === 'pass' && view.stockCount > 0)
    throw new IllegalActionError(
      'stock_not_empty',
      'Cannot pass while the stock is not empty: play or draw.',
    );
  if (action.type === 'play') {
    const opened = view.opened[view.seat] === true;
    settlePlay({ table: view.table, hand: view.hand, opened, rules: view.rules }, action.layout);
  }
}

/** Whether the character at `at` is white space (`\s`). */
const isSpace = (text: string, at: number) => /\s/.test(text.charAt(at));

/**
 * The verb (`lay` or `play`, any case) the text starts with, as a word of its
 * own, and the rest; null without one. Read by hand, no regex to backtrack.
 */
function verbOf(text: string): { verb: 'lay' | 'play'; rest: string } | null {
  for (const verb of ['lay', 'play'] as const) {
    const n = verb.length;
    if (text.slice(0, n).toLowerCase() === verb && (text.length === n || isSpace(text, n)))
      return { verb, rest: text.slice(n) };
  }
  return null;
}

const FROM_HAND = 'from hand:';

/**
 * The text without a trailing `(from hand: ...)` as `describeAction` writes it
 * (the first `(` whose words are "from hand:" after the last other `)`), in
 * one pass over the text.
 */
function withoutFromHand(text: string): string {
  const end = text.trimEnd();
  if (!end.endsWith(')')) return text;
  // the part may hold no ")" but its last
  const from = end.lastIndexOf(')', end.length - 2) + 1;
  for (
    let open = end.indexOf('(', from);
    open >= 0 && open < end.length - 1;
    open = end.indexOf('(', open + 1)
  ) {
    let at = open + 1;
    while (at < end.length && isSpace(end, at)) at++;
    if (end.slice(at, at + FROM_HAND.length).toLowerCase() === FROM_HAND) return end.slice(0, open);
  }
  return text;
}

function readAction(text: string, view: RummyView): RummyAction {
  checkText(text, 'An action');
  const trimmed = text.trim();
  const word = trimmed.toLowerCase();
  if (word === 'draw' || word === 'pass') return { type: word };
  const form = verbOf(trimmed);
  const lay = form?.verb === 'lay';
  const body = withoutFromHand(form?.rest ?? trimmed).trim();
  const typed = body
    .split(/[;|]/)
    .map((meld) =>
      meld
        .split(/[\s,]+/)
        .filter((token) => token !== '')
        .map((token) => {
          const card = normalizedCard(token);
          // Without "lay" or "play", text that is no card is no action at all.
          if (form === null && !isCardString(card)) throw notAnAction(trimmed);
          assertCardString(card, text);
          return card;
        }),
    )
    .filter((meld) => meld.length > 0);
  if (typed.length === 0) throw notAnAction(trimmed);
  if (view.hand === null)
    throw new NotationError('invalid_notation', 'A spectator has no hand to play from.');
  const table = view.table.map((m) => m.cards.slice());
  if (lay) return { type: 'play', layout: [...table, ...resolve(typed, view.hand, [])] };
  return { type: 'play', layout: resolve(typed, view.hand, table) };
}
