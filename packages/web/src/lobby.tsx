import type { GameInfo, TableStatus, TableSummary } from '@tabula/server/schemas';
import { useEffect, useState } from 'preact/hooks';
import { api, reasonOf } from './api';
import { hrefOf } from './router';
import { heldSeat, holdSeat } from './seats';

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

/** How many players each game seats at a table made here (the engines take more; a screen holds these). */
const PLAYERS: Record<string, readonly [number, number]> = {
  backgammon: [2, 2],
  rummy: [2, 6],
  skirmish: [2, 6],
};

/** Who sits at one of the other seats: a friend sent the link, or an agent of a strength. */
type Other = { readonly kind: 'friend' } | { readonly kind: 'agent'; readonly agent: string };

function NewTable({ games }: { games: GameInfo[] }) {
  const [game, setGame] = useState(games[0]?.id ?? '');
  const info = games.find((g) => g.id === game);
  const [min, max] = PLAYERS[game] ?? [2, 2];
  const [players, setPlayers] = useState(2);
  const [others, setOthers] = useState<Other[]>([]);
  const [name, setName] = useState('');
  const [length, setLength] = useState(1);
  const [cube, setCube] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const count = Math.min(Math.max(players, min), max);
  const defaultOther: Other = { kind: 'agent', agent: info?.defaultAgent ?? '' };
  const seatsNow: Other[] = Array.from({ length: count - 1 }, (_, i) => others[i] ?? defaultOther);
  const setOther = (i: number, other: Other) => setOthers(seatsNow.map((o, k) => (k === i ? other : o)));

  const create = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const table = await api.createTable({
        game,
        ...(game === 'backgammon' ? { config: { length, cube } } : {}),
        seats: [
          { kind: 'person' },
          ...seatsNow.map((o) =>
            o.kind === 'agent' ? { kind: 'agent' as const, agent: o.agent } : { kind: 'person' as const },
          ),
        ],
      });
      const joined = await api.join(table.id, {
        seat: 0,
        ...(name.trim() === '' ? {} : { name: name.trim() }),
      });
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
            setGame((e.target as HTMLSelectElement).value);
            setOthers([]);
          }}
        >
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.id}
            </option>
          ))}
        </select>
      </label>
      {max > min && (
        <label>
          Players{' '}
          <select value={count} onChange={(e) => setPlayers(Number((e.target as HTMLSelectElement).value))}>
            {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
      {game === 'backgammon' && (
        <>
          <label>
            Match to{' '}
            <select value={length} onChange={(e) => setLength(Number((e.target as HTMLSelectElement).value))}>
              {[1, 3, 5, 7, 9, 11].map((n) => (
                <option key={n} value={n}>
                  {n === 1 ? '1 point' : `${n} points`}
                </option>
              ))}
            </select>
          </label>
          <label>
            <input
              type="checkbox"
              checked={cube}
              onChange={(e) => setCube((e.target as HTMLInputElement).checked)}
            />{' '}
            Doubling cube
          </label>
        </>
      )}
      <label>
        Your name{' '}
        <input
          value={name}
          maxLength={40}
          placeholder="optional"
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
      </label>
      <fieldset class="seats">
        <legend>Seats</legend>
        <p>Seat 1: you</p>
        {seatsNow.map((other, i) => (
          <div key={i} class="seat-choice">
            <label>
              Seat {i + 2}{' '}
              <select
                aria-label={`Seat ${i + 2}`}
                value={other.kind}
                onChange={(e) =>
                  setOther(
                    i,
                    (e.target as HTMLSelectElement).value === 'friend' ? { kind: 'friend' } : defaultOther,
                  )
                }
              >
                <option value="agent">an agent</option>
                <option value="friend">a friend (send the link)</option>
              </select>
            </label>{' '}
            {other.kind === 'agent' && info !== undefined && (
              <label>
                Strength{' '}
                <select
                  aria-label={`Strength of seat ${i + 2}`}
                  value={other.agent}
                  onChange={(e) =>
                    setOther(i, { kind: 'agent', agent: (e.target as HTMLSelectElement).value })
                  }
                >
                  {info.agents.map((a) => (
                    <option key={a} value={a}>
                      {a}
                      {a === info.defaultAgent ? ' (default)' : ''}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
        ))}
      </fieldset>
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
              <span class="game">{t.game}</span> <span class="muted">{t.id}</span>{' '}
              {t.seats.map((s) => s.name ?? s.agent ?? (s.taken ? 'a person' : 'free seat')).join(' vs ')}{' '}
              {status === 'finished' ? (
                <a href={hrefOf({ page: 'replay', id: t.id })}>Replay</a>
              ) : (
                <>
                  {(status === 'open' || heldSeat(t.id) !== null) && (
                    <a href={hrefOf({ page: 'table', id: t.id })}>
                      {heldSeat(t.id) !== null ? 'Play' : 'Join'}
                    </a>
                  )}{' '}
                  <a href={hrefOf({ page: 'watch', id: t.id })}>Watch</a>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
