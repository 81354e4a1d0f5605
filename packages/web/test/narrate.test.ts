import { backgammonGame } from '@tabula/backgammon';
import { createRng } from '@tabula/core';
import { rummyGame } from '@tabula/rummy';
import { type SkirmishState, skirmishGame } from '@tabula/skirmish';
import { expect, it } from 'vitest';
import { narrate } from '../src/narrate.js';

const nameOf = (seat: number) => `Seat ${seat + 1}`;

it('skirmish: says that a seat has played, never what, then the battle once every ship is in', () => {
  const chance = createRng(4);
  const start = skirmishGame.setup(skirmishGame.defaultConfig(2), chance);
  const stake = start.pot.map((p) => p.id);
  const played = skirmishGame.apply(start, 1, { type: 'play', card: 9 }, chance);
  for (const viewer of [0, null]) {
    const line = narrate(
      'skirmish',
      skirmishGame.view(start, viewer),
      skirmishGame.view(played, viewer),
      nameOf,
    );
    expect(line).toBe('Seat 2 has played a ship.');
  }
  const fought: SkirmishState = skirmishGame.apply(played, 0, { type: 'play', card: 12 }, chance);
  const line = narrate('skirmish', skirmishGame.view(played, null), skirmishGame.view(fought, null), nameOf);
  expect(line).toMatch(
    new RegExp(`^Battle 1: Seat 1 12, Seat 2 9; Seat 1 took ${stake.join(', ')}\\. At stake: `),
  );
  // The first position seen tells what is at stake.
  expect(narrate('skirmish', null, skirmishGame.view(start, 0), nameOf)).toMatch(/^At stake: /);
});

it('skirmish: a tie says the stakes carry over; the end says the game is over', () => {
  const chance = createRng(9);
  let state = skirmishGame.setup({ players: 2, fleet: [1, 2] }, chance);
  const before = state;
  state = skirmishGame.apply(state, 0, { type: 'play', card: 2 }, chance);
  state = skirmishGame.apply(state, 1, { type: 'play', card: 2 }, chance);
  expect(narrate('skirmish', skirmishGame.view(before, 0), skirmishGame.view(state, 0), nameOf)).toMatch(
    /^Battle 1: Seat 1 2, Seat 2 2; a tie: the stakes carry over\./,
  );
  const last = state;
  state = skirmishGame.apply(state, 0, { type: 'play', card: 1 }, chance);
  state = skirmishGame.apply(state, 1, { type: 'play', card: 1 }, chance);
  expect(narrate('skirmish', skirmishGame.view(last, 1), skirmishGame.view(state, 1), nameOf)).toMatch(
    /The game is over\.$/,
  );
});

it('backgammon: the log entries that are new, in their own words', () => {
  const chance = createRng(1);
  let state = backgammonGame.setup(backgammonGame.defaultConfig(2), chance);
  const before = state;
  for (let k = 0; k < 3; k++) {
    const [seat] = backgammonGame.toAct(state);
    if (seat === undefined) break;
    const [action] = backgammonGame.legalActions(state, seat);
    if (action === undefined) break;
    state = backgammonGame.apply(state, seat, action, chance);
  }
  const then = backgammonGame.view(before, null);
  const now = backgammonGame.view(state, null);
  const seen = new Set(then.recent.map((e) => JSON.stringify(e)));
  const fresh = now.recent.filter((e) => !seen.has(JSON.stringify(e)));
  expect(fresh.length).toBeGreaterThan(0);
  expect(narrate('backgammon', then, now, nameOf)).toBe(fresh.map((e) => e.text).join(' '));
});

it('rummy: who drew, and whose turn it is', () => {
  const chance = createRng(2);
  const start = rummyGame.setup(rummyGame.defaultConfig(2), chance);
  const [seat] = rummyGame.toAct(start);
  expect(seat).toBeDefined();
  const draw = rummyGame.legalActions(start, seat as number).find((a) => a.type === 'draw');
  if (draw === undefined) throw new Error('a seat to act at the start may draw');
  const next = rummyGame.apply(start, seat as number, draw, chance);
  const line = narrate('rummy', rummyGame.view(start, null), rummyGame.view(next, null), nameOf);
  expect(line).toBe(`${nameOf(seat as number)} drew a card. ${nameOf(1 - (seat as number))} to play.`);
});
