/**
 * The three workloads of issue 13, the ones the PHP library is compared on
 * (the comparison itself runs outside the project, where PHP is installed):
 *
 * - melds: 10,000 candidate melds as text through `Meld.fromString`, about 57%
 *   valid, the rest near misses (a card out of order, of another suit, a rank
 *   twice in a group, a joker past the king, two cards, a bad card);
 * - tables: pairs of tables (before and after a play) as text, parsed, then
 *   `isPreservedIn` and `newMeldsIn` with the points of the new melds;
 * - rounds: whole 2- and 4-player rounds through `Game`: join, deal a given
 *   deck, then each turn's layout as melds from strings and `play`, or `draw` /
 *   `pass`.
 *
 * The inputs are generated from seeded generators (`buildWorkloads`); the
 * round scripts come from playing seeded rounds with the bounded search
 * (`findPlays`) once. The runners (`runMelds`, ...) are what is timed: they
 * only parse text and call the public API, as a user of the library would.
 */
import { createRng, type Rng } from '@tabula/core';
import {
  DEFAULT_RULES,
  findPlays,
  Game,
  isCardString,
  isValidMeld,
  Meld,
  newMelds,
  Player,
  RANKS,
  Round,
  SUITS,
  Table,
} from '../src/index.js';

/** One turn of a scripted round: a play (the whole new table, one meld text a meld) or a draw or a pass. */
export type Step = { readonly play: readonly string[] } | 'draw' | 'pass';

/** A round to replay: the deck dealt, the turns in order, and how it ended. */
export interface RoundScript {
  readonly players: number;
  readonly deck: readonly string[];
  readonly steps: readonly Step[];
  readonly winner: number;
  readonly scores: readonly number[];
}

/** A table before and after a play, as text with backs, and what the play must show. */
export interface TablePair {
  readonly before: string;
  readonly after: string;
  /** Whether every meld of `before` is in `after`. */
  readonly preserved: boolean;
  /** Points of the new melds of `after`. */
  readonly points: number;
}

export interface Workloads {
  /** Candidate melds as text, valid and refused mixed. */
  readonly melds: readonly string[];
  /** How many of `melds` are valid. */
  readonly valid: number;
  readonly tables: readonly TablePair[];
  readonly rounds: readonly RoundScript[];
}

const back = (rng: Rng) => (rng.int(0, 1) === 0 ? 'r' : 'b');
const card = (rng: Rng, value: number, suit: string) => `${RANKS[value - 1]}${suit}${back(rng)}`;
const joker = (rng: Rng) => `w${back(rng)}${back(rng)}`;

/** A valid group or run as a list of cards with backs (two decks). */
function validMeld(rng: Rng): string[] {
  if (rng.int(0, 9) < 4) {
    const value = rng.int(1, 13);
    const suits = rng.shuffle(SUITS).slice(0, rng.int(3, 4));
    const cards = suits.map((s) => card(rng, value, s));
    if (rng.int(0, 4) === 0) cards[rng.int(0, cards.length - 1)] = joker(rng);
    return cards;
  }
  // runs: mostly short, now and then long
  const length = rng.int(0, 5) === 0 ? rng.int(3, 13) : rng.int(3, 5);
  const start = rng.int(1, 14 - length);
  const suit = rng.pick(SUITS);
  const cards = Array.from({ length }, (_, i) => card(rng, start + i, suit));
  for (let j = rng.int(0, 3) === 0 ? rng.int(1, 2) : 0; j > 0; j--)
    cards[rng.int(0, length - 1)] = joker(rng);
  return cards;
}

/** A near miss: a valid meld with one thing wrong (it may still be valid by chance; the caller checks). */
function nearMiss(rng: Rng): string[] {
  const cards = validMeld(rng);
  const i = rng.int(0, cards.length - 1);
  const j = (i + 1) % cards.length;
  const at = cards[i]!;
  switch (rng.int(0, 7)) {
    case 0: // two cards swapped
      cards[i] = cards[j]!;
      cards[j] = at;
      return cards;
    case 1: // a card of another suit
      if (at[0] === 'w') return nearMiss(rng);
      cards[i] = `${at[0]}${rng.pick(SUITS.filter((s) => s !== at[1]))}${back(rng)}`;
      return cards;
    case 2: // a card twice (a group with a suit twice, a run with a step missing)
      cards[j] = at;
      return cards;
    case 3: // too few cards
      return cards.slice(0, 2);
    case 4: // one card of another rank
      if (at[0] === 'w') return nearMiss(rng);
      cards[i] = card(
        rng,
        ((RANKS.indexOf(at[0] as (typeof RANKS)[number]) + rng.int(2, 11)) % 13) + 1,
        at[1]!,
      );
      return cards;
    case 5: // a joker past an end of a run
      return rng.int(0, 1) === 0
        ? [card(rng, 12, 'h'), card(rng, 13, 'h'), joker(rng)]
        : [joker(rng), card(rng, 1, 's'), card(rng, 2, 's')];
    case 6: // a card that is no card
      cards[i] = rng.pick(['1h', 'Kx', 'wh', 'Kb', 'Khh', '10h', 'kh']);
      return cards;
    default: // jokers only, or a fifth card on a group
      return rng.int(0, 1) === 0 ? [joker(rng), joker(rng), joker(rng)] : [...cards, card(rng, 5, 'c')];
  }
}

/** `count` meld texts, each valid with probability `share`. */
function meldTexts(rng: Rng, count: number, share: number): string[] {
  const out: string[] = [];
  while (out.length < count) {
    const wantValid = rng.int(0, 999) < share * 1000;
    let cards = validMeld(rng);
    // a near miss that turned out valid (two jokers swapped, say) is drawn again
    if (!wantValid)
      do cards = nearMiss(rng);
      while (cards.every(isCardString) && isValidMeld(cards));
    out.push(cards.join(','));
  }
  return out;
}

/**
 * A round played by the bounded search: each seat lays the play that lays
 * the most cards when there is one (otherwise it draws, or passes).
 */
function scriptedRound(players: number, seed: number, pairs: TablePair[]): RoundScript {
  const rng = createRng(seed);
  const deck = Round.shuffledDeck(DEFAULT_RULES, rng);
  let state = Round.deal(DEFAULT_RULES, players, deck);
  const steps: Step[] = [];
  while (state.status === 'playing') {
    const seat = state.current;
    const [best] = findPlays(state, seat, { maxPlays: 1 });
    if (best !== undefined) {
      const before = state.table;
      state = Round.play(state, seat, best.layout);
      const fresh = new Table(before.map((m) => Meld.fromJSON(m))).newMeldsIn(
        state.table.map((m) => Meld.fromJSON(m)),
      );
      pairs.push({
        before: before.map((m) => m.cards.join(',')).join(';'),
        after: state.table.map((m) => m.cards.join(',')).join(';'),
        preserved: newMelds(before, state.table) !== null,
        points: fresh.reduce((sum, m) => sum + m.getPoints(), 0),
      });
      steps.push({ play: best.layout.map((m) => m.join(',')) });
    } else if (state.stock.length > 0) {
      state = Round.draw(state, seat);
      steps.push('draw');
    } else {
      state = Round.pass(state, seat);
      steps.push('pass');
    }
  }
  return { players, deck, steps, winner: state.winner ?? -1, scores: state.scores };
}

/** The inputs of the three workloads: the same on every run. */
export function buildWorkloads(): Workloads {
  const melds = meldTexts(createRng(13), 10_000, 0.57);
  const tables: TablePair[] = [];
  const rounds: RoundScript[] = [];
  for (let r = 0; r < 24; r++) rounds.push(scriptedRound(r % 2 === 0 ? 2 : 4, 1000 + r, tables));
  return { melds, valid: melds.filter((m) => tryMeld(m)).length, tables, rounds };
}

function tryMeld(text: string): boolean {
  try {
    Meld.fromString(text);
    return true;
  } catch {
    return false;
  }
}

/** Melds through `Meld.fromString`, refusals caught: how many were valid. */
export function runMelds(texts: readonly string[]): number {
  let valid = 0;
  for (const text of texts) {
    try {
      Meld.fromString(text);
      valid++;
    } catch {
      // refused: counted by what is left
    }
  }
  return valid;
}

/** Melds through `Meld.tryFromString`, which returns a refusal rather than throwing it: how many were valid. */
export function tryMelds(texts: readonly string[]): number {
  let valid = 0;
  for (const text of texts) if (Meld.tryFromString(text).ok) valid++;
  return valid;
}

/** Each pair parsed, then `isPreservedIn` and `newMeldsIn` with their points: the total of the points. */
export function runTables(pairs: readonly TablePair[]): number {
  let total = 0;
  for (const pair of pairs) {
    const before = Table.fromString(pair.before);
    const after = Table.fromString(pair.after);
    if (before.isPreservedIn(after)) total += 1_000_000;
    for (const meld of before.newMeldsIn(after)) total += meld.getPoints();
  }
  return total;
}

/** What `runTables` returns when every pair gives what the play showed. */
export function expectedTables(pairs: readonly TablePair[]): number {
  let total = 0;
  for (const pair of pairs) total += pair.points + (pair.preserved ? 1_000_000 : 0);
  return total;
}

/** A scripted round through `Game`: join, deal the deck, then each turn from text. Returns the winner's score. */
export function runRound(script: RoundScript): number {
  const game = new Game();
  const players = Array.from({ length: script.players }, (_, i) => new Player(`Player ${i + 1}`));
  for (const player of players) game.join(player);
  game.deal(script.deck);
  let seat = 0;
  for (const step of script.steps) {
    const player = players[seat]!;
    if (step === 'draw') game.draw(player);
    else if (step === 'pass') game.pass(player);
    else
      game.play(
        player,
        step.play.map((text) => Meld.fromString(text)),
      );
    seat = (seat + 1) % script.players;
  }
  const winner = game.getWinner();
  if (winner === null || winner !== players[script.winner])
    throw new Error('the scripted round ended otherwise');
  return game.getScore(winner);
}

export function runRounds(scripts: readonly RoundScript[]): number {
  let total = 0;
  for (const script of scripts) total += runRound(script);
  return total;
}
