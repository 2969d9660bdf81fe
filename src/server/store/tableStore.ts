/**
 * What the table server asks of a store, and what each store promises: the log
 * of every table as the truth, a move written at an index only once, the answer
 * first given to an idempotency key, the clocks' deadlines and the bots' turns
 * claimed by one process at a time. Three stores keep these promises: `Store`
 * on PGlite or PostgreSQL (store.ts) and `MemoryStore` in this process only
 * (memoryStore.ts); test/server/store-contract.test.ts holds each to them.
 */
import { createHash } from 'node:crypto';
import type { JsonValue, Move } from '../../core/move.js';
import type { Seed } from '../../core/random.js';
import type { BotSpec } from '../bots.js';
import type { ClockSpec, SeatClockStep } from '../clock.js';

export type { ClockSpec } from '../clock.js';

/** A table's opening and bookkeeping, as stored. */
export interface TableRecord {
  readonly id: string;
  readonly game: string;
  readonly version: string;
  readonly seats: string[];
  readonly seed: Seed;
  readonly options: { [key: string]: JsonValue };
  /** SHA-256 of the app token, hex. */
  readonly appToken: string;
  /** SHA-256 of each seat's token, hex. */
  readonly seatTokens: Readonly<Record<string, string>>;
  readonly clock: ClockSpec | null;
  /** The revision of the turn rules the table was opened with; null for a table stored before the server kept it. */
  readonly rulesRevision: number | null;
  /** The seats played by the server's bots, and which bot plays each; null when no seat is. */
  readonly bots: Readonly<Record<string, BotSpec>> | null;
  /** Whether anyone may read the table's public view without a token (a spectator). */
  readonly spectators: boolean;
  /** Whether the table was opened in the lobby: its seats are taken by players, each getting its token then. */
  readonly lobby: boolean;
  /** The name each seated player gave when taking a seat in the lobby, by seat (none for a seat taken without one). */
  readonly names: Readonly<Record<string, string>>;
  /** Moves of the log so far. */
  readonly moves: number;
  /** `waiting`: in the lobby, a seat still free (no move is played); `playing`; `over`. */
  readonly status: TableStatus;
  /** When the clock runs out (ms since the epoch, the database's time), or null. */
  readonly deadline: number | null;
  /** When the table was created, in whole ms since the epoch (the database's time). */
  readonly created: number;
  /**
   * When the table started, in whole ms since the epoch (the database's time): its creation, or for a table opened in
   * the lobby when its last free seat was taken (its creation while it waits). A chess clock starts then.
   */
  readonly started: number;
}

/** Where a table stands: waiting in the lobby for players, playing, or over. */
export type TableStatus = 'waiting' | 'playing' | 'over';

/** What starting a table opened in the lobby needs, once its last free seat is taken. */
export interface TableStart {
  /** The seats players take (every seat but the bots'): the table starts once each has a token. */
  readonly needed: readonly string[];
  /** The clock window the table starts in (its deadline `ms` from the start), or null. */
  readonly window: { readonly key: string; readonly ms: number } | null;
  /** Whether a bot seat must act first. */
  readonly botDue: boolean;
}

/**
 * What taking a seat did: `seated` (the table waits for more players), `started` (that was the last free seat),
 * `taken` (the seat has a player already: nothing written), `not-waiting` (the table is not waiting in the lobby), or
 * `no-table`.
 */
export type TakeSeatResult = 'seated' | 'started' | 'taken' | 'not-waiting' | 'no-table';

/**
 * What replacing a token did: `replaced` (the old token is no longer the table's), `no-seat` (the seat has no token
 * to replace: a bot plays it, or it is free in the lobby) or `no-table`.
 */
export type ReplaceTokenResult = 'replaced' | 'no-seat' | 'no-table';

/** What leaving a seat did: `left`, `not-holder` (the seat is free, or another token's), `not-waiting` or `no-table`. */
export type LeaveSeatResult = 'left' | 'not-holder' | 'not-waiting' | 'no-table';

/** A table's clock as the store holds it now. */
export interface ClockReading {
  /** When it runs out (ms since the epoch), or null when it does not run. */
  readonly deadline: number | null;
  /** A chess clock's banks as they stood at `since` (whole ms), or null. */
  readonly banks: Readonly<Record<string, number>> | null;
  /** When the banks were last charged: the last move, or the table's creation (whole ms since the epoch). */
  readonly since: number;
  /** The database's time now (whole ms since the epoch). */
  readonly now: number;
}

/** One stored move. */
export interface MoveRecord {
  readonly index: number;
  readonly move: Move;
  /** When it was committed (ms since the epoch, the database's time). */
  readonly at: number;
  /** `request`, `clock` for a timeout move the server played, or `bot` for a bot seat's move. */
  readonly cause: string;
  /** The server process that committed it. */
  readonly process: string;
}

/**
 * The digest a snapshot is kept with, in every store: the SHA-256 (hex) of its JSON text as written, taken again as it
 * is read to tell a snapshot changed since (`TableStore.snapshot`'s `intact`).
 */
export function snapshotDigest(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A snapshot as the store gives it back (`TableStore.snapshot`). */
export interface StoredSnapshot {
  readonly moves: number;
  readonly snapshot: unknown;
  /** Whether it still matches the digest kept with it; null when it was kept without one. */
  readonly intact: boolean | null;
}

/** What `append` writes besides the move itself. */
export interface Append {
  readonly index: number;
  readonly move: Move;
  readonly key: string | null;
  /** The move's answer: `answerFor` gives it back for `key`. A store need keep it only when there is a key. */
  readonly answer: JsonValue;
  readonly cause: 'request' | 'clock' | 'bot';
  readonly status: 'playing' | 'over';
  /** Whether a bot seat must act after this move: the table is then due to its bots (see `claimBots`). */
  readonly botDue?: boolean;
  /**
   * The clock window the table is in after this move, and its length: a new
   * window starts a new deadline, the same window keeps the old one; null stops the clock.
   */
  readonly window: { readonly key: string; readonly ms: number } | null;
  /** A persisted snapshot to keep for fast loading, or null. */
  readonly snapshot: unknown;
  /** What the move does to a chess clock, or null when the table has none. */
  readonly seats?: SeatClockStep | null;
}

/** Another process committed this index first: reload the table and try again. */
export class Conflict extends Error {
  constructor(
    readonly table: string,
    readonly index: number,
  ) {
    super(`${table}: move ${index} was committed by another process`);
  }
}

/** How long a claim holds by default: a process that claimed work and died is replaced after 10 seconds. */
export const DEFAULT_CLAIM_LAPSE_MS = 10_000;

/** A table as `createTable` stores it: its record but what the store keeps itself. */
export type NewTable = Omit<
  TableRecord,
  'moves' | 'status' | 'deadline' | 'created' | 'started' | 'rulesRevision' | 'bots' | 'spectators' | 'lobby' | 'names'
> & {
  readonly rulesRevision?: number | null;
  readonly bots?: Readonly<Record<string, BotSpec>> | null;
  readonly spectators?: boolean;
  /** Opened in the lobby: the table is stored `waiting`, its seats taken by `takeSeat`. */
  readonly lobby?: boolean;
};

/**
 * The store of every table. Times are the store's own (the database's clock, or this process's for the memory
 * store), in ms since the epoch. A claim (on a run-out clock or on a bot's move) is this process's until it commits
 * a move, releases it, or `claimLapseMs` passes without either: then any process may claim the work again.
 */
export interface TableStore {
  /** `memory` (this process only), `embedded` (PGlite: one process owns its files) or `postgres` (any number of processes). */
  readonly kind: 'memory' | 'embedded' | 'postgres';
  /** The name of this process in the store: the moves it commits and the claims it holds carry it. */
  readonly process: string;
  /** How long a claim on a run-out clock or a bot move holds before another process may take the work over (ms). */
  readonly claimLapseMs: number;

  /**
   * Stores a new table at 0 moves, `playing` (`waiting` when opened in the lobby), its clock started in `window` (its deadline `window.ms` from now), a
   * chess clock's `banks` (each seat's ms, charged from now), and due to its bots when `botDue`. Returns its creation
   * time (whole ms), or null when its id is taken (the stored table is left as it is).
   */
  createTable(
    table: NewTable,
    window: { key: string; ms: number } | null,
    banks?: Readonly<Record<string, number>> | null,
    botDue?: boolean,
  ): Promise<number | null>;
  /** The table's record, or null when there is no such table. */
  table(id: string): Promise<TableRecord | null>;
  /** The table's clock as it stands, in the store's time; null when there is no such table. */
  clock(id: string): Promise<ClockReading | null>;
  /** How many moves the table has (0 when there is no such table). */
  moveCount(id: string): Promise<number>;
  /** The move counts of those of these tables that exist. */
  moveCounts(ids: readonly string[]): Promise<Map<string, number>>;
  /** The table's moves from index `from` on, in index order, each as committed. */
  movesFrom(id: string, from: number): Promise<MoveRecord[]>;
  /**
   * The newest snapshot kept at or before `moves` moves, or null. The first snapshot kept at a count stays. Each is
   * kept with a digest of itself (SHA-256 of its JSON text as written), checked as it is read: `intact` is false
   * when the snapshot no longer matches it (it was changed after it was written), null for a snapshot kept without one
   * (by a plystack from before digests).
   */
  snapshot(id: string, moves: number): Promise<StoredSnapshot | null>;
  /**
   * The index of the first of the table's moves that the store no longer holds as it wrote it, or null when each is as
   * written (or there is no such table). Each move is kept with a digest of its row (its index and its move) written
   * with it: a move changed since, or moved to another index, no longer matches it, and a move gone leaves its index
   * empty below the table's count. Moves a store kept before it wrote digests are taken as they are.
   */
  changedMove(id: string): Promise<number | null>;
  /** The answer first given to the move sent with this (scoped) idempotency key, or null. */
  answerFor(id: string, key: string): Promise<JsonValue | null>;

  /**
   * Commits one move at `entry.index`, with the table's new status, clock and bot turn; a committed move clears the
   * table's claims. Throws `Conflict` when the table is not at that index (another process advanced it, or there is no
   * such table) or the idempotency key was already used at this table; nothing is written then. Resolves with the
   * commit time and the table's deadline once the move is durable in this store.
   *
   * The clock: without a chess clock, a window of another key (or none running) starts a deadline `window.ms` from
   * now, the same window keeps its deadline, and no window stops the clock. With one (`entry.seats`), the charged
   * seats' banks lose the time since the last move (never below 0), the mover's gains the increment, and the deadline
   * is when the first running seat's bank runs out (`FLAGGED_MS` from now when one is empty; none when none runs).
   */
  append(id: string, entry: Append): Promise<{ at: number; deadline: number | null }>;

  /** Up to `limit` playing tables whose deadline has passed and that nobody holds a live claim on, but those of `skip`; soonest first. */
  dueTables(limit: number, skip?: readonly string[]): Promise<string[]>;
  /**
   * Claims the right to fire the table's deadline: exactly one claimant gets it until the claim lapses. Returns the
   * table's move count at the claim, or null when its deadline has not passed, it is over, or a live claim holds it.
   */
  claimDeadline(id: string): Promise<number | null>;
  /** Stops the table's clock, if it is still at `moves` moves (no timeout move is possible now). */
  stopClock(id: string, moves: number): Promise<void>;
  /** Gives up this process's claim on the table's deadline (another's is left as it is). */
  releaseDeadline(id: string): Promise<void>;

  /** Up to `limit` playing tables due to their bots that nobody holds a live claim on, but those of `skip`; longest due first. */
  dueBots(limit: number, skip?: readonly string[]): Promise<string[]>;
  /**
   * Claims the right to play the table's bot move: exactly one claimant gets it until the claim lapses. Returns the
   * table's move count at the claim, or null when no bot is due, it is over, or a live claim holds it.
   */
  claimBots(id: string): Promise<number | null>;
  /** The table's bots stop where it stands, if it is still at `moves` moves: a move of someone else's wakes them. */
  stopBots(id: string, moves: number): Promise<void>;
  /** Gives up this process's claim on the table's bot move (another's is left as it is). */
  releaseBots(id: string): Promise<void>;

  /** Up to `limit` tables waiting in the lobby (only those of `game`, when given), the newest first. */
  waitingTables(limit: number, game?: string): Promise<TableRecord[]>;
  /**
   * Seats a player at a table waiting in the lobby: `seat` gets the token whose stored form is `token`, and `name` when
   * given. A seat that has a token already is not taken again. When every seat of `start.needed` then has a token, the
   * table starts in the same write: `playing`, its clock started in `start.window` (a chess clock's banks charged from
   * now), due to its bots when `start.botDue`, and `started` now.
   */
  takeSeat(id: string, seat: string, token: string, name: string | null, start: TableStart): Promise<TakeSeatResult>;
  /** Frees a seat of a table waiting in the lobby, if the token whose stored form is `token` holds it: its name goes too. */
  leaveSeat(id: string, seat: string, token: string): Promise<LeaveSeatResult>;
  /**
   * Replaces a token of the table by the one whose stored form is `token`: the app token's (`seat` null), or the
   * seat's where the seat has one. The old token is no longer the table's, in every process: those that keep the
   * table live are told (see `watch`).
   */
  replaceToken(id: string, seat: string | null, token: string): Promise<ReplaceTokenResult>;
  /** Removes a table waiting in the lobby, and nothing else; returns whether it did. */
  closeTable(id: string): Promise<boolean>;

  /**
   * Calls `moved` when another process commits moves to a table (the table and its move count then), `retokened` when
   * another process replaced a token of a table, and `lost` when such news may have been missed. A hint for streams
   * and caches: a store that only this process writes never calls them.
   */
  watch(
    moved: (table: string, moves: number) => void,
    lost: () => void,
    retokened?: (table: string) => void,
  ): Promise<void>;
  /** Resolves while the store answers; rejects when it cannot be reached. */
  ping(): Promise<void>;
  /** Closes the store (its connections, files); the memory store forgets every table. */
  close(): Promise<void>;
}
