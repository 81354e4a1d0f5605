/**
 * Dragging a card with any pointer (mouse, finger, pen) through pointer
 * events: a press that moves past a few pixels is a drag, dropped on the
 * target under the pointer; a press that does not move stays a tap, which
 * the card's own click handles (as it does a key press).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Target } from './layout';

/** Pixels a press must move before it is a drag rather than a tap. */
const DRAG_SLOP = 6;

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
  /** Whether a click that follows a drag should be ignored (the drop was the gesture). */
  consumeClick(): boolean;
}

export function useCardDrag(enabled: boolean, drop: (id: string, target: Target) => void): DragControl {
  const [dragging, setDragging] = useState<Dragging | null>(null);
  const dropRef = useRef(drop);
  dropRef.current = drop;
  const dragged = useRef(false);
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
    dragged.current = false;
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
      if (!moving) return;
      dragged.current = true;
      const target = targetAt(e.clientX, e.clientY);
      if (target !== null) dropRef.current(id, target);
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
    const was = dragged.current;
    dragged.current = false;
    return was;
  };

  return { dragging, press, consumeClick };
}
