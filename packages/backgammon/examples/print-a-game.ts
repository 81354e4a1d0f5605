import { pathToFileURL } from 'node:url';
import {
  type BackgammonAction,
  type BackgammonState,
  Board,
  drawBoard,
  type Legal,
  Moves,
  type Play,
  SeededDice,
  type Side,
  Table,
} from '@tabula/backgammon';

/** Blots: points where a seat has exactly one checker. */
function blots(board: Board, seat: Side): number {
  return board.points.filter((n) => (seat === 0 ? n === 1 : n === -1)).length;
}

/** How far `seat` is ahead in the race, as a share of its own pip count. */
function lead(state: BackgammonState, seat: Side): number {
  const mine = Board.pipCount(state.board, seat);
  const theirs = Board.pipCount(state.board, seat === 0 ? 1 : 0);
  return (theirs - mine) / Math.max(mine, 1);
}

/**
 * A simple bot: it scores each legal play by the opponent's pips (hits send
 * checkers back) minus its own blots, doubles when it leads the race by 10%,
 * and takes unless it trails by more than 30%.
 */
function bot(state: BackgammonState, seat: Side, legal: Legal): BackgammonAction {
  if (legal.canTake) return lead(state, seat) < -0.3 ? { type: 'drop' } : { type: 'take' };
  if (legal.canDouble && lead(state, seat) > 0.1) return { type: 'double' };
  if (legal.canRoll || state.dice === null) return { type: 'roll' };
  // Moves.legalPlays lists the same plays as legal.plays, in the same order, with their boards.
  const plays = Moves.legalPlays(state.board, seat, state.dice);
  const score = (p: Play) => Board.pipCount(p.board, seat === 0 ? 1 : 0) - 8 * blots(p.board, seat);
  let best: Play | undefined;
  for (const play of plays) if (best === undefined || score(play) > score(best)) best = play;
  return { type: 'move', steps: best?.steps ?? [] };
}

/**
 * Plays one complete game between two copies of the simple bot, with dice
 * from `seed`, and writes it move by move: each log line, the board after
 * every move, and the result. Returns the final state.
 */
export function printGame(seed: number, out: (line: string) => void): BackgammonState {
  const dice = new SeededDice(seed);
  const names: [string, string] = ['Ann', 'Bob'];
  let state = Table.start(Table.create({ cube: true, length: 1, crawford: false }, names), dice);
  out(`Game with seed ${seed}: Ann plays X (seat 0), Bob plays O (seat 1), cube on`);
  out(drawBoard(Board.start(), names));
  let printed = 0;
  const flush = () => {
    const fresh = state.log.slice(printed);
    printed = state.log.length;
    for (const entry of fresh) {
      out(entry.text);
      // One apply makes one move at most, so the board after it is the state's board.
      if (entry.type === 'move' && entry.steps?.length) out(drawBoard(state.board, names));
    }
  };
  flush();
  while (Table.live(state)) {
    const seat = state.toAct;
    state = Table.apply(state, seat, bot(state, seat, Table.legal(state, seat)), dice);
    flush();
  }
  return state;
}

function main(): void {
  const seed = Number(process.argv[2] ?? 1);
  if (!Number.isSafeInteger(seed)) throw new Error(`The seed must be a whole number, got ${process.argv[2]}`);
  printGame(seed, (line) => console.log(line));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
