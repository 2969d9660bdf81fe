/**
 * What the server keeps of a live table, and what a move on it is answered: the types the live tables, the bot runs,
 * the routes and the streams share.
 */
import type { AnyGame } from '../definition/game.js';
import type { Ply } from '../definition/records.js';
import type { Table } from '../table/table.js';
import type { TableRecord, TableStore } from './store/tableStore.js';
import type { Viewer } from './view.js';

/** A message of a table's stream: one ply, and the table after its move, as the viewer may see them. */
export interface StreamMessage {
  readonly index: number;
  readonly ply: Ply;
  readonly state: unknown;
}

/**
 * What a stream is sent. `send` may give back a promise: the socket holds a backlog, and a catch-up waits for the
 * promise before it sends more.
 */
export type Send = (message: StreamMessage) => void | Promise<void>;

export interface Subscriber {
  readonly viewer: Viewer;
  /** The next ply index to send. */
  next: number;
  readonly send: Send;
  /** Whether it is catching up (catchUp.ts): the live plies wait until it has been sent every ply of the table. */
  catching: boolean;
  /** Told why the stream cannot go on (the store could not be read during a catch-up); nothing is sent after. */
  readonly fail: (error: unknown) => void;
  /** The stored form of the token the stream was opened with, or null (a spectator's, or the server's own). */
  readonly token: string | null;
  /** Told that the stream's token was replaced (it is no longer the table's); nothing is sent after. */
  readonly revoked: () => void;
}

/** A live table. */
export interface Entry {
  /** The table as stored; read again while it waits in the lobby, where its seats change (`LiveTables.seating`). */
  record: TableRecord;
  readonly game: AnyGame;
  table: Table;
  /** Moves of the log the live table has; -1 when it must be rebuilt from the store (a write failed). */
  moves: number;
  /** The most moves another process said the table has. */
  behind: number;
  /** Whether the live table holds a move whose row is still being written (readers wait for it: see `current`). */
  writing: boolean;
  readonly subscribers: Set<Subscriber>;
  queue: Promise<unknown>;
}

/** The answer to a move. */
export type PlayOutcome =
  | { readonly status: 200; readonly body: { ply: Ply; index: number } }
  | { readonly status: 409; readonly body: { code: 'STALE'; message: string; ply: number } }
  | { readonly status: 422; readonly body: { code: string; message: string; reason?: string } };

/** Who played a move: a request (a player or the application), the clock, or a bot. */
export type Cause = 'request' | 'clock' | 'bot';

/**
 * What the work a process does on its own (its bot runs, its run-out clocks) needs of its live tables (`LiveTables`
 * is one): the claimed table, its turn, and the same commit as a player's move.
 */
export interface TablesAtWork {
  readonly store: TableStore;
  isUnservable(id: string): boolean;
  claimed(id: string, release: (id: string) => Promise<void>): Promise<Entry | null>;
  exclusive<T>(entry: Entry, work: () => Promise<T>): Promise<T>;
  fresh(entry: Entry): Promise<void>;
  tryCommit(
    entry: Entry,
    move: unknown,
    options: { expect?: number; key?: string; cause?: Cause },
  ): Promise<PlayOutcome | 'retry'>;
}
