/**
 * The inspector page: the tables on the left, the statechart, the time slider
 * and the play controls in the middle over the move table, plies, events,
 * their sequence and the context; the seats, the stack, the moves of whoever
 * the user acts as and a free-form move editor on the right. Every panel has
 * its own error boundary: bad data blanks one panel, which says so.
 */

import { useSelector } from '@xstate/react';
import type { AnyGame, Move, PlayResult, Table } from 'plystack';
import { findGame, mundane } from 'plystack/games';
import { activeStateIds, DEMO_SEATS, inspectionContext } from 'plystack/inspect';
import { type CSSProperties, type ReactNode, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Statechart } from './chart/Statechart.js';
import { type AskerFields, ITERATIONS, readAsker } from './model/askers.js';
import type { EventEntry } from './model/events.js';
import { type Inspected, localView, mirrorOf, type Past, pastOf, remoteView } from './model/inspected.js';
import { LocalSession, logText, openLocal, openLog, resetSession } from './model/localSession.js';
import { followedTableId, type RemoteSession, RemoteStore, relayUrl } from './model/remoteStore.js';
import { ContextTree } from './panels/ContextTree.js';
import { Detail, type Selected } from './panels/Detail.js';
import { DiffView } from './panels/DiffView.js';
import { EventLog } from './panels/EventLog.js';
import { Help } from './panels/Help.js';
import { APPLICATION, LegalMoves } from './panels/LegalMoves.js';
import { MoveEditor } from './panels/MoveEditor.js';
import { MoveTable } from './panels/MoveTable.js';
import { PanelBoundary } from './panels/PanelBoundary.js';
import { PlayControls } from './panels/PlayControls.js';
import { PlyList } from './panels/PlyList.js';
import { SeatRing } from './panels/SeatRing.js';
import { SequenceView } from './panels/SequenceView.js';
import { Sidebar } from './panels/Sidebar.js';
import { Splitter } from './panels/Splitter.js';
import { StackPanel } from './panels/StackPanel.js';
import { TimeSlider } from './panels/TimeSlider.js';
import { useAutoplay } from './useAutoplay.js';

/** Why the page cannot move for a remote table, nor ask a bot to. */
const REMOTE_OFF = 'a remote table is played by its app';
const REMOTE_NO_BOT =
  'a remote table is played by its app; the page only watches it, so no bot here can move for it (a bot plays the tables in this page, whose game runs here)';

/** The "seen by" choice for a spectator (the other choices: '' for everything, or a seat). */
const SPECTATOR = '@spectator';

type Tab = 'moves' | 'plies' | 'events' | 'sequence' | 'diff' | 'context';
const TABS: Record<Tab, string> = {
  moves: 'Move table',
  plies: 'Plies',
  events: 'Events',
  sequence: 'Sequence',
  diff: 'Diff',
  context: 'Context',
};

/** The first in-page table: `?game=mundane&seats=2&seed=7&options={"turns":6}`, those being the defaults. */
function firstTable(): LocalSession {
  const params = new URLSearchParams(location.search);
  const game = findGame(params.get('game') ?? mundane.id) ?? mundane;
  const seats = Math.min(
    Math.max(Number(params.get('seats') ?? 2) || 2, game.seats.min),
    game.seats.max,
    DEMO_SEATS.length,
  );
  const rawSeed = params.get('seed') ?? '7';
  let options: unknown = game.demoOptions?.({ turns: 6 }) ?? { turns: 6 };
  try {
    if (params.has('options')) options = JSON.parse(params.get('options') as string);
  } catch {
    // a malformed option list falls back to the game's demo options
  }
  return openLocal(game, {
    table: 'table:demo',
    seats: DEMO_SEATS.slice(0, seats),
    seed: /^-?\d+$/.test(rawSeed) ? Number(rawSeed) : rawSeed,
    options,
  });
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

interface TabsProps {
  readonly view: Inspected;
  readonly tab: Tab;
  readonly onTab: (tab: Tab) => void;
  readonly onSeek: ((n: number) => void) | null;
  readonly selected: Selected | null;
  readonly onSelect: (selected: Selected | null) => void;
  readonly resetKey: unknown;
  /** The table a diff steps through: the page's own, or a remote one replayed in the page; null when there is none. */
  readonly diffTable: Table | null;
  /** The handle on the panel's top edge that resizes it. */
  readonly handle: ReactNode;
}

function Tabs({ view, tab, onTab, onSeek, selected, onSelect, resetKey, diffTable, handle }: TabsProps) {
  const context = useMemo(
    () => (tab === 'context' ? inspectionContext(view.context, { items: 500, depth: 12, chars: 4000 }) : undefined),
    [tab, view.context],
  );
  const counts: Record<Tab, string> = {
    moves: '',
    plies: String(view.pliesFrom + view.plies.length),
    events: String(view.eventCount),
    sequence: '',
    diff: '',
    context: '',
  };
  const pickEvent = (entry: EventEntry) => {
    onSelect({ title: `${entry.kind} · ${entry.type} · after ply ${entry.ply}`, value: entry.detail ?? entry.text });
    if (onSeek !== null && entry.kind === 'move') onSeek(entry.ply);
  };
  const pickPly = (n: number, ply?: unknown) => {
    onSelect({ title: `ply ${n}`, value: ply ?? view.plies[n - 1 - view.pliesFrom] ?? null });
    onSeek?.(n);
  };
  return (
    <section className="panel tabs-panel">
      {handle}
      <div className="tabs" role="tablist">
        {(Object.keys(TABS) as Tab[]).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            className={tab === t ? 'on' : ''}
            onClick={() => onTab(t)}
            data-testid={`tab-${t}`}
          >
            {TABS[t]}
            {counts[t] !== '' && (
              <span className="count" data-testid={`count-${t}`}>
                {counts[t]}
              </span>
            )}
          </button>
        ))}
      </div>
      <div className={`tab-split ${selected === null ? '' : 'with-detail'}`}>
        <div className="tab-body">
          <PanelBoundary name={TABS[tab]} resetKey={resetKey}>
            {tab === 'moves' && <MoveTable view={view} onPick={(n) => pickPly(n)} narrow={selected !== null} />}
            {tab === 'plies' && <PlyList view={view} onPick={pickPly} narrow={selected !== null} />}
            {tab === 'events' && <EventLog view={view} onPick={pickEvent} />}
            {tab === 'sequence' && <SequenceView view={view} onPick={pickEvent} />}
            {tab === 'diff' && <DiffView view={view} table={diffTable} />}
            {tab === 'context' && <ContextTree context={context} />}
          </PanelBoundary>
        </div>
        {selected !== null && <Detail selected={selected} onClose={() => onSelect(null)} />}
      </div>
    </section>
  );
}

/** Whether a key press belongs to a field the user types in. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

export function App() {
  const remote = useMemo(remoteStore, []);
  useSyncExternalStore(remote.subscribe, remote.getVersion);
  const [locals, setLocals] = useState<LocalSession[]>(() => [firstTable()]);
  // null until the user picks a table: the followed server table when there is one (`?follow=ID`), else the first.
  const [selected, setSelected] = useState<string | null>(null);
  const following = useMemo(followedTableId, []);
  const [positions, setPositions] = useState<Record<string, number | null>>({});
  const [actAs, setActAs] = useState<Record<string, string>>({});
  const [tab, setTab] = useState<Tab>('moves');
  const [detail, setDetail] = useState<Selected | null>(null);
  // What is folded away for the chart's sake: the tables on the left, the seats and moves on the right, the tabs.
  const [folded, setFolded] = useState({ left: false, right: false, tabs: false });
  const enlarged = folded.left && folded.right && folded.tabs;
  const enlarge = () =>
    setFolded((f) =>
      f.left && f.right && f.tabs
        ? { left: false, right: false, tabs: false }
        : { left: true, right: true, tabs: true },
    );
  // The side columns' widths and the tabs' height as the user dragged them (null: the page's own).
  const [sizes, setSizes] = useState<{ left: number | null; right: number | null; tabs: number | null }>({
    left: null,
    right: null,
    tabs: null,
  });
  const sized = (key: keyof typeof sizes) => (size: number | null) => setSizes((s) => ({ ...s, [key]: size }));
  const drawn = (selector: string, side: 'width' | 'height') => () =>
    document.querySelector(selector)?.getBoundingClientRect()[side] ?? 0;
  const sizeStyle = {
    ...(sizes.left === null ? {} : { '--left-w': `${sizes.left}px` }),
    ...(sizes.right === null ? {} : { '--right-w': `${sizes.right}px` }),
    ...(sizes.tabs === null ? {} : { '--tabs-h': `${sizes.tabs}px` }),
  } as CSSProperties;
  const [chartCommand, setChartCommand] = useState<{ mode: 'follow' | 'whole' } | null>(null);
  const [help, setHelp] = useState(false);
  const [count, setCount] = useState('50');
  const [speed, setSpeed] = useState(200);
  const [askerFields, setAskerFields] = useState<AskerFields>({
    kind: 'random-move',
    seed: '1',
    iterations: String(ITERATIONS.initial),
  });
  const asker = useMemo(() => readAsker(askerFields), [askerFields]);

  const session: LocalSession | RemoteSession =
    (selected === null
      ? following === null
        ? null
        : remote.sessionOfTable(following)
      : (locals.find((s) => s.id === selected) ?? remote.sessions.get(selected))) ?? locals[0]!;
  const local = session.kind === 'local' ? session : null;
  const localVersion = useSyncExternalStore(
    local?.subscribe ?? remote.subscribe,
    local?.getVersion ?? remote.getVersion,
  );
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: version and liveValue are not read; they say when the session changed in place
  const view: Inspected = useMemo(
    () => (session.kind === 'local' ? localView(session, past) : remoteView(session, past)),
    [session, past, version, liveValue],
  );
  // "seen by": the table as one seat (or a spectator) may see it, hidden information left out (`table.viewFor`).
  const [viewers, setViewers] = useState<Record<string, string>>({});
  const viewerChoice = viewers[session.id] ?? '';
  // The table that answers viewFor: the page's own, or a remote table replayed in the page (every ply, a built-in game).
  const viewSource: Table | null =
    local !== null ? local.table : viewerChoice === '' || session.kind !== 'remote' ? null : mirrorOf(session);
  const shown: Inspected = useMemo(() => {
    if (viewerChoice === '') return view;
    const live = local?.table ?? viewSource;
    if (live === null) return view;
    const who = viewerChoice === SPECTATOR ? null : viewerChoice;
    const seen = (past?.probe ?? live).viewFor(who);
    return {
      ...view,
      state: seen.state as Inspected['state'],
      plies: live.viewFor(who).plies,
      pliesFrom: 0,
    };
  }, [view, viewerChoice, past, local, viewSource]);
  const canView = local !== null || (session.kind === 'remote' && session.complete && session.table !== null);
  const active = useMemo(() => {
    try {
      return view.chart === null ? new Set<string>() : activeStateIds(view.chart, view.value);
    } catch {
      return new Set<string>();
    }
  }, [view.chart, view.value]);

  const state = view.state as Inspected['state'] | null;
  const priority = typeof state?.prioritySeat === 'string' ? state.prioritySeat : null;
  const firstToAct = Array.isArray(state?.toAct) ? (state.toAct[0] ?? null) : null;
  const follow = priority ?? firstToAct ?? view.seats[0] ?? null;
  const choice = actAs[session.id] ?? '';
  const focus = choice === '' ? follow : choice;
  const live = at === null;
  const autoplay = useAutoplay(local, live, typeof asker === 'string' ? null : asker);

  const open = (next: LocalSession) => {
    setLocals((list) => [...list, next]);
    setSelected(next.id);
    // A counterexample opens where its property broke.
    const broken = next.violation;
    if (broken !== null && broken.ply < next.plyCount) setPositions((p) => ({ ...p, [next.id]: broken.ply }));
  };
  const openLogText = (text: string) => {
    try {
      open(openLog(JSON.parse(text)));
    } catch (error) {
      window.alert(`That log could not be opened: ${(error as Error).message}`);
    }
  };
  // `?log`: the log `plystack inspect --log FILE` serves, opened once the page is up.
  const asked = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, at the page's start
  useEffect(() => {
    if (asked.current || !new URLSearchParams(location.search).has('log')) return;
    asked.current = true;
    fetch('./log.json', { cache: 'no-store' })
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(`the inspector sent ${res.status}`))))
      .then(openLogText, (error: Error) =>
        window.alert(`The log given to plystack inspect could not be read: ${error.message}`),
      );
  }, []);
  const playMove = (move: unknown): PlayResult | null => (local === null || !live ? null : local.play(move));
  const branch = () => {
    if (past === null || travelTable === null) return;
    const start = past.probe.plies.length;
    const next = new LocalSession(travelTable.branch(past.moves), `${view.name} @ ply ${start}`);
    next.note(
      `branched from ${view.name} after ply ${start}${past.exact ? '' : ` (ply ${past.n} is an automatic pass: the branch starts after its move's passes)`}`,
    );
    open(next);
  };
  const reset = () => {
    if (local === null) return;
    const fresh = resetSession(local);
    setLocals((list) => list.map((s) => (s.id === local.id ? fresh : s)));
    setPositions((p) => ({ ...p, [fresh.id]: null }));
    setActAs((a) => ({ ...a, [fresh.id]: a[local.id] ?? '' }));
    setSelected(fresh.id);
    local.table.stop();
  };

  // ← and → step through the plies, space plays or pauses.
  const enlargeRef = useRef(enlarge);
  enlargeRef.current = enlarge;
  const keys = useRef({ at, total: view.total, live, autoplay, seek, canTravel: false, help, detail: false });
  keys.current = {
    at,
    total: view.total,
    live,
    autoplay,
    seek,
    canTravel: session.kind === 'local' || session.complete,
    help,
    detail: detail !== null,
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const k = keys.current;
      if (e.key === 'Escape') {
        // Escape closes what is open on top: the keys' overlay, else the detail pane.
        if (k.help) setHelp(false);
        else if (k.detail) setDetail(null);
        else return;
        e.preventDefault();
        return;
      }
      if (typing(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      const travel = (n: number) => {
        if (!k.canTravel || k.total === 0) return;
        const next = Math.min(Math.max(n, 0), k.total);
        k.seek(next >= k.total ? null : next);
        e.preventDefault();
      };
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        travel((k.at ?? k.total) + (e.key === 'ArrowLeft' ? -1 : 1));
      } else if (e.key === 'Home') {
        travel(0);
      } else if (e.key === 'End') {
        travel(k.total);
      } else if (e.key === '?') {
        setHelp((h) => !h);
        e.preventDefault();
      } else if (e.key === 'f') {
        setChartCommand({ mode: 'follow' });
      } else if (e.key === 'w') {
        setChartCommand({ mode: 'whole' });
      } else if (e.key === 'e') {
        enlargeRef.current();
      } else if (e.key === ' ') {
        // A focused button would also take the space as a click once the key is released: it lets go of the focus.
        if (e.target instanceof HTMLButtonElement) e.target.blur();
        if (k.autoplay.running || k.autoplay.status?.kind === 'thinking') k.autoplay.stop();
        else if (k.live) k.autoplay.play(Number(count) || Infinity, speed);
        e.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, speed]);

  const status =
    view.status === 'closed' || view.status === 'stopped'
      ? view.status
      : typeof state?.status === 'string'
        ? state.status
        : view.status;
  const problems = session.kind === 'remote' ? session.problems : [];
  const panelKey = `${session.id}:${version}:${at}`;
  const template = JSON.stringify(
    focus === APPLICATION || focus === null ? { type: 'engine.pass' } : { type: 'engine.pass', seat: focus },
  );

  return (
    <div
      className={`app ${folded.left ? 'no-left' : ''} ${folded.right ? 'no-right' : ''} ${folded.tabs ? 'no-tabs' : ''}`}
      style={sizeStyle}
      data-testid="app"
    >
      <header className="topbar">
        <h1>
          plystack <span>inspector</span>
        </h1>
        <div className="current" data-testid="current-table">
          <strong>{view.name}</strong>
          <span className="game-title" title={view.gameTitle}>
            {view.gameTitle}
          </span>
          <span className={`kind ${view.kind}`}>{view.kind === 'local' ? 'in this page' : 'remote'}</span>
          <span className={`status ${status}`} data-testid="table-status">
            {status}
          </span>
        </div>
        <div className="actions">
          <span className="folds">
            <button
              type="button"
              className={folded.left ? '' : 'on'}
              aria-pressed={!folded.left}
              onClick={() => setFolded((f) => ({ ...f, left: !f.left }))}
              title="show or hide the tables on the left"
              data-testid="fold-left"
            >
              tables
            </button>
            <button
              type="button"
              className={folded.tabs ? '' : 'on'}
              aria-pressed={!folded.tabs}
              onClick={() => setFolded((f) => ({ ...f, tabs: !f.tabs }))}
              title="show or hide the move table, plies, events and context under the chart"
              data-testid="fold-tabs"
            >
              tabs
            </button>
            <button
              type="button"
              className={folded.right ? '' : 'on'}
              aria-pressed={!folded.right}
              onClick={() => setFolded((f) => ({ ...f, right: !f.right }))}
              title="show or hide the seats, the stack and the moves on the right"
              data-testid="fold-right"
            >
              seats
            </button>
          </span>
          {view.seats.length > 0 && (
            <label
              className="viewer"
              title={
                canView
                  ? "the table as this viewer may see it: other seats' hidden pieces left out or counted"
                  : 'seen by needs every ply of a built-in game, replayed in the page'
              }
            >
              seen by
              <select
                disabled={!canView}
                value={viewerChoice}
                onChange={(e) => setViewers((v) => ({ ...v, [session.id]: e.target.value }))}
                data-testid="viewer"
              >
                <option value="">everything</option>
                <option value={SPECTATOR}>a spectator</option>
                {view.seats.map((seat) => (
                  <option key={seat} value={seat}>
                    {seat}
                  </option>
                ))}
              </select>
            </label>
          )}
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
          <button type="button" onClick={() => setHelp((h) => !h)} title="keys and legend (?)" data-testid="help">
            ?
          </button>
        </div>
      </header>
      {help && <Help onClose={() => setHelp(false)} />}
      <PanelBoundary name="Tables" resetKey={remote.getVersion()}>
        <Sidebar
          locals={locals}
          remote={remote}
          selected={session.id}
          onSelect={(id) => {
            setSelected(id);
            setDetail(null);
          }}
          onOpen={(game: AnyGame, input) => open(openLocal(game, input))}
          onLoad={openLogText}
        />
      </PanelBoundary>
      <main className="middle">
        {!folded.left && (
          <Splitter
            edge="left"
            label="width of the tables"
            current={drawn('.app > .sidebar', 'width')}
            min={160}
            max={() => Math.min(480, window.innerWidth - drawn('.app > .right', 'width')() - 480)}
            value={sizes.left}
            onResize={sized('left')}
            testId="resize-left"
          />
        )}
        {!folded.right && (
          <Splitter
            edge="right"
            label="width of the seats and moves"
            current={drawn('.app > .right', 'width')}
            min={300}
            max={() => Math.min(720, window.innerWidth - drawn('.app > .sidebar', 'width')() - 480)}
            value={sizes.right}
            onResize={sized('right')}
            testId="resize-right"
          />
        )}
        <div className="banners">
          {local?.violation != null && (
            <div className="banner violation" role="alert" data-testid="violation">
              <strong>
                Broken: {local.violation.check} — {local.violation.message} (
                {local.violation.at === 0 ? 'at the opening' : `after move ${local.violation.at}`})
              </strong>{' '}
              <span className="muted">
                {local.violation.at === 0
                  ? 'before any move'
                  : local.violation.at === 1
                    ? `the table after its first move, ply ${local.violation.ply}`
                    : `the table after its first ${local.violation.at} moves (the last of them moves[${local.violation.at - 1}]), ply ${local.violation.ply}`}
              </span>{' '}
              {(at ?? view.total) !== local.violation.ply && (
                <button
                  type="button"
                  className="link"
                  onClick={() =>
                    seek(local.violation !== null && local.violation.ply < view.total ? local.violation.ply : null)
                  }
                  data-testid="violation-seek"
                >
                  show that ply
                </button>
              )}
            </div>
          )}
          {viewerChoice !== '' && shown !== view && (
            <div className="banner viewer-banner" role="status" data-testid="viewer-banner">
              <strong>Seen by {viewerChoice === SPECTATOR ? 'a spectator' : viewerChoice}:</strong> the seats, the
              stack, the plies and the move table show what {viewerChoice === SPECTATOR ? 'a spectator' : viewerChoice}{' '}
              may see (<code>table.viewFor</code>); the chart, the diff and the context show everything.{' '}
              <button
                type="button"
                className="link"
                onClick={() => setViewers((v) => ({ ...v, [session.id]: '' }))}
                data-testid="viewer-off"
              >
                see everything
              </button>
            </div>
          )}
          {view.problem !== null && (
            <div className="banner" role="alert" data-testid="load-problem">
              <strong>This log stops short.</strong> Move {view.problem.move} was refused (
              <code>
                {view.problem.code}
                {view.problem.reason ? ` · ${view.problem.reason}` : ''}
              </code>
              ): {view.problem.message}. The table shows the {view.problem.applied} moves before it
              {view.problem.played !== undefined && (
                <>
                  {' '}
                  ; the refused move: <code>{JSON.stringify(view.problem.played).slice(0, 160)}</code>
                </>
              )}
              .
            </div>
          )}
          {problems.length > 0 && (
            <div className="banner" role="alert" data-testid="remote-problems">
              <strong>Some of this table's data could not be read</strong> and is left out:{' '}
              {problems.slice(-3).join('; ')}
            </div>
          )}
        </div>
        <PanelBoundary name="Statechart" resetKey={`${session.id}:${view.chart === null ? 0 : 1}`}>
          <Statechart
            chart={view.chart}
            active={active}
            taken={view.taken}
            enlarged={enlarged}
            onEnlarge={enlarge}
            command={chartCommand}
          />
        </PanelBoundary>
        <div className="controls panel">
          <TimeSlider
            view={view}
            canTravel={session.kind === 'local' || (session.kind === 'remote' && session.complete)}
            error={travelError}
            onSeek={seek}
            onBranch={branch}
          />
          <PlayControls
            autoplay={autoplay}
            off={local === null ? REMOTE_OFF : live ? null : 'go live to play'}
            count={count}
            onCount={setCount}
            speed={speed}
            onSpeed={setSpeed}
            onReset={local !== null && live ? reset : null}
            fields={askerFields}
            onFields={setAskerFields}
            refusal={typeof asker === 'string' ? asker : null}
            noBot={local === null ? REMOTE_NO_BOT : null}
          />
        </div>
        <Tabs
          view={shown}
          tab={tab}
          onTab={setTab}
          onSeek={
            view.kind === 'local' || travelTable !== null || (session.kind === 'remote' && session.complete)
              ? (n) => seek(n >= view.total ? null : n)
              : null
          }
          selected={detail}
          onSelect={setDetail}
          resetKey={panelKey}
          diffTable={tab === 'diff' ? (session.kind === 'local' ? session.table : mirrorOf(session)) : null}
          handle={
            <Splitter
              edge="top"
              label="height of the move table, plies and events"
              current={drawn('.tabs-panel', 'height')}
              min={90}
              max={() => drawn('.app > .middle', 'height')() - 320}
              value={sizes.tabs}
              onResize={sized('tabs')}
              testId="resize-tabs"
            />
          }
        />
      </main>
      <aside className="right">
        <PanelBoundary name="Seats" resetKey={panelKey}>
          <SeatRing
            view={shown}
            whole={view.state}
            viewer={shown === view ? null : viewerChoice === SPECTATOR ? 'a spectator' : viewerChoice}
            focus={focus}
            onFocus={(seat) => setActAs((a) => ({ ...a, [session.id]: seat }))}
          />
        </PanelBoundary>
        <PanelBoundary name="Stack" resetKey={panelKey}>
          <StackPanel view={shown} />
        </PanelBoundary>
        <PanelBoundary name="Moves" resetKey={panelKey}>
          <LegalMoves
            view={view}
            seat={focus}
            actAs={choice}
            onActAs={(c) => setActAs((a) => ({ ...a, [session.id]: c }))}
            table={local === null ? null : (past?.probe ?? local.table)}
            onPlay={(move: Move) => playMove(move)}
          />
        </PanelBoundary>
        {local !== null && (
          <PanelBoundary name="Move editor" resetKey={session.id}>
            <MoveEditor key={session.id} template={template} onPlay={live ? (move) => local.play(move) : null} />
          </PanelBoundary>
        )}
      </aside>
    </div>
  );
}
