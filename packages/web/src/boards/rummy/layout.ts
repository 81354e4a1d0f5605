/**
 * The layout editor's model, pure functions over plain data: the table the
 * player is building, the cards still in hand, moving a card, the solver's
 * play laid out, and the engine's verdict on the layout. Cards are tracked
 * as pieces with ids, since with three decks or more two cards can share a
 * string.
 */
import {
  cardValue,
  compareForDisplay,
  isJokerString,
  isValidMeld,
  Round,
  type RummyAction,
  type RummyView,
  sortRun,
} from '@tabula/rummy';

/** One card on the board: where it came from decides where it may go (a table card never goes back to a hand). */
export interface Piece {
  readonly id: string;
  readonly card: string;
  readonly from: 'table' | 'hand';
}

/** The layout being built: the new table's melds and the cards left in hand. */
export interface Draft {
  readonly melds: readonly (readonly Piece[])[];
  readonly hand: readonly Piece[];
}

/** Where a card can be put: the hand, a meld of the draft, or a new meld after the others. */
export type Target =
  | { readonly to: 'hand' }
  | { readonly to: 'meld'; readonly index: number }
  | { readonly to: 'new' };

/** The view's table and hand as pieces: the draft before any move. */
export function draftOf(view: RummyView): Draft {
  return {
    melds: view.table.map((meld, m) =>
      meld.cards.map((card, i): Piece => ({ id: `t${m}.${i}`, card, from: 'table' })),
    ),
    hand: (view.hand ?? []).map((card, i): Piece => ({ id: `h${i}`, card, from: 'hand' })),
  };
}

/** Where a piece lies in the draft: 'hand' or a meld's index; null when it is not there. */
export function placeOf(draft: Draft, id: string): 'hand' | number | null {
  if (draft.hand.some((p) => p.id === id)) return 'hand';
  const index = draft.melds.findIndex((meld) => meld.some((p) => p.id === id));
  return index < 0 ? null : index;
}

/**
 * A meld's cards in the order `play` reads: a run must be given ascending, so
 * cards that make a run only once sorted are sorted (jokers filling the gaps);
 * an order that is valid already is kept (a joker the player put low stays low).
 */
export function arranged(meld: readonly Piece[]): Piece[] {
  const cards = meld.map((p) => p.card);
  if (cards.length < 3 || isValidMeld(cards)) return meld.slice();
  const sorted = sortRun(meld, (p) => p.card);
  return isValidMeld(sorted.map((p) => p.card)) ? sorted : meld.slice();
}

/** Whether `target` accepts the piece: a card from the table may not go to the hand. */
export function accepts(draft: Draft, id: string, target: Target): boolean {
  const piece = pieceOf(draft, id);
  if (piece === undefined) return false;
  return target.to !== 'hand' || piece.from === 'hand';
}

function pieceOf(draft: Draft, id: string): Piece | undefined {
  return draft.hand.find((p) => p.id === id) ?? draft.melds.flat().find((p) => p.id === id);
}

/**
 * The draft with the piece moved to `target` (the end of a meld, then the
 * meld arranged; the end of the hand). A meld left empty goes away. The same
 * draft when the move is not allowed or changes nothing.
 */
export function moveCard(draft: Draft, id: string, target: Target): Draft {
  const piece = pieceOf(draft, id);
  const from = placeOf(draft, id);
  if (piece === undefined || from === null || !accepts(draft, id, target)) return draft;
  if (target.to === 'hand' && from === 'hand') return draft;
  if (target.to === 'meld' && from === target.index) return draft;
  if (target.to === 'meld' && draft.melds[target.index] === undefined) return draft;
  const hand = draft.hand.filter((p) => p.id !== id);
  let melds = draft.melds.map((meld) => meld.filter((p) => p.id !== id));
  if (target.to === 'hand') hand.push(piece);
  else if (target.to === 'new') melds.push([piece]);
  else melds[target.index] = arranged([...(melds[target.index] ?? []), piece]);
  if (typeof from === 'number') melds[from] = arranged(melds[from] ?? []);
  melds = melds.filter((meld) => meld.length > 0);
  return { melds, hand };
}

/** The action the draft is: the whole new table as card lists. */
export function layoutOf(draft: Draft): string[][] {
  return draft.melds.map((meld) => meld.map((p) => p.card));
}

/** Whether the draft is still the view's table and hand, untouched. */
export function untouched(draft: Draft, view: RummyView): boolean {
  return (
    draft.hand.length === (view.hand ?? []).length &&
    draft.melds.length === view.table.length &&
    draft.melds.every((meld, m) => {
      const cards = view.table[m]?.cards ?? [];
      return meld.length === cards.length && meld.every((p, i) => p.card === cards[i]);
    })
  );
}

/** The engine's word on the draft as a play by the viewer. */
export type Verdict =
  | { readonly ok: true; readonly cards: number; readonly handLeft: number }
  | { readonly ok: false; readonly reason: string };

/**
 * Checks the draft as `play` would, from the viewer's side alone (all it
 * needs is in the view): the reason of the first rule it breaks, or how many
 * cards it lays.
 */
export function verdict(draft: Draft, view: RummyView): Verdict {
  const seat = view.seat;
  if (seat === null || view.hand === null) return { ok: false, reason: 'Spectators do not play.' };
  const outcome = Round.checkPlay(
    { table: view.table, hand: view.hand, opened: view.opened[seat] === true, rules: view.rules },
    layoutOf(draft),
  );
  if (!outcome.ok) return { ok: false, reason: outcome.message };
  return { ok: true, cards: view.hand.length - outcome.hand.length, handLeft: outcome.hand.length };
}

/**
 * The solver's play among the legal actions: the server lists draw or pass
 * first, then the solver's best play, then the search's other plays; so the
 * first play listed is the solver's (or, when the solver's cannot be written
 * as card lists, the best the search found).
 */
export function solverPlay(legal: readonly RummyAction[]): Extract<RummyAction, { type: 'play' }> | null {
  const play = legal.find((a) => a.type === 'play');
  return play?.type === 'play' ? play : null;
}

/**
 * A layout (the solver's play) as a draft of the view's pieces: each card is
 * a table piece of that string while one is left, then a hand piece. Null
 * when the layout holds a card the table and hand do not.
 */
export function draftFromLayout(view: RummyView, layout: readonly (readonly string[])[]): Draft | null {
  const start = draftOf(view);
  const pools = new Map<string, Piece[]>();
  for (const piece of [...start.melds.flat(), ...start.hand]) {
    const pool = pools.get(piece.card);
    if (pool === undefined) pools.set(piece.card, [piece]);
    else pool.push(piece);
  }
  const melds: Piece[][] = [];
  for (const cards of layout) {
    const meld: Piece[] = [];
    for (const card of cards) {
      const piece = pools.get(card)?.shift();
      if (piece === undefined) return null;
      meld.push(piece);
    }
    melds.push(meld);
  }
  const used = new Set(melds.flat().map((p) => p.id));
  return { melds, hand: start.hand.filter((p) => !used.has(p.id)) };
}

export type HandOrder = 'suit' | 'value';

/** The hand in display order: by suit then value (jokers last), or by value then suit. */
export function sortedHand(hand: readonly Piece[], order: HandOrder): Piece[] {
  const byValue = (a: Piece, b: Piece) => {
    const ja = isJokerString(a.card);
    const jb = isJokerString(b.card);
    if (ja || jb) return ja === jb ? 0 : ja ? 1 : -1;
    return cardValue(a.card) - cardValue(b.card) || compareForDisplay(a.card, b.card);
  };
  return hand
    .slice()
    .sort(
      order === 'suit' ? (a, b) => compareForDisplay(a.card, b.card) || a.id.localeCompare(b.id) : byValue,
    );
}

/** What the seat that was to act did between two views of the same seat. */
export type LastPlay =
  | { readonly seat: number; readonly kind: 'drew' }
  | { readonly seat: number; readonly kind: 'passed' }
  | { readonly seat: number; readonly kind: 'played'; readonly cards: readonly string[] };

/**
 * What was played between `before` and `after`, told from the views alone
 * (they show the table, the card counts and the stock, nothing hidden): the
 * cards new on the table, or a draw, or a pass. Null when nothing changed.
 */
export function lastPlay(before: RummyView, after: RummyView): LastPlay | null {
  const seat = before.current;
  if (seat === null) return null;
  const counts = new Map<string, number>();
  for (const meld of before.table)
    for (const card of meld.cards) counts.set(card, (counts.get(card) ?? 0) + 1);
  const added: string[] = [];
  for (const meld of after.table) {
    for (const card of meld.cards) {
      const left = counts.get(card) ?? 0;
      if (left > 0) counts.set(card, left - 1);
      else added.push(card);
    }
  }
  if (added.length > 0) return { seat, kind: 'played', cards: added };
  if (after.stockCount < before.stockCount) return { seat, kind: 'drew' };
  if (after.passes > before.passes) return { seat, kind: 'passed' };
  return null;
}
