import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { defaultAgentFor } from '@tabula/agents';
import { type GameRecord, gameStreams, type RecordedAction, TabulaError } from '@tabula/core';
import { intFlag, listFlag, parseCommand } from '../args.js';
import { createAgent, gameById, UsageError } from '../registry.js';
import { configFor } from './config.js';

export const PLAY_USAGE =
  'tabula play <game> [--vs agent[,agent...]] [--seat N] [--seed S] [--save record.json]';

const SHOWN_ACTIONS = 40;

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
  const agents = opponents.map((name) => createAgent(game.id, name));
  const names = Array.from({ length: seats }, (_, s) =>
    s === human ? 'you' : agents[s < human ? s : s - 1]!.name,
  );

  const { chance, agents: agentRngs } = gameStreams(seed, seats);
  let state = game.setup(config, chance);
  const actions: RecordedAction[] = [];
  const prompt = createInterface({ input, output: process.stdout, terminal: false });
  const lines = prompt[Symbol.asyncIterator]();
  const ask = async (question: string): Promise<string | null> => {
    process.stdout.write(question);
    const next = await lines.next();
    return next.done ? null : String(next.value).trim();
  };
  out(
    `${game.id}: you are seat ${human}, against ${opponents.join(', ')} (seed ${seed}). Type a number, a move, or "quit".`,
  );

  try {
    while (game.outcome(state) === null) {
      for (const seat of game.toAct(state)) {
        if (!game.toAct(state).includes(seat)) continue;
        const legal = game.legalActions(state, seat);
        let action: unknown;
        if (seat === human) {
          const view = game.view(state, seat);
          if (game.render) out(game.render(view));
          legal.slice(0, SHOWN_ACTIONS).forEach((a, i) => {
            out(`  ${i + 1}. ${game.describe ? game.describe(a, state) : JSON.stringify(a)}`);
          });
          if (legal.length > SHOWN_ACTIONS)
            out(`  ... and ${legal.length - SHOWN_ACTIONS} more (type one in notation)`);
          for (;;) {
            const answer = await ask('> ');
            if (answer === null || answer === 'quit') {
              out('Bye.');
              return;
            }
            try {
              const n = Number(answer);
              if (/^\d+$/.test(answer)) {
                if (n < 1 || n > legal.length)
                  throw new TabulaError('bad_choice', `Choose 1 to ${legal.length}`);
                action = legal[n - 1];
              } else if (game.parseAction) {
                action = game.parseAction(answer, view, legal);
              } else {
                throw new TabulaError('bad_choice', `Type the number of an action, 1 to ${legal.length}`);
              }
              state = game.apply(state, seat, action, chance);
              break;
            } catch (error) {
              if (!(error instanceof TabulaError)) throw error;
              out(`Not accepted: ${error.message}`);
            }
          }
        } else {
          const agent = agents[seat < human ? seat : seat - 1]!;
          action = await agent.act(game.view(state, seat), legal, { seat, rng: agentRngs[seat]! });
          const text = game.describe ? game.describe(action, state) : JSON.stringify(action);
          state = game.apply(state, seat, action, chance);
          out(`${names[seat]} (seat ${seat}): ${text}`);
        }
        actions.push({ seat, action });
      }
    }
  } finally {
    prompt.close();
  }
  if (game.render) out(game.render(game.view(state, null)));
  const outcome = game.outcome(state)!;
  const winners = outcome.winners.map((s) => names[s]).join(' and ') || 'nobody';
  out(`Game over: ${winners} won (${outcome.reason}); scores ${outcome.scores.join(', ')}.`);
  if (typeof values.save === 'string') {
    const record: GameRecord = {
      game: game.id,
      version: game.version,
      config,
      seed,
      players: names,
      actions,
      outcome,
    };
    writeFileSync(values.save, `${JSON.stringify(record, null, 2)}\n`);
    out(`Saved the record to ${values.save} (replay it with: tabula replay ${values.save}).`);
  }
}
