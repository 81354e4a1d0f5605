import { type Agent, type AnyGame, NotationError, TabulaError } from '@tabula/core';

/** The person typed "quit" or closed the input: the game ends without a result. */
export class Quit extends Error {}

/** Where a person plays: lines out, typed lines in. */
export interface Terminal {
  out(line: string): void;
  /** Shows the question and returns the next typed line, trimmed; null once the input has ended. */
  ask(question: string): Promise<string | null>;
}

/** The legal actions listed by number; past these, the person types the action in notation. */
const SHOWN_ACTIONS = 40;

/**
 * A person at a terminal, as an agent: it shows the view and the numbered
 * legal actions (`describe` writes one in notation in the position the
 * person is asked in), then reads a number or the game's notation, and asks
 * again with the reason until the answer is a legal action. It returns only
 * actions from the legal list or ones `parseAction` has matched against it,
 * so the rules never refuse what it returns. "quit" or the end of the input
 * throws `Quit`.
 */
export function humanAgent(
  game: AnyGame,
  terminal: Terminal,
  describe: (action: unknown) => string,
): Agent<unknown, unknown> {
  return {
    name: 'you',
    async act(view, legal) {
      if (game.render) terminal.out(game.render(view));
      for (const [i, action] of legal.slice(0, SHOWN_ACTIONS).entries())
        terminal.out(`  ${i + 1}. ${describe(action)}`);
      if (legal.length > SHOWN_ACTIONS)
        terminal.out(`  ... and ${legal.length - SHOWN_ACTIONS} more (type one in notation)`);
      for (;;) {
        const answer = await terminal.ask('> ');
        if (answer === null || answer === 'quit') throw new Quit('quit');
        try {
          return chosenAction(game, answer, view, legal);
        } catch (error) {
          if (!(error instanceof TabulaError)) throw error;
          terminal.out(`Not accepted: ${error.message}`);
        }
      }
    },
  };
}

/**
 * The action a typed answer names: a number picks from the legal list, other
 * text goes to the game's `parseAction`, which matches it against the list
 * (a `NotationError` or an `IllegalActionError` otherwise).
 */
function chosenAction(game: AnyGame, answer: string, view: unknown, legal: readonly unknown[]): unknown {
  if (/^\d+$/.test(answer)) {
    const action = legal[Number(answer) - 1];
    if (action === undefined) throw new NotationError('invalid_notation', `Choose 1 to ${legal.length}`);
    return action;
  }
  if (!game.parseAction)
    throw new NotationError('invalid_notation', `Type the number of an action, 1 to ${legal.length}`);
  return game.parseAction(answer, view, legal);
}
