import { readFileSync } from 'node:fs';
import {
  forfeitOutcome,
  type GameRecord,
  GameRecordSchema,
  parseWith,
  replay as replayRecord,
} from '@tabula/core';
import { intFlag, parseCommand } from '../args.js';
import { UsageError } from '../errors.js';
import { type Keyboard, processKeyboard, readLines } from '../lines.js';
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

/**
 * A record replayed action by action with the position after each, then the
 * result. With `--pause` it waits for Enter before each action: "q" stops
 * there, Ctrl-C too, and once the input has ended (piped lines used up) the
 * rest follows without pausing.
 */
export async function replay(
  argv: readonly string[],
  out: (line: string) => void,
  keyboard: Keyboard = processKeyboard,
): Promise<void> {
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
  // Each position from the spectator's side, drawn against the one before (a key to the notation only once).
  let shown: unknown;
  const show = (state: unknown) => {
    const view = game.view(state, null);
    if (game.render) out(game.render(view, shown));
    shown = view;
  };
  out(`${game.id} ${record.version}, seed ${record.seed}${names.length ? `: ${names.join(' vs ')}` : ''}`);
  show(states[0]);
  const lines = values.pause === true ? readLines(keyboard.input) : null;
  let pausing = lines !== null;
  try {
    for (const [i, { seat, action }] of record.actions.entries()) {
      if (lines !== null && pausing) {
        keyboard.prompt('(Enter for the next action, q to stop) ');
        const answer = await lines.next();
        if (answer === 'q' || answer === 'quit' || lines.interrupted()) {
          out(`Stopped after ${i} of ${record.actions.length} actions.`);
          return;
        }
        pausing = answer !== null;
      }
      const text = actionText(game, action, states[i]);
      out(`${i + 1}. seat ${seat}${names[seat] ? ` (${names[seat]})` : ''}: ${text}`);
      show(states[i + 1]);
    }
  } finally {
    lines?.close();
  }
  const { forfeit } = record;
  if (forfeit !== undefined)
    out(
      `seat ${forfeit.seat}${names[forfeit.seat] ? ` (${names[forfeit.seat]})` : ''} forfeited: ${forfeit.reason}`,
    );
  const outcome =
    forfeit === undefined
      ? game.outcome(states[states.length - 1])
      : forfeitOutcome(game, record.config, states[record.actions.length], forfeit.seat).outcome;
  if (outcome === null) out(`The record stops before the end (${record.actions.length} actions).`);
  else out(`Result: ${winnersText(outcome, names)} (${outcome.reason}); scores ${outcome.scores.join(', ')}`);
}
