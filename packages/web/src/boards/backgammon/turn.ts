import type { Board, Side, Step } from '@tabula/backgammon';

/**
 * A move built one checker step at a time against the plays the server
 * listed. The server lists one play per board it reaches, in the engine's
 * step order, but takes any steps that reach a listed board; so a person may
 * play the dice in either order and by any route. This module walks the dice
 * itself (one die a step, the bar first, bearing off only from home) and
 * keeps only the steps from which some listed board can still be reached.
 * Browser-safe: it reads the engine's types, none of its code.
 */

/** What a turn starts from: the position, the mover, the dice as rolled and the legal plays. */
export interface TurnStart {
  readonly board: Board;
  readonly seat: Side;
  readonly dice: readonly [number, number];
  readonly plays: readonly (readonly Step[])[];
}

/** A turn's start with what is worked out once: the listed plays by the board they reach, and a cache. */
export interface Turn {
  readonly start: TurnStart;
  /** Each listed play by its board's key. */
  readonly finals: ReadonlyMap<string, readonly Step[]>;
  /** Whether a listed board can be reached from a node (board and dice left), by the node's key. */
  readonly reachable: Map<string, boolean>;
}

/** A point in the walk: the board so far and the dice not yet played, in descending order. */
interface Node {
  readonly board: Board;
  readonly dice: readonly number[];
}

export const BAR_PIP = 25;

export function boardKey(board: Board): string {
  return `${board.points.join(',')}:${board.bar.join(',')}:${board.off.join(',')}`;
}

/** The mover's own pip of a point index (seat 0's pip p is index p - 1, seat 1's index 24 - p). */
export function pipOf(seat: Side, index: number): number {
  return seat === 0 ? index + 1 : 24 - index;
}

export function indexOf(seat: Side, pip: number): number {
  return seat === 0 ? pip - 1 : 24 - pip;
}

function own(board: Board, seat: Side, index: number): number {
  const n = board.points[index] ?? 0;
  return seat === 0 ? Math.max(n, 0) : Math.max(-n, 0);
}

function theirs(board: Board, seat: Side, index: number): number {
  return own(board, seat === 0 ? 1 : 0, index);
}

/** One checker moved, a blot it lands on sent to the bar; no check of the rules. */
export function applyStep(board: Board, seat: Side, step: Step): Board {
  const points = [...board.points];
  const bar: [number, number] = [board.bar[0], board.bar[1]];
  const off: [number, number] = [board.off[0], board.off[1]];
  const sign = seat === 0 ? 1 : -1;
  if (step.from === 'bar') bar[seat] -= 1;
  else points[step.from] = (points[step.from] ?? 0) - sign;
  if (step.to === 'off') off[seat] += 1;
  else {
    const there = points[step.to] ?? 0;
    if (there === -sign) {
      points[step.to] = 0;
      bar[seat === 0 ? 1 : 0] += 1;
    }
    points[step.to] = (points[step.to] ?? 0) + sign;
  }
  return { points, bar, off };
}

export function applySteps(board: Board, seat: Side, steps: readonly Step[]): Board {
  return steps.reduce((b, step) => applyStep(b, seat, step), board);
}

/** The dice a roll gives to play: doubles four times, larger first. */
export function diceToPlay(dice: readonly [number, number]): number[] {
  const [a, b] = dice;
  return a === b ? [a, a, a, a] : [Math.max(a, b), Math.min(a, b)];
}

function allHome(board: Board, seat: Side): boolean {
  if (board.bar[seat] > 0) return false;
  for (let pip = 7; pip <= 24; pip++) if (own(board, seat, indexOf(seat, pip)) > 0) return false;
  return true;
}

/** The step one die makes from a pip (25 the bar), or null where the rules forbid it. */
function stepWith(board: Board, seat: Side, pip: number, die: number): Step | null {
  if (board.bar[seat] > 0 && pip !== BAR_PIP) return null;
  if (pip === BAR_PIP ? board.bar[seat] === 0 : own(board, seat, indexOf(seat, pip)) === 0) return null;
  const from = pip === BAR_PIP ? 'bar' : indexOf(seat, pip);
  const target = pip - die;
  if (target >= 1) {
    const to = indexOf(seat, target);
    return theirs(board, seat, to) >= 2 ? null : { from, to };
  }
  if (!allHome(board, seat)) return null;
  if (target < 0)
    for (let higher = pip + 1; higher <= 6; higher++)
      if (own(board, seat, indexOf(seat, higher)) > 0) return null;
  return { from, to: 'off' };
}

function nodeKey(node: Node): string {
  return `${boardKey(node.board)}|${node.dice.join('')}`;
}

/** Every step the dice left allow from a node, each with the node it leads to. */
function children(node: Node, seat: Side): { step: Step; node: Node }[] {
  const out: { step: Step; node: Node }[] = [];
  const tried = new Set<number>();
  for (let i = 0; i < node.dice.length; i++) {
    const die = node.dice[i] as number;
    if (tried.has(die)) continue;
    tried.add(die);
    const dice = [...node.dice.slice(0, i), ...node.dice.slice(i + 1)];
    for (let pip = BAR_PIP; pip >= 1; pip--) {
      const step = stepWith(node.board, seat, pip, die);
      if (step !== null) out.push({ step, node: { board: applyStep(node.board, seat, step), dice } });
    }
  }
  return out;
}

function canReach(turn: Turn, node: Node): boolean {
  const key = nodeKey(node);
  const known = turn.reachable.get(key);
  if (known !== undefined) return known;
  let found = turn.finals.has(boardKey(node.board));
  if (!found) found = children(node, turn.start.seat).some((child) => canReach(turn, child.node));
  turn.reachable.set(key, found);
  return found;
}

export function startTurn(start: TurnStart): Turn {
  const finals = new Map<string, readonly Step[]>();
  for (const steps of start.plays) {
    const key = boardKey(applySteps(start.board, start.seat, steps));
    if (!finals.has(key)) finals.set(key, steps);
  }
  return { start, finals, reachable: new Map() };
}

function sameStep(a: Step, b: Step): boolean {
  return a.from === b.from && a.to === b.to;
}

/** The nodes the steps made so far may stand at (a die bearing off may be any one high enough). */
function nodesAfter(turn: Turn, made: readonly Step[]): Node[] {
  let nodes: Node[] = [{ board: turn.start.board, dice: diceToPlay(turn.start.dice) }];
  for (const step of made) {
    const next = new Map<string, Node>();
    for (const node of nodes)
      for (const child of children(node, turn.start.seat))
        if (sameStep(child.step, step) && canReach(turn, child.node))
          next.set(nodeKey(child.node), child.node);
    nodes = [...next.values()];
  }
  return nodes;
}

/** The steps that may come next: each keeps a listed play within reach. Empty after steps that leave them. */
export function nextSteps(turn: Turn, made: readonly Step[]): Step[] {
  const out: Step[] = [];
  for (const node of nodesAfter(turn, made))
    for (const child of children(node, turn.start.seat))
      if (canReach(turn, child.node) && !out.some((s) => sameStep(s, child.step))) out.push(child.step);
  return out;
}

/** Whether the steps made so far stay within the listed plays. */
export function isOnTrack(turn: Turn, made: readonly Step[]): boolean {
  return nodesAfter(turn, made).length > 0;
}

/**
 * The listed play the steps made so far complete (the server's own steps for
 * that board), or null while none is complete. A turn with no legal move
 * lists the empty play, which is complete at once.
 */
export function playMade(turn: Turn, made: readonly Step[]): readonly Step[] | null {
  if (!isOnTrack(turn, made)) return null;
  return turn.finals.get(boardKey(applySteps(turn.start.board, turn.start.seat, made))) ?? null;
}

/** The dice still to play after the steps made (the larger left when a bear-off could use either). */
export function diceLeft(turn: Turn, made: readonly Step[]): readonly number[] {
  const nodes = nodesAfter(turn, made);
  return (
    nodes.reduce<readonly number[] | null>(
      (best, node) => (best === null || node.dice.join('') > best.join('') ? node.dice : best),
      null,
    ) ?? []
  );
}

/**
 * Where a checker at `from` can go next, each target with the steps that take
 * it there: one die, or several dice played by the same checker in a row.
 */
export function targetsFrom(turn: Turn, made: readonly Step[], from: Step['from']): Map<Step['to'], Step[]> {
  const out = new Map<Step['to'], Step[]>();
  // Breadth first, so that each target gets its shortest route.
  let frontier: { at: Step['from']; path: Step[] }[] = [{ at: from, path: [] }];
  while (frontier.length > 0) {
    const next: { at: Step['from']; path: Step[] }[] = [];
    for (const { at, path } of frontier)
      for (const step of nextSteps(turn, [...made, ...path])) {
        if (step.from !== at || out.has(step.to)) continue;
        const route = [...path, step];
        out.set(step.to, route);
        if (step.to !== 'off') next.push({ at: step.to, path: route });
      }
    frontier = next;
  }
  return out;
}
