import type { GameInfo, TableStatus, TableSummary } from '@tabula/server/schemas';
import { useEffect, useState } from 'preact/hooks';
import { api, reasonOf } from './api';
import { hrefOf } from './router';
import { holdSeat } from './seats';

const LIST_EVERY_MS = 3_000;

/** The games, a form for a new table, and the tables open, running and finished. */
export function Lobby() {
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.games().then(setGames, (e: unknown) => setError(reasonOf(e)));
  }, []);
  return (
    <div class="lobby">
      <h1>Tabula</h1>
      {error !== null && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {games !== null && <NewTable games={games} />}
      <TableList status="open" title="Open tables" />
      <TableList status="running" title="Running" />
      <TableList status="finished" title="Finished" />
    </div>
  );
}

function NewTable({ games }: { games: GameInfo[] }) {
  const [game, setGame] = useState(games[0]?.id ?? '');
  const info = games.find((g) => g.id === game);
  const [agent, setAgent] = useState(info?.defaultAgent ?? '');
  const [opponent, setOpponent] = useState<'agent' | 'friend'>('agent');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const table = await api.createTable({
        game,
        seats: [{ kind: 'person' }, opponent === 'agent' ? { kind: 'agent', agent } : { kind: 'person' }],
      });
      const joined = await api.join(table.id, { seat: 0 });
      holdSeat(table.id, { seat: joined.seat, token: joined.token });
      window.location.hash = hrefOf({ page: 'table', id: table.id });
    } catch (e) {
      setError(reasonOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="new-table" onSubmit={create}>
      <h2>New table</h2>
      <label>
        Game{' '}
        <select
          value={game}
          onChange={(e) => {
            const next = (e.target as HTMLSelectElement).value;
            setGame(next);
            setAgent(games.find((g) => g.id === next)?.defaultAgent ?? '');
          }}
        >
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.id}
            </option>
          ))}
        </select>
      </label>
      <label>
        Opponent{' '}
        <select
          value={opponent}
          onChange={(e) => setOpponent((e.target as HTMLSelectElement).value as 'agent' | 'friend')}
        >
          <option value="agent">an agent</option>
          <option value="friend">a friend (send the link)</option>
        </select>
      </label>
      {opponent === 'agent' && info !== undefined && (
        <label>
          Strength{' '}
          <select value={agent} onChange={(e) => setAgent((e.target as HTMLSelectElement).value)}>
            {info.agents.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="submit" disabled={busy}>
        Create and sit
      </button>
      {error !== null && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </form>
  );
}

function TableList({ status, title }: { status: TableStatus; title: string }) {
  const [tables, setTables] = useState<TableSummary[]>([]);
  useEffect(() => {
    let live = true;
    const load = () =>
      api.list(status).then(
        (list) => live && setTables(list.slice(0, 20)),
        () => undefined,
      );
    load();
    const timer = setInterval(load, LIST_EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [status]);
  return (
    <section class="tables">
      <h2>{title}</h2>
      {tables.length === 0 ? (
        <p class="none">None.</p>
      ) : (
        <ul>
          {tables.map((t) => (
            <li key={t.id}>
              <a href={hrefOf({ page: status === 'finished' ? 'replay' : 'table', id: t.id })}>
                {t.game} <span class="muted">{t.id}</span>
              </a>{' '}
              {t.seats.map((s) => s.name ?? s.agent ?? (s.taken ? 'a person' : 'free seat')).join(' vs ')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
