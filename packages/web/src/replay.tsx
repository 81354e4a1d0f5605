import type { TableSummary, Update } from '@tabula/server/schemas';
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, reasonOf } from './api';
import { loadBoard } from './boards';
import type { BoardProps } from './boards/types';
import { TableConnection } from './connection';

/** A table's positions as a spectator saw them, one by one, with a slider. */
export function ReplayPage({ id }: { id: string }) {
  const [summary, setSummary] = useState<TableSummary | null>(null);
  const [updates, setUpdates] = useState<Update[]>([]);
  const [at, setAt] = useState(0);
  const [Board, setBoard] = useState<ComponentType<BoardProps> | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api.table(id).then(
      (table) => {
        setSummary(table);
        loadBoard(table.game).then((board) => setBoard(() => board));
      },
      (e: unknown) => setError(reasonOf(e)),
    );
    const connection = new TableConnection(id, undefined, {
      update: (u) => setUpdates((all) => [...all, u]),
      status: () => undefined,
    });
    return () => connection.close();
  }, [id]);

  const shown = updates[Math.min(at, updates.length - 1)];
  return (
    <div class="replay">
      {error !== null && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <label>
        Position{' '}
        <input
          type="range"
          min={0}
          max={Math.max(0, updates.length - 1)}
          value={at}
          onInput={(e) => setAt(Number((e.target as HTMLInputElement).value))}
        />{' '}
        {shown?.seq ?? 0} / {updates.at(-1)?.seq ?? 0}
      </label>
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
