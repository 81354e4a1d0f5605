/**
 * The compact core behind `GameEngine`: the little a play needs, in one
 * `Float64Array` changed in place. A hand is a bit mask over the ships the
 * seat held when the game began (or when the state was loaded), so a play
 * clears a bit and the hand's order is the starting order with the spent
 * ships left out, as the plain rules keep it. The pot is a count (and the
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
  /** 32-bit words of a hand's mask. */
  readonly words: number;
  /** The ships each seat started with, in hand order (every seat may share one list). */
  readonly ships: readonly (readonly number[])[];
  readonly deckLength: number;
  /** `DoubleNextPlanetNoCombat` entries of each deck planet, by deck position; null when no planet has any. */
  readonly pulls: Int32Array | null;
  // Offsets into a CoreState's buffer.
  readonly count: number;
  readonly plays: number;
  readonly played: number;
  readonly size: number;

  constructor(ships: readonly (readonly number[])[], deckPulls: Int32Array | null, deckLength: number) {
    this.players = ships.length;
    let most = 0;
    for (const hand of ships) most = Math.max(most, hand.length);
    this.words = Math.max(1, Math.ceil(most / 32));
    this.ships = ships;
    this.deckLength = deckLength;
    this.pulls = deckPulls;
    this.count = HELD + this.players * this.words;
    this.plays = this.count + this.players;
    this.played = this.plays + this.players;
    this.size = this.played + this.players;
  }
}

// Scalars at the head of the buffer.
const PLAYED_COUNT = 0;
const REVEALED = 1;
const POT_COUNT = 2;
const POT_PULLS = 3;
const HELD = 4;

/** Why a play was refused (0: accepted). */
export const ALREADY_PLAYED = 1;
export const CARD_NOT_HELD = 2;

/** The pulls of each planet of a deck, or null when none pulls. */
export function deckPulls(
  deck: readonly { readonly abilities: readonly { readonly type: string }[] }[],
): Int32Array | null {
  let pulls: Int32Array | null = null;
  for (let i = 0; i < deck.length; i++) {
    let n = 0;
    for (const ability of deck[i]?.abilities ?? [])
      if (ability.type === PlanetAbilityType.DoubleNextPlanetNoCombat) n++;
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
  readonly buffer: Float64Array;
  endReason: GameEndReason | null;

  constructor(table: CoreTable, buffer: Float64Array, endReason: GameEndReason | null) {
    this.table = table;
    this.buffer = buffer;
    this.endReason = endReason;
  }

  /** A new game: every seat holds all its ships; the first planet is face up in the pot. */
  static start(table: CoreTable): CoreState {
    const b = new Float64Array(table.size);
    const { players, words, ships } = table;
    for (let seat = 0; seat < players; seat++) {
      const n = ships[seat]?.length ?? 0;
      fillMask(b, HELD + seat * words, n);
      b[table.count + seat] = n;
    }
    if (table.deckLength > 0) {
      b[REVEALED] = 1;
      b[POT_COUNT] = 1;
      b[POT_PULLS] = table.pulls?.[0] ?? 0;
    }
    return new CoreState(table, b, null);
  }

  /** The core of a plain state, whose hands become the seats' starting ships. */
  static ofPlain(state: SkirmishState): CoreState {
    const table = new CoreTable(state.hands, deckPulls(state.deck), state.deck.length);
    const b = new Float64Array(table.size);
    const { players, words } = table;
    for (let seat = 0; seat < players; seat++) {
      const n = state.hands[seat]?.length ?? 0;
      fillMask(b, HELD + seat * words, n);
      b[table.count + seat] = n;
      const card = state.plays[seat];
      if (card !== null && card !== undefined) {
        b[table.plays + seat] = card;
        b[table.played + seat] = 1;
        b[PLAYED_COUNT] = (b[PLAYED_COUNT] as number) + 1;
      }
    }
    b[REVEALED] = state.revealed;
    b[POT_COUNT] = state.pot.length;
    let owed = 0;
    for (const planet of state.pot) owed += pullsOnClaim(planet);
    b[POT_PULLS] = owed;
    return new CoreState(table, b, state.endReason);
  }

  copy(): CoreState {
    return new CoreState(this.table, this.buffer.slice(), this.endReason);
  }

  get revealed(): number {
    return this.buffer[REVEALED] ?? 0;
  }

  hasPlayed(seat: number): boolean {
    return this.buffer[this.table.played + seat] === 1;
  }

  /** The ships a seat holds, in hand order (a new list). */
  hand(seat: number): number[] {
    const { words, ships } = this.table;
    const b = this.buffer;
    const all = ships[seat] ?? [];
    const out: number[] = [];
    const at = HELD + seat * words;
    for (let w = 0; w < words; w++) {
      let mask = b[at + w] ?? 0;
      while (mask !== 0) {
        const low = mask & -mask;
        out.push(all[w * 32 + 31 - Math.clz32(low)] as number);
        mask = (mask ^ low) >>> 0;
      }
    }
    return out;
  }

  allHandsEmpty(): boolean {
    const { count, players } = this.table;
    for (let seat = 0; seat < players; seat++) if (this.buffer[count + seat] !== 0) return false;
    return true;
  }

  /**
   * Commits a seat's card (the seat is at the table, the game not over):
   * `ALREADY_PLAYED` or `CARD_NOT_HELD` and no change, or 0 and the card is
   * in (and the battle resolved when it was the last).
   */
  play(seat: number, card: number): number {
    const t = this.table;
    const b = this.buffer;
    if (b[t.played + seat] === 1) return ALREADY_PLAYED;
    const all = t.ships[seat] as readonly number[];
    const at = HELD + seat * t.words;
    // The first ship of this strength still held, as `indexOf` finds it in the hand.
    let position = -1;
    for (let p = 0; p < all.length; p++) {
      if (all[p] === card && (((b[at + (p >>> 5)] as number) >>> (p & 31)) & 1) === 1) {
        position = p;
        break;
      }
    }
    if (position < 0) return CARD_NOT_HELD;
    const word = at + (position >>> 5);
    b[word] = ((b[word] as number) & ~(1 << (position & 31))) >>> 0;
    b[t.count + seat] = (b[t.count + seat] as number) - 1;
    // The ship held, not the number given: -0 is played as 0.
    b[t.plays + seat] = all[position] as number;
    b[t.played + seat] = 1;
    const count = (b[PLAYED_COUNT] as number) + 1;
    b[PLAYED_COUNT] = count;
    if (count === t.players) this.#resolve();
    return 0;
  }

  #resolve(): void {
    const t = this.table;
    const b = this.buffer;
    const { players, plays, played, pulls, deckLength } = t;
    // The single highest card wins; a tie for the highest (lower cards do not matter) wins nothing.
    let best = Number.NEGATIVE_INFINITY;
    let winner = -1;
    for (let seat = 0; seat < players; seat++) {
      const card = b[plays + seat] as number;
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

  /** Why the game ends now (`endReasonFor`), from the hand counts. */
  #endReason(planetsLeft: number): GameEndReason | null {
    const { count, players } = this.table;
    let empty = 0;
    for (let seat = 0; seat < players; seat++) if (this.buffer[count + seat] === 0) empty++;
    return endReasonFor(empty, players, planetsLeft);
  }
}

/** Sets the low `n` bits of the mask at `at`. */
function fillMask(b: Float64Array, at: number, n: number): void {
  for (let w = 0; n > 0; w++, n -= 32) b[at + w] = n >= 32 ? 0xffffffff : 2 ** n - 1;
}
