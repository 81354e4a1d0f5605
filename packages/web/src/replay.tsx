import type { TableSummary, Update } from '@tabula/server/schemas';
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, reasonOf } from './api';
import { loadBoard } from './boards';
import { type BoardProps, seatName } from './boards/types';
import { narrate } from './narrate';
import { hrefOf } from './router';

/**
 * A game move by move from its first position, as a spectator saw it (the
 * server's `/tables/:id/views`): a slider, buttons, and the arrow keys.
 */
export function ReplayPage({ id }: { id: string }) {
  const [summary, setSummary] = useState<TableSummary | null>(null);
  const [frames, setFrames] = useState<Update[]>([]);
  const [at, setAt] = useState(0);
  const [Board, setBoard] = useState<ComponentType<BoardProps> | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([api.table(id), api.views(id)]).then(
      ([table, views]) => {
        if (!live) return;
        setSummary(table);
        setFrames(views);
        loadBoard(table.game).then(
          (board) => live && setBoard(() => board),
          (e: unknown) => setError(reasonOf(e)),
        );
      },
      (e: unknown) => live && setError(reasonOf(e)),
    );
    return () => {
      live = false;
    };
  }, [id]);

  const last = Math.max(0, frames.length - 1);
  const go = (to: number) => setAt(Math.min(Math.max(to, 0), last));

  useEffect(() => {
    const key = (event: KeyboardEvent) => {
      // The slider moves itself with the arrows; elsewhere on the page they step the replay.
      if (event.target instanceof HTMLInputElement) return;
      const to =
        event.key === 'ArrowLeft'
          ? at - 1
          : event.key === 'ArrowRight'
            ? at + 1
            : event.key === 'Home'
              ? 0
              : event.key === 'End'
                ? last
                : null;
      if (to === null) return;
      event.preventDefault();
      go(to);
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [at, last]);

  const shown = frames[Math.min(at, last)];
  const nameOf = (s: number) => (summary === null ? `Seat ${s + 1}` : seatName(summary.seats, s));
  const line =
    summary === null || shown === undefined
      ? ''
      : at === 0
        ? 'The start.'
        : narrate(summary.game, frames[at - 1]?.view ?? null, shown.view, nameOf);

  return (
    <div class="replay">
      <h1>
        Replay{summary !== null && ` of ${summary.game}`} <span class="muted">{id}</span>
      </h1>
      {error !== null && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {summary !== null && summary.status !== 'finished' && (
        <p>
          This game is still going on: the replay holds its positions so far.{' '}
          <a href={hrefOf({ page: 'watch', id })}>Watch it live</a>
        </p>
      )}
      <div class="replay-controls">
        <button type="button" onClick={() => go(0)} disabled={at === 0} aria-label="First position">
          ⏮
        </button>
        <button type="button" onClick={() => go(at - 1)} disabled={at === 0} aria-label="Previous position">
          ◀
        </button>
        <input
          type="range"
          aria-label="Position"
          min={0}
          max={last}
          value={at}
          onInput={(e) => go(Number((e.target as HTMLInputElement).value))}
        />
        <button type="button" onClick={() => go(at + 1)} disabled={at >= last} aria-label="Next position">
          ▶
        </button>
        <button type="button" onClick={() => go(last)} disabled={at >= last} aria-label="Last position">
          ⏭
        </button>
        <span class="replay-at">
          {at} / {last}
        </span>
      </div>
      <p aria-live="polite" class="narration">
        {line}
      </p>
      {summary !== null && shown !== undefined && Board !== null && (
        <Board
          view={shown.view}
          seat={null}
          legal={[]}
          toAct={shown.toAct}
          status={shown.status}
          outcome={shown.outcome}
          seats={summary.seats}
          seq={shown.seq}
          act={() => Promise.resolve()}
          busy={true}
        />
      )}
    </div>
  );
}
