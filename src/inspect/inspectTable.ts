/**
 * Inspecting a table from an app: its statechart, its moves and its state go
 * to plystack's inspector (or any `@statelyai/inspect` receiver) over a
 * WebSocket, built on `createWebSocketInspector`.
 *
 * Inspection stays off the table's path: a move costs one small event, and
 * the state travels in snapshots sent at most every `interval` ms (a burst of
 * moves costs one snapshot), with the context `windowed` and the ply log as
 * the plies recorded since the previous snapshot. A table inspected once it
 * has moves (a replayed log, a server table followed) sends what it emitted
 * over them with its first snapshot, made again on the fast runner.
 */

import { type createInspector, createWebSocketInspector } from '@statelyai/inspect';
import type { AnyEventObject, InspectionEvent } from 'xstate';
import type { Ply } from '../definition/records.js';

import type { LegalMoves } from '../engine/legalMoves.js';
import type { TableEmitted } from '../machines/tableMachine.js';
import { openFromLog } from '../table/replay.js';
import type { Table } from '../table/table.js';
import { machineDefinition, takenTransitionId } from './definition.js';
import { DEFAULT_INSPECT_PORT, type PlystackActorInfo, type PlystackSnapshotInfo, RELAY_LIMITS } from './protocol.js';
import {
  DEFAULT_LIMITS,
  fitWithin,
  inspectionContext,
  jsonBytes,
  recentPlies,
  TIGHTER_LIMITS,
  type WindowLimits,
  windowed,
} from './sanitize.js';

/** Any `@statelyai/inspect` inspector: `createWebSocketInspector`, `createBrowserInspector`, `createInspector(adapter)`. */
export type Inspector = ReturnType<typeof createInspector>;

/** Options of `inspectTable`. */
export interface InspectTableOptions {
  /** The relay's WebSocket URL (`plystack inspect` prints it); default `ws://127.0.0.1:4242`. */
  readonly url?: string;
  /** The name the inspector lists the table under; default its table id. */
  readonly name?: string;
  /** The most plies one snapshot carries (default 1024); plies beyond it in one burst are left out. */
  readonly window?: number;
  /** The least time between two snapshots, in ms (default 50); 0 sends one at the end of every turn of the event loop. */
  readonly interval?: number;
  /** How far the context is cut (`windowed`). */
  readonly limits?: WindowLimits;
  /** Send through this inspector instead of opening a WebSocket. */
  readonly inspector?: Inspector;
  /**
   * The largest message to send, in bytes (default the relay's limit,
   * `RELAY_LIMITS.messageBytes`): a snapshot over it is cut deeper, and its
   * plies go over several snapshots.
   */
  readonly maxMessageBytes?: number;
}

/** A running inspection. */
export interface TableInspection {
  /** The session id the inspector knows the table by. */
  readonly sessionId: string;
  /** Sends the pending snapshot now instead of at the end of the current turn of the event loop. */
  flush(): void;
  /**
   * Stops inspecting: unsubscribes from the table at once, then closes the
   * inspector's connection once what was sent has left (within 2 s when the
   * relay cannot be reached). Resolves when it is closed.
   */
  stop(): Promise<void>;
}

/** The most events a snapshot carries: the newest. */
const MAX_EMITTED = 100;
/** The most moves a table inspected late plays again to send what they emitted (about half a second's work). */
const MAX_PAST_MOVES = 10_000;
const OPEN = 1;
/** Room left in each message for what the inspector adds around our part (ids, times, the event type). */
const ENVELOPE_BYTES = 4 * 1024;

// A handler that does nothing: a socket's error must still have a listener, or Node treats it as unhandled.
const quiet = () => {};
type Socket = {
  readyState: number;
  bufferedAmount: number;
  onopen: unknown;
  onerror: unknown;
  onclose: unknown;
  close(): void;
};

/**
 * What `table` emitted over the moves of its log so far (the newest `MAX_EMITTED`), made again by playing them on the
 * fast runner from its opening: a table inspected once it has moves emitted them before the inspection heard. The
 * page makes them itself for a game built into it; for any other game these are all it has. Empty for a log of more
 * than `MAX_PAST_MOVES` moves (the inspection must not hold up the app), or if a move does not play again as it did
 * (the log is the truth, so only a game whose code is not deterministic).
 */
function pastEmitted(table: Table): TableEmitted[] {
  const { moves, ...opening } = table.log;
  if (moves.length === 0 || moves.length > MAX_PAST_MOVES) return [];
  const fresh = openFromLog({ ...opening, moves: [] }, { [table.game.id]: table.game });
  try {
    const copy = fresh.simulate();
    const heard: TableEmitted[] = [];
    for (const move of moves) {
      const played = copy.tryPlay(move);
      if (!played.ok) return [];
      heard.push(...played.emitted);
      if (heard.length > 4 * MAX_EMITTED) heard.splice(0, heard.length - MAX_EMITTED);
    }
    return heard.slice(-MAX_EMITTED);
  } finally {
    fresh.stop();
  }
}

/**
 * A WebSocket inspector that stays stopped. Its adapter retries a failed
 * connection every 5 s, and a retry already waiting when `stop()` runs would
 * open a new socket and keep retrying (and keep Node running); this closes any
 * socket the adapter opens after `stop()`.
 */
function stoppable(inspector: Inspector): Inspector {
  const adapter = inspector.adapter as unknown as { ws?: Socket };
  let socket = adapter.ws;
  let stopped = false;
  Object.defineProperty(adapter, 'ws', {
    configurable: true,
    get: () => socket,
    set(next: Socket) {
      socket = next;
      // the adapter sets the handlers right after the socket: take them off once it has
      if (stopped) {
        queueMicrotask(() => {
          next.onopen = quiet;
          next.onerror = quiet;
          next.onclose = quiet;
          next.close();
        });
      }
    },
  });
  const stop = inspector.stop.bind(inspector);
  return Object.assign(inspector, {
    stop() {
      stopped = true;
      if (socket !== undefined && socket.readyState !== OPEN) socket.onerror = socket.onclose = quiet;
      stop();
    },
  });
}

/**
 * Waits until a WebSocket inspector's socket has opened and sent what it
 * held back while connecting, or until `ms` have passed. The adapter keeps
 * its socket to itself; this reads it only to know when closing loses nothing.
 */
async function drained(inspector: Inspector, ms: number): Promise<void> {
  const adapter = inspector.adapter as unknown as { ws?: Socket };
  const until = Date.now() + ms;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 10));
  while (Date.now() < until && adapter.ws?.readyState !== OPEN) await pause();
  while (Date.now() < until && adapter.ws?.readyState === OPEN && adapter.ws.bufferedAmount > 0) await pause();
}

/**
 * Sends `table` to an inspector: its statechart once, then every move as an
 * `@xstate.event` and its state as `@xstate.snapshot`s, until `stop()`.
 *
 * @example
 * // npx plystack inspect   (serves the inspector and prints its URL)
 * const inspection = inspectTable(table, { url: 'ws://127.0.0.1:4242' })
 * table.play({ type: 'engine.pass', seat: 'seat:ann' })   // the page follows
 * inspection.stop()
 */
export function inspectTable(table: Table, options: InspectTableOptions = {}): TableInspection {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const capacity = Math.max(1, options.window ?? 1024);
  const interval = Math.max(0, options.interval ?? 50);
  const budget = Math.max(1024, (options.maxMessageBytes ?? RELAY_LIMITS.messageBytes) - ENVELOPE_BYTES);
  const inspector =
    options.inspector ??
    stoppable(
      createWebSocketInspector({
        url: options.url ?? `ws://127.0.0.1:${DEFAULT_INSPECT_PORT}`,
        serializationDepthLimit: 64,
        maxDeferredEvents: 5_000,
      }),
    );
  const { actor } = table;
  const { moves: _moves, ...opening } = table.log;
  const sessionId = `${opening.table}#${actor.sessionId}`;
  const info: PlystackActorInfo = {
    game: { id: table.game.id, version: table.game.version, title: table.game.title },
    opening: windowed(opening, limits) as PlystackActorInfo['opening'],
    turnModel: table.turnModel,
    name: options.name ?? opening.table,
  };
  // The definition travels as a JSON text inside the actor message: a machine too large for a message is named, not drawn.
  const definition = machineDefinition(actor.logic);
  const config =
    jsonBytes(JSON.stringify(definition)) <= budget / 2
      ? definition
      : { id: definition.id, omitted: 'the statechart is larger than an inspection message' };
  const ref = { sessionId, logic: { config }, send() {}, getSnapshot: () => actor.getSnapshot() };

  const recent = recentPlies<Ply>(capacity);
  const all = table.plies;
  const earlier = all.length - Math.min(all.length, capacity);
  for (const [i, ply] of all.slice(earlier).entries()) recent.add(earlier + i, ply);
  let sentUpTo = earlier;
  let transitions: string[] = [];
  let emitted: TableEmitted[] = pastEmitted(table);
  let lastEvent: AnyEventObject = { type: '' };
  let scheduled = false;
  let stopped = false;
  let sentAt = 0;
  // Moves wait here until the play that made them has returned: the table's path only appends to a list.
  let events: AnyEventObject[] = [];
  const sendEvents = () => {
    const batch = events;
    events = [];
    for (const event of batch)
      inspector.event(ref, fitWithin((l) => windowed(event, l), budget, limits).value as AnyEventObject);
  };

  const snapshotNow = (status?: string) => {
    sendEvents();
    scheduled = false;
    sentAt = Date.now();
    const snapshot = actor.getSnapshot();
    const plies = recent.since(sentUpTo);
    sentUpTo = plies.total;
    const legal: Record<string, LegalMoves> = {};
    for (const seat of opening.seats) legal[seat] = table.legalMoves(seat);
    const { state } = table;
    const sentEmitted = emitted;
    emitted = [];
    const cut = <T>(value: T, l: WindowLimits): T => (l === limits ? value : (windowed(value, l) as T));
    // The state without its plies, cut until it leaves room for them: half a message at the most.
    const make = (l: WindowLimits) => ({
      sent: {
        status: status ?? snapshot.status,
        value: snapshot.value,
        context: inspectionContext(snapshot.context, l),
        output: cut(snapshot.output, l),
        plystack: {
          table: cut(info, l),
          state: cut(state, l),
          plies: { total: plies.total, from: plies.from, items: [] as Ply[] },
          transitions: cut(transitions, l),
          emitted: windowed(sentEmitted, l) as TableEmitted[],
          legal: cut(legal, l),
        } satisfies PlystackSnapshotInfo,
      },
      event: windowed(lastEvent, l) as AnyEventObject,
    });
    const base = fitWithin(make, budget / 2, limits);
    const room = budget - base.bytes;
    const send = (from: number, items: Ply[]) => {
      const { sent, event } = base.value;
      inspector.snapshot(
        ref,
        { ...sent, plystack: { ...sent.plystack, plies: { total: plies.total, from, items } } } as never,
        { event },
      );
    };
    // The plies in as many snapshots as they need, each within the budget; a ply too large even cut deep is named only.
    let chunk: Ply[] = [];
    let bytes = 0;
    let from = plies.from;
    for (const ply of plies.items) {
      let item = windowed(ply, limits) as Ply;
      let size = jsonBytes(item) + 1;
      if (size > room) {
        item = windowed(ply, TIGHTER_LIMITS[TIGHTER_LIMITS.length - 1]) as Ply;
        size = jsonBytes(item) + 1;
      }
      if (size > room) {
        item = { notation: String(ply.notation).slice(0, 100), omitted: 'too large to inspect' } as unknown as Ply;
        size = jsonBytes(item) + 1;
      }
      if (chunk.length > 0 && bytes + size > room) {
        send(from, chunk);
        from += chunk.length;
        chunk = [];
        bytes = 0;
      }
      chunk.push(item);
      bytes += size;
    }
    send(from, chunk);
  };
  const schedule = () => {
    if (scheduled || stopped) return;
    scheduled = true;
    const send = () => scheduled && !stopped && snapshotNow();
    const wait = sentAt + interval - Date.now();
    if (wait <= 0) queueMicrotask(send);
    else (setTimeout(send, wait) as { unref?: () => void }).unref?.();
  };

  const watching = actor.system.inspect((event: InspectionEvent) => {
    if (stopped || event.actorRef !== actor) return;
    if (event.type === '@xstate.event') {
      lastEvent = event.event;
      transitions = [];
      if (events.push(event.event) === 1) queueMicrotask(() => !stopped && sendEvents());
    } else if (event.type === '@xstate.microstep') {
      transitions.push(...event._transitions.map(takenTransitionId));
    }
  });
  const emissions = actor.on('*', (event) => {
    emitted.push(event as TableEmitted);
    if (emitted.length > MAX_EMITTED) emitted.shift();
  });
  const plyWatch = table.on('ply.recorded', ({ ply, index }) => recent.add(index, ply));
  const snapshots = actor.subscribe({
    next: schedule,
    complete: () => snapshotNow('stopped'),
    error: () => snapshotNow('error'),
  });

  const snapshot = actor.getSnapshot();
  const first = fitWithin(
    (l) => ({ status: snapshot.status, value: snapshot.value, context: inspectionContext(snapshot.context, l) }),
    budget - jsonBytes(JSON.stringify(config)),
    limits,
  );
  inspector.actor(ref, first.value as never);
  snapshotNow();

  return {
    sessionId,
    flush: () => scheduled && snapshotNow(),
    async stop() {
      if (stopped) return;
      if (scheduled) snapshotNow();
      else sendEvents();
      stopped = true;
      for (const subscription of [watching, emissions, plyWatch, snapshots]) subscription.unsubscribe();
      if (options.inspector === undefined) await drained(inspector, 2_000);
      inspector.stop();
    },
  };
}
