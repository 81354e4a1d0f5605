import { agentsFor, defaultAgentFor } from '@tabula/agents';
import {
  GAMES,
  humanAgent,
  type Keyboard,
  play as localPlay,
  PLAY_USAGE,
  parseCommand,
  processKeyboard,
  Quit,
  readLines,
  type Terminal,
  UsageError,
} from '@tabula/cli';
import { createRng } from '@tabula/core';
import { ServerError, TableClient } from '../client.js';

export const REMOTE_PLAY_USAGE = 'tabula play --server URL [<game> [--vs agent] | --table ID] [--name NAME]';

/**
 * `tabula play`: with `--server`, a terminal client of a table server; without, the cli's own game
 * against local agents.
 */
export async function play(
  argv: readonly string[],
  out: (line: string) => void,
  keyboard: Keyboard = processKeyboard,
) {
  if (!argv.some((arg) => arg === '--server' || arg.startsWith('--server=')))
    return localPlay(argv, out, keyboard);
  return remotePlay(argv, out, keyboard);
}

/**
 * A person at a table of a server: joins a table (`--table`), or creates one
 * against an agent (`<game> --vs agent`) and joins it, then plays over the
 * table's WebSocket: each update drawn from the seat's own view, the seat's
 * legal actions listed (`#N`) or typed in the game's notation.
 */
export async function remotePlay(
  argv: readonly string[],
  out: (line: string) => void,
  keyboard: Keyboard = processKeyboard,
): Promise<void> {
  const { positionals, values } = parseCommand(argv, {
    server: { type: 'string' },
    table: { type: 'string' },
    vs: { type: 'string' },
    name: { type: 'string' },
  });
  const url = values.server;
  if (typeof url !== 'string') throw new UsageError(`Usage: ${REMOTE_PLAY_USAGE}`);
  const client = new TableClient(url);
  let tableId = typeof values.table === 'string' ? values.table : undefined;
  if ((tableId === undefined) === (positionals.length === 0) || positionals.length > 1)
    throw new UsageError(`Name a game or a table: ${REMOTE_PLAY_USAGE} (local games: ${PLAY_USAGE})`);
  try {
    if (tableId === undefined) {
      const game = positionals[0] as string;
      const agent = typeof values.vs === 'string' ? values.vs : defaultAgentFor(game);
      if (!agentsFor(game).has(agent) && Object.hasOwn(GAMES, game))
        throw new UsageError(
          `Unknown agent "${agent}" for ${game}. Agents: ${[...agentsFor(game).keys()].join(', ')}`,
        );
      const created = await client.createTable({
        game,
        seats: [{ kind: 'person' }, { kind: 'agent', agent }],
      });
      tableId = created.id;
      out(`Created table ${tableId}: ${game} against ${agent}.`);
    }
    const summary = await client.table(tableId);
    const game = GAMES[summary.game];
    if (game === undefined) throw new UsageError(`The server's game ${summary.game} is not known here`);
    const joined = await client.join(tableId, typeof values.name === 'string' ? { name: values.name } : {});
    out(
      `You are seat ${joined.seat} at table ${tableId} (${game.id}). Type #N or an action in notation; "quit" leaves.`,
    );
    const socket = await client.connect(tableId, { token: joined.token });
    const lines = readLines(keyboard.input);
    const person: Terminal = {
      out,
      async ask(question) {
        keyboard.prompt(question);
        return lines.next();
      },
    };
    // On the client only the seat's view is known, not the state a game's notation is written from: actions are listed as JSON.
    const seen = { view: undefined as unknown };
    const you = humanAgent(game, person, (action) => JSON.stringify(action), seen);
    let minSeq = 0;
    try {
      for (;;) {
        const update = await socket.nextUpdate(24 * 3600 * 1000);
        if (update.status === 'finished') {
          if (game.render) out(game.render(update.view, seen.view));
          const outcome = update.outcome;
          out(
            `Game over: ${outcome?.winners.map((s) => `seat ${s}`).join(' and ') || 'nobody'} won (${outcome?.reason}).`,
          );
          break;
        }
        // Positions older than the seat's own last action are past: nothing is asked in them.
        if (update.seq < minSeq || !update.toAct.includes(joined.seat) || update.legal.length === 0) continue;
        const action = await you.act(update.view, update.legal, { seat: joined.seat, rng: createRng(0) });
        // Another seat playing first (skirmish's simultaneous bids) leaves this action standing; only
        // another client of the same seat acting meanwhile makes it stale.
        try {
          minSeq = await socket.act(update.seq, action);
        } catch (error) {
          if (!(error instanceof ServerError) || error.code !== 'stale_sequence') throw error;
          out('The table moved on before your action arrived; here it is again.');
        }
      }
    } catch (error) {
      if (!(error instanceof Quit)) throw error;
      out(`You left table ${tableId}; rejoin it with its token from another client, or watch it at ${url}.`);
    } finally {
      lines.close();
      await socket.close();
    }
  } catch (error) {
    if (error instanceof TypeError && /fetch failed/.test(error.message))
      throw new UsageError(`Cannot reach the server at ${url}: is \`tabula serve\` running?`);
    throw error;
  }
}
