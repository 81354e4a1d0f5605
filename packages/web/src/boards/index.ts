import type { ComponentType } from 'preact';
import type { BoardProps } from './types';

/** Each game's board, a chunk of its own: the lobby loads none of them. */
const BOARDS: Record<string, () => Promise<ComponentType<BoardProps>>> = {
  backgammon: () => import('./backgammon/board').then((m) => m.BackgammonBoard as ComponentType<BoardProps>),
  rummy: () => import('./rummy/board').then((m) => m.RummyBoard as ComponentType<BoardProps>),
  skirmish: () => import('./skirmish/board').then((m) => m.SkirmishBoard as ComponentType<BoardProps>),
};

export function loadBoard(game: string): Promise<ComponentType<BoardProps>> {
  const load = BOARDS[game];
  if (load === undefined) return Promise.reject(new Error(`No board for the game "${game}"`));
  return load();
}
