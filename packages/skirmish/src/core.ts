/**
 * The compact core behind `GameEngine`: the little a play needs, changed in
 * place: each seat's hand as an array of its ships in hand order (a play
 * takes one out; the legal cards are a copy, `slice()`, the fastest copy
 * V8 makes: a bit mask walked bit by bit was slower), and the rest in one
 * array of numbers (a plain array: V8 makes one several times faster than a
 * typed array of that size, and a game makes one). The pot is a count (and the
 * `DoubleNextPlanetNoCombat` pulls its planets owe); which planets and who
 * claimed them is left to the plain rules, replayed only when asked
 * (`game-state.ts`). The rules here are those of `rules.ts`, step for step;
 * a test plays both side by side.
 */
import { endReasonFor, pullsOnClaim } from './rules.js';
import type { GameEndReason, SkirmishState } from './schemas.js';
import { PlanetAbilityType } from './schemas.js';

/** What never changes during a game: the seats' starting ships and the deck's pulls. */
export class CoreTable {
  readonly players: number;
  /** The ships each seat started with, in hand order (every seat may share one list). */
  readonly ships: readonly (readonly number[])[];
  readonly deckLength: number;
  /** `DoubleNextPlanetNoCombat` entries of each deck planet, by deck position; null when no planet has any. */
  readonly pulls: Int32Array | null;

  constructor(ships: readonly (readonly number[])[], deckPulls: Int32Array | null, deckLength: number) {
    this.players = ships.length;
    this.ships = ships;
    this.deckLength = deckLength;
    this.pulls = deckPulls;
  }
}

// Scalars at the head of the buffer.
const PLAYED_COUNT = 0;
const REVEALED = 1;
const POT_COUNT = 2;
const POT_PULLS = 3;
/** Then each seat's card in the current battle, then whether it has played (1) or not (0). */
const PLAYS = 4;

/** Why a play was refused (0: accepted). */
export const ALREADY_PLAYED = 1;
export const CARD_NOT_HELD = 2;

/** The pulls of each planet of a deck, or null when none pulls. */
export function deckPulls(
  deck: readonly { readonly abilities: readonly { readonly type: string }[] }[],
): Int32Array | null {
  let pulls: Int32Array | null = null;
  for (let i = 0; i < deck.length; i++) {
    const abilities = (deck[i] as (typeof deck)[number]).abilities;
    let n = 0;
    for (let k = 0; k < abilities.length; k++) {
      if ((abilities[k] as (typeof abilities)[number]).type === PlanetAbilityType.DoubleNextPlanetNoCombat)
        n++;
    }
    if (n > 0) {
      pulls ??= new Int32Array(deck.length);
      pulls[i] = n;
    }
  }
  return pulls;
}

/**
 * One position of a game, mutable. Only `GameState` holds one, and it never
 * changes one a caller's state still shows (it plays on the newest position
 * of a line of play, and copies before branching off an older one).
 */
export class CoreState {
  readonly table: CoreTable;
  /** Each seat's ships, in hand order. */
  readonly hands: number[][];
  readonly buffer: number[];
  endReason: GameEndReason | null;

  constructor(table: CoreTable, hands: number[][], buffer: number[], endReason: GameEndReason | null) {
    this.table = table;
    this.hands = hands;
    this.buffer = buffer;
    this.endReason = endReason;
  }

  /** A new game: every seat holds all its ships; the first planet is face up in the pot. */
  static start(table: CoreTable): CoreState {
    const { players, ships } = table;
    const b = new Array<number>(PLAYS + 2 * players).fill(0);
    const hands: number[][] = [];
    for (let seat = 0; seat < players; seat++) hands.push((ships[seat] ?? []).slice());
    if (table.deckLength > 0) {
      b[REVEALED] = 1;
      b[POT_COUNT] = 1;
      b[POT_PULLS] = table.pulls?.[0] ?? 0;
    }
    return new CoreState(table, hands, b, null);
  }

  /** The core of a plain state, whose hands become the seats' starting ships. */
  static ofPlain(state: SkirmishState): CoreState {
    const table = new CoreTable(state.hands, deckPulls(state.deck), state.deck.length);
    const players = table.players;
    const b = new Array<number>(PLAYS + 2 * players).fill(0);
    const hands: number[][] = [];
    for (let seat = 0; seat < players; seat++) {
      hands.push((state.hands[seat] ?? []).slice());
      const card = state.plays[seat];
      if (card !== null && card !== undefined) {
        b[PLAYS + seat] = card;
        b[PLAYS + players + seat] = 1;
        b[PLAYED_COUNT] = (b[PLAYED_COUNT] as number) + 1;
      }
    }
    b[REVEALED] = state.revealed;
    b[POT_COUNT] = state.pot.length;
    let owed = 0;
    for (const planet of state.pot) owed += pullsOnClaim(planet);
    b[POT_PULLS] = owed;
    return new CoreState(table, hands, b, state.endReason);
  }

  copy(): CoreState {
    return new CoreState(
      this.table,
      this.hands.map((hand) => hand.slice()),
      this.buffer.slice(),
      this.endReason,
    );
  }

  get revealed(): number {
    return this.buffer[REVEALED] ?? 0;
  }

  hasPlayed(seat: number): boolean {
    return this.buffer[PLAYS + this.table.players + seat] === 1;
  }

  /** The ships a seat holds, in hand order (a new list). */
  hand(seat: number): number[] {
    return (this.hands[seat] as number[]).slice();
  }

  allHandsEmpty(): boolean {
    for (const hand of this.hands) if (hand.length !== 0) return false;
    return true;
  }

  /**
   * Commits a seat's card (the seat is at the table, the game not over):
   * `ALREADY_PLAYED` or `CARD_NOT_HELD` and no change, or 0 and the card is
   * in (and the battle resolved when it was the last).
   */
  play(seat: number, card: number): number {
    const b = this.buffer;
    const players = this.table.players;
    if (b[PLAYS + players + seat] === 1) return ALREADY_PLAYED;
    const hand = this.hands[seat] as number[];
    // The first ship of this strength, as the plain rules find it.
    const at = hand.indexOf(card);
    if (at < 0) return CARD_NOT_HELD;
    // The ship held, not the number given: -0 is played as 0.
    b[PLAYS + seat] = hand[at] as number;
    b[PLAYS + players + seat] = 1;
    const last = hand.length - 1;
    for (let k = at; k < last; k++) hand[k] = hand[k + 1] as number;
    hand.pop();
    const count = (b[PLAYED_COUNT] as number) + 1;
    b[PLAYED_COUNT] = count;
    if (count === players) this.#resolve();
    return 0;
  }

  #resolve(): void {
    const b = this.buffer;
    const { players, pulls, deckLength } = this.table;
    const played = PLAYS + players;
    // The single highest card wins; a tie for the highest (lower cards do not matter) wins nothing.
    let best = Number.NEGATIVE_INFINITY;
    let winner = -1;
    for (let seat = 0; seat < players; seat++) {
      const card = b[PLAYS + seat] as number;
      if (card > best) {
        best = card;
        winner = seat;
      } else if (card === best) {
        winner = -1;
      }
      b[played + seat] = 0;
    }
    b[PLAYED_COUNT] = 0;
    let revealed = b[REVEALED] as number;
    if (winner < 0) {
      if (revealed < deckLength) {
        b[POT_COUNT] = (b[POT_COUNT] as number) + 1;
        b[POT_PULLS] = (b[POT_PULLS] as number) + (pulls?.[revealed] ?? 0);
        revealed++;
      }
    } else if ((b[POT_COUNT] as number) > 0) {
      // Each pull takes the next planet, whose own pulls follow (a chain): a count of what is owed is all it takes.
      let owed = b[POT_PULLS] as number;
      while (owed > 0 && revealed < deckLength) {
        owed += (pulls?.[revealed] ?? 0) - 1;
        revealed++;
      }
      b[POT_COUNT] = 0;
      b[POT_PULLS] = 0;
    }
    const endReason = this.#endReason(deckLength - revealed + (b[POT_COUNT] as number));
    if (endReason === null && b[POT_COUNT] === 0 && revealed < deckLength) {
      // The next battle's stake is face up before anyone chooses.
      b[POT_COUNT] = 1;
      b[POT_PULLS] = pulls?.[revealed] ?? 0;
      revealed++;
    }
    b[REVEALED] = revealed;
    this.endReason = endReason;
  }

  /** Why the game ends now (`endReasonFor`), from the hand sizes. */
  #endReason(planetsLeft: number): GameEndReason | null {
    let empty = 0;
    for (const hand of this.hands) if (hand.length === 0) empty++;
    return endReasonFor(empty, this.hands.length, planetsLeft);
  }
}
