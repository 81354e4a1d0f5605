/**
 * Dragging a card with any pointer (mouse, finger, pen) through pointer
 * events: a press that moves past a few pixels is a drag, dropped on the
 * target under the pointer; a press that does not move is a tap. Taps are
 * told from the pointer events too, not from `click`: after a touch gesture
 * Chromium does not always send the click. The click that may follow is then
 * ignored, and a click without a press (a key) is a tap.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Target } from './layout';

/** Pixels a press must move before it is a drag rather than a tap. */
const DRAG_SLOP = 6;
/** How long after a press ends the click it may bring is its echo, in milliseconds. */
const CLICK_ECHO_MS = 600;

export interface Dragging {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  /** The target under the pointer, for highlighting. */
  readonly over: Target | null;
}

/** Reads a `data-target` attribute: `hand`, `new`, `meld:3`. */
export function targetOf(text: string | undefined): Target | null {
  if (text === 'hand') return { to: 'hand' };
  if (text === 'new') return { to: 'new' };
  const match = /^meld:(\d+)$/.exec(text ?? '');
  return match === null ? null : { to: 'meld', index: Number(match[1]) };
}

export function targetText(target: Target): string {
  return target.to === 'meld' ? `meld:${target.index}` : target.to;
}

/** The drop target under a point: the nearest element marked `data-target`. */
function targetAt(x: number, y: number): Target | null {
  const element = document.elementFromPoint(x, y);
  const marked = element?.closest<HTMLElement>('[data-target]');
  return targetOf(marked?.dataset.target);
}

export interface DragControl {
  readonly dragging: Dragging | null;
  /** The card's `onPointerDown`. */
  press(event: PointerEvent, id: string): void;
  /** Whether a click is the echo of a press already handled (as a tap or a drop), to be ignored. */
  consumeClick(): boolean;
}

export function useCardDrag(
  enabled: boolean,
  drop: (id: string, target: Target) => void,
  tap: (id: string) => void,
): DragControl {
  const [dragging, setDragging] = useState<Dragging | null>(null);
  const handlers = useRef({ drop, tap });
  handlers.current = { drop, tap };
  /** When the last press ended (0: none since the last click). */
  const pressEnded = useRef(0);
  const cleanup = useRef<(() => void) | null>(null);

  useEffect(() => () => cleanup.current?.(), []);
  useEffect(() => {
    if (!enabled) {
      cleanup.current?.();
      setDragging(null);
    }
  }, [enabled]);

  const press = (event: PointerEvent, id: string) => {
    if (!enabled || !event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
    cleanup.current?.();
    const startX = event.clientX;
    const startY = event.clientY;
    const pointer = event.pointerId;
    let moving = false;
    const move = (e: PointerEvent) => {
      if (e.pointerId !== pointer) return;
      if (!moving && Math.hypot(e.clientX - startX, e.clientY - startY) < DRAG_SLOP) return;
      moving = true;
      e.preventDefault();
      setDragging({ id, x: e.clientX, y: e.clientY, over: targetAt(e.clientX, e.clientY) });
    };
    const up = (e: PointerEvent) => {
      if (e.pointerId !== pointer) return;
      finish();
      pressEnded.current = Date.now();
      if (!moving) {
        handlers.current.tap(id);
        return;
      }
      const target = targetAt(e.clientX, e.clientY);
      if (target !== null) handlers.current.drop(id, target);
    };
    const cancel = (e: PointerEvent) => {
      if (e.pointerId === pointer) finish();
    };
    const finish = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      cleanup.current = null;
      setDragging(null);
    };
    window.addEventListener('pointermove', move, { passive: false });
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    cleanup.current = finish;
  };

  const consumeClick = () => {
    const echo = Date.now() - pressEnded.current < CLICK_ECHO_MS;
    pressEnded.current = 0;
    return echo;
  };

  return { dragging, press, consumeClick };
}
