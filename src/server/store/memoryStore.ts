/**
 * The memory store: every table in this process's memory, keeping the promises
 * of `TableStore` (tableStore.ts) for one process. Nothing survives the process
 * (or `close`); no other process can share it. It starts at once, so it is the
 * store for trying the server and for tests that are not about durability.
 * Stored values are kept as JSON text, as a database keeps them: what is read
 * back is a copy, never the object that was written.
 */
import type { JsonValue, Move } from '../../core/move.js';
import { FLAGGED_MS } from '../clock.js';
import {
  type Append,
  type ClockReading,
  Conflict,
  DEFAULT_CLAIM_LAPSE_MS,
  type LeaveSeatResult,
  type MoveRecord,
  type NewTable,
  type ReplaceTokenResult,
  type StoredSnapshot,
  snapshotDigest,
  type TableRecord,
  type TableStart,
  type TableStatus,
  type TableStore,
  type TakeSeatResult,
} from './tableStore.js';

/** A stored move, its values as JSON text. */
interface StoredMove {
  readonly move: string;
  readonly key: string | null;
  /** The answer, kept for a move sent with a key (only `answerFor` reads it): null without one. */
  readonly answer: string | null;
  readonly at: number;
  readonly cause: string;
  readonly process: string;
}

/** A claim on work: who holds it, since when. */
interface Claim {
  readonly process: string;
  readonly at: number;
}

/** A table and its bookkeeping, as this store holds it. */
interface Row {
  /** The opening, as JSON text (TableRecord but the fields below). */
  readonly opening: string;
  readonly created: number;
  started: number;
  /** The seats' tokens (stored forms) and the seated players' names, as JSON text: a lobby changes them. */
  seatTokens: string;
  names: string;
  /** The app token's stored form: it may be replaced. */
  appToken: string;
  moves: number;
  status: TableStatus;
  deadline: number | null;
  window: string | null;
  banks: Record<string, number> | null;
  since: number;
  deadlineClaim: Claim | null;
  botDue: number | null;
  botClaim: Claim | null;
  readonly log: StoredMove[];
  /**
   * Each move's JSON text as it was written, apart from the rows: `changedMove` compares the rows with it. In one
   * process a second reference to the same text is the record (no digest needed: nothing outside the process writes
   * here), and costs a move one array slot, where a SHA-256 of each row took 1.2% of the memory server's CPU (a
   * profile under the bench's load).
   */
  readonly written: string[];
  /** Idempotency key → index of its move. */
  readonly keys: Map<string, number>;
  /** Move count → snapshot, as JSON text, and the SHA-256 of that text (hex) written with it. */
  readonly snapshots: Map<number, { text: string; digest: string }>;
}

/** The store of every table, in this process's memory. */
export class MemoryStore implements TableStore {
  readonly kind = 'memory';
  private readonly rows = new Map<string, Row>();

  /**
   * @example
   * const store = new MemoryStore('p1')
   */
  constructor(
    readonly process: string,
    options: { readonly claimLapseMs?: number } = {},
  ) {
    this.claimLapseMs = options.claimLapseMs ?? DEFAULT_CLAIM_LAPSE_MS;
  }

  readonly claimLapseMs: number;

  /** Whether a claim still holds now. */
  private holds(claim: Claim | null, now: number): boolean {
    return claim !== null && claim.at >= now - this.claimLapseMs;
  }

  async createTable(
    table: NewTable,
    window: { key: string; ms: number } | null,
    banks: Readonly<Record<string, number>> | null = null,
    botDue = false,
  ): Promise<number | null> {
    if (this.rows.has(table.id)) return null;
    const now = Date.now();
    const { seatTokens, appToken, ...opening } = table;
    this.rows.set(table.id, {
      opening: JSON.stringify({
        ...opening,
        rulesRevision: table.rulesRevision ?? null,
        bots: table.bots ?? null,
        spectators: table.spectators ?? false,
        lobby: table.lobby ?? false,
      }),
      created: now,
      started: now,
      seatTokens: JSON.stringify(seatTokens),
      names: '{}',
      appToken,
      moves: 0,
      status: table.lobby === true ? 'waiting' : 'playing',
      // A table waiting in the lobby runs no clock and no bot until it starts (takeSeat).
      deadline: window === null || table.lobby === true ? null : now + window.ms,
      window: table.lobby === true ? null : (window?.key ?? null),
      banks: banks === null ? null : { ...banks },
      since: now,
      deadlineClaim: null,
      botDue: botDue && table.lobby !== true ? now : null,
      botClaim: null,
      log: [],
      written: [],
      keys: new Map(),
      snapshots: new Map(),
    });
    return now;
  }

  async table(id: string): Promise<TableRecord | null> {
    const row = this.rows.get(id);
    if (row === undefined) return null;
    return this.record(row);
  }

  private record(row: Row): TableRecord {
    return {
      ...JSON.parse(row.opening),
      appToken: row.appToken,
      seatTokens: JSON.parse(row.seatTokens),
      names: JSON.parse(row.names),
      moves: row.moves,
      status: row.status,
      deadline: row.deadline,
      created: row.created,
      started: row.started,
    };
  }

  async waitingTables(limit: number, game?: string): Promise<TableRecord[]> {
    return [...this.rows.values()]
      .filter((row) => row.status === 'waiting')
      .map((row) => this.record(row))
      .filter((record) => game === undefined || record.game === game)
      .sort((a, b) => b.created - a.created)
      .slice(0, limit);
  }

  async takeSeat(
    id: string,
    seat: string,
    token: string,
    name: string | null,
    start: TableStart,
  ): Promise<TakeSeatResult> {
    const row = this.rows.get(id);
    if (row === undefined) return 'no-table';
    if (row.status !== 'waiting') return 'not-waiting';
    const tokens = JSON.parse(row.seatTokens) as Record<string, string>;
    if (Object.hasOwn(tokens, seat)) return 'taken';
    tokens[seat] = token;
    const names = JSON.parse(row.names) as Record<string, string>;
    if (name !== null) names[seat] = name;
    row.seatTokens = JSON.stringify(tokens);
    row.names = JSON.stringify(names);
    if (!start.needed.every((needed) => Object.hasOwn(tokens, needed))) return 'seated';
    const now = Date.now();
    row.status = 'playing';
    row.started = now;
    row.since = now;
    row.deadline = start.window === null ? null : now + start.window.ms;
    row.window = start.window?.key ?? null;
    row.botDue = start.botDue ? now : null;
    return 'started';
  }

  async leaveSeat(id: string, seat: string, token: string): Promise<LeaveSeatResult> {
    const row = this.rows.get(id);
    if (row === undefined) return 'no-table';
    if (row.status !== 'waiting') return 'not-waiting';
    const tokens = JSON.parse(row.seatTokens) as Record<string, string>;
    if (!Object.hasOwn(tokens, seat) || tokens[seat] !== token) return 'not-holder';
    delete tokens[seat];
    const names = JSON.parse(row.names) as Record<string, string>;
    delete names[seat];
    row.seatTokens = JSON.stringify(tokens);
    row.names = JSON.stringify(names);
    return 'left';
  }

  async replaceToken(id: string, seat: string | null, token: string): Promise<ReplaceTokenResult> {
    const row = this.rows.get(id);
    if (row === undefined) return 'no-table';
    if (seat === null) {
      row.appToken = token;
      return 'replaced';
    }
    const tokens = JSON.parse(row.seatTokens) as Record<string, string>;
    if (!Object.hasOwn(tokens, seat)) return 'no-seat';
    tokens[seat] = token;
    row.seatTokens = JSON.stringify(tokens);
    return 'replaced';
  }

  async closeTable(id: string): Promise<boolean> {
    if (this.rows.get(id)?.status !== 'waiting') return false;
    return this.rows.delete(id);
  }

  async clock(id: string): Promise<ClockReading | null> {
    const row = this.rows.get(id);
    if (row === undefined) return null;
    return { deadline: row.deadline, banks: row.banks && { ...row.banks }, since: row.since, now: Date.now() };
  }

  async moveCount(id: string): Promise<number> {
    return this.rows.get(id)?.moves ?? 0;
  }

  async moveCounts(ids: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row !== undefined) counts.set(id, row.moves);
    }
    return counts;
  }

  async movesFrom(id: string, from: number): Promise<MoveRecord[]> {
    const log = this.rows.get(id)?.log ?? [];
    return log.slice(Math.max(0, from)).map((stored, i) => ({
      index: Math.max(0, from) + i,
      move: JSON.parse(stored.move) as Move,
      at: stored.at,
      cause: stored.cause,
      process: stored.process,
    }));
  }

  async snapshot(id: string, moves: number): Promise<StoredSnapshot | null> {
    const row = this.rows.get(id);
    if (row === undefined) return null;
    let best = -1;
    for (const at of row.snapshots.keys()) if (at <= moves && at > best) best = at;
    if (best < 0) return null;
    const { text, digest } = row.snapshots.get(best)!;
    return { moves: best, snapshot: JSON.parse(text), intact: snapshotDigest(text) === digest };
  }

  /** Each row's move against the text written (a 10,000-move table: 0.06 ms). */
  async changedMove(id: string): Promise<number | null> {
    const row = this.rows.get(id);
    if (row === undefined) return null;
    for (let index = 0; index < row.moves; index++) if (row.log[index]?.move !== row.written[index]) return index;
    return null;
  }

  async answerFor(id: string, key: string): Promise<JsonValue | null> {
    const row = this.rows.get(id);
    const index = row?.keys.get(key);
    const answer = index === undefined ? undefined : row?.log[index]?.answer;
    return typeof answer === 'string' ? (JSON.parse(answer) as JsonValue) : null;
  }

  async append(id: string, entry: Append): Promise<{ at: number; deadline: number | null }> {
    // Answered on a later turn of the event loop, as a database's commit is: the caller never sees its own move applied synchronously.
    await new Promise((resolve) => setImmediate(resolve));
    const row = this.rows.get(id);
    // A table waiting in the lobby takes no move until it starts.
    if (
      row === undefined ||
      row.status === 'waiting' ||
      row.moves !== entry.index ||
      (entry.key !== null && row.keys.has(entry.key))
    )
      throw new Conflict(id, entry.index);
    const now = Date.now();
    const seats = entry.seats ?? null;
    if (seats !== null) {
      const banks: Record<string, number> = {};
      for (const [seat, bank] of Object.entries(row.banks ?? {}))
        banks[seat] =
          Math.max(0, bank - (seats.charged.includes(seat) ? now - row.since : 0)) +
          (seat === seats.mover ? seats.increment : 0);
      const running = seats.running.filter((seat) => seat in banks).map((seat) => banks[seat] as number);
      const least = running.length === 0 ? null : Math.min(...running);
      if (row.banks !== null) row.banks = banks;
      row.since = now;
      row.deadline = least === null ? null : now + (least === 0 ? FLAGGED_MS : least);
      row.window = entry.window?.key ?? null;
    } else {
      const window = entry.window;
      if (window === null) row.deadline = null;
      else if (row.window !== window.key || row.deadline === null) row.deadline = now + window.ms;
      row.window = window?.key ?? null;
    }
    row.moves = entry.index + 1;
    row.status = entry.status;
    row.deadlineClaim = null;
    row.botDue = entry.botDue === true ? now : null;
    row.botClaim = null;
    const move = JSON.stringify(entry.move);
    row.written.push(move);
    row.log.push({
      move,
      key: entry.key,
      answer: entry.key === null ? null : JSON.stringify(entry.answer),
      at: now,
      cause: entry.cause,
      process: this.process,
    });
    if (entry.key !== null) row.keys.set(entry.key, entry.index);
    if (entry.snapshot !== null && !row.snapshots.has(row.moves)) {
      const text = JSON.stringify(entry.snapshot);
      row.snapshots.set(row.moves, { text, digest: snapshotDigest(text) });
    }
    return { at: now, deadline: row.deadline };
  }

  /** The ids of playing tables `due` says are due and nobody holds a live claim on, but `skip`, by `order`. */
  private due(
    limit: number,
    skip: readonly string[],
    due: (row: Row) => number | null,
    claim: (row: Row) => Claim | null,
  ): string[] {
    const now = Date.now();
    return [...this.rows]
      .filter(([id, row]) => {
        const when = due(row);
        return when !== null && row.status === 'playing' && !this.holds(claim(row), now) && !skip.includes(id);
      })
      .sort(([, a], [, b]) => (due(a) as number) - (due(b) as number))
      .slice(0, limit)
      .map(([id]) => id);
  }

  async dueTables(limit: number, skip: readonly string[] = []): Promise<string[]> {
    const now = Date.now();
    return this.due(
      limit,
      skip,
      (row) => (row.deadline !== null && row.deadline <= now ? row.deadline : null),
      (row) => row.deadlineClaim,
    );
  }

  async claimDeadline(id: string): Promise<number | null> {
    const row = this.rows.get(id);
    const now = Date.now();
    if (row === undefined || row.deadline === null || row.deadline > now || row.status !== 'playing') return null;
    if (this.holds(row.deadlineClaim, now)) return null;
    row.deadlineClaim = { process: this.process, at: now };
    return row.moves;
  }

  async stopClock(id: string, moves: number): Promise<void> {
    const row = this.rows.get(id);
    if (row === undefined || row.moves !== moves) return;
    row.deadline = null;
    row.window = null;
    row.deadlineClaim = null;
  }

  async releaseDeadline(id: string): Promise<void> {
    const row = this.rows.get(id);
    if (row !== undefined && row.deadlineClaim?.process === this.process) row.deadlineClaim = null;
  }

  async dueBots(limit: number, skip: readonly string[] = []): Promise<string[]> {
    return this.due(
      limit,
      skip,
      (row) => row.botDue,
      (row) => row.botClaim,
    );
  }

  async claimBots(id: string): Promise<number | null> {
    const row = this.rows.get(id);
    const now = Date.now();
    if (row === undefined || row.botDue === null || row.status !== 'playing') return null;
    if (this.holds(row.botClaim, now)) return null;
    row.botClaim = { process: this.process, at: now };
    return row.moves;
  }

  async stopBots(id: string, moves: number): Promise<void> {
    const row = this.rows.get(id);
    if (row === undefined || row.moves !== moves) return;
    row.botDue = null;
    row.botClaim = null;
  }

  async releaseBots(id: string): Promise<void> {
    const row = this.rows.get(id);
    if (row !== undefined && row.botClaim?.process === this.process) row.botClaim = null;
  }

  /** No other process writes here: nothing to watch. */
  async watch(): Promise<void> {}

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.rows.clear();
  }
}
