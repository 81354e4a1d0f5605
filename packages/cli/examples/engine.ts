import assert from 'node:assert/strict';
import { EngineSession } from '@tabula/cli';

// The line handler of `tabula engine backgammon`, in this process: a line of JSON in, a line out.
const engine = new EngineSession('backgammon');
type Answer<R> = { id: number; ok: boolean; result: R; error?: { code: string; message: string } };
type Live = { toAct: number[]; outcome: { winners: number[]; reason: string } | null };
let id = 0;
const ask = async <R = Record<string, never>>(request: object): Promise<Answer<R>> =>
  JSON.parse(await engine.handle(JSON.stringify({ id: ++id, ...request })));

// A seeded game: the engine rolls the dice, so the same seed and actions give the same game.
let { toAct, outcome } = (await ask<Live>({ type: 'new', seed: 7 })).result;
while (outcome === null) {
  const seat = toAct[0];
  // Each seat plays what the shipped random agent picks for it.
  const { action } = (await ask<{ action: unknown }>({ type: 'best', seat, agent: 'random' })).result;
  ({ toAct, outcome } = (await ask<Live>({ type: 'apply', seat, action })).result);
}
console.log(`seat ${outcome.winners[0]} won (${outcome.reason})`);

// A refused request is an answer with a code, and the engine goes on.
const late = await ask({ type: 'apply', seat: 0, action: { type: 'roll' } });
assert.equal(late.error?.code, 'game_over');
const garbled: Answer<null> = JSON.parse(await engine.handle('{"type": "legal", "seat": '));
assert.equal(garbled.error?.code, 'invalid_input');
const { record } = (await ask<{ record: { actions: unknown[] } }>({ type: 'record' })).result;
const { decisions } = (await ask<{ decisions: unknown[] }>({ type: 'analyse', record, agent: 'random' }))
  .result;
assert.equal(decisions.length, record.actions.length);
