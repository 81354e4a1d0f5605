import type { TableSummary, Update } from '@tabula/server/schemas';
import type { ComponentType } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { api, reasonOf } from './api';
import { loadBoard } from './boards';
import { type BoardProps, seatName } from './boards/types';
import { type ConnectionStatus, TableConnection } from './connection';
import { narrate } from './narrate';
import { hrefOf } from './router';
import { type HeldSeat, heldSeat, holdSeat } from './seats';

/** A table: its board from this seat's side (or a spectator's), live over the table's WebSocket. */
export function TablePage({ id, watch = false }: { id: string; watch?: boolean }) {
  const [summary, setSummary] = useState<TableSummary | null>(null);
  const [held, setHeld] = useState<HeldSeat | null>(() => heldSeat(id));
  const watching = watch;
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
        <a class="button" href={hrefOf({ page: 'watch', id: summary.id })}>
          Watch
        </a>
        {error !== null && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
      </div>
    );
  return <LiveTable summary={summary} held={watching ? null : held} onSummary={setSummary} />;
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
  const [story, setStory] = useState<string[]>([]);
  const seat = held?.seat ?? null;
  // The narration compares each position with the one before it; the names are read when it speaks.
  const shown = useRef<Update | null>(null);
  const names = useRef(summary.seats);
  names.current = summary.seats;

  useEffect(() => {
    loadBoard(summary.game).then(
      (board) => setBoard(() => board),
      (e: unknown) => setRefusal(reasonOf(e)),
    );
  }, [summary.game]);

  useEffect(() => {
    const nameOf = (s: number) => (s === seat ? 'You' : seatName(names.current, s));
    const opened = new TableConnection(summary.id, held?.token, {
      update: (next) => {
        const line = narrate(summary.game, shown.current?.view ?? null, next.view, nameOf);
        shown.current = next;
        if (line !== '') setStory((lines) => [...lines.slice(-5), line]);
        setUpdate(next);
      },
      status: setStatus,
    });
    setConnection(opened);
    return () => opened.close();
  }, [summary.id, held?.token]);

  // The summary (names, seats taken, outcome) is read again when the table's status changes.
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

  const free = summary.seats.filter((s) => s.kind === 'person' && !s.taken);
  const tableLink = `${window.location.origin}${window.location.pathname}${hrefOf({ page: 'table', id: summary.id })}`;
  return (
    <div class="table-page">
      <div class="table-head">
        <h1>
          {summary.game} <span class="muted">{summary.id}</span>
        </h1>
        <p class="seat-line">
          {seat === null ? 'Watching' : youAre(summary, seat)} <ConnectionBadge status={status} />
        </p>
        <p class="turn">{update === null ? 'Waiting for the table…' : turnLine(update, summary, seat)}</p>
        <p aria-live="polite" class="narration">
          {story.at(-1) ?? ''}
        </p>
        {refusal !== null && (
          <p role="alert" class="error">
            Refused: {refusal}
          </p>
        )}
        {summary.status === 'open' && free.length > 0 && (
          <div class="invite">
            <label>
              Invite a friend to {free.length === 1 ? 'the free seat' : `the ${free.length} free seats`}:{' '}
              <input readOnly value={tableLink} onFocus={(e) => (e.target as HTMLInputElement).select()} />
            </label>{' '}
            <button type="button" onClick={() => navigator.clipboard?.writeText(tableLink)}>
              Copy
            </button>
          </div>
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
      {update?.status === 'finished' && update.outcome !== null && (
        <section class="outcome" aria-label="Outcome">
          <h2>Outcome</h2>
          <ul>
            {update.outcome.scores.map((score, s) => (
              <li key={s}>
                {seatName(summary.seats, s)}
                {s === seat ? ' (you)' : ''}: {score}
                {update.outcome?.winners.includes(s) ? ' — winner' : ''}
              </li>
            ))}
          </ul>
          <p class="muted">Ended: {update.outcome.reason.replaceAll('_', ' ')}</p>
        </section>
      )}
      {story.length > 1 && (
        <details class="story">
          <summary>What happened lately</summary>
          <ol>
            {story.map((line, i) => (
              <li key={`${i}:${line}`}>{line}</li>
            ))}
          </ol>
        </details>
      )}
      <p class="links">
        {update?.status === 'finished' && (
          <a href={hrefOf({ page: 'replay', id: summary.id })}>Replay this game</a>
        )}{' '}
        {seat !== null && update?.status !== 'finished' && (
          <a href={hrefOf({ page: 'watch', id: summary.id })}>Spectator's link</a>
        )}
      </p>
    </div>
  );
}

const BADGES: Record<ConnectionStatus, string> = {
  connecting: 'connecting…',
  open: 'connected',
  reconnecting: 'reconnecting…',
  closed: 'disconnected',
};

function ConnectionBadge({ status }: { status: ConnectionStatus }) {
  return (
    <span class={`badge conn-${status}`} role="status">
      {BADGES[status]}
    </span>
  );
}

function turnLine(update: Update, summary: TableSummary, seat: number | null): string {
  if (update.status === 'finished') {
    const winners = update.outcome?.winners ?? [];
    if (winners.length === 0) return 'Game over: a draw.';
    if (seat !== null && winners.includes(seat))
      return winners.length === 1 ? 'Game over: you won.' : 'Game over: you share the win.';
    return `Game over: ${winners.map((w) => seatName(summary.seats, w)).join(' and ')} won.`;
  }
  if (update.status === 'open') return 'Waiting for players to join.';
  if (seat !== null && update.toAct.includes(seat)) return 'Your turn.';
  return `Waiting for ${update.toAct.map((s) => seatName(summary.seats, s)).join(' and ')}.`;
}

function youAre(summary: TableSummary, seat: number): string {
  const name = summary.seats.find((s) => s.seat === seat)?.name;
  return name ? `You are ${name} (seat ${seat + 1})` : `You are seat ${seat + 1}`;
}
