import { defaultAgentFor } from '@tabula/agents';
import { type GameRecord, type Outcome, playGame, type RecordedAction } from '@tabula/core';
import { intFlag, listFlag, parseCommand } from '../args.js';
import { UsageError } from '../errors.js';
import { closeAgents } from '../external.js';
import { checkWritable, writeOut } from '../files.js';
import { humanAgent, Quit, type Seen, type Terminal } from '../human.js';
import { type Keyboard, processKeyboard, readLines } from '../lines.js';
import { createAgent, gameById } from '../registry.js';
import { actionText, winnersText } from '../text.js';
import { configFor } from './config.js';

export const PLAY_USAGE =
  'tabula play <game> [--vs agent[,agent...]] [--seat N] [--seed S] [--save record.json] [--config JSON]';

/**
 * A person plays in the terminal against agents; bad input is asked again
 * with the reason. Everything printed while the game runs comes from the
 * person's own view (`render`), the person's own legal actions, and the
 * bare fact that another seat has played: never from the state or from
 * another seat's action, which may be secret (a skirmish bid, a rummy draw).
 * What another seat did shows once the person's view shows it (the battle
 * that resolved, the table, the backgammon log). `--save` writes the record,
 * also of a game the person quits, which `replay` reads.
 */
export async function play(
  argv: readonly string[],
  out: (line: string) => void,
  keyboard: Keyboard = processKeyboard,
): Promise<void> {
  const { positionals, values } = parseCommand(argv, {
    vs: { type: 'string' },
    seat: { type: 'string' },
    seed: { type: 'string' },
    save: { type: 'string' },
    config: { type: 'string' },
  });
  if (positionals.length !== 1) throw new UsageError(`Usage: ${PLAY_USAGE}`);
  const game = gameById(positionals[0]);
  const opponents = listFlag(values, 'vs') ?? [defaultAgentFor(game.id)];
  const seats = opponents.length + 1;
  const config = configFor(game, values.config, seats);
  const human = intFlag(values, 'seat', 0, 0);
  if (human >= seats) throw new UsageError(`--seat is 0 to ${seats - 1} in a ${seats}-player game`);
  const seed = intFlag(values, 'seed', Math.floor(Math.random() * 2 ** 31));
  const save = typeof values.save === 'string' ? values.save : null;
  // A path that cannot be written is found now, not after the game.
  if (save !== null) checkWritable(save, 'save');
  const agents = opponents.map((name) => createAgent(game.id, name, config));
  // External programs (cmd:) among the opponents, ended with the game.
  const programs = [...agents];

  const lines = readLines(keyboard.input);
  const person: Terminal = {
    out,
    async ask(question) {
      keyboard.prompt(question);
      return lines.next();
    },
  };
  // The state the person is asked in, so that the person's own choices are written in notation.
  let now: unknown;
  // The view the person last saw, so that the last picture says what changed since (a card drawn).
  const seen: Seen = { view: undefined };
  const you = humanAgent(game, person, (action) => actionText(game, action, now), seen);
  agents.splice(human, 0, you);
  const names = agents.map((agent) => agent.name);
  const actions: RecordedAction[] = [];
  out(
    `${game.id}: you are seat ${human}, against ${opponents.join(', ')} (seed ${seed}). ` +
      'Type #N for an action of the list, or an action in notation; "quit" ends the game.',
  );

  let finished: { record: GameRecord; state: unknown; outcome: Outcome } | null = null;
  try {
    finished = await playGame(game, config, agents, seed, {
      onStart: (state) => {
        now = state;
      },
      onAction: ({ seat, action, state }) => {
        now = state;
        actions.push({ seat, action });
        if (seat !== human) out(`${names[seat]} (seat ${seat}) has played.`);
      },
    });
  } catch (error) {
    if (!(error instanceof Quit)) throw error;
  } finally {
    lines.close();
    await closeAgents(programs, finished?.outcome ?? null);
  }

  if (finished === null) {
    out(`You left the game after ${actions.length} action${actions.length === 1 ? '' : 's'}. Bye.`);
  } else {
    if (game.render) out(game.render(game.view(finished.state, human), seen.view));
    const { outcome } = finished;
    out(
      `Game over: ${winnersText(outcome, names)} won (${outcome.reason}); scores ${outcome.scores.join(', ')}.`,
    );
    const { forfeit } = finished.record;
    if (forfeit !== undefined)
      out(`${names[forfeit.seat]} (seat ${forfeit.seat}) forfeited: ${forfeit.reason}`);
  }
  if (save === null) return;
  // An unfinished game is saved too: a record without an outcome, which replay shows up to where it stopped.
  const record: GameRecord = finished?.record ?? {
    game: game.id,
    version: game.version,
    config,
    seed,
    players: names,
    actions,
    outcome: null,
  };
  writeOut(save, 'save', `${JSON.stringify(record, null, 2)}\n`);
  out(
    `Saved ${finished === null ? 'the unfinished game' : 'the game'} to ${save} (replay it with: tabula replay ${save}).`,
  );
}
