import type { BackgammonAction, BackgammonView, Board, PositionKind, Side, Step } from '@tabula/backgammon';
import { useMemo, useRef, useState } from 'preact/hooks';
import { type BoardProps, seatName } from '../types';
import './board.css';
import {
  BAR_W,
  BAR_X,
  BOTTOM,
  CHECKER_R,
  CUBE_X,
  checkerCentre,
  columnX,
  HEIGHT,
  isTopRow,
  MIDDLE,
  POINT_H,
  POINT_W,
  STACK,
  TOP,
  TRAY_W,
  TRAY_X,
  viewerPip,
  WIDTH,
} from './geometry';
import { COLOURS, clockLine, diceText, matchText, other, pipCount, stepText } from './text';
import {
  applySteps,
  diceLeft,
  diceToPlay,
  nextSteps,
  playMade,
  startTurn,
  type Turn,
  targetsFrom,
} from './turn';

type Spot = Step['from'] | 'off';

/** A spot as a data attribute and back: a point index, `bar` or `off`. */
function spotOf(value: string | undefined): Spot | null {
  if (value === 'bar' || value === 'off') return value;
  if (value === undefined || !/^\d+$/.test(value)) return null;
  return Number(value);
}

const DRAG_START = 8;
/** A point's spot reaches past its triangle but stops short of the dice in the middle. */
const ZONE_H = POINT_H + 10;

/** The backgammon board: the position drawn in SVG, a move built by click, drag or keyboard. */
export function BackgammonBoard(props: BoardProps) {
  const view = props.view as BackgammonView;
  const legal = props.legal as readonly BackgammonAction[];
  const seat: Side | null = props.seat === 0 || props.seat === 1 ? props.seat : null;
  const viewer: Side = seat ?? 0;
  const names: [string, string] = [seatName(props.seats, 0), seatName(props.seats, 1)];
  const label = (s: Side) => (s === seat ? 'You' : `${names[s]} (${COLOURS[s]})`);
  const plays = legal.flatMap((a) => (a.type === 'move' ? [a.steps] : []));
  const dice = view.dice;
  const moving =
    seat !== null && view.phase === 'move' && view.toAct === seat && dice !== null && plays.length > 0;

  // The turn is worked out once per table update; steps made belong to the update they were made in.
  const turnKey = `${props.seq}`;
  const turn = useMemo<Turn | null>(
    () =>
      moving && dice !== null && seat !== null ? startTurn({ board: view.board, seat, dice, plays }) : null,
    [turnKey, moving],
  );
  const [building, setBuilding] = useState<{ key: string; steps: Step[]; selected: Step['from'] | null }>({
    key: turnKey,
    steps: [],
    selected: null,
  });
  const made = building.key === turnKey ? building.steps : [];
  const selected = building.key === turnKey ? building.selected : null;
  const setMade = (steps: Step[], sel: Step['from'] | null = null) =>
    setBuilding({ key: turnKey, steps, selected: sel });

  const shown: Board = turn !== null && seat !== null ? applySteps(view.board, seat, made) : view.board;
  const next = turn !== null ? nextSteps(turn, made) : [];
  const sources = new Set<Spot>(next.map((s) => s.from));
  const targets =
    turn !== null && selected !== null ? targetsFrom(turn, made, selected) : new Map<Spot, Step[]>();
  const complete = turn !== null ? playMade(turn, made) : null;
  const left = turn !== null ? diceLeft(turn, made) : null;

  // Sent and committed, but the table's update may not have come yet: nothing more to send from this one.
  const [sentAt, setSentAt] = useState<number | null>(null);
  const busy = props.busy || sentAt === props.seq;
  const send = async (action: BackgammonAction) => {
    setSentAt(props.seq);
    try {
      await props.act(action);
    } catch {
      // The table page shows the server's reason; the seat may try again.
      setSentAt(null);
    }
  };

  /** A click, a tap, a drop or a key on a spot. */
  const activate = (spot: Spot, dropped = false) => {
    if (turn === null || busy) return;
    const route = targets.get(spot);
    if (route !== undefined) {
      setMade([...made, ...route]);
      return;
    }
    if (dropped) return;
    if (spot !== 'off' && sources.has(spot) && spot !== selected) setMade(made, spot);
    else setMade(made, null);
  };

  // Dragging: a press on a checker that can move picks it up; a release over a highlighted spot plays there.
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<{ from: Spot; x0: number; y0: number; moved: boolean; wasSelected: boolean } | null>(
    null,
  );
  const [ghost, setGhost] = useState<{ x: number; y: number } | null>(null);

  const svgPoint = (event: PointerEvent) => {
    const svg = svgRef.current;
    const ctm = svg?.getScreenCTM();
    if (svg === null || ctm === null || ctm === undefined) return null;
    return new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
  };
  const spotAt = (event: PointerEvent): Spot | null => {
    const hit = document.elementFromPoint(event.clientX, event.clientY);
    return spotOf((hit?.closest('[data-spot]') as SVGElement | null)?.dataset.spot);
  };

  const onPointerDown = (event: PointerEvent) => {
    if (turn === null || busy) return;
    const spot = spotAt(event);
    if (spot === null) return;
    if (targets.has(spot)) {
      activate(spot);
      return;
    }
    if (spot === 'off' || !sources.has(spot)) {
      setMade(made, null);
      return;
    }
    event.preventDefault();
    drag.current = {
      from: spot,
      x0: event.clientX,
      y0: event.clientY,
      moved: false,
      wasSelected: spot === selected,
    };
    svgRef.current?.setPointerCapture(event.pointerId);
    setMade(made, spot);
  };
  const onPointerMove = (event: PointerEvent) => {
    const d = drag.current;
    if (d === null) return;
    if (!d.moved && Math.hypot(event.clientX - d.x0, event.clientY - d.y0) < DRAG_START) return;
    d.moved = true;
    const p = svgPoint(event);
    if (p !== null) setGhost({ x: p.x, y: p.y });
  };
  const onPointerUp = (event: PointerEvent) => {
    const d = drag.current;
    drag.current = null;
    setGhost(null);
    if (d === null) return;
    if (d.moved) {
      const spot = spotAt(event);
      if (spot !== null && spot !== d.from) activate(spot, true);
    } else if (d.wasSelected) setMade(made, null);
  };
  const onPointerCancel = () => {
    drag.current = null;
    setGhost(null);
  };

  const resignable =
    seat !== null &&
    view.toAct === seat &&
    (view.phase === 'decide' || view.phase === 'move') &&
    view.result === null;
  const [resignKind, setResignKind] = useState<PositionKind>('single');
  const has = (type: BackgammonAction['type']) => legal.some((a) => a.type === type);
  // What was last played (a roll only says what the status line says already).
  const last = view.recent.findLast((entry) => entry.type !== 'roll')?.text;

  return (
    <div class="bg" data-seq={props.seq}>
      <p class="bg-status" aria-live="polite">
        {statusLine(view, label, seat)}
        {last !== undefined && <span class="bg-last"> Last: {last}</span>}
      </p>
      <svg
        ref={svgRef}
        class="bg-svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        aria-labelledby="bg-title"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
      >
        <title id="bg-title">Backgammon board from {seat === null ? "White's" : 'your'} side</title>
        <rect class="bg-frame" x={0} y={0} width={WIDTH} height={HEIGHT} rx={8} />
        <rect class="bg-felt" x={50} y={TOP} width={BAR_X - 50} height={BOTTOM - TOP} />
        <rect class="bg-felt" x={BAR_X + BAR_W} y={TOP} width={6 * POINT_W} height={BOTTOM - TOP} />
        <rect class="bg-bar" x={BAR_X} y={TOP} width={BAR_W} height={BOTTOM - TOP} />
        <rect class="bg-tray" x={TRAY_X} y={TOP} width={TRAY_W} height={MIDDLE - TOP - 15} />
        <rect class="bg-tray" x={TRAY_X} y={MIDDLE + 15} width={TRAY_W} height={BOTTOM - MIDDLE - 15} />
        {Array.from({ length: 24 }, (_, i) => (
          <Point key={i} pip={i + 1} />
        ))}
        {shown.points.map((n, index) => (
          <Stack key={index} pip={viewerPip(viewer, index)} count={Math.abs(n)} owner={n > 0 ? 0 : 1} />
        ))}
        <BarCheckers count={shown.bar[viewer]} owner={viewer} below />
        <BarCheckers count={shown.bar[other(viewer)]} owner={other(viewer)} below={false} />
        <Off count={shown.off[viewer]} owner={viewer} below />
        <Off count={shown.off[other(viewer)]} owner={other(viewer)} below={false} />
        <text class="bg-pips" x={TRAY_X + TRAY_W / 2} y={MIDDLE + 5}>
          {pipCount(shown, viewer)}/{pipCount(shown, other(viewer))}
        </text>
        <Cube view={view} viewer={viewer} />
        {dice !== null && view.toAct !== null && (
          <Dice dice={dice} left={left} right={(view.resignation?.seat ?? view.toAct) === viewer} />
        )}
        {ghost !== null && (
          <circle class={`bg-checker c${viewer} bg-ghost`} cx={ghost.x} cy={ghost.y} r={CHECKER_R} />
        )}
        {Array.from({ length: 24 }, (_, index) => (
          <Zone
            key={index}
            spot={index}
            x={columnX(viewerPip(viewer, index))}
            y={isTopRow(viewerPip(viewer, index)) ? TOP : BOTTOM - ZONE_H}
            w={POINT_W}
            h={ZONE_H}
            label={pointLabel(shown, index, viewerPip(viewer, index), seat)}
            state={zoneState(index, sources, targets, selected, turn !== null && !busy)}
            activate={activate}
            cancel={() => setMade(made, null)}
          />
        ))}
        <Zone
          spot="bar"
          x={BAR_X}
          y={TOP}
          w={BAR_W}
          h={BOTTOM - TOP}
          label={`Bar: ${shown.bar[viewer]} of yours, ${shown.bar[other(viewer)]} of theirs`}
          state={zoneState('bar', sources, targets, selected, turn !== null && !busy)}
          activate={activate}
          cancel={() => setMade(made, null)}
        />
        <Zone
          spot="off"
          x={TRAY_X}
          y={MIDDLE}
          w={TRAY_W}
          h={BOTTOM - MIDDLE}
          label={`Borne off: ${shown.off[viewer]}`}
          state={zoneState('off', sources, targets, selected, turn !== null && !busy)}
          activate={activate}
          cancel={() => setMade(made, null)}
        />
      </svg>

      <div class="bg-controls">
        {turn !== null && (
          <>
            <button
              type="button"
              disabled={made.length === 0 || busy}
              onClick={() => setMade(made.slice(0, -1))}
            >
              Undo
            </button>
            <button type="button" disabled={made.length === 0 || busy} onClick={() => setMade([])}>
              Undo all
            </button>
            <button
              type="button"
              class="bg-done"
              disabled={complete === null || busy}
              onClick={() => complete !== null && send({ type: 'move', steps: [...complete] })}
            >
              {plays.length === 1 && plays[0]?.length === 0 ? 'Pass (no legal move)' : 'Done'}
            </button>
          </>
        )}
        {has('roll') && (
          <button type="button" disabled={busy} onClick={() => send({ type: 'roll' })}>
            Roll
          </button>
        )}
        {has('double') && (
          <button type="button" disabled={busy} onClick={() => send({ type: 'double' })}>
            Double
          </button>
        )}
        {has('take') && (
          <button type="button" disabled={busy} onClick={() => send({ type: 'take' })}>
            Take
          </button>
        )}
        {has('drop') && (
          <button type="button" disabled={busy} onClick={() => send({ type: 'drop' })}>
            Drop
          </button>
        )}
        {has('beaver') && (
          <button type="button" disabled={busy} onClick={() => send({ type: 'beaver' })}>
            Beaver
          </button>
        )}
        {has('accept') && (
          <button type="button" disabled={busy} onClick={() => send({ type: 'accept' })}>
            Accept resignation
          </button>
        )}
        {has('decline') && (
          <button type="button" disabled={busy} onClick={() => send({ type: 'decline' })}>
            Decline resignation
          </button>
        )}
        {resignable && (
          <span class="bg-resign">
            <select
              aria-label="Resign what"
              value={resignKind}
              onChange={(e) => setResignKind((e.target as HTMLSelectElement).value as PositionKind)}
            >
              <option value="single">a single game</option>
              <option value="gammon">a gammon</option>
              <option value="backgammon">a backgammon</option>
            </select>
            <button type="button" disabled={busy} onClick={() => send({ type: 'resign', kind: resignKind })}>
              Resign
            </button>
          </span>
        )}
      </div>
      {turn !== null && (
        <p class="muted bg-keys">
          Click or drag a checker to a green point. Keys: Tab to a checker, Enter to pick it, Tab to a green
          point, Enter to move there; Escape drops the pick.
        </p>
      )}
      {turn !== null && made.length > 0 && (
        <p class="bg-made">
          Your move so far: {made.map((s) => stepText(viewer, s)).join(' ')}
          {complete === null && left !== null && left.length > 0 && ` (to play: ${left.join(', ')})`}
        </p>
      )}

      <div class="bg-info">
        <p>
          Pips: {label(viewer)} {pipCount(shown, viewer)}, {label(other(viewer))}{' '}
          {pipCount(shown, other(viewer))}
        </p>
        <p>{cubeText(view, label)}</p>
        {matchText(view, names) !== null && <p class="bg-match">{matchText(view, names)}</p>}
        {clockLine(view, names) !== null && <p class="bg-clock">{clockLine(view, names)}</p>}
        <h3>Recent moves</h3>
        <ol class="bg-log">
          {view.recent.map((entry, i) => (
            <li key={i}>{entry.text}</li>
          ))}
        </ol>
        <p class="muted">The view carries the last {view.recent.length} entries of the game's record.</p>
      </div>
    </div>
  );
}

function statusLine(view: BackgammonView, label: (s: Side) => string, seat: Side | null): string {
  if (view.result !== null) {
    const r = view.result;
    return `${label(r.winner)} ${r.winner === seat ? 'win' : 'wins'} a ${r.kind === 'single' ? 'single game' : r.kind}, ${r.points} point${r.points === 1 ? '' : 's'} (${r.how}).`;
  }
  const who = view.toAct;
  if (who === null) return 'The game has not started.';
  const yours = who === seat;
  const name = label(who);
  switch (view.phase) {
    case 'decide':
      return `${name} to roll or double.`;
    case 'move':
      return `${yours ? 'Your turn' : `${name} to play`}: dice ${diceText(view.dice ?? [])}.`;
    case 'cube_offered':
      return `${name} to take or drop the cube at ${view.cube.value * 2}.`;
    case 'resign_offered':
      return `${name} to accept or decline a resignation (${view.resignation?.kind ?? 'single'}).`;
    default:
      return '';
  }
}

function cubeText(view: BackgammonView, label: (s: Side) => string): string {
  if (!view.config.cube) return 'No cube.';
  if (view.crawfordGame) return 'No cube: the Crawford game.';
  const { value, owner } = view.cube;
  return owner === null ? `Cube: ${value}, centred.` : `Cube: ${value}, owned by ${label(owner)}.`;
}

function pointLabel(board: Board, index: number, pip: number, seat: Side | null): string {
  const n = board.points[index] ?? 0;
  const owner: Side = n > 0 ? 0 : 1;
  const whose = n === 0 ? 'empty' : `${Math.abs(n)} ${owner === seat ? 'of yours' : COLOURS[owner]}`;
  return `Point ${pip}: ${whose}`;
}

type ZoneState = 'source' | 'selected' | 'target' | null;

function zoneState(
  spot: Spot,
  sources: ReadonlySet<Spot>,
  targets: ReadonlyMap<Spot, Step[]>,
  selected: Spot | null,
  active: boolean,
): ZoneState {
  if (!active) return null;
  if (spot === selected) return 'selected';
  if (targets.has(spot)) return 'target';
  if (selected === null && sources.has(spot)) return 'source';
  return null;
}

function Zone(props: {
  spot: Spot;
  x: number;
  y: number;
  w: number;
  h: number;
  label: string;
  state: ZoneState;
  activate(spot: Spot): void;
  cancel(): void;
}) {
  const live = props.state !== null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG shape on the board cannot be an HTML <button>
    <rect
      class={`bg-zone${live ? ` is-${props.state}` : ''}`}
      data-spot={String(props.spot)}
      x={props.x}
      y={props.y}
      width={props.w}
      height={props.h}
      role="button"
      aria-disabled={!live}
      tabindex={live ? 0 : -1}
      aria-label={`${props.label}${props.state === 'target' ? ', move here' : props.state === 'source' ? ', can move' : props.state === 'selected' ? ', selected' : ''}`}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          props.activate(props.spot);
        } else if (e.key === 'Escape') props.cancel();
      }}
    />
  );
}

function Point({ pip }: { pip: number }) {
  const x = columnX(pip);
  const top = isTopRow(pip);
  const base = top ? TOP : BOTTOM;
  const tip = top ? TOP + POINT_H : BOTTOM - POINT_H;
  return (
    <>
      <polygon
        class={`bg-point ${pip % 2 === 0 ? 'even' : 'odd'}`}
        points={`${x},${base} ${x + POINT_W},${base} ${x + POINT_W / 2},${tip}`}
      />
      <text class="bg-label" x={x + POINT_W / 2} y={top ? TOP - 9 : BOTTOM + 20}>
        {pip}
      </text>
    </>
  );
}

function Stack({ pip, count, owner }: { pip: number; count: number; owner: Side }) {
  if (count === 0) return null;
  const shown = Math.min(count, STACK);
  const top = checkerCentre(pip, shown - 1);
  return (
    <g>
      {Array.from({ length: shown }, (_, k) => {
        const c = checkerCentre(pip, k);
        return <circle key={k} class={`bg-checker c${owner}`} cx={c.x} cy={c.y} r={CHECKER_R - 1} />;
      })}
      {count > STACK && (
        <text class={`bg-count c${owner}`} x={top.x} y={top.y + 5}>
          {count}
        </text>
      )}
    </g>
  );
}

function BarCheckers({ count, owner, below }: { count: number; owner: Side; below: boolean }) {
  if (count === 0) return null;
  const shown = Math.min(count, 3);
  const x = BAR_X + BAR_W / 2;
  const y = (k: number) => (below ? MIDDLE + 30 + k * 2 * CHECKER_R : MIDDLE - 30 - k * 2 * CHECKER_R);
  return (
    <g>
      {Array.from({ length: shown }, (_, k) => (
        <circle key={k} class={`bg-checker c${owner}`} cx={x} cy={y(k)} r={CHECKER_R - 1} />
      ))}
      {count > 1 && (
        <text class={`bg-count c${owner}`} x={x} y={y(shown - 1) + 5}>
          {count}
        </text>
      )}
    </g>
  );
}

function Off({ count, owner, below }: { count: number; owner: Side; below: boolean }) {
  return (
    <g>
      {Array.from({ length: count }, (_, k) => (
        <rect
          key={k}
          class={`bg-slab c${owner}`}
          x={TRAY_X + 6}
          y={below ? BOTTOM - 12 * (k + 1) : TOP + 12 * k + 2}
          width={TRAY_W - 12}
          height={10}
          rx={2}
        />
      ))}
      {count > 0 && (
        <text
          class="bg-off-count"
          x={TRAY_X + TRAY_W / 2}
          y={below ? BOTTOM - 12 * count - 6 : TOP + 12 * count + 16}
        >
          {count} off
        </text>
      )}
    </g>
  );
}

function Cube({ view, viewer }: { view: BackgammonView; viewer: Side }) {
  if (!view.config.cube || view.crawfordGame) return null;
  const { value, owner } = view.cube;
  const offered = view.phase === 'cube_offered';
  const y = owner === null ? MIDDLE : owner === viewer ? BOTTOM - 40 : TOP + 40;
  return (
    <g class="bg-cube">
      <rect x={CUBE_X - 18} y={y - 18} width={36} height={36} rx={5} />
      <text x={CUBE_X} y={y + 6}>
        {offered ? value * 2 : value === 1 ? 64 : value}
      </text>
    </g>
  );
}

const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

function Dice({
  dice,
  left,
  right,
}: {
  dice: readonly [number, number];
  left: readonly number[] | null;
  right: boolean;
}) {
  const all = diceToPlay(dice);
  const unused = left === null ? [...all] : [...left];
  const faces = all.map((die) => {
    const i = unused.indexOf(die);
    if (i >= 0) unused.splice(i, 1);
    return { die, used: i < 0 };
  });
  const size = all.length === 4 ? 28 : 34;
  const centre = right ? BAR_X + BAR_W + 3 * POINT_W : 50 + 3 * POINT_W;
  const gap = size + 8;
  const x0 = centre - (faces.length * gap - 8) / 2;
  return (
    <g aria-label={`Dice ${diceText(dice)}`}>
      {faces.map((f, k) => (
        <g
          key={k}
          class={`bg-die${f.used ? ' used' : ''}`}
          transform={`translate(${x0 + k * gap},${MIDDLE - size / 2})`}
        >
          <rect width={size} height={size} rx={5} />
          {(PIPS[f.die] ?? []).map(([dx, dy], p) => (
            <circle
              key={p}
              cx={size / 2 + (dx * size) / 3.4}
              cy={size / 2 + (dy * size) / 3.4}
              r={size / 12}
            />
          ))}
        </g>
      ))}
    </g>
  );
}
