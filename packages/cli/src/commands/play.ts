import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { defaultAgentFor } from '@tabula/agents';
import { playGame } from '@tabula/core';
import { intFlag, listFlag, parseCommand } from '../args.js';
import { UsageError } from '../errors.js';
import { humanAgent, Quit, type Terminal } from '../human.js';
import { createAgent, gameById } from '../registry.js';
import { actionText, winnersText } from '../text.js';
import { configFor } from './config.js';

export const PLAY_USAGE =
  'tabula play <game> [--vs agent[,agent...]] [--seat N] [--seed S] [--save record.json]';

/** A person plays in the terminal against agents; bad input is asked again with the reason. */
export async function play(
  argv: readonly string[],
  out: (line: string) => void,
  input: NodeJS.ReadableStream = process.stdin,
): Promise<void> {
  const { positionals, values } = parseCommand(argv, {
    vs: { type: 'string' },
    seat: { type: 'string' },
    seed: { type: 'string' },
    save: { type: 'string' },
  });
  if (positionals.length !== 1) throw new UsageError(`Usage: ${PLAY_USAGE}`);
  const game = gameById(positionals[0]);
  const opponents = listFlag(values, 'vs') ?? [defaultAgentFor(game.id)];
  const seats = opponents.length + 1;
  const config = configFor(game, undefined, seats);
  const human = intFlag(values, 'seat', 0, 0);
  if (human >= seats) throw new UsageError(`--seat is 0 to ${seats - 1} in a ${seats}-player game`);
  const seed = intFlag(values, 'seed', Math.floor(Math.random() * 2 ** 31));

  const prompt = createInterface({ input, output: process.stdout, terminal: false });
  const lines = prompt[Symbol.asyncIterator]();
  const terminal: Terminal = {
    out,
    async ask(question) {
      process.stdout.write(question);
      const next = await lines.next();
      return next.done ? null : String(next.value).trim();
    },
  };
  // The state the game is in, so that the person's choices are written in notation.
  let now: unknown;
  const you = humanAgent(game, terminal, (action) => actionText(game, action, now));
  const agents = opponents.map((name) => createAgent(game.id, name));
  agents.splice(human, 0, you);
  const names = agents.map((agent) => agent.name);
  out(
    `${game.id}: you are seat ${human}, against ${opponents.join(', ')} (seed ${seed}). Type a number, a move, or "quit".`,
  );

  try {
    const { record, state, outcome } = await playGame(game, config, agents, seed, {
      onStart: (state) => {
        now = state;
      },
      onAction: ({ seat, action, before, state }) => {
        now = state;
        if (seat !== human) out(`${names[seat]} (seat ${seat}): ${actionText(game, action, before)}`);
      },
    });
    if (game.render) out(game.render(game.view(state, null)));
    out(
      `Game over: ${winnersText(outcome, names)} won (${outcome.reason}); scores ${outcome.scores.join(', ')}.`,
    );
    if (typeof values.save === 'string') {
      writeFileSync(values.save, `${JSON.stringify(record, null, 2)}\n`);
      out(`Saved the record to ${values.save} (replay it with: tabula replay ${values.save}).`);
    }
  } catch (error) {
    if (!(error instanceof Quit)) throw error;
    out('Bye.');
  } finally {
    prompt.close();
  }
}
