/**
 * What the panels show, whatever the table's source: an in-page table live or
 * at a past ply, or a remote table as its app last sent it.
 */

import {
  type LegalMoves,
  type Ply,
  replay,
  type Table,
  type TableLog,
  type TableState,
  type TurnModel,
} from 'plystack';
import { type ChartState, plyCountOf, takenTransitionId } from 'plystack/inspect';
import { type EventEntry, eventsUpTo } from './events.js';
import type { LoadProblem, LocalSession } from './localSession.js';
import type { RemoteSession } from './remoteStore.js';

export interface Inspected {
  readonly kind: 'local' | 'remote';
  readonly name: string;
  readonly gameTitle: string;
  readonly chart: ChartState | null;
  readonly value: unknown;
  readonly status: string;
  readonly taken: readonly string[];
  readonly state: TableState | null;
  readonly seats: readonly string[];
  readonly turnModel: TurnModel;
  /**
   * Every ply known, the future of a past ply included: `plies[i]` is ply `pliesFrom + i + 1`. The lists show
   * the plies after `at` greyed, to be clicked.
   */
  readonly plies: readonly Ply[];
  readonly pliesFrom: number;
  /** Plies of the live table. */
  readonly total: number;
  /** The ply the time slider stands at; null: live. */
  readonly at: number | null;
  readonly context: unknown;
  /** The whole event log; its first `eventCount` lines are the log as it stood at the ply shown (all when live). */
  readonly events: readonly EventEntry[];
  readonly eventCount: number;
  /** Why a loaded log stops short, when it does. */
  readonly problem: LoadProblem | null;
  legal(seat: string): LegalMoves | null;
  /** Why the moves cannot be clicked; null when they can. */
  readonly readOnly: string | null;
  /** Whether the page knows every move, so `log()` gives the whole log. */
  readonly hasLog: boolean;
  /** The log, when the page knows every move. */
  log(): TableLog | null;
  /** A table to step through and branch from, when the page can rebuild one (a remote table is replayed on first use). */
  travel(): Table | null;
}

/** The table after ply `n`, with the transitions that ply took and a live copy to ask for legal moves. */
export interface Past {
  /** Plies shown, automatic passes included. */
  readonly n: number;
  /** Moves of the log up to and including the one ply n belongs to. */
  readonly moves: number;
  /** Whether ply n ends its move: false in the middle of a move's automatic passes (a branch starts after them). */
  readonly exact: boolean;
  readonly state: TableState;
  readonly plies: readonly Ply[];
  readonly context: unknown;
  readonly value: unknown;
  readonly taken: readonly string[];
  /** A branch standing after the move ply n belongs to: legal moves, and what "branch here" keeps. */
  readonly probe: Table;
}

/**
 * The table after exactly `n` plies (`table.atPly(n)`, automatic passes
 * included), a branch after the move that ply belongs to for legal moves, and
 * the transitions ply n took: the move replayed from the ply before its move,
 * keeping the microsteps that leave the table at n plies.
 *
 * @example
 * pastOf(table, 3).state.phase
 */
export function pastOf(table: Table, n: number): Past {
  const view = table.atPly(n);
  const moves = view.log.moves.length;
  const probe = table.branch(moves);
  const taken: string[] = [];
  const ply = view.plies[n - 1];
  const move = ply === undefined ? undefined : view.log.moves[ply.moveIndex];
  if (ply !== undefined && move !== undefined) {
    const before = table.branch(ply.moveIndex);
    const watch = before.actor.system.inspect((e) => {
      if (e.actorRef !== before.actor || e.type !== '@xstate.microstep') return;
      if (plyCountOf((e.snapshot as { context?: unknown }).context) === n)
        taken.push(...e._transitions.map(takenTransitionId));
    });
    if (!before.tryPlay(move).ok) taken.length = 0;
    watch.unsubscribe();
    before.stop();
  }
  return {
    n,
    moves,
    exact: probe.plies.length === n,
    state: view.state,
    plies: view.plies,
    context: view.context,
    value: view.value,
    taken,
    probe,
  };
}

function eventsOf(entries: readonly EventEntry[], past: Past | null) {
  return { events: entries, eventCount: eventsUpTo(entries, past?.n ?? null).length };
}

/**
 * Whether ply `n` (counted from 1) lies after the ply the view shows.
 *
 * @example
 * isFuture(view, 5) // true when the slider stands at ply 3
 */
export const isFuture = (view: Pick<Inspected, 'at'>, n: number) => view.at !== null && n > view.at;

/** The view of an in-page table, live (`past` null) or at a past ply. */
export function localView(session: LocalSession, past: Past | null): Inspected {
  const { table } = session;
  const snapshot = table.actor.getSnapshot();
  const seats = session.seats;
  return {
    kind: 'local',
    name: session.name,
    gameTitle: table.game.title,
    chart: session.chart,
    value: past?.value ?? snapshot.value,
    status: snapshot.status,
    taken: past?.taken ?? session.taken,
    state: past?.state ?? table.state,
    seats,
    turnModel: table.turnModel,
    plies: session.plies,
    pliesFrom: 0,
    total: session.plyCount,
    at: past?.n ?? null,
    context: past?.context ?? snapshot.context,
    ...eventsOf(session.events.entries, past),
    problem: session.problem,
    legal: (seat) => (past?.probe ?? table).legalMoves(seat),
    readOnly:
      past === null
        ? null
        : `viewing ply ${past.n} of ${session.plyCount}: go live to play, or branch from here${past.exact ? '' : ` (a branch starts after this move's automatic passes, at ply ${past.probe.plies.length})`}`,
    hasLog: true,
    log: () => table.log,
    travel: () => table,
  };
}

const mirrors = new WeakMap<RemoteSession, { count: number; table: Table | null }>();

/** A copy of a remote table rebuilt in the page from its plies, when every ply is here and its game is built in. */
export function mirrorOf(session: RemoteSession): Table | null {
  if (!session.complete || session.table === null) return null;
  const known = mirrors.get(session);
  if (known?.count === session.plies.length) return known.table;
  known?.table?.stop();
  let table: Table | null = null;
  try {
    table = replay(remoteLog(session));
  } catch {
    table = null;
  }
  mirrors.set(session, { count: session.plies.length, table });
  return table;
}

function remoteLog(session: RemoteSession): TableLog {
  const info = session.table!;
  return { ...info.opening, game: info.game.id, version: info.game.version, moves: session.plies.map((p) => p.move) };
}

/** The view of a remote table, as its app sent it (`past` null) or at a past ply of its mirror. */
export function remoteView(session: RemoteSession, past: Past | null): Inspected {
  const info = session.info;
  const seats = info?.table.opening.seats ?? [];
  return {
    kind: 'remote',
    name: session.name,
    gameTitle: info?.table.game.title ?? 'XState actor',
    chart: session.chart,
    value: past?.value ?? session.value,
    status: session.open ? session.status : 'closed',
    taken: past?.taken ?? session.taken,
    state: past?.state ?? info?.state ?? null,
    seats,
    turnModel: info?.table.turnModel ?? 'sequenced',
    plies: session.plies,
    pliesFrom: session.pliesFrom,
    total: info?.plies.total ?? 0,
    at: past?.n ?? null,
    context: past?.context ?? session.context,
    ...eventsOf(session.eventEntries, past),
    problem: null,
    legal: (seat) => (past !== null ? past.probe.legalMoves(seat) : (info?.legal?.[seat] ?? null)),
    readOnly: 'a remote table is played by its app; the page only watches it',
    hasLog: session.complete && session.table !== null,
    log: () => (session.complete && session.table !== null ? remoteLog(session) : null),
    travel: () => mirrorOf(session),
  };
}
