import { type ErrorCode, InvalidInputError, parseWith } from '@tabula/core';
import { type SkirmishPlanet, type SkirmishState, StateSchema } from './schemas.js';

function fail(path: string, message: string): never {
  throw new InvalidInputError('invalid_state', path, message);
}

/**
 * A state from untrusted JSON: the schema, then the rules a schema cannot
 * say. Throws `InvalidInputError` (code `invalid_state`) naming the first
 * problem and its path, such as `$.hands[1][3]`.
 */
export function fromJSON(json: unknown): SkirmishState {
  const state = parseWith(StateSchema, json, 'A skirmish state', 'invalid_state');
  checkTable(state);
  checkPlayable(state);
  checkBattles(state);
  return state;
}

/** Refuses a deck (a state's, a config's at `path`) where a planet has the id of an earlier one. */
export function checkUniqueIds(
  planets: readonly { readonly id: string }[],
  path: string,
  code: ErrorCode,
): void {
  const twice = (at: number, id: string) =>
    new InvalidInputError(code, `${path}[${at}].id`, `planet id ${JSON.stringify(id)} appears twice`);
  if (planets.length <= 32) {
    // A small deck (every game's) compares pairs: cheaper than filling a set.
    for (let at = 1; at < planets.length; at++) {
      const id = (planets[at] as { readonly id: string }).id;
      for (let k = 0; k < at; k++) if ((planets[k] as { readonly id: string }).id === id) throw twice(at, id);
    }
    return;
  }
  const ids = new Set<string>();
  for (const [at, { id }] of planets.entries()) {
    if (ids.has(id)) throw twice(at, id);
    ids.add(id);
  }
}

/**
 * The rules of the table: one entry per seat in every per-seat list, unique
 * planet ids, and every planet outside the deck revealed from it and in one
 * place only; while the game is under way, no revealed planet is missing
 * (the PHP library discarded the pot only when ending the game).
 */
export function checkTable(state: SkirmishState): void {
  const players = state.hands.length;
  if (state.plays.length !== players)
    fail('$.plays', `one entry per seat (${players}), got ${state.plays.length}`);
  if (state.claimed.length !== players)
    fail('$.claimed', `one entry per seat (${players}), got ${state.claimed.length}`);
  const { deck, revealed } = state;
  checkUniqueIds(deck, '$.deck', 'invalid_state');
  if (revealed > deck.length) {
    fail('$.revealed', `must be between 0 and ${deck.length} (the deck size), got ${revealed}`);
  }
  const order = new Map(deck.map((planet, i) => [planet.id, i]));
  const placed = new Set<string>();
  const place = (planet: SkirmishPlanet, path: string) => {
    const name = JSON.stringify(planet.id);
    const at = order.get(planet.id);
    if (at === undefined) fail(path, `planet ${name} is not in the deck`);
    if (at >= revealed) fail(path, `planet ${name} has not been revealed yet`);
    if (placed.has(planet.id)) fail(path, `planet ${name} is in two places`);
    placed.add(planet.id);
  };
  for (const [i, planet] of state.pot.entries()) place(planet, `$.pot[${i}]`);
  for (const [seat, planets] of state.claimed.entries()) {
    for (const [i, planet] of planets.entries()) place(planet, `$.claimed[${seat}][${i}]`);
  }
  if (state.endReason === null && placed.size < revealed) {
    const lost = deck.findIndex((planet, i) => i < revealed && !placed.has(planet.id));
    fail(`$.deck[${lost}]`, 'a revealed planet is neither in the pot nor claimed');
  }
}

/**
 * The rules that keep a game under way playable: a battle still to resolve,
 * no seat that must play without a ship, and a stake face up while the deck
 * has planets.
 */
export function checkPlayable(state: SkirmishState): void {
  if (state.endReason !== null) return;
  const { hands, plays } = state;
  if (plays.every((card) => card !== null)) {
    fail('$.plays', 'every card is in, but the battle was not resolved');
  }
  hands.forEach((hand, seat) => {
    if (hand.length === 0 && plays[seat] === null)
      fail(`$.hands[${seat}]`, `seat ${seat} must play but holds no ship`);
  });
  if (state.pot.length === 0 && state.revealed < state.deck.length) {
    fail('$.pot', 'the pot is empty during a battle while the deck still has planets');
  }
}

/** A battle has one card per seat and a winner at the table. */
function checkBattles(state: SkirmishState): void {
  const players = state.hands.length;
  state.battles.forEach(({ cards, winner }, i) => {
    if (cards.length !== players) {
      fail(`$.battles[${i}].cards`, `a battle has one card per seat (${players}), got ${cards.length}`);
    }
    if (winner !== null && winner >= players) fail(`$.battles[${i}].winner`, `there is no seat ${winner}`);
  });
}

/** The planets still face down, in deck order (a secret). */
export function faceDown(state: SkirmishState): SkirmishPlanet[] {
  return state.deck.slice(state.revealed);
}
