/**
 * The tables a server process keeps live: recently used tables as running
 * actors, loaded from the store (newest snapshot, then the moves after it),
 * one move at a time per table. The store stays the truth: a move is answered
 * only once its row is committed, and a process that finds its index taken
 * (another process advanced the table) reloads and tries once more. The work
 * a process does on its own goes through the same commit: its bot runs
 * (botRuns.ts) and its run-out clocks (deadlines.ts).
 */

import { sameJson } from '../core/json.js';
import type { JsonValue } from '../core/move.js';
import type { AnyGame } from '../definition/game.js';
import type { Ply } from '../definition/records.js';

import { movesMade } from '../engine/context.js';
import { readTableInput } from '../engine/input.js';
import { size } from '../log/plyLog.js';
import { structureRevision } from '../progression/rules.js';
import { createTable, restoreTable, type Table } from '../table/table.js';
import { BotRuns } from './botRuns.js';
import { botToAct } from './bots.js';
import { catchUp, lastMoveStart } from './catchUp.js';
import { clockWindow, seatClockStep } from './clock.js';
import { logFailure } from './failures.js';
import type { Cause, Entry, PlayOutcome, Send, Subscriber } from './liveEntry.js';
import { Conflict, type MoveRecord, type TableRecord, type TableStore } from './store/tableStore.js';
import { pliesOf, stateOf, type Viewer } from './view.js';

export type { Entry, PlayOutcome, StreamMessage } from './liveEntry.js';

/** Options of `LiveTables`. */
export interface LiveTablesOptions {
  readonly games: Readonly<Record<string, AnyGame>>;
  /** A snapshot every this many moves (default 64). */
  readonly snapshotEvery?: number;
  /** Tables kept live at most (default 1000); the least recently used without a stream goes first. */
  readonly cacheSize?: number;
}

/** Stored moves played on the live table when a table is opened; more go on the fast path. */
const FAST_FORWARD_FROM = 64;

/** Tables refused for their rules revision that a process remembers at most (the oldest is forgotten first). */
const MAX_UNSERVABLE = 10_000;

/** The store holds a move the game refuses: it was written by another version of the game or by hand. */
export class CorruptTable extends Error {}

/**
 * The table was opened with turn rules of another revision than this server's game has for its options: its moves
 * would be judged by other rules than the ones they were played under, so it is not served (409 `RULES_REVISION`).
 */
export class RulesChanged extends Error {}

/**
 * A move of the table is not as the server wrote it: its row was changed (or removed) in the store since. The table is
 * not served (409 `TAMPERED`): its snapshots were taken of the moves as written, and the moves as they are now may not
 * even be legal, so neither is the table's truth; an operator restores the rows (from a backup) and restarts the server.
 */
export class TableTampered extends Error {}

/** A stored table of a game this server was not given (a `--game` left out at a restart): answered 409 `UNKNOWN_GAME`. */
export class GameNotServed extends Error {}

/** The stored hashes of a table's tokens: its app token's and each seat's. */
function tokenHashes(record: TableRecord): string[] {
  return [record.appToken, ...Object.values(record.seatTokens)];
}

/** The live tables of one process. */
export class LiveTables {
  private readonly entries = new Map<string, Entry>();
  /** The token hashes of the live tables (each with how many tables hold it): the rate limit keys valid tokens by token. */
  private readonly liveTokens = new Map<string, number>();
  private readonly loading = new Map<string, Promise<Entry | null>>();
  private readonly snapshotEvery: number;
  private readonly cacheSize: number;
  /** The runs of the tables' bot seats in this process. */
  private readonly bots = new BotRuns(this);
  /**
   * Tables this process found opened with turn rules of another revision: refused
   * from memory, and left to a process whose game can serve them (their deadlines and bots unclaimed here). And tables
   * whose stored moves are not as they were written: refused from memory until the process restarts.
   */
  private readonly unservable = new Map<string, RulesChanged | TableTampered>();

  constructor(
    readonly store: TableStore,
    private readonly options: LiveTablesOptions,
  ) {
    this.snapshotEvery = options.snapshotEvery ?? 64;
    this.cacheSize = options.cacheSize ?? 1000;
  }

  /** Whether this process found the table opened with turn rules of another revision, or tampered with (it leaves its work to others). */
  isUnservable(id: string): boolean {
    return this.unservable.has(id);
  }

  /** The live table, loaded from the store when it is not live; null when there is no such table. */
  async get(id: string): Promise<Entry | null> {
    const live = this.entries.get(id);
    if (live !== undefined) {
      this.entries.delete(id);
      this.entries.set(id, live);
      return live;
    }
    let pending = this.loading.get(id);
    if (pending === undefined) {
      pending = this.load(id).finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    return pending;
  }

  /**
   * The live table with its record read again from the store while it waits in the lobby: its seats are taken and
   * left, and it starts or is closed, through any process. Null once it is closed (and no longer live here). A table
   * that has started keeps its record: its seats do not change again.
   */
  async seating(entry: Entry): Promise<Entry | null> {
    if (entry.record.status !== 'waiting') return entry;
    const id = entry.record.id;
    const record = await this.store.table(id);
    if (record === null) {
      if (this.entries.get(id) === entry) {
        this.drop(id, entry);
        if (entry.subscribers.size === 0) entry.table.stop();
      }
      return null;
    }
    this.rerecord(entry, record);
    return entry;
  }

  /** Runs `work` on the table when no other move or reload of it runs in this process. */
  exclusive<T>(entry: Entry, work: () => Promise<T>): Promise<T> {
    const run = entry.queue.then(work, work);
    entry.queue = run.catch(() => undefined);
    return run;
  }

  /** Keeps a table just created (and stored, with no move yet) live, so its first move needs no load. */
  adopt(record: TableRecord, game: AnyGame, table: Table): void {
    if (this.entries.has(record.id)) {
      table.stop();
      return;
    }
    this.keep(record.id, {
      record,
      game,
      table,
      moves: 0,
      behind: 0,
      writing: false,
      subscribers: new Set(),
      queue: Promise.resolve(),
    });
    this.trim();
  }

  private async load(id: string): Promise<Entry | null> {
    const refused = this.unservable.get(id);
    if (refused !== undefined) throw refused;
    const record = await this.store.table(id);
    if (record === null) return null;
    if (!Object.hasOwn(this.options.games, record.game))
      throw new GameNotServed(
        `${id} is a table of ${JSON.stringify(record.game)}, a game this server does not serve: start it with that game (plystack serve --game MODULE, or startServer's games)`,
      );
    const game = this.options.games[record.game] as AnyGame;
    const built = await this.build(record, game);
    const entry: Entry = {
      record,
      game,
      table: built.table,
      moves: built.moves,
      behind: 0,
      writing: false,
      subscribers: new Set(),
      queue: Promise.resolve(),
    };
    this.keep(id, entry);
    this.trim();
    return entry;
  }

  /** Remembers that the table is not served here: it is refused from memory from now on. */
  private refuse<E extends RulesChanged | TableTampered>(id: string, refused: E): E {
    if (this.unservable.size >= MAX_UNSERVABLE) this.unservable.delete(this.unservable.keys().next().value as string);
    this.unservable.set(id, refused);
    return refused;
  }

  /** The table from its newest snapshot and the moves after it. */
  private async build(record: TableRecord, game: AnyGame): Promise<{ table: Table; moves: number }> {
    if (record.rulesRevision !== null) {
      const now = readTableInput(game, {
        table: record.id,
        seats: record.seats,
        seed: record.seed,
        options: record.options,
      });
      const revision = now.ok ? structureRevision(now.opening.structure) : null;
      if (revision !== null && revision !== record.rulesRevision) {
        throw this.refuse(
          record.id,
          new RulesChanged(
            `table ${record.id} was opened with ${game.id}'s turn rules revision ${record.rulesRevision}; this server's ${game.id} plays revision ${revision}: serve it with the version of the game it was opened with`,
          ),
        );
      }
    }
    // The store's own record is trusted as it was written: its snapshot restored, not replayed, once the store says
    // that no move is changed since it was written (each move row against its digest; asked together with the snapshot).
    const [stored, changed] = await Promise.all([
      this.store.snapshot(record.id, 2_147_483_647),
      this.store.changedMove(record.id),
    ]);
    if (changed !== null) {
      const refused = new TableTampered(
        `table ${record.id}: its stored move ${changed} is not as the server wrote it (changed or removed in the store since); the table is not served: restore its moves as they were written (from a backup), then restart the server`,
      );
      logFailure(refused.message);
      throw this.refuse(record.id, refused);
    }
    // A snapshot that no longer matches the digest kept with it was changed since: it is not used, and the table is
    // rebuilt from its moves.
    let snapshot = stored;
    if (snapshot?.intact === false) {
      logFailure(
        `table ${record.id}: its snapshot at ${snapshot.moves} moves does not match the digest stored with it (changed since it was written); rebuilding the table from its moves`,
      );
      snapshot = null;
    }
    let table =
      snapshot !== null
        ? restoreTable(game, snapshot.snapshot as never)
        : createTable(game, { table: record.id, seats: record.seats, seed: record.seed, options: record.options });
    try {
      table = this.fastForward(table, await this.store.movesFrom(record.id, snapshot?.moves ?? 0));
    } catch (error) {
      table.stop();
      throw error;
    }
    return { table, moves: movesMade(table.context) };
  }

  /**
   * Plays stored moves onto a table being opened: a few on the live table; more (a table rebuilt from its moves) on
   * the fast path (`table.simulate()`, the same checks), the live table then restored once where they left off.
   */
  private fastForward(table: Table, rows: readonly MoveRecord[]): Table {
    if (rows.length <= FAST_FORWARD_FROM) {
      this.playStored(table, rows);
      return table;
    }
    const copy = table.simulate();
    this.playStored(copy, rows);
    table.stop();
    return restoreTable(table.game, copy.persist());
  }

  /** Plays stored moves, each checked; a move the game refuses, or one out of place, is `CorruptTable`. */
  private playStored(table: Pick<Table, 'context' | 'tryPlay'>, rows: readonly MoveRecord[]): void {
    const id = table.context.opening.table;
    for (const row of rows) {
      if (row.index !== movesMade(table.context))
        throw new CorruptTable(`${id}: move ${row.index} stored where ${movesMade(table.context)} was expected`);
      const result = table.tryPlay(row.move);
      if (!result.ok)
        throw new CorruptTable(
          `${id}: stored move ${row.index} refused: ${result.error.code}: ${result.error.message}`,
        );
    }
  }

  /** Plays the stored moves from `from` on onto `table`; returns its move count. */
  private async apply(table: Table, from: number): Promise<number> {
    this.playStored(table, await this.store.movesFrom(table.context.opening.table, from));
    return movesMade(table.context);
  }

  /** Rebuilds the live table from the store (after a conflict or a failed write). Call inside `exclusive`. */
  private async reload(entry: Entry): Promise<void> {
    let built: { table: Table; moves: number };
    try {
      built = await this.build(entry.record, entry.game);
    } catch (error) {
      // Refused now (its moves changed in the store): no longer served from this live entry either.
      const id = entry.record.id;
      if (error instanceof TableTampered && this.entries.get(id) === entry) this.drop(id, entry);
      throw error;
    }
    entry.table.stop();
    entry.table = built.table;
    entry.moves = built.moves;
    entry.behind = 0;
  }

  /** Brings a live table up to the store's moves (another process advanced it). Call inside `exclusive`. */
  async catchUp(entry: Entry): Promise<void> {
    try {
      if (entry.moves < 0) await this.reload(entry);
      else entry.moves = await this.apply(entry.table, entry.moves);
    } catch (error) {
      if (!(error instanceof CorruptTable)) throw error;
      await this.reload(entry);
    }
    entry.behind = 0;
    this.flush(entry);
  }

  /**
   * Makes the live table as new as this process knows the store to be: rebuilt
   * after a failed write, caught up after another process said it moved. Call inside `exclusive`.
   */
  async fresh(entry: Entry): Promise<void> {
    if (entry.moves < 0) {
      await this.reload(entry);
      this.flush(entry);
    } else if (entry.behind > entry.moves) await this.catchUp(entry);
  }

  /**
   * The live table for a reading, made fresh first when it must be. A move played on it whose row is still being
   * written is not shown: the reading waits for its commit (or, when the write fails, for the table's rebuild from
   * the store), so a reader never sees a ply the store does not hold.
   */
  async current(entry: Entry): Promise<Entry> {
    while (entry.writing || entry.moves < 0 || entry.behind > entry.moves)
      await this.exclusive(entry, () => this.fresh(entry));
    return entry;
  }

  /** Another process says the table has `moves` moves: streams catch up now, the rest when next used. */
  notified(id: string, moves: number): void {
    const entry = this.entries.get(id);
    if (entry === undefined || moves <= entry.moves) return;
    entry.behind = Math.max(entry.behind, moves);
    if (entry.subscribers.size > 0) void this.exclusive(entry, () => this.fresh(entry)).catch(() => undefined);
  }

  /**
   * The notifications may have missed some moves or replaced tokens (the listener reconnected): look again at every
   * live table.
   */
  notifiedAll(): void {
    for (const entry of this.entries.values()) {
      this.notified(entry.record.id, Number.MAX_SAFE_INTEGER);
      this.retoken(entry.record.id).catch(() => undefined);
    }
  }

  /**
   * Reads the live table's tokens again from the store (one was replaced, by this process or another): the old one is
   * refused from now on, and the streams opened with it are told (`revoked`) and left. Nothing when the table is not
   * live here: it is read from the store when next used.
   */
  async retoken(id: string): Promise<void> {
    // A load under way may have read the table before the token was replaced: it is read again once live.
    await this.loading.get(id)?.catch(() => null);
    const entry = this.entries.get(id);
    if (entry === undefined) return;
    const record = await this.store.table(id);
    if (record === null || this.entries.get(id) !== entry) return;
    this.rerecord(entry, { ...entry.record, appToken: record.appToken, seatTokens: record.seatTokens });
    const valid = new Set(tokenHashes(entry.record));
    for (const subscriber of entry.subscribers)
      if (subscriber.token !== null && !valid.has(subscriber.token)) {
        entry.subscribers.delete(subscriber);
        subscriber.revoked();
      }
  }

  /** Ids of the tables this process cannot serve (opened with turn rules of another revision). */
  unservableIds(): string[] {
    return [...this.unservable.keys()];
  }

  /**
   * The live table for work this process claimed in the store (a deadline, a bot
   * move), or null after giving the claim back when the table is not this process's to serve.
   */
  async claimed(id: string, release: (id: string) => Promise<void>): Promise<Entry | null> {
    try {
      return await this.get(id);
    } catch (error) {
      // Another process may serve it: one of the game's revision, or given the game.
      if (!(error instanceof RulesChanged) && !(error instanceof GameNotServed) && !(error instanceof TableTampered))
        throw error;
      await release(id);
      return null;
    }
  }

  /** Ids of the live tables someone streams. */
  streamed(): string[] {
    return [...this.entries.values()].filter((entry) => entry.subscribers.size > 0).map((entry) => entry.record.id);
  }

  /** Whether `hash` is the stored form of a token of a live table (its app token or a seat's). */
  knowsToken(hash: string): boolean {
    return this.liveTokens.has(hash);
  }

  /**
   * Gives `entry` the record read again from the store. The rate limit knows the tokens of live tables: those of a
   * live entry's new record come in, the old ones go.
   */
  private rerecord(entry: Entry, record: TableRecord): void {
    const id = entry.record.id;
    const live = this.entries.get(id) === entry;
    if (live) this.drop(id, entry);
    entry.record = record;
    if (live) this.keep(id, entry);
  }

  private keep(id: string, entry: Entry): void {
    this.entries.set(id, entry);
    for (const hash of tokenHashes(entry.record)) this.liveTokens.set(hash, (this.liveTokens.get(hash) ?? 0) + 1);
  }

  private drop(id: string, entry: Entry): void {
    this.entries.delete(id);
    for (const hash of tokenHashes(entry.record)) {
      const held = (this.liveTokens.get(hash) ?? 1) - 1;
      if (held === 0) this.liveTokens.delete(hash);
      else this.liveTokens.set(hash, held);
    }
  }

  private trim(): void {
    if (this.entries.size <= this.cacheSize) return;
    for (const [id, entry] of this.entries) {
      if (this.entries.size <= this.cacheSize) break;
      if (entry.subscribers.size === 0) {
        this.drop(id, entry);
        entry.table.stop();
      }
    }
  }

  /**
   * Plays a move on a table and commits it: 200 with the ply and its index, 409
   * STALE, or 422 with the refusal. Throws when the store cannot be reached.
   * `key` is the idempotency key, already scoped to who sent it.
   */
  play(
    entry: Entry,
    move: unknown,
    options: { expect?: number; key?: string; cause?: Cause } = {},
  ): Promise<PlayOutcome> {
    return this.exclusive(entry, async () => {
      await this.fresh(entry);
      for (let attempt = 0; ; attempt++) {
        const outcome = await this.tryCommit(entry, move, options);
        if (outcome !== 'retry') return outcome;
        if (attempt === 1) {
          // The move that won the last race may have been this very one, sent with the same key to another process.
          const answered = options.key === undefined ? null : await this.answered(entry, options.key, move);
          if (answered !== null) return answered;
          const plies = size(entry.table.context.plies);
          return {
            status: 409,
            body: {
              code: 'STALE',
              message: 'another process advanced the table twice meanwhile; look again',
              ply: plies,
            },
          };
        }
      }
    });
  }

  /**
   * The first answer to a move sent with `key`, if the store holds one (and a 422 `KEY_REUSED` when the key came
   * with another move). The store then has at least that move: a live table still short of it catches up when next used.
   */
  private async answered(entry: Entry, key: string, move: unknown): Promise<PlayOutcome | null> {
    const first = await this.store.answerFor(entry.record.id, key);
    if (first === null) return null;
    const body = first as unknown as { ply: Ply; index: number };
    // The key names one move: sent again with another, it is refused, and the other move is not played.
    if (!sameJson(body.ply.move, move))
      return {
        status: 422,
        body: {
          code: 'KEY_REUSED',
          message: `this idempotency key was sent with another move (ply ${body.index}): send a new key for a new move`,
        },
      };
    entry.behind = Math.max(entry.behind, body.ply.moveIndex + 1);
    return { status: 200, body };
  }

  /**
   * Plays a move on the live table and commits it (inside `exclusive`): the answer, or 'retry' when the table had to be
   * caught up from the store first. Throws when the store cannot be reached.
   */
  async tryCommit(
    entry: Entry,
    move: unknown,
    options: { expect?: number; key?: string; cause?: Cause },
  ): Promise<PlayOutcome | 'retry'> {
    const id = entry.record.id;
    if (options.key !== undefined) {
      const answered = await this.answered(entry, options.key, move);
      if (answered !== null) return answered;
    }
    const { table } = entry;
    const before = size(table.context.plies);
    const chess = entry.record.clock?.per === 'seat';
    const toActBefore = chess ? table.toAct() : [];
    // submit reads and checks the move (and `expect`) once and plays it; a refusal leaves the table as it was.
    const result = table.submit(move, options.expect === undefined ? undefined : { expect: options.expect });
    if (!result.ok) {
      const { error } = result;
      // The refusal may come from an old view of the table: if the store has more, catch up and judge again.
      if ((await this.store.moveCount(id)) !== entry.moves) {
        await this.catchUp(entry);
        return 'retry';
      }
      if (error.code === 'STALE') return { status: 409, body: { code: 'STALE', message: error.message, ply: before } };
      return {
        status: 422,
        body: {
          code: error.code,
          message: error.message,
          ...(error.reason !== undefined ? { reason: error.reason } : {}),
        },
      };
    }
    const index = result.ply.moveIndex;
    const answer = { ply: result.ply, index: before };
    const cause = options.cause ?? 'request';
    const botDue = botToAct(entry.record.bots, table) !== null;
    entry.writing = true;
    try {
      await this.store.append(id, {
        index,
        move: result.ply.move,
        key: options.key ?? null,
        answer: answer as unknown as JsonValue,
        cause,
        status: table.context.status,
        botDue,
        window: clockWindow(entry.record.clock, table),
        snapshot: (index + 1) % this.snapshotEvery === 0 ? table.persist() : null,
        seats: chess
          ? // A bot's move is its seat's own: it earns the increment as a player's does.
            seatClockStep(
              entry.record.clock,
              toActBefore,
              table,
              result.ply.move,
              cause === 'clock' ? 'clock' : 'request',
            )
          : null,
      });
    } catch (error) {
      // The live table holds a move the store may not have: rebuild it from the store.
      if (error instanceof Conflict) {
        await this.reload(entry);
        this.flush(entry);
        return 'retry';
      }
      entry.moves = -1;
      throw error;
    } finally {
      entry.writing = false;
    }
    entry.moves = index + 1;
    this.flush(entry);
    // A bot must act now: its move is played after this answer, by this process's run of the table's bots.
    if (botDue) this.wakeBots(id);
    return { status: 200, body: answer };
  }

  /** Plays the table's bot moves soon (see `BotRuns.wake`). */
  wakeBots(id: string): void {
    this.bots.wake(id);
  }

  /** Plays the bot moves of tables the store says are due (after a restart, or a process that went away). */
  wakeDueBots(ids: readonly string[]): void {
    this.bots.wakeDue(ids);
  }

  /** Stops playing bot moves: each run ends after its move under way; resolves once they all have. */
  closeBots(): Promise<void> {
    return this.bots.close();
  }

  /**
   * Opens a stream of the table for `viewer` from ply `from` on; returns the function that closes it. A stream behind
   * the table catches up (catchUp.ts) after this resolves; `fail` is told if it cannot. The `holder`'s `revoked` is told
   * when its token (the stored form) is replaced (see `retoken`).
   */
  subscribe(
    entry: Entry,
    viewer: Viewer,
    from: number,
    send: Send,
    fail: (error: unknown) => void,
    holder: { readonly token: string | null; readonly revoked: () => void } = { token: null, revoked: () => {} },
  ): Promise<() => void> {
    return this.exclusive(entry, async () => {
      await this.fresh(entry);
      // A token replaced since the stream's request was read is refused here, as any later request of it would be.
      if (holder.token !== null && !tokenHashes(entry.record).includes(holder.token)) {
        holder.revoked();
        return () => {};
      }
      const subscriber: Subscriber = { viewer, next: from, send, catching: false, fail, ...holder };
      entry.subscribers.add(subscriber);
      this.flushTo(entry, subscriber);
      return () => void entry.subscribers.delete(subscriber);
    });
  }

  /** Sends each subscriber the plies it has not had yet; each viewer's view of the table now is built once. */
  flush(entry: Entry): void {
    const latest = new Map<Viewer, unknown>();
    for (const subscriber of entry.subscribers) this.flushTo(entry, subscriber, latest);
  }

  private flushTo(entry: Entry, subscriber: Subscriber, latest = new Map<Viewer, unknown>()): void {
    if (subscriber.catching) return;
    const { table } = entry;
    const { viewer } = subscriber;
    const plies = size(table.context.plies);
    if (subscriber.next >= plies) return;
    // The plies of the last move come with the table now; a stream further behind catches up from the log.
    if (subscriber.next < lastMoveStart(table.context)) {
      subscriber.catching = true;
      catchUp(this, entry, subscriber).catch((error: unknown) => {
        entry.subscribers.delete(subscriber);
        subscriber.fail(error);
      });
      return;
    }
    let state = latest.get(viewer);
    if (state === undefined) {
      state = stateOf(table, viewer);
      latest.set(viewer, state);
    }
    const from = subscriber.next;
    pliesOf(table, viewer, from, plies).forEach((ply, k) => {
      subscriber.send({ index: from + k, ply, state });
    });
    subscriber.next = plies;
  }
}
