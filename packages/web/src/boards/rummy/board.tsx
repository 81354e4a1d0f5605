import type { BoardProps } from '../types';

/** Scaffold only: the real board replaces this. */
export function RummyBoard(props: BoardProps) {
  return <pre class="raw-view">{JSON.stringify(props.view, null, 2)}</pre>;
}
