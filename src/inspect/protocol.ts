/**
 * What travels between an inspected table, the relay and the inspector page.
 *
 * The wire format is `@statelyai/inspect`'s: `@xstate.actor`, `@xstate.event`
 * and `@xstate.snapshot` events as JSON texts, so any XState v5 app can feed
 * the page with `createWebSocketInspector`. A plystack table adds one field,
 * `plystack`, to the `snapshot` object of its actor and snapshot events;
 * readers that do not know it ignore it. The relay adds two messages of its
 * own for the page, both typed `@plystack.*`.
 */

import type { TurnModel } from '../definition/game.js';
import type { Ply, TableState } from '../definition/records.js';

import type { LegalMoves } from '../engine/legalMoves.js';
import type { TableLog } from '../engine/view.js';
import type { TableEmitted } from '../machines/tableMachine.js';
import type { PlyWindow } from './sanitize.js';

/** The port `plystack inspect` listens on unless told otherwise. */
export const DEFAULT_INSPECT_PORT = 4242;

/** The path the page connects to on the relay; apps connect to any other path. */
export const PAGE_PATH = '/inspector';

/** What the relay keeps and accepts (docs/inspector.md, "Limits"). */
export interface RelayLimits {
  /** The largest message, in bytes, an app or a page may send; a larger one closes its socket with 1009. */
  readonly messageBytes: number;
  /** Events kept per session for a page that opens late (the oldest go first), and as many of what its table emitted... */
  readonly eventsPerSession: number;
  /** ...and the bytes they may take. */
  readonly eventBytesPerSession: number;
  /** Bytes of plies kept per session for a page that opens late (the oldest go first). */
  readonly plyBytesPerSession: number;
  /** Sessions kept, open or closed; closed ones are forgotten first, and a new session past it is refused. */
  readonly sessions: number;
  /** Sessions one app connection may open. */
  readonly sessionsPerConnection: number;
  /** App connections open at once. */
  readonly apps: number;
  /** Pages connected at once. */
  readonly pages: number;
  /** Bytes waiting to be sent to one page; a page that reads slower than that is dropped. */
  readonly readerBytes: number;
}

/** The limits `plystack inspect` runs with. */
export const RELAY_LIMITS: RelayLimits = {
  messageBytes: 1024 * 1024,
  eventsPerSession: 200,
  eventBytesPerSession: 512 * 1024,
  plyBytesPerSession: 1024 * 1024,
  sessions: 32,
  sessionsPerConnection: 16,
  apps: 32,
  pages: 8,
  readerBytes: 8 * 1024 * 1024,
};

/** What a plystack table is: sent with every snapshot (it never changes). */
export interface PlystackActorInfo {
  readonly game: { readonly id: string; readonly version: string; readonly title: string };
  /** The log without its moves: with the plies, enough to replay the table. */
  readonly opening: Omit<TableLog, 'moves'>;
  readonly turnModel: TurnModel;
  /** A name for lists: the table id unless the app gave one. */
  readonly name: string;
}

/** Added to a plystack table's snapshot: the public view, so a reader needs no knowledge of the context. */
export interface PlystackSnapshotInfo {
  readonly table: PlystackActorInfo;
  readonly state: TableState;
  /** The plies recorded since the previous snapshot (at most the window), with their indexes. */
  readonly plies: PlyWindow<Ply>;
  /** Transition ids (`transitionId`) taken by the last move. */
  readonly transitions: readonly string[];
  /** What the table emitted since the previous snapshot, newest last (at most 100). */
  readonly emitted: readonly TableEmitted[];
  /** What each seat may do now. */
  readonly legal: Readonly<Record<string, LegalMoves>>;
}

/** Relay → page: an app's connection closed; its sessions are over. */
export interface RelaySessionsClosed {
  readonly type: '@plystack.closed';
  readonly sessionIds: readonly string[];
}

/** Relay → page, first message on connecting: which relay this is. */
export interface RelayHello {
  readonly type: '@plystack.hello';
  readonly relay: string;
  /** The URL apps give `inspectTable` or `createWebSocketInspector`. */
  readonly appUrl: string;
}

/** A message the relay sends the page that is not an inspection event. */
export type RelayMessage = RelaySessionsClosed | RelayHello;
