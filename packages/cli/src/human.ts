import { type Agent, type AnyGame, NotationError, TabulaError } from '@tabula/core';

/** The person typed "quit", closed the input or pressed Ctrl-C: the game ends without a result. */
export class Quit extends Error {}

/** Where a person plays: lines out, typed lines in. */
export interface Terminal {
  out(line: string): void;
  /** Shows the question and returns the next typed line, trimmed; null once the input has ended. */
  ask(question: string): Promise<string | null>;
}

/** The legal actions listed; past these, the person types the action in notation. */
export const SHOWN_ACTIONS = 40;

/**
 * The one way, in every game, to pick from the list of actions: `#` and the
 * action's number (`#3`). Anything else is the game's notation, so a bare
 * number means what the game says (a ship in skirmish), never a place in the list.
 */
const MENU = /^#\s*(\d+)$/;

/** How an action of the list is written: `#3`. */
export const menuItem = (index: number) => `#${index + 1}`;

/** What the person has been shown: the view they were last asked in (undefined before the first question). */
export interface Seen {
  view: unknown;
}

/**
 * A person at a terminal, as an agent: it shows the view (drawn from it and
 * the view the person last saw, so that the game can say what changed for
 * them, such as the card they drew) and the listed
 * legal actions (`#1`, `#2`, ...; `describe` writes each in notation in the
 * position the person is asked in), then reads `#N` or the game's notation,
 * and asks again with the reason until the answer is a legal action. It
 * returns only actions from the legal list or ones `parseAction` has matched
 * against it, so the rules never refuse what it returns. "quit" or the end of
 * the input throws `Quit`. `seen` keeps the last view shown, for the caller's
 * last picture of the game.
 */
export function humanAgent(
  game: AnyGame,
  terminal: Terminal,
  describe: (action: unknown) => string,
  seen: Seen = { view: undefined },
): Agent<unknown, unknown> {
  return {
    name: 'you',
    async act(view, legal) {
      if (game.render) terminal.out(game.render(view, seen.view));
      seen.view = view;
      const shown = legal.slice(0, SHOWN_ACTIONS);
      const width = menuItem(shown.length - 1).length;
      for (const [i, action] of shown.entries())
        terminal.out(`  ${menuItem(i).padEnd(width)} ${describe(action)}`);
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

/** What may be picked from the list, in words: "#1 to #15", "#1 is the only one". */
function choices(count: number): string {
  return count === 1 ? '#1 is the only one' : `choose #1 to #${count}`;
}

/**
 * The action a typed answer names: `#N` picks the N-th listed action, other
 * text goes to the game's `parseAction`, which matches it against the list
 * (a `NotationError` or an `IllegalActionError` otherwise).
 */
function chosenAction(game: AnyGame, answer: string, view: unknown, legal: readonly unknown[]): unknown {
  const shown = Math.min(legal.length, SHOWN_ACTIONS);
  const picked = MENU.exec(answer);
  if (picked !== null) {
    const index = Number(picked[1]) - 1;
    const action = index < shown ? legal[index] : undefined;
    if (action === undefined)
      throw new NotationError('invalid_notation', `There is no #${picked[1]} in the list: ${choices(shown)}`);
    return action;
  }
  if (!game.parseAction)
    throw new NotationError('invalid_notation', `Type # and the number of an action: ${choices(shown)}`);
  return game.parseAction(answer, view, legal);
}
