/**
 * The inspector page: the tables on the left, the statechart and the time
 * slider in the middle over the move table, plies, events and context; the
 * seats, the stack and the focused seat's moves on the right.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { activeStateIds, findGame, inspectionContext, mundane, type AnyGame, type Move, type Table } from '../../src/index.js';
import { Statechart } from './chart/Statechart.js';
import { localView, mirrorOf, pastOf, remoteView, type Inspected, type Past } from './model/inspected.js';
import { LocalSession, logText, openLocal, openLog } from './model/localSession.js';
import { relayUrl, RemoteStore, type RemoteSession } from './model/remoteStore.js';
import { ContextTree } from './panels/ContextTree.js';
import { EventLog } from './panels/EventLog.js';
import { LegalMoves } from './panels/LegalMoves.js';
import { MoveTable } from './panels/MoveTable.js';
import { PlyList } from './panels/PlyList.js';
import { SeatRing } from './panels/SeatRing.js';
import { SEAT_NAMES, Sidebar } from './panels/Sidebar.js';
import { StackPanel } from './panels/StackPanel.js';
import { TimeSlider } from './panels/TimeSlider.js';
import { useAutoplay } from './useAutoplay.js';

type Tab = 'moves' | 'plies' | 'events' | 'context';

/** The first in-page table: `?game=mundane&seats=2&seed=7&options={"turns":6}`, those being the defaults. */
function firstTable(): LocalSession {
  const params = new URLSearchParams(location.search);
  const game = findGame(params.get('game') ?? mundane.id) ?? mundane;
  const seats = Math.min(Math.max(Number(params.get('seats') ?? 2) || 2, game.seats.min), game.seats.max, SEAT_NAMES.length);
  const rawSeed = params.get('seed') ?? '7';
  let options: unknown = { turns: 6 };
  try {
    options = JSON.parse(params.get('options') ?? '{"turns":6}');
  } catch {
    // a malformed option list falls back to the defaults
  }
  return openLocal(game, { table: 'table:demo', seats: SEAT_NAMES.slice(0, seats), seed: /^-?\d+$/.test(rawSeed) ? Number(rawSeed) : rawSeed, options });
}

let store: RemoteStore | null = null;
/** The page's one connection to the relay, for as long as the page is open. */
const remoteStore = () => (store ??= new RemoteStore(relayUrl()));

function download(name: string, text: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function Tabs({ view, tab, onTab, onSeek }: { view: Inspected; tab: Tab; onTab: (tab: Tab) => void; onSeek: ((n: number) => void) | null }) {
  const context = useMemo(() => (tab === 'context' ? inspectionContext(view.context, { items: 500, depth: 12, chars: 4000 }) : undefined), [tab, view.context]);
  const counts: Record<Tab, string> = { moves: '', plies: String(view.pliesFrom + view.plies.length), events: String(view.eventCount), context: '' };
  return (
    <section className="panel tabs-panel">
      <nav className="tabs" role="tablist">
        {(['moves', 'plies', 'events', 'context'] as const).map((t) => (
          <button key={t} type="button" role="tab" aria-selected={tab === t} className={tab === t ? 'on' : ''} onClick={() => onTab(t)} data-testid={`tab-${t}`}>
            {t === 'moves' ? 'Move table' : t === 'plies' ? 'Plies' : t === 'events' ? 'Events' : 'Context'}
            {counts[t] !== '' && <span className="count">{counts[t]}</span>}
          </button>
        ))}
      </nav>
      <div className="tab-body">
        {tab === 'moves' && <MoveTable view={view} />}
        {tab === 'plies' && <PlyList view={view} onSeek={onSeek} />}
        {tab === 'events' && <EventLog view={view} />}
        {tab === 'context' && <ContextTree context={context} />}
      </div>
    </section>
  );
}

export function App() {
  const remote = useMemo(remoteStore, []);
  useSyncExternalStore(remote.subscribe, remote.getVersion);
  const [locals, setLocals] = useState<LocalSession[]>(() => [firstTable()]);
  const [selected, setSelected] = useState<string>(() => locals[0]!.id);
  const [positions, setPositions] = useState<Record<string, number | null>>({});
  const [pinned, setPinned] = useState<Record<string, string>>({});
  const [tab, setTab] = useState<Tab>('moves');

  const session: LocalSession | RemoteSession = locals.find((s) => s.id === selected) ?? remote.sessions.get(selected) ?? locals[0]!;
  const local = session.kind === 'local' ? session : null;
  const localVersion = useSyncExternalStore(local?.subscribe ?? remote.subscribe, local?.getVersion ?? remote.getVersion);
  // The chart's highlight follows the actor's state value through @xstate/react.
  const liveValue = useSelector((local ?? locals[0]!).table.actor, (snapshot) => snapshot.value);
  const version = session.kind === 'local' ? localVersion : session.version;

  const at = positions[session.id] ?? null;
  const seek = (n: number | null) => setPositions((p) => ({ ...p, [session.id]: n }));
  // The table to step through: the page's own, or a remote table replayed in the page (cached until more plies arrive).
  const travelTable: Table | null = at === null ? null : session.kind === 'local' ? session.table : mirrorOf(session);

  const [past, travelError]: [Past | null, string | null] = useMemo(() => {
    if (at === null || travelTable === null) return [null, null];
    try {
      return [pastOf(travelTable, at), null];
    } catch (error) {
      return [null, `ply ${at} could not be shown: ${(error as Error).message}`];
    }
  }, [at, travelTable]);
  useEffect(() => () => past?.probe.stop(), [past]);

  // A session changes in place: its version and its actor's value say when to look again.
  const view: Inspected = useMemo(
    () => (session.kind === 'local' ? localView(session, past) : remoteView(session, past)),
    [session, past, version, liveValue],
  );
  const active = useMemo(() => (view.chart === null ? new Set<string>() : activeStateIds(view.chart, view.value)), [view.chart, view.value]);

  const follow = view.state?.prioritySeat ?? view.state?.toAct[0] ?? view.seats[0] ?? null;
  const focus = pinned[session.id] ?? follow;
  const autoplay = useAutoplay(local, at === null);

  const open = (next: LocalSession) => {
    setLocals((list) => [...list, next]);
    setSelected(next.id);
  };
  const play = (move: Move) => local?.play(move);
  const branch = () => {
    if (past === null) return;
    if (travelTable === null) return;
    const next = new LocalSession(travelTable.branch(past.n), `${view.name} @ ply ${past.n}`);
    next.note(`branched from ${view.name} after ply ${past.n}`);
    open(next);
  };
  const status = view.status === 'closed' || view.status === 'stopped' ? view.status : (view.state?.status ?? view.status);

  return (
    <div className="app">
      <header className="topbar">
        <h1>plystack <span>inspector</span></h1>
        <div className="current" data-testid="current-table">
          <strong>{view.name}</strong>
          <span>{view.gameTitle}</span>
          <span className={`kind ${view.kind}`}>{view.kind === 'local' ? 'in this page' : 'remote'}</span>
          <span className={`status ${status}`} data-testid="table-status">{status}</span>
        </div>
        <div className="actions">
          <button
            type="button"
            disabled={!view.hasLog}
            onClick={() => {
              const log = view.log();
              if (log !== null) download(`${log.table.replace(/[^\w.-]+/g, '_')}.json`, logText(log));
            }}
            data-testid="save-log"
          >
            Save log
          </button>
        </div>
      </header>
      <Sidebar
        locals={locals}
        remote={remote}
        selected={session.id}
        onSelect={setSelected}
        onOpen={(game: AnyGame, input) => open(openLocal(game, input))}
        onLoad={(text) => {
          try {
            open(openLog(JSON.parse(text)));
          } catch (error) {
            window.alert(`That log could not be opened: ${(error as Error).message}`);
          }
        }}
      />
      <main className="middle">
        <Statechart chart={view.chart} active={active} taken={view.taken} />
        <TimeSlider view={view} canTravel={session.kind === 'local' || (session.kind === 'remote' && session.complete)} error={travelError} onSeek={seek} onBranch={branch} />
        <Tabs view={view} tab={tab} onTab={setTab} onSeek={view.kind === 'local' || travelTable !== null ? (n) => seek(n) : null} />
      </main>
      <aside className="right">
        <SeatRing view={view} focus={focus} onFocus={(seat) => setPinned((p) => ({ ...p, [session.id]: seat }))} />
        <StackPanel view={view} />
        <LegalMoves view={view} seat={focus} onPlay={play} />
        <div className="panel tools" hidden={view.seats.length === 0}>
          {pinned[session.id] !== undefined ? (
            <button type="button" onClick={() => setPinned(({ [session.id]: _, ...rest }) => rest)}>follow priority</button>
          ) : (
            <span className="muted">focus follows priority; click a seat to pin it</span>
          )}
          {local !== null && at === null && (
            <span className="autoplay">
              autoplay
              <button type="button" onClick={() => autoplay.run(1)} disabled={autoplay.running} data-testid="random-move">1 random</button>
              <button type="button" onClick={() => autoplay.run(100)} disabled={autoplay.running}>100</button>
              <button type="button" onClick={() => (autoplay.running ? autoplay.stop() : autoplay.run(Infinity))}>{autoplay.running ? 'stop' : 'to the end'}</button>
            </span>
          )}
        </div>
      </aside>
    </div>
  );
}
