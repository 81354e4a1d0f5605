import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { ERROR_CODES, IllegalActionError, InvalidInputError, isErrorCode, TabulaError } from './errors.js';

it('documents every error code, its class and its meaning in docs/architecture.md, and no other', () => {
  const doc = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');
  const table = doc.slice(doc.indexOf('<!-- error-codes'));
  const rows = [...table.matchAll(/^\|\s*`(\w+)`\s*\|\s*`(\w+)`\s*\|\s*(.+?)\s*\|$/gm)].map((m) => [
    m[1],
    m[2],
    m[3],
  ]);
  expect(rows).toEqual(Object.entries(ERROR_CODES).map(([code, [owner, meaning]]) => [code, owner, meaning]));
});

it('knows its codes, and its errors carry them with the path where one applies', () => {
  expect(isErrorCode('invalid_state')).toBe(true);
  expect(isErrorCode('bad_action')).toBe(false);
  expect(isErrorCode('toString')).toBe(false);
  const refusal = new IllegalActionError('not_your_turn', 'It is seat 1’s turn');
  expect(refusal).toBeInstanceOf(TabulaError);
  expect(refusal.name).toBe('IllegalActionError');
  const input = new InvalidInputError('invalid_state', '$.board.points[3]', 'must be at most 15');
  expect([input.code, input.path, input.message]).toEqual([
    'invalid_state',
    '$.board.points[3]',
    '$.board.points[3]: must be at most 15',
  ]);
});
