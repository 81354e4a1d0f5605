/**
 * The PHP library's API: `Game`, with `Player`, `Hand`, `Table`, `Meld` and
 * `Card` objects, kept so that code written against the PHP library reads the
 * same. It is a compatibility layer, a thin facade over the pure functions of
 * `round.ts` (the `Round` namespace) on a plain `RummyState`; new code, and
 * everything under the shared contract, uses those and `rummyGame` directly.
 */
import { createRng, type ErrorCode, IllegalActionError, type Rng } from '@tabula/core';
import { Card, type CardLike, cardKeys } from './card.js';
import { DuplicatePlayerError, NotYourTurnError, UnknownPlayerError } from './errors.js';
import { Hand } from './hand.js';
import type { Meld } from './meld.js';
import { Player } from './player.js';
import * as Round from './round.js';
import { Rules } from './rules.js';
import {
  type GameJSON,
  type GameStatus,
  type GameView,
  MAX_PLAYERS,
  type PlayerJSON,
  type RulesConfig,
  type RummyState,
} from './schemas.js';
import { DEFAULT_SOLVE_STEPS, type Solution, type SolveOptions, solve } from './solver/solve.js';
import { cloneState, gameFromJSON } from './state.js';
import { Table } from './table.js';
import { viewFor } from './view.js';

/** How `deal` shuffles when no deck is given. */
export interface DealOptions {
  /** Seed of the shuffle, for a reproducible round. */
  readonly seed?: number;
  /** Or a generator to draw the shuffle from. */
  readonly rng?: Rng;
}

/** Options of `Game.fromJSON`. */
export interface FromJSONOptions {
  /** Builds the players of the saved game, for applications with their own `Player` subclass. */
  readonly createPlayer?: (data: PlayerJSON) => Player;
}

function refuse(code: ErrorCode, message: string): never {
  throw new IllegalActionError(code, message);
}

/**
 * One round of manipulation rummy: players join, the cards are dealt, then in
 * turn each plays a new layout of the whole table, draws or passes. A refused
 * action changes nothing.
 */
export class Game {
  private readonly rules: Rules;
  private readonly players: Player[] = [];
  private round: RummyState | null = null;

  /** A game of `rules` (a `Rules`, or its plain options, checked as `new Rules` checks them). */
  constructor(rules: Rules | Partial<RulesConfig> = new Rules()) {
    this.rules = rules instanceof Rules ? rules : new Rules(rules);
  }

  getRules(): Rules {
    return this.rules;
  }

  /** Adds a player; only before the deal. Turns follow join order. */
  join(player: Player): void {
    if (this.round !== null) refuse('wrong_phase', 'Cannot join a round already dealt.');
    if (this.hasPlayer(player)) throw new DuplicatePlayerError(`Player ${player.name} already joined.`);
    if (this.players.length >= MAX_PLAYERS)
      refuse('illegal_move', `A round seats at most ${MAX_PLAYERS} players: ${player.name} cannot join.`);
    this.players.push(player);
  }

  hasPlayer(player: Player): boolean {
    return this.players.some((p) => p.equals(player));
  }

  getPlayers(): Player[] {
    return this.players.slice();
  }

  /**
   * Deals the round. With `deck` the cards are dealt as given (block dealing
   * from the start, the rest is the stock, drawn from its start); without it
   * the rules' deck is shuffled, seeded by `options`.
   */
  deal(deck?: readonly CardLike[], options: DealOptions = {}): void {
    if (this.round !== null) refuse('wrong_phase', 'Cards already dealt.');
    let cards: string[];
    if (deck === undefined) {
      const rng = options.rng ?? createRng(options.seed ?? Math.floor(Math.random() * 0x100000000));
      cards = Round.shuffledDeck(this.rules, rng);
    } else {
      cards = cardKeys(deck);
    }
    this.round = Round.deal(this.rules, this.players.length, cards);
  }

  getStatus(): GameStatus {
    return this.round === null ? 'waiting' : this.round.status;
  }

  isOver(): boolean {
    return this.round?.status === 'over';
  }

  /** Whose turn it is; only while playing. */
  getCurrentPlayer(): Player {
    return this.playerAt(this.playing().current);
  }

  getTable(): Table {
    return Table.fromJSON(this.round?.table ?? []);
  }

  getStockCount(): number {
    return this.round?.stock.length ?? 0;
  }

  getHand(player: Player): Hand {
    const seat = this.seatOf(player);
    if (this.round === null) refuse('wrong_phase', 'Cards not dealt yet.');
    return new Hand(this.round.hands[seat]);
  }

  /** Whether the player has made the opening play. */
  hasOpened(player: Player): boolean {
    const seat = this.seatOf(player);
    return this.round?.opened[seat] ?? false;
  }

  /** Consecutive passes so far. */
  getPassCount(): number {
    return this.round?.passes ?? 0;
  }

  /** Plays a turn: `melds` is the new layout of the whole table. See `Round.play` for the checks. */
  play(player: Player, melds: readonly Meld[] | Table): void {
    const { state, seat } = this.turnOf(player);
    // the melds' own cards: `Round.play` copies what it keeps
    const layout = (melds instanceof Table ? melds.getMelds() : melds).map((m) => ({
      kind: m.kind,
      cards: m.keys,
    }));
    this.round = Round.play(state, seat, layout);
  }

  /**
   * The solver's best play for `player` in the current round (see `solve`),
   * whether or not it is their turn: `hint.table` goes straight to `play`.
   * Within `DEFAULT_SOLVE_STEPS` search steps unless `options.maxSteps` says
   * otherwise (`Infinity`: the exact play, however long it takes).
   */
  hint(player: Player, options: SolveOptions = {}): Solution {
    const state = this.playing();
    const seat = this.seatOf(player);
    return solve(
      {
        table: state.table,
        hand: state.hands[seat] ?? [],
        opened: state.opened[seat] === true,
        rules: state.rules,
      },
      { ...options, maxSteps: options.maxSteps ?? DEFAULT_SOLVE_STEPS },
    );
  }

  /** Draws the next card of the stock into the hand and returns it. */
  draw(player: Player): Card {
    const { state, seat } = this.turnOf(player);
    this.round = Round.draw(state, seat);
    // The draw took the first card of the stock, so there was one.
    return Card.fromString(state.stock[0]!);
  }

  /** Skips the turn; only when the stock is empty. */
  pass(player: Player): void {
    const { state, seat } = this.turnOf(player);
    this.round = Round.pass(state, seat);
  }

  getWinner(): Player | null {
    const winner = this.round?.winner ?? null;
    return winner === null ? null : this.playerAt(winner);
  }

  /** The player's score: 0 until the round is over. */
  getScore(player: Player): number {
    const seat = this.seatOf(player);
    return this.round?.scores[seat] ?? 0;
  }

  /** The pure state of the round (null before the deal), for `Round` and `rummyGame`. */
  getState(): RummyState | null {
    return this.round;
  }

  /** The whole game as plain JSON (a deep copy). */
  toJSON(): GameJSON {
    return {
      rules: this.rules.toJSON(),
      players: this.players.map((p) => ({ id: p.id, name: p.name })),
      round: this.round === null ? null : cloneState(this.round),
    };
  }

  /** A game from `toJSON()` output (or its text), validated: the first problem is named with its path. */
  static fromJSON(json: unknown, options: FromJSONOptions = {}): Game {
    const data = gameFromJSON(json);
    const game = new Game(new Rules(data.rules));
    const create = options.createPlayer ?? ((p: PlayerJSON) => new Player(p.name, p.id));
    for (const p of data.players) game.players.push(create(p));
    game.round = data.round === null ? null : cloneState(data.round);
    return game;
  }

  /**
   * What `player` may know (null: a spectator): their own hand, the table,
   * the stock count, how many cards the others hold, whose turn, who opened,
   * the scores once over. Never other hands nor the stock order.
   */
  viewFor(player: Player | null): GameView {
    const seat = player === null ? null : this.seatOf(player);
    const players = this.players.map((p) => ({ id: p.id, name: p.name }));
    if (this.round === null) {
      return {
        players,
        rules: this.rules.toJSON(),
        status: 'waiting',
        seat,
        hand: null,
        handSizes: players.map(() => 0),
        opened: players.map(() => false),
        table: [],
        stockCount: 0,
        current: null,
        passes: 0,
        winner: null,
        scores: null,
      };
    }
    return { players, ...viewFor(this.round, seat) };
  }

  private seatOf(player: Player): number {
    const players = this.players;
    for (let seat = 0; seat < players.length; seat++) if (players[seat]!.equals(player)) return seat;
    throw new UnknownPlayerError(`Player ${player.name} is not in this game.`);
  }

  private playerAt(seat: number): Player {
    const player = this.players[seat];
    if (player === undefined) throw new UnknownPlayerError(`There is no player at seat ${seat}.`);
    return player;
  }

  private playing(): RummyState {
    if (this.round === null) refuse('wrong_phase', 'The round has not started: deal first.');
    if (this.round.status === 'over') refuse('game_over', 'The round is over.');
    return this.round;
  }

  /** The round and the seat of `player`, after checking that the round is on and that it is their turn. */
  private turnOf(player: Player): { state: RummyState; seat: number } {
    const state = this.playing();
    const seat = this.seatOf(player);
    if (seat !== state.current) {
      throw new NotYourTurnError(`It is ${this.playerAt(state.current).name}'s turn, not ${player.name}'s.`);
    }
    return { state, seat };
  }
}
