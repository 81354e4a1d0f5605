import { readFileSync } from 'node:fs';
import {
  forfeitOutcome,
  type GameRecord,
  GameRecordSchema,
  InvalidInputError,
  parseWith,
  replay as replayRecord,
  type SpectatorRecord,
  SpectatorRecordSchema,
  schemaProblem,
} from '@tabula/core';
import { intFlag, parseCommand } from '../args.js';
import { UsageError } from '../errors.js';
import { type Keyboard, processKeyboard, readLines } from '../lines.js';
import { gameById } from '../registry.js';
import { actionText, winnersText } from '../text.js';

export const REPLAY_USAGE = 'tabula replay <record.json | results.jsonl> [--line N] [--pause]';

/** What a file holds: a record JSON, a result line with a `record`, or line N of a results file. */
function readJson(path: string, line: number): unknown {
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
  return parsed;
}

/** A spectator record (of a table still being played) has positions and no actions. */
const isSpectatorRecord = (parsed: unknown): boolean =>
  typeof parsed === 'object' && parsed !== null && 'positions' in parsed && !('actions' in parsed);

/** A game record from a file; a spectator record is refused (`invalid_record`): it has no actions to replay. */
export function readRecord(path: string, line: number): GameRecord {
  const parsed = readJson(path, line);
  if (isSpectatorRecord(parsed))
    throw new InvalidInputError(
      'invalid_record',
      '$.positions',
      `The record in ${path} is a spectator record of a game still being played: it holds the positions as a spectator saw them, not the seed and actions this needs. \`tabula replay\` plays it back; the full record is given once the game has finished`,
    );
  return parseWith(GameRecordSchema, parsed, `The record in ${path}`, 'invalid_record');
}

/** A game record or a spectator record from a file, checked (a spectator record's views against the game's schema). */
export function readAnyRecord(path: string, line: number): GameRecord | SpectatorRecord {
  const parsed = readJson(path, line);
  if (!isSpectatorRecord(parsed)) return readRecord(path, line);
  const record = parseWith(
    SpectatorRecordSchema,
    parsed,
    `The spectator record in ${path}`,
    'invalid_record',
  );
  const game = gameById(record.game);
  if (record.version !== game.version)
    throw new InvalidInputError(
      'invalid_record',
      '$.version',
      `the record was played under ${game.id} rules ${record.version}; this engine has ${game.version}`,
    );
  record.positions.forEach((position, i) => {
    const problem = schemaProblem(game.schemas.view, position.view);
    if (problem !== null)
      throw new InvalidInputError(
        'invalid_record',
        `$.positions[${i}].view${problem.path.slice(1)}`,
        `The spectator record in ${path} has no ${game.id} view at position ${position.seq}: ${problem.message}`,
      );
  });
  return record;
}

/** A spectator record played back: each position as the spectator saw it, who was to act, and where it stops. */
function playBack(record: SpectatorRecord, out: (line: string) => void): void {
  const game = gameById(record.game);
  const names = record.players;
  const seatText = (seat: number) => `seat ${seat}${names[seat] ? ` (${names[seat]})` : ''}`;
  out(
    `${game.id} ${record.version}, as a spectator saw it${names.length ? `: ${names.join(' vs ')}` : ''} (a game still being played)`,
  );
  let shown: unknown;
  for (const { seq, toAct, view } of record.positions) {
    out(`Position ${seq}${toAct.length ? `, to act: ${toAct.map(seatText).join(', ')}` : ''}`);
    if (game.render) out(game.render(view, shown));
    shown = view;
  }
  const last = record.positions[record.positions.length - 1];
  out(`The record stops at position ${last?.seq ?? 0}, before the end of the game.`);
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
  const read = readAnyRecord(path, intFlag(values, 'line', 1, 1));
  if ('positions' in read) return playBack(read, out);
  const record = read;
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
