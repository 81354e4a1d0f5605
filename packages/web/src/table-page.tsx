import type { TableSummary, Update } from '@tabula/server/schemas';
import type { ComponentType } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { api, reasonOf } from './api';
import { loadBoard } from './boards';
import { type BoardProps, seatName } from './boards/types';
import { type ConnectionStatus, TableConnection } from './connection';
import { hrefOf } from './router';
import { type HeldSeat, heldSeat, holdSeat } from './seats';

/** A table: its board from this seat's side (or a spectator's), live over the table's WebSocket. */
export function TablePage({ id }: { id: string }) {
  const [summary, setSummary] = useState<TableSummary | null>(null);
  const [held, setHeld] = useState<HeldSeat | null>(() => heldSeat(id));
  const [watching, setWatching] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api.table(id).then(setSummary, (e: unknown) => setError(reasonOf(e)));
  }, [id]);

  const take = async () => {
    try {
      const joined = await api.join(id);
      const seat = { seat: joined.seat, token: joined.token };
      holdSeat(id, seat);
      setHeld(seat);
    } catch (e) {
      setError(reasonOf(e));
    }
  };

  if (summary === null)
    return error === null ? (
      <p>Loading table {id}…</p>
    ) : (
      <p role="alert" class="error">
        {error}
      </p>
    );
  const free = summary.seats.some((s) => s.kind === 'person' && !s.taken);
  if (held === null && !watching && free && summary.status !== 'finished')
    return (
      <div class="choose">
        <h1>
          {summary.game} <span class="muted">{summary.id}</span>
        </h1>
        <button type="button" onClick={take}>
          Take a seat
        </button>{' '}
        <button type="button" onClick={() => setWatching(true)}>
          Watch
        </button>
        {error !== null && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
      </div>
    );
  return <LiveTable summary={summary} held={held} onSummary={setSummary} />;
}

function LiveTable({
  summary,
  held,
  onSummary,
}: {
  summary: TableSummary;
  held: HeldSeat | null;
  onSummary(summary: TableSummary): void;
}) {
  const [update, setUpdate] = useState<Update | null>(null);
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const [connection, setConnection] = useState<TableConnection | null>(null);
  const [Board, setBoard] = useState<ComponentType<BoardProps> | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    loadBoard(summary.game).then(
      (board) => setBoard(() => board),
      (e: unknown) => setRefusal(reasonOf(e)),
    );
  }, [summary.game]);

  useEffect(() => {
    const opened = new TableConnection(summary.id, held?.token, { update: setUpdate, status: setStatus });
    setConnection(opened);
    return () => opened.close();
  }, [summary.id, held?.token]);

  // The summary (names, outcome) is read again when the table's status changes.
  useEffect(() => {
    if (update !== null && update.status !== summary.status)
      api.table(summary.id).then(onSummary, () => undefined);
  }, [update?.status]);

  const act = useCallback(
    async (action: unknown) => {
      if (connection === null || update === null) return;
      setBusy(true);
      setRefusal(null);
      try {
        await connection.act(update.seq, action);
      } catch (e) {
        setRefusal(reasonOf(e));
        throw e;
      } finally {
        setBusy(false);
      }
    },
    [connection, update],
  );

  const seat = held?.seat ?? null;
  return (
    <div class="table-page">
      <div class="table-head">
        <h1>
          {summary.game} <span class="muted">{summary.id}</span>
        </h1>
        <p class="seat-line">
          {seat === null ? 'Watching' : `You are ${seatName(summary.seats, seat)} (seat ${seat + 1})`}
          {status !== 'open' && (
            <span class="conn"> · {status === 'closed' ? 'disconnected' : `${status}…`}</span>
          )}
        </p>
        <p aria-live="polite" class="turn">
          {update === null ? 'Waiting for the table…' : turnLine(update, summary, seat)}
        </p>
        {refusal !== null && (
          <p role="alert" class="error">
            Refused: {refusal}
          </p>
        )}
      </div>
      {update !== null && Board !== null && (
        <Board
          view={update.view}
          seat={seat}
          legal={update.legal}
          toAct={update.toAct}
          status={update.status}
          outcome={update.outcome}
          seats={summary.seats}
          seq={update.seq}
          act={act}
          busy={busy}
        />
      )}
      {update?.status === 'finished' && (
        <p>
          <a href={hrefOf({ page: 'replay', id: summary.id })}>Replay this game</a>
        </p>
      )}
    </div>
  );
}

function turnLine(update: Update, summary: TableSummary, seat: number | null): string {
  if (update.status === 'finished') {
    const winners = update.outcome?.winners ?? [];
    if (winners.length === 0) return 'Game over: a draw.';
    if (seat !== null && winners.includes(seat)) return 'Game over: you won.';
    return `Game over: ${winners.map((w) => seatName(summary.seats, w)).join(' and ')} won.`;
  }
  if (update.status === 'open') return 'Waiting for players to join.';
  if (seat !== null && update.toAct.includes(seat)) return 'Your turn.';
  return `Waiting for ${update.toAct.map((s) => seatName(summary.seats, s)).join(' and ')}.`;
}
