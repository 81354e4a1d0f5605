import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { type GameRecord, GameRecordSchema, parseWith, replay as replayRecord } from '@tabula/core';
import { intFlag, parseCommand } from '../args.js';
import { UsageError } from '../errors.js';
import { gameById } from '../registry.js';
import { actionText, winnersText } from '../text.js';

export const REPLAY_USAGE = 'tabula replay <record.json | results.jsonl> [--line N] [--pause]';

/** A record from a file: a record JSON, a result line with a `record`, or line N of a results file. */
export function readRecord(path: string, line: number): GameRecord {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(`Cannot read ${path}`);
  }
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const chosen = path.endsWith('.jsonl') ? lines[line - 1] : text;
  if (chosen === undefined) throw new UsageError(`${path} has ${lines.length} lines, not ${line}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(chosen);
  } catch (error) {
    throw new UsageError(`${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof parsed === 'object' && parsed !== null && 'record' in parsed)
    parsed = (parsed as { record: unknown }).record;
  return parseWith(GameRecordSchema, parsed, `The record in ${path}`, 'invalid_record');
}

export async function replay(argv: readonly string[], out: (line: string) => void): Promise<void> {
  const { positionals, values } = parseCommand(argv, {
    line: { type: 'string' },
    pause: { type: 'boolean' },
  });
  const [path, ...more] = positionals;
  if (path === undefined || more.length > 0) throw new UsageError(`Usage: ${REPLAY_USAGE}`);
  const record = readRecord(path, intFlag(values, 'line', 1, 1));
  const game = gameById(record.game);
  const states = replayRecord(game, record);
  const names = record.players ?? [];
  const show = (state: unknown) => {
    if (game.render) out(game.render(game.view(state, null)));
  };
  const prompt =
    values.pause === true ? createInterface({ input: process.stdin, output: process.stdout }) : null;
  out(`${game.id} ${record.version}, seed ${record.seed}${names.length ? `: ${names.join(' vs ')}` : ''}`);
  show(states[0]);
  for (const [i, { seat, action }] of record.actions.entries()) {
    if (prompt) await prompt.question('(enter for the next action) ');
    const text = actionText(game, action, states[i]);
    out(`${i + 1}. seat ${seat}${names[seat] ? ` (${names[seat]})` : ''}: ${text}`);
    show(states[i + 1]);
  }
  prompt?.close();
  const outcome = game.outcome(states[states.length - 1]);
  if (outcome === null) out(`The record stops before the end (${record.actions.length} actions).`);
  else out(`Result: ${winnersText(outcome, names)} (${outcome.reason}); scores ${outcome.scores.join(', ')}`);
}
