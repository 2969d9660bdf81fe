/**
 * The tables the page knows: its own (opened here or loaded from a log file)
 * and the remote ones apps send through the relay; and the form that opens a
 * new in-page table.
 */

import { type AnyGame, InvalidTable } from 'plystack';
import { builtInGames } from 'plystack/games';
import { DEMO_SEATS } from 'plystack/inspect';
import { type FormEvent, useState } from 'react';
import type { LocalSession } from '../model/localSession.js';
import type { RemoteSession, RemoteStore } from '../model/remoteStore.js';

interface Props {
  readonly locals: readonly LocalSession[];
  readonly remote: RemoteStore;
  readonly selected: string | null;
  readonly onSelect: (id: string) => void;
  readonly onOpen: (
    game: AnyGame,
    input: { table: string; seats: string[]; seed?: number | string; options: unknown },
  ) => void;
  readonly onLoad: (text: string) => void;
}

function NewTable({ onOpen }: Pick<Props, 'onOpen'>) {
  const games = Object.values(builtInGames);
  const [gameId, setGameId] = useState(games[0]?.id ?? '');
  const game = games.find((g) => g.id === gameId) ?? games[0];
  const [seats, setSeats] = useState(2);
  const [seed, setSeed] = useState('');
  // Each game's own demo options (a game that ends), shown when the game is picked; the reader may edit them.
  const demoOptions = (g: (typeof games)[number] | undefined) => JSON.stringify(g?.demoOptions?.({ turns: 6 }) ?? {});
  const [options, setOptions] = useState(demoOptions(game));
  const [error, setError] = useState<string | null>(null);
  if (game === undefined) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    let parsed: unknown;
    try {
      parsed = options.trim() === '' ? {} : JSON.parse(options);
    } catch (problem) {
      setError(`options: not JSON: ${(problem as Error).message}`);
      return;
    }
    const count = Math.min(Math.max(seats, game.seats.min), Math.min(game.seats.max, DEMO_SEATS.length));
    try {
      onOpen(game, {
        table: `table:${game.id}-${Date.now().toString(36).slice(-4)}`,
        seats: DEMO_SEATS.slice(0, count),
        ...(seed.trim() === '' ? {} : { seed: /^-?\d+$/.test(seed.trim()) ? Number(seed.trim()) : seed.trim() }),
        options: parsed,
      });
      setError(null);
    } catch (problem) {
      setError(
        problem instanceof InvalidTable
          ? `${problem.path ?? 'table'}: ${problem.code}: ${problem.message}`
          : String(problem),
      );
    }
  };
  return (
    <form className="new-table" onSubmit={submit} data-testid="new-table">
      <label>
        game
        <select
          value={game.id}
          onChange={(e) => {
            setGameId(e.target.value);
            setOptions(demoOptions(games.find((g) => g.id === e.target.value)));
          }}
        >
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.title}
            </option>
          ))}
        </select>
      </label>
      <label>
        seats
        <input
          type="number"
          min={game.seats.min}
          max={Math.min(game.seats.max, DEMO_SEATS.length)}
          value={seats}
          onChange={(e) => setSeats(Number(e.target.value))}
        />
      </label>
      <label>
        seed
        <input value={seed} placeholder="random" onChange={(e) => setSeed(e.target.value)} />
      </label>
      <label className="wide">
        options (JSON)
        <textarea rows={2} value={options} onChange={(e) => setOptions(e.target.value)} spellCheck={false} />
      </label>
      <button type="submit" className="primary">
        Open table
      </button>
      {error !== null && <p className="error">{error}</p>}
    </form>
  );
}

function Entry({
  id,
  name,
  detail,
  selected,
  closed,
  onSelect,
}: {
  id: string;
  name: string;
  detail: string;
  selected: boolean;
  closed?: boolean;
  onSelect: (id: string) => void;
}) {
  return (
    <li>
      <button
        type="button"
        className={`entry ${selected ? 'selected' : ''} ${closed ? 'closed' : ''}`}
        onClick={() => onSelect(id)}
        data-testid="table-entry"
        data-session={id}
      >
        <span className="entry-name">{name}</span>
        <span className="entry-detail">{detail}</span>
      </button>
    </li>
  );
}

const remoteDetail = (s: RemoteSession) => {
  const state = s.info?.state;
  const where =
    state === undefined ? s.status : state.status === 'over' ? 'over' : `turn ${state.turn} · ${state.phase}`;
  return `${s.open ? '' : 'closed · '}${s.info?.table.game.title ?? 'XState actor'} · ${where}`;
};

export function Sidebar({ locals, remote, selected, onSelect, onOpen, onLoad }: Props) {
  const remotes = [...remote.sessions.values()];
  const open = remotes.filter((s) => s.open);
  const closed = remotes.filter((s) => !s.open);
  return (
    <aside className="sidebar">
      <h2>In this page</h2>
      <ul className="entries" data-testid="local-tables">
        {locals.map((s) => (
          <Entry
            key={s.id}
            id={s.id}
            name={s.name}
            selected={s.id === selected}
            onSelect={onSelect}
            detail={`${s.table.game.title} · ${s.seats.length} seats · ${s.plyCount} plies`}
          />
        ))}
      </ul>
      <details className="box">
        <summary>New table</summary>
        <NewTable onOpen={onOpen} />
      </details>
      <label className="load">
        Load a log file…
        <input
          type="file"
          accept=".json,application/json"
          data-testid="load-log"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (file !== undefined) onLoad(await file.text());
            e.target.value = '';
          }}
        />
      </label>

      <h2>
        Remote
        <span className={`relay ${remote.status}`} data-testid="relay-status" title={remote.appUrl ?? ''}>
          relay {remote.status}
        </span>
      </h2>
      <ul className="entries" data-testid="remote-tables">
        {open.map((s) => (
          <Entry
            key={s.id}
            id={s.id}
            name={s.name}
            detail={remoteDetail(s)}
            selected={s.id === selected}
            onSelect={onSelect}
          />
        ))}
      </ul>
      {open.length === 0 && (
        <div className="hint">
          No remote table yet. From your app:
          <code>{`inspectTable(table, {\n  url: '${remote.appUrl ?? 'ws://127.0.0.1:4242'}',\n})`}</code>
        </div>
      )}
      {closed.length > 0 && (
        <details className="closed-list">
          <summary>{closed.length} closed</summary>
          <ul className="entries">
            {closed.map((s) => (
              <Entry
                key={s.id}
                id={s.id}
                name={s.name}
                detail={remoteDetail(s)}
                selected={s.id === selected}
                closed
                onSelect={onSelect}
              />
            ))}
          </ul>
        </details>
      )}
    </aside>
  );
}
