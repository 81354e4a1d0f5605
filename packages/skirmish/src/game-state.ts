/**
 * `GameState`, the state object of the PHP library's API: the compatibility
 * layer. It shows a game the way the PHP library does (player ids
 * `1..playerCount`, `Planet` objects, `toJSON` in the PHP `toArray` shape).
 *
 * Two representations stand behind it. Plays go through the compact core
 * (`core.ts`): a line of play keeps its newest position as a core changed in
 * place and the plays made since its start, and a state is a position on
 * that line (the line and a number of plays). The plain `SkirmishState` a
 * state shows (its hands, pot, claimed planets, battles) is built only when
 * asked, by the pure rules of `rules.ts` replayed from the line's start (from
 * the last position built, when it is earlier on the line), so every field
 * is what the rules say, and a caller's state never changes: playing on a
 * state that is no longer the newest of its line starts a new line.
 */
import { CoreState, CoreTable, deckPulls } from './core.js';
import { noSuchPlayer } from './errors.js';
import type { GameConfig } from './game-config.js';
import { fromPhpArray, type PhpState, toPhpArray } from './php-array.js';
import { type Planet, planetData, planetObject } from './planet.js';
import { leaders, newGame, playCard, scores, zeroed } from './rules.js';
import type { Battle, GameEndReason, SkirmishPlanet, SkirmishState } from './schemas.js';

/** The seat of a player id (`1..players`), or an `unknown_seat` error naming the id. */
export function seatOf(playerId: unknown, players: number): number {
  if (typeof playerId !== 'number' || !Number.isInteger(playerId) || playerId < 1 || playerId > players)
    throw noSuchPlayer(playerId, players);
  return playerId - 1;
}

/** The value of a player id (`1..n`) in a list by seat, or an `unknown_seat` error. */
export function ofPlayer<T>(list: readonly T[], playerId: number): T {
  const value = list[seatOf(playerId, list.length)];
  if (value === undefined) throw noSuchPlayer(playerId, list.length);
  return value;
}

/**
 * A resolved battle in the PHP library's terms (player ids `1..n`): the card
 * each player revealed, keyed by id; the id that took the pot, or null for a
 * tie; the planets at stake; and the planets the winner claimed (pulls of
 * `DoubleNextPlanetNoCombat` included; none on a tie).
 */
export interface BattleResult {
  readonly cards: Readonly<Record<number, number>>;
  readonly winner: number | null;
  readonly pot: readonly Planet[];
  readonly claimed: readonly Planet[];
}

/** Where a line of play starts: a new game of a config, or a plain state (given or loaded). */
type LineStart =
  | { readonly config: GameConfig; readonly plain?: undefined }
  | {
      readonly config?: undefined;
      readonly plain: SkirmishState;
      readonly planets: ReadonlyMap<SkirmishPlanet, Planet> | readonly Planet[];
    };

/**
 * A line of play: its start, the plays made since (seat and card), and its
 * newest position as a core that the next play on the newest state changes
 * in place.
 */
class Line {
  readonly start: LineStart;
  readonly table: CoreTable;
  readonly seats: number[] = [];
  readonly cards: number[] = [];
  /** The position after every play of the line. */
  readonly core: CoreState;
  /** The last plain state built, and after how many plays. */
  #plain: SkirmishState | null = null;
  #plainPly = 0;
  #objects: ReadonlyMap<SkirmishPlanet, Planet> | null = null;
  /** The `Planet` list shown for each plain list, so a list a play left as it was keeps its objects. */
  #shown: WeakMap<readonly SkirmishPlanet[], readonly Planet[]> | null = null;

  constructor(start: LineStart, table: CoreTable, core: CoreState) {
    this.start = start;
    this.table = table;
    this.core = core;
  }

  static ofConfig(config: GameConfig): Line {
    // Every seat starts with the fleet (frozen: the seats may share it); the plain rules write a -0 ship as 0.
    const fleet = config.fleetValues.some((ship) => Object.is(ship, -0))
      ? Object.freeze(config.fleetValues.map(zeroed))
      : config.fleetValues;
    const table = new CoreTable(
      new Array(config.playerCount).fill(fleet),
      deckPulls(config.planets),
      config.planets.length,
    );
    return new Line({ config }, table, CoreState.start(table));
  }

  static ofPlain(
    plain: SkirmishState,
    planets: ReadonlyMap<SkirmishPlanet, Planet> | readonly Planet[],
  ): Line {
    const core = CoreState.ofPlain(plain);
    return new Line({ plain, planets }, core.table, core);
  }

  /** A new line with the first `ply` plays of this one, then a play already made on `core` (a copy of the position after them). */
  branch(ply: number, core: CoreState, seat: number, card: number, plain: SkirmishState | null): Line {
    const line = new Line(this.start, this.table, core);
    for (let k = 0; k < ply; k++) {
      line.seats.push(this.seats[k] as number);
      line.cards.push(this.cards[k] as number);
    }
    line.seats.push(seat);
    line.cards.push(card);
    line.#objects = this.#objects;
    line.#shown = this.#shown;
    if (plain !== null) {
      line.#plain = plain;
      line.#plainPly = ply;
    }
    return line;
  }

  /** The core after the first `ply` plays (a new one, replayed from the start). */
  coreAt(ply: number): CoreState {
    const core =
      this.start.plain === undefined ? CoreState.start(this.table) : CoreState.ofPlain(this.start.plain);
    for (let k = 0; k < ply; k++) core.play(this.seats[k] as number, this.cards[k] as number);
    return core;
  }

  #base(): SkirmishState {
    const { config, plain } = this.start;
    if (plain !== undefined) return plain;
    return newGame(config.playerCount, config.fleetValues, config.planets.map(planetData));
  }

  /** The plain state after the first `ply` plays, by the plain rules. */
  plainAt(ply: number): SkirmishState {
    let state: SkirmishState;
    let from: number;
    if (this.#plain !== null && this.#plainPly <= ply) {
      state = this.#plain;
      from = this.#plainPly;
    } else {
      state = this.#base();
      from = 0;
    }
    for (let k = from; k < ply; k++)
      state = playCard(state, this.seats[k] as number, this.cards[k] as number);
    this.#plain = state;
    this.#plainPly = ply;
    return state;
  }

  /** The `Planet` object of each plain planet of the deck, the same object from state to state. */
  #planetObjects(): ReadonlyMap<SkirmishPlanet, Planet> {
    if (this.#objects !== null) return this.#objects;
    const deck = this.plainAt(0).deck;
    const { config, plain } = this.start;
    const given = plain === undefined ? config.planets : this.start.planets;
    this.#objects =
      given instanceof Map
        ? given
        : new Map(deck.map((planet, i) => [planet, (given as readonly Planet[])[i] ?? planetObject(planet)]));
    return this.#objects;
  }

  /** A plain list of planets as frozen `Planet` objects (the same list for the same plain list). */
  shown(list: readonly SkirmishPlanet[]): readonly Planet[] {
    this.#shown ??= new WeakMap();
    let planets = this.#shown.get(list);
    if (planets === undefined) {
      const objects = this.#planetObjects();
      planets = Object.freeze(list.map((planet) => objects.get(planet) ?? planetObject(planet)));
      this.#shown.set(list, planets);
    }
    return planets;
  }

  /** The planet objects this line shows, for a state made from one of its plain states. */
  planetObjects(): ReadonlyMap<SkirmishPlanet, Planet> {
    return this.#planetObjects();
  }
}

// A state made by a play or a new game: `new GameState` takes its line and position from here.
let madeLine: Line | null = null;
let madePly = 0;
const MADE = {} as SkirmishState;

function made(line: Line, ply: number): GameState {
  madeLine = line;
  madePly = ply;
  return new GameState(MADE);
}

/** Why the core refused a play, when it did (`ALREADY_PLAYED`, `CARD_NOT_HELD`). */
export type Refusal = number;

/** The hooks `GameEngine` plays through (set in `GameState`'s static block: they reach its private fields). */
let playOnState: (state: GameState, seat: number, card: number) => GameState | Refusal;
let legalOfState: (state: GameState, seat: number) => number[];

/** A new game of a config, through the core. */
export function startGame(config: GameConfig): GameState {
  return made(Line.ofConfig(config), 0);
}

/** The state after a seat's card (the seat at the table, the game not over), or why the core refused it. */
export function playOn(state: GameState, seat: number, card: number): GameState | Refusal {
  return playOnState(state, seat, card);
}

/** The ships a seat may play now (the seat at the table, the game not over): none once it has played this battle. */
export function legalCards(state: GameState, seat: number): number[] {
  return legalOfState(state, seat);
}

/** What a state builds when asked, kept. */
interface Memo {
  /** Its own core, once it is no longer the newest of its line. */
  core: CoreState | null;
  plain: SkirmishState | null;
  claimed: readonly (readonly Planet[])[] | null;
  /** For a state made by `new GameState(plain, previous)`: how many battles the previous had; null for one given no previous; undefined for a state played. */
  battlesBefore: number | null | undefined;
}

/**
 * An immutable snapshot of a game. Per-player lists are indexed by seat, that
 * is `playerId - 1`. The engine never changes a state; every transition
 * returns a new one. A state has no data of its own to change: its fields
 * are read-only accessors over private fields (assigning one throws a
 * `TypeError`), and the lists they return are frozen. (It is not itself
 * frozen: `Object.freeze` is a call into V8's runtime that cost a third of a
 * play.)
 */
export class GameState {
  readonly #line: Line;
  /** How many plays of the line this state comes after. */
  readonly #ply: number;
  readonly #revealed: number;
  readonly #endReason: GameEndReason | null;
  /** What this state has built when asked (one field, so that a play makes a small object). */
  #memo: Memo | null;

  static {
    playOnState = (state, seat, card) => {
      const line = state.#line;
      const ply = state.#ply;
      if (ply === line.cards.length) {
        const refused = line.core.play(seat, card);
        if (refused !== 0) return refused;
        line.seats.push(seat);
        line.cards.push(card);
        return made(line, ply + 1);
      }
      // An older position of the line: its own copy, on a line of its own.
      const core = state.#coreNow().copy();
      const refused = core.play(seat, card);
      if (refused !== 0) return refused;
      return made(line.branch(ply, core, seat, card, state.#memo?.plain ?? null), ply + 1);
    };
    legalOfState = (state, seat) => {
      const core = state.#coreNow();
      return core.hasPlayed(seat) ? [] : core.hand(seat);
    };
  }

  /**
   * Wraps a plain state (trusted: untrusted JSON goes through
   * `GameState.fromJSON` or `fromJSON`). `planets` gives the `Planet`
   * objects to reuse: those of an earlier `GameState` of the same game, or
   * the deck's own, in the state's deck order.
   */
  constructor(state: SkirmishState, planets: GameState | readonly Planet[] = []) {
    let line: Line;
    let ply = 0;
    if (state === MADE && madeLine !== null) {
      line = madeLine;
      ply = madePly;
      madeLine = null;
      this.#memo = null;
    } else {
      // The lists a state shows are frozen, and so are those of the plain state it wraps.
      for (const hand of state.hands) Object.freeze(hand);
      Object.freeze(state.hands);
      Object.freeze(state.plays);
      line = Line.ofPlain(state, planets instanceof GameState ? planets.#line.planetObjects() : planets);
      this.#memo = {
        core: null,
        plain: state,
        claimed: null,
        battlesBefore: planets instanceof GameState ? planets.toState().battles.length : null,
      };
    }
    this.#line = line;
    this.#ply = ply;
    // A new state is the newest of its line: the line's core is its position.
    this.#revealed = line.core.revealed;
    this.#endReason = line.core.endReason;
  }

  get playerCount(): number {
    return this.#line.table.players;
  }

  /** How many planets of the deck have left it (into the pot or a player's hands). */
  get currentPlanetIndex(): number {
    return this.#revealed;
  }

  get gameOver(): boolean {
    return this.#endReason !== null;
  }

  get endReason(): GameEndReason | null {
    return this.#endReason;
  }

  /** The position as a core: the line's while this state is its newest, else its own. */
  #coreNow(): CoreState {
    if (this.#ply === this.#line.cards.length) return this.#line.core;
    const memo = this.#memoNow();
    memo.core ??= this.#line.coreAt(this.#ply);
    return memo.core;
  }

  #memoNow(): Memo {
    this.#memo ??= { core: null, plain: null, claimed: null, battlesBefore: undefined };
    return this.#memo;
  }

  #plainState(): SkirmishState {
    const memo = this.#memoNow();
    if (memo.plain === null) {
      const state = this.#line.plainAt(this.#ply);
      for (const hand of state.hands) Object.freeze(hand);
      Object.freeze(state.hands);
      Object.freeze(state.plays);
      memo.plain = state;
    }
    return memo.plain;
  }

  /** The ships each player still holds, by seat. */
  get hands(): readonly (readonly number[])[] {
    return this.#plainState().hands;
  }

  /** The full deck in reveal order, including planets already revealed. */
  get planetDeck(): readonly Planet[] {
    return this.#line.shown(this.#plainState().deck);
  }

  /** The planets at stake in the current battle, face up. */
  get planetPot(): readonly Planet[] {
    return this.#line.shown(this.#plainState().pot);
  }

  /** The planets each player has claimed, in claim order, by seat. */
  get claimedPlanets(): readonly (readonly Planet[])[] {
    const memo = this.#memoNow();
    memo.claimed ??= Object.freeze(this.#plainState().claimed.map((planets) => this.#line.shown(planets)));
    return memo.claimed;
  }

  /** The card each player has committed to the current battle (secret), or null, by seat. */
  get currentPlays(): readonly (number | null)[] {
    return this.#plainState().plays;
  }

  /**
   * The battle that the play which made this state resolved, in player ids
   * (`GameEngine.playCard` returns the state; this is its battle): null when
   * that play waits for other players' cards, and for a state that was
   * started or loaded rather than played.
   */
  resolvedBattle(): BattleResult | null {
    const state = this.#plainState();
    const battle = state.battles.at(-1);
    if (battle === undefined) return null;
    const before = this.#memoNow().battlesBefore;
    if (before !== undefined) {
      // Made from a plain state: as the plain `resolvedBattle(before, after)`, from the count the state before had.
      return before !== null && state.battles.length > before ? this.#inPlayerTerms(battle) : null;
    }
    // Played: the play resolved a battle exactly when it left no card waiting.
    return this.#ply > 0 && state.plays.every((card) => card === null) ? this.#inPlayerTerms(battle) : null;
  }

  /** A battle of the plain state (by seat, planet ids) with player ids and `Planet` objects. */
  #inPlayerTerms(battle: Battle): BattleResult {
    const byId = new Map(this.planetDeck.map((planet) => [planet.id, planet]));
    const planets = (ids: readonly string[]) => Object.freeze(ids.flatMap((id) => byId.get(id) ?? []));
    return Object.freeze({
      cards: Object.freeze(Object.fromEntries(battle.cards.map((card, seat) => [seat + 1, card]))),
      winner: battle.winner === null ? null : battle.winner + 1,
      pot: planets(battle.pot),
      claimed: planets(battle.claimed),
    });
  }

  /** Every battle fought so far, oldest first, in player ids (a state loaded from the PHP shape has none: PHP keeps no history). */
  battles(): BattleResult[] {
    return this.#plainState().battles.map((battle) => this.#inPlayerTerms(battle));
  }

  /** The plain state this object shows, for the pure functions (`viewFor`, `skirmishGame`). */
  toState(): SkirmishState {
    return this.#plainState();
  }

  /** The player ids, `1..playerCount`. */
  playerIds(): number[] {
    return Array.from({ length: this.playerCount }, (_, i) => i + 1);
  }

  /** The ships a player still holds. */
  hand(playerId: number): readonly number[] {
    return ofPlayer(this.hands, playerId);
  }

  /** The planets a player has claimed. */
  claimedBy(playerId: number): readonly Planet[] {
    return ofPlayer(this.claimedPlanets, playerId);
  }

  /** The card a player has committed to the current battle, or null. A secret: see `viewFor`. */
  playOf(playerId: number): number | null {
    return ofPlayer(this.currentPlays, playerId);
  }

  /** How many planets are still face down in the deck. */
  planetsLeftInDeck(): number {
    return this.#line.table.deckLength - this.currentPlanetIndex;
  }

  allHandsEmpty(): boolean {
    return this.#coreNow().allHandsEmpty();
  }

  /** Each player's VP, `{ 1: vp, 2: vp, ... }`: claimed planets plus `ClassSetBonus` bonuses. */
  scores(): Record<number, number> {
    return Object.fromEntries(scores(this.#plainState()).map((vp, seat) => [seat + 1, vp]));
  }

  /** The ids with the most VP (more than one when they share it); the winners once the game is over. */
  winners(): number[] {
    return leaders(this.#plainState()).map((seat) => seat + 1);
  }

  /** The PHP library's `toArray` shape, ready for `JSON.stringify`. */
  toJSON(): PhpState {
    return toPhpArray(this.#plainState());
  }

  /**
   * A state from its saved form (ours or the PHP library's), checked: it
   * throws `InvalidInputError` (code `invalid_state`) naming the first
   * problem and its path, such as `$.hands["2"][3]`.
   */
  static fromJSON(value: unknown): GameState {
    return new GameState(fromPhpArray(value));
  }
}
