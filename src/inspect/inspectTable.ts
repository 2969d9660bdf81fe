/**
 * Inspecting a table from an app: its statechart, its moves and its state go
 * to plystack's inspector (or any `@statelyai/inspect` receiver) over a
 * WebSocket, built on `createWebSocketInspector`.
 *
 * Inspection stays off the table's path: snapshots are sent at most once per
 * turn of the event loop (a burst of moves costs one snapshot), the context is
 * `windowed` and the ply log travels as the plies recorded since the previous
 * snapshot.
 */
import { createWebSocketInspector, type createInspector } from '@statelyai/inspect';
import type { AnyEventObject, InspectionEvent } from 'xstate';
import type { Ply } from '../engine/context.js';
import type { LegalMoves } from '../engine/rules.js';
import type { TableEmitted } from '../machines/tableMachine.js';
import type { Table } from '../table/table.js';
import { machineDefinition, takenTransitionId } from './definition.js';
import { DEFAULT_INSPECT_PORT, type PlystackActorInfo, type PlystackSnapshotInfo } from './protocol.js';
import { DEFAULT_LIMITS, inspectionContext, recentPlies, windowed, type WindowLimits } from './sanitize.js';

/** Any `@statelyai/inspect` inspector: `createWebSocketInspector`, `createBrowserInspector`, `createInspector(adapter)`. */
export type Inspector = ReturnType<typeof createInspector>;

/** Options of `inspectTable`. */
export interface InspectTableOptions {
  /** The relay's WebSocket URL (`plystack inspect` prints it); default `ws://127.0.0.1:4242`. */
  readonly url?: string;
  /** The name the inspector lists the table under; default its table id. */
  readonly name?: string;
  /** The most plies one snapshot carries (default 256); plies beyond it in one burst are left out. */
  readonly window?: number;
  /** How far the context is cut (`windowed`). */
  readonly limits?: WindowLimits;
  /** Send through this inspector instead of opening a WebSocket. */
  readonly inspector?: Inspector;
}

/** A running inspection. */
export interface TableInspection {
  /** The session id the inspector knows the table by. */
  readonly sessionId: string;
  /** Sends the pending snapshot now instead of at the end of the current turn of the event loop. */
  flush(): void;
  /** Stops inspecting: unsubscribes from the table and closes the inspector's connection. */
  stop(): void;
}

const MAX_EMITTED = 100;

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
  const capacity = Math.max(1, options.window ?? 256);
  const inspector = options.inspector
    ?? createWebSocketInspector({ url: options.url ?? `ws://127.0.0.1:${DEFAULT_INSPECT_PORT}`, serializationDepthLimit: 64, maxDeferredEvents: 5_000 });
  const { actor } = table;
  const { moves, ...opening } = table.log;
  const sessionId = `${opening.table}#${actor.sessionId}`;
  const info: PlystackActorInfo = {
    game: { id: table.game.id, version: table.game.version, title: table.game.title },
    opening: windowed(opening, limits) as PlystackActorInfo['opening'],
    turnModel: table.game.turnModel(table.context.opening.options),
    name: options.name ?? opening.table,
  };
  const ref = { sessionId, logic: { config: machineDefinition(actor.logic) }, send() {}, getSnapshot: () => actor.getSnapshot() };

  const recent = recentPlies<Ply>(capacity);
  const earlier = moves.length - Math.min(moves.length, capacity);
  table.plies.slice(earlier).forEach((ply, i) => recent.add(earlier + i, ply));
  let sentUpTo = earlier;
  let transitions: string[] = [];
  let emitted: TableEmitted[] = [];
  let lastEvent: AnyEventObject = { type: '' };
  let scheduled = false;
  let stopped = false;

  const snapshotNow = (status?: string) => {
    scheduled = false;
    const snapshot = actor.getSnapshot();
    const plies = recent.since(sentUpTo);
    sentUpTo = plies.total;
    const legal: Record<string, LegalMoves> = {};
    for (const seat of opening.seats) legal[seat] = table.legalMoves(seat);
    const plystack: PlystackSnapshotInfo = {
      table: info,
      state: table.state,
      plies: { ...plies, items: plies.items.map((ply) => windowed(ply, limits) as Ply) },
      transitions,
      emitted: windowed(emitted, limits) as TableEmitted[],
      legal,
    };
    emitted = [];
    const sent = { status: status ?? snapshot.status, value: snapshot.value, context: inspectionContext(snapshot.context, limits), output: snapshot.output, plystack };
    inspector.snapshot(ref, sent as never, { event: lastEvent });
  };
  const schedule = () => {
    if (scheduled || stopped) return;
    scheduled = true;
    queueMicrotask(() => scheduled && !stopped && snapshotNow());
  };

  const watching = actor.system.inspect((event: InspectionEvent) => {
    if (stopped || event.actorRef !== actor) return;
    if (event.type === '@xstate.event') {
      lastEvent = windowed(event.event, limits) as AnyEventObject;
      transitions = [];
      inspector.event(ref, lastEvent);
    } else if (event.type === '@xstate.microstep') {
      transitions.push(...event._transitions.map(takenTransitionId));
    }
  });
  const emissions = actor.on('*', (event) => {
    emitted.push(event as TableEmitted);
    if (emitted.length > MAX_EMITTED) emitted.shift();
  });
  const plyWatch = table.on('ply.recorded', ({ ply, index }) => recent.add(index, ply));
  const snapshots = actor.subscribe({ next: schedule, complete: () => snapshotNow('stopped'), error: () => snapshotNow('error') });

  const snapshot = actor.getSnapshot();
  inspector.actor(ref, { status: snapshot.status, value: snapshot.value, context: inspectionContext(snapshot.context, limits) } as never);
  snapshotNow();

  return {
    sessionId,
    flush: () => scheduled && snapshotNow(),
    stop() {
      if (stopped) return;
      if (scheduled) snapshotNow();
      stopped = true;
      for (const subscription of [watching, emissions, plyWatch, snapshots]) subscription.unsubscribe();
      inspector.stop();
    },
  };
}
