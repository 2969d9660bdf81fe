/**
 * The table store on SQL (PGlite or PostgreSQL), keeping the promises of
 * `TableStore` (tableStore.ts): the log as the truth. A table's opening is one row of
 * `plystack_tables`; each accepted move is one row of `plystack_moves` keyed by
 * (table, index); a snapshot of the machine every K moves lets a table load
 * without replaying all of it. Appending a move takes the table's row lock, so
 * two processes that both think they are at index n cannot both write it: the
 * second sees `Conflict` and reloads.
 */
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import type { JsonValue, Move } from '../../core/move.js';
import type { Seed } from '../../core/random.js';
import type { BotSpec } from '../bots.js';
import { type ClockSpec, FLAGGED_MS } from '../clock.js';
import { migrate } from './migrations.js';
import { isUnavailable, type Sql, UNIQUE_VIOLATION } from './sql.js';
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

/** A move waiting for its group commit. */
interface Waiting {
  readonly id: string;
  readonly entry: Append;
  /** Its snapshot as it is stored, or null. */
  readonly sealed: Sealed | null;
  readonly resolve: (committed: { at: number; deadline: number | null }) => void;
  readonly reject: (error: unknown) => void;
}

/** Batches of moves out to PostgreSQL at once (PGlite runs one statement at a time), and moves in a batch at most. */
const MAX_COMMITTING = 2;
const MAX_BATCH = 500;

/**
 * Moves of several tables committed in one statement: each table's row advances
 * only where its count is still the move's index, and only those moves are
 * stored. The rows are locked in id order first, so two processes' batches
 * never wait for each other in a cycle.
 */
const APPEND_MANY = `
  WITH input AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::float8[], $6::jsonb[], $7::text[], $8::jsonb[], $9::text[], $10::text[], $12::boolean[], $13::text[])
      AS i(id, idx, status, win, win_ms, move, key, answer, cause, snapshot, bot, digest)
  ), locked AS (
    SELECT t.id FROM plystack_tables t JOIN input i ON i.id = t.id WHERE t.moves = i.idx AND t.status <> 'waiting' ORDER BY t.id FOR UPDATE OF t
  ), moved AS (
    UPDATE plystack_tables t SET moves = i.idx + 1, status = i.status,
      deadline = CASE WHEN i.win IS NULL THEN NULL
                      WHEN t.deadline_window IS DISTINCT FROM i.win OR t.deadline IS NULL THEN now() + i.win_ms * interval '1 millisecond'
                      ELSE t.deadline END,
      deadline_window = i.win, deadline_claim = NULL, deadline_claimed_at = NULL,
      bot_due = CASE WHEN i.bot THEN now() ELSE NULL END, bot_claim = NULL, bot_claimed_at = NULL,
      digests_from = COALESCE(t.digests_from, i.idx)
    FROM input i WHERE t.id = i.id AND t.moves = i.idx AND t.status <> 'waiting' AND t.id IN (SELECT id FROM locked)
    RETURNING t.id, (extract(epoch from now()) * 1000)::float8 AS at_ms, (extract(epoch from t.deadline) * 1000)::float8 AS deadline_ms
  ), stored AS (
    INSERT INTO plystack_moves (table_id, move_index, move, key, answer, cause, process, digest)
    SELECT i.id, i.idx, i.move, i.key, i.answer, i.cause, $11, ${moveDigest('i.idx', 'i.move')} FROM input i JOIN moved m ON m.id = i.id RETURNING 1
  ), snapshot AS (
    INSERT INTO plystack_snapshots (table_id, moves, body, digest)
    SELECT i.id, i.idx + 1, decode(i.snapshot, 'base64'), i.digest FROM input i JOIN moved m ON m.id = i.id WHERE i.snapshot IS NOT NULL ON CONFLICT DO NOTHING RETURNING 1
  )
  SELECT id, at_ms, deadline_ms FROM moved, (SELECT count(*) FROM stored) AS s`;

/**
 * A move row's digest (migration 7), written with it by the database: jsonb's own 64-bit hash of the move (the one
 * hash partitioning uses, of its content, not of its text), seeded with its index, so a move changed, or moved to
 * another index, after it was written is told apart (`changedMove`). Not SHA-256 of the move's text: writing each of a
 * 10,000-move table's moves out as text and taking its SHA-256 took the database 11-26 ms at every reopening, this
 * hash about 2 (a loaded 2-core machine); a forger can recompute either.
 */
function moveDigest(index: string, move: string): string {
  return `jsonb_hash_extended(${move}, ${index})`;
}

/**
 * The first move of a table below its count that is not as it was written: its digest does not match its row (from
 * the index the table's digests start at), or it is gone (`kept` short of `moves`).
 */
const CHANGED_MOVE = `SELECT t.moves, count(m.move_index)::int AS kept,
    min(m.move_index) FILTER (WHERE m.move_index >= t.digests_from AND m.digest IS DISTINCT FROM ${moveDigest('m.move_index', 'm.move')}) AS changed
  FROM plystack_tables t LEFT JOIN plystack_moves m ON m.table_id = t.id AND m.move_index < t.moves
  WHERE t.id = $1 GROUP BY t.id`;

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

/**
 * A snapshot as stored (migration 6): `body`, its JSON text as the server wrote it, gzipped by the server (level 1,
 * off the event loop), and `digest`, the SHA-256 (hex) the server took of that text, so a snapshot changed after it
 * was written is told apart when read. The database keeps the bytes as they are (not compressed again) and hands
 * them back as they are: a 10,000-move table's snapshot is 1.5 MB of JSON, some 98 KB gzipped. As jsonb the database
 * wrote it out as text on every read (best 76 ms); as text it decompressed and sent 1.5 MB (best 22-25 ms, loaded
 * machine); gzipped, read and gunzipped here in best 7 ms. A snapshot kept before is in `snapshot` (jsonb):
 * `{ sealed, digest }`, the digest of jsonb's own text of `sealed`, or the snapshot itself, from before digests.
 */
const SNAPSHOT = `SELECT moves, body, CASE WHEN body IS NOT NULL THEN digest ELSE snapshot->>'digest' END AS digest,
    CASE WHEN body IS NULL THEN (CASE WHEN snapshot ? 'sealed' AND snapshot ? 'digest' THEN snapshot->'sealed' ELSE snapshot END)::text END AS text
  FROM plystack_snapshots WHERE table_id = $1 AND moves <= $2 ORDER BY moves DESC LIMIT 1`;

/** A snapshot as `append` stores it: its JSON text gzipped (base64, for the query), and the SHA-256 of the text. */
interface Sealed {
  readonly body: string;
  readonly digest: string;
}

async function seal(snapshot: unknown): Promise<Sealed> {
  const text = JSON.stringify(snapshot);
  return { body: (await gzip(text, { level: 1 })).toString('base64'), digest: snapshotDigest(text) };
}

/**
 * The channel on which a process tells the others that tables moved: lines of
 * `table moves process`. A notification is a hint (streams and caches catch up
 * sooner); correctness rests on the (table, index) key.
 */
export const MOVES_CHANNEL = 'plystack_moves';

/**
 * The channel on which a process tells the others that it replaced a token of a table: `table process`. Each process
 * that keeps the table live reads its tokens again, and closes the streams opened with the old one.
 */
export const TOKENS_CHANNEL = 'plystack_tokens';

type TableRow = {
  id: string;
  game: string;
  version: string;
  seats: string[];
  seed: Seed;
  options: { [key: string]: JsonValue };
  app_token: string;
  seat_tokens: Record<string, string>;
  clock: ClockSpec | null;
  rules_revision: number | null;
  bots: Record<string, BotSpec> | null;
  spectators: boolean;
  lobby: boolean;
  seat_names: Record<string, string>;
  moves: number;
  status: TableStatus;
  deadline_ms: number | null;
  created_ms: number;
  started_ms: number;
};

/** A time as whole milliseconds since the epoch: the chess clock's arithmetic and the log's times both use it. */
const ms = (time: string) => `floor(extract(epoch from ${time}) * 1000)`;

const TABLE_COLUMNS = `id, game, version, seats, seed, options, app_token, seat_tokens, clock, rules_revision, bots,
  spectators, lobby, seat_names, moves, status, (extract(epoch from deadline) * 1000)::float8 AS deadline_ms,
  ${ms('created_at')}::float8 AS created_ms, ${ms('COALESCE(started_at, created_at)')}::float8 AS started_ms`;

/**
 * A chess clock's banks after a move ($14 the seats charged the time since `clock_since`,
 * $16 the seat earning the increment $5), for the bank of seat `b.key` now `b.value`.
 */
const NEW_BANK = `(GREATEST(0, b.value::numeric - CASE WHEN b.key = ANY($14::text[]) THEN ${ms('now()')} - ${ms('clock_since')} ELSE 0 END)
  + CASE WHEN b.key = $16::text THEN $5::float8::numeric ELSE 0 END)`;

/** The UPDATE of a table's row when a move is committed at index $2: its count, status, clock and whether a bot is due ($12). */
function advance(chess: boolean): string {
  const clock = chess
    ? `banks = (SELECT jsonb_object_agg(b.key, ${NEW_BANK}) FROM jsonb_each_text(banks) b),
       clock_since = now(),
       deadline = (SELECT to_timestamp((${ms('now()')} + CASE WHEN least = 0 THEN ${FLAGGED_MS} ELSE least END) / 1000.0)
                   FROM (SELECT min(${NEW_BANK}) AS least FROM jsonb_each_text(banks) b WHERE b.key = ANY($15::text[])) AS running),
       deadline_window = $4::text`
    : `deadline = CASE WHEN $4::text IS NULL THEN NULL
                       WHEN deadline_window IS DISTINCT FROM $4::text OR deadline IS NULL THEN now() + $5::float8 * interval '1 millisecond'
                       ELSE deadline END,
       deadline_window = $4::text`;
  return `UPDATE plystack_tables SET moves = $2 + 1, status = $3, ${clock}, deadline_claim = NULL, deadline_claimed_at = NULL,
             bot_due = CASE WHEN $12::boolean THEN now() ELSE NULL END, bot_claim = NULL, bot_claimed_at = NULL,
             digests_from = COALESCE(digests_from, $2)
           WHERE id = $1 AND moves = $2 AND status <> 'waiting'
           RETURNING id, (extract(epoch from now()) * 1000)::float8 AS at_ms, (extract(epoch from deadline) * 1000)::float8 AS deadline_ms`;
}

function toRecord(row: TableRow): TableRecord {
  return {
    id: row.id,
    game: row.game,
    version: row.version,
    seats: row.seats,
    seed: row.seed,
    options: row.options,
    appToken: row.app_token,
    seatTokens: row.seat_tokens,
    clock: row.clock,
    rulesRevision: row.rules_revision,
    bots: row.bots ?? null,
    spectators: row.spectators,
    lobby: row.lobby,
    names: row.seat_names,
    moves: row.moves,
    status: row.status,
    deadline: row.deadline_ms,
    created: row.created_ms,
    started: row.started_ms,
  };
}

/** The store of every table, on one database. */
export class Store implements TableStore {
  private readonly told = new Map<string, number>();
  private telling = false;

  private constructor(
    readonly sql: Sql,
    readonly process: string,
    /** How long a claim on a run-out clock or a bot move holds before another process may take the work over (ms). */
    readonly claimLapseMs: number,
  ) {}

  get kind(): 'embedded' | 'postgres' {
    return this.sql.kind;
  }

  async watch(
    moved: (table: string, moves: number) => void,
    lost: () => void,
    retokened?: (table: string) => void,
  ): Promise<void> {
    if (this.sql.kind !== 'postgres') return;
    // A reconnection says '' on both channels: `lost` (told by the moves channel) looks at every live table again.
    if (retokened !== undefined)
      await this.sql.listen(TOKENS_CHANNEL, (payload) => {
        const space = payload.lastIndexOf(' ');
        if (space > 0 && payload.slice(space + 1) !== this.process) retokened(payload.slice(0, space));
      });
    await this.sql.listen(MOVES_CHANNEL, (payload) => {
      if (payload === '') return lost();
      for (const line of payload.split('\n')) {
        const [id, moves, from] = line.split(' ');
        if (id !== undefined && from !== this.process) moved(id, Number(moves));
      }
    });
  }

  async ping(): Promise<void> {
    await this.sql.query('SELECT 1');
  }

  /** Closes the database under it. */
  close(): Promise<void> {
    return this.sql.close();
  }

  /**
   * Tells the other processes that a table moved, after its commit and outside it:
   * a NOTIFY inside the move's transaction would serialise every commit on
   * PostgreSQL's notification lock. Notifications of one tick go out together.
   */
  private tell(id: string, moves: number): void {
    if (this.sql.kind !== 'postgres') return;
    this.told.set(id, Math.max(moves, this.told.get(id) ?? 0));
    if (this.telling) return;
    this.telling = true;
    setImmediate(() => {
      this.telling = false;
      const lines = [...this.told].map(([table, count]) => `${table} ${count} ${this.process}`);
      this.told.clear();
      // NOTIFY payloads stay under 8,000 bytes.
      for (let i = 0, chunk: string[] = []; i <= lines.length; i++) {
        const line = lines[i];
        if (line === undefined || chunk.join('\n').length + line.length > 7000) {
          if (chunk.length > 0)
            this.sql.query('SELECT pg_notify($1, $2)', [MOVES_CHANNEL, chunk.join('\n')]).catch(() => undefined);
          chunk = [];
        }
        if (line !== undefined) chunk.push(line);
      }
    });
  }

  /**
   * Opens the store on `sql`, bringing its schema up to date.
   *
   * @example
   * const store = await Store.open(await openPglite(null), 'p1')
   */
  static async open(sql: Sql, process: string, options: { readonly claimLapseMs?: number } = {}): Promise<Store> {
    await migrate(sql);
    return new Store(sql, process, options.claimLapseMs ?? DEFAULT_CLAIM_LAPSE_MS);
  }

  /**
   * Stores a new table, its clock started in `window` (a chess clock: `banks`, each
   * seat's, and a window that runs out when the first bank of a seat to act does);
   * returns its creation time (whole ms), or null when its id is taken.
   */
  async createTable(
    table: NewTable,
    window: { key: string; ms: number } | null,
    banks: Readonly<Record<string, number>> | null = null,
    botDue = false,
  ): Promise<number | null> {
    const { rows } = await this.sql.query<{ started_ms: number }>(
      `INSERT INTO plystack_tables (id, game, version, seats, seed, options, app_token, seat_tokens, clock, deadline_window, deadline, banks, clock_since, rules_revision, bots, bot_due, spectators, lobby, status, digests_from)
       VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7, $8::jsonb, $9::jsonb, $10::text,
               CASE WHEN $10::text IS NULL THEN NULL ELSE now() + $11::float8 * interval '1 millisecond' END, $12::jsonb, now(), $13::integer,
               $14::jsonb, CASE WHEN $15::boolean THEN now() ELSE NULL END, $16::boolean, $17::boolean,
               CASE WHEN $17::boolean THEN 'waiting' ELSE 'playing' END, 0)
       ON CONFLICT (id) DO NOTHING RETURNING ${ms('created_at')}::float8 AS started_ms`,
      [
        table.id,
        table.game,
        table.version,
        JSON.stringify(table.seats),
        JSON.stringify(table.seed),
        JSON.stringify(table.options),
        table.appToken,
        JSON.stringify(table.seatTokens),
        table.clock === null ? null : JSON.stringify(table.clock),
        // A table waiting in the lobby runs no clock and no bot until it starts (takeSeat).
        table.lobby === true ? null : (window?.key ?? null),
        window?.ms ?? 0,
        banks === null ? null : JSON.stringify(banks),
        table.rulesRevision ?? null,
        table.bots == null ? null : JSON.stringify(table.bots),
        botDue && table.lobby !== true,
        table.spectators ?? false,
        table.lobby ?? false,
      ],
    );
    return rows[0]?.started_ms ?? null;
  }

  /** Tables waiting in the lobby (of `game`, when given), the newest first. */
  async waitingTables(limit: number, game?: string): Promise<TableRecord[]> {
    const { rows } = await this.sql.query<TableRow>(
      `SELECT ${TABLE_COLUMNS} FROM plystack_tables WHERE status = 'waiting' AND ($2::text IS NULL OR game = $2::text)
       ORDER BY created_at DESC, id LIMIT $1`,
      [limit, game ?? null],
    );
    return rows.map(toRecord);
  }

  /**
   * Seats a player, under the table's row lock: two players taking the same seat at once, through any processes, give
   * it to one. Taking the last free seat starts the table in the same transaction.
   */
  async takeSeat(
    id: string,
    seat: string,
    token: string,
    name: string | null,
    start: TableStart,
  ): Promise<TakeSeatResult> {
    return this.sql.transaction(async (tx) => {
      const { rows } = await tx.query<{ status: TableStatus; seat_tokens: Record<string, string> }>(
        'SELECT status, seat_tokens FROM plystack_tables WHERE id = $1 FOR UPDATE',
        [id],
      );
      const row = rows[0];
      if (row === undefined) return 'no-table';
      if (row.status !== 'waiting') return 'not-waiting';
      if (Object.hasOwn(row.seat_tokens, seat)) return 'taken';
      const tokens = { ...row.seat_tokens, [seat]: token };
      const starts = start.needed.every((needed) => Object.hasOwn(tokens, needed));
      await tx.query(
        `UPDATE plystack_tables SET seat_tokens = $2::jsonb,
           seat_names = CASE WHEN $3::text IS NULL THEN seat_names ELSE seat_names || jsonb_build_object($4::text, $3::text) END,
           status = CASE WHEN $5::boolean THEN 'playing' ELSE status END,
           started_at = CASE WHEN $5::boolean THEN now() ELSE started_at END,
           clock_since = CASE WHEN $5::boolean THEN now() ELSE clock_since END,
           deadline_window = CASE WHEN $5::boolean THEN $6::text ELSE deadline_window END,
           deadline = CASE WHEN $5::boolean AND $6::text IS NOT NULL THEN now() + $7::float8 * interval '1 millisecond' ELSE deadline END,
           bot_due = CASE WHEN $5::boolean AND $8::boolean THEN now() ELSE bot_due END
         WHERE id = $1`,
        [
          id,
          JSON.stringify(tokens),
          name,
          seat,
          starts,
          start.window?.key ?? null,
          start.window?.ms ?? 0,
          start.botDue,
        ],
      );
      return starts ? 'started' : 'seated';
    });
  }

  /** Frees a seat of a waiting table if `token` holds it, in one statement; says why not when it does not. */
  async leaveSeat(id: string, seat: string, token: string): Promise<LeaveSeatResult> {
    const { rows } = await this.sql.query<{ left: boolean; status: TableStatus }>(
      `WITH freed AS (
         UPDATE plystack_tables SET seat_tokens = seat_tokens - $2::text, seat_names = seat_names - $2::text
         WHERE id = $1 AND status = 'waiting' AND seat_tokens ->> $2::text = $3::text RETURNING id
       )
       SELECT EXISTS (SELECT 1 FROM freed) AS left, status FROM plystack_tables WHERE id = $1`,
      [id, seat, token],
    );
    const row = rows[0];
    if (row === undefined) return 'no-table';
    if (row.left) return 'left';
    return row.status === 'waiting' ? 'not-holder' : 'not-waiting';
  }

  /** Replaces the app token's stored form, or a seat's that has one, in one statement; tells the other processes. */
  async replaceToken(id: string, seat: string | null, token: string): Promise<ReplaceTokenResult> {
    const { rows } = await this.sql.query<{ replaced: boolean }>(
      `WITH replaced AS (
         UPDATE plystack_tables SET
           app_token = CASE WHEN $2::text IS NULL THEN $3::text ELSE app_token END,
           seat_tokens = CASE WHEN $2::text IS NULL THEN seat_tokens ELSE jsonb_set(seat_tokens, ARRAY[$2::text], to_jsonb($3::text)) END
         WHERE id = $1 AND ($2::text IS NULL OR seat_tokens ->> $2::text IS NOT NULL) RETURNING id
       )
       SELECT EXISTS (SELECT 1 FROM replaced) AS replaced FROM plystack_tables WHERE id = $1`,
      [id, seat, token],
    );
    const row = rows[0];
    if (row === undefined) return 'no-table';
    if (!row.replaced) return 'no-seat';
    if (this.sql.kind === 'postgres')
      await this.sql
        .query('SELECT pg_notify($1, $2)', [TOKENS_CHANNEL, `${id} ${this.process}`])
        .catch(() => undefined);
    return 'replaced';
  }

  /** Removes a table still waiting in the lobby (it has no moves or snapshots to remove). */
  async closeTable(id: string): Promise<boolean> {
    const { rows } = await this.sql.query(
      "DELETE FROM plystack_tables WHERE id = $1 AND status = 'waiting' RETURNING 1",
      [id],
    );
    return rows.length > 0;
  }

  /** The table's clock as it stands, in the database's time; null when there is no such table. */
  async clock(id: string): Promise<ClockReading | null> {
    const { rows } = await this.sql.query<{
      deadline_ms: number | null;
      banks: Record<string, number> | null;
      since_ms: number;
      now_ms: number;
    }>(
      `SELECT (extract(epoch from deadline) * 1000)::float8 AS deadline_ms, banks,
              ${ms('clock_since')}::float8 AS since_ms, ${ms('now()')}::float8 AS now_ms
       FROM plystack_tables WHERE id = $1`,
      [id],
    );
    const row = rows[0];
    return row === undefined
      ? null
      : { deadline: row.deadline_ms, banks: row.banks, since: row.since_ms, now: row.now_ms };
  }

  /** The table's record, or null. */
  async table(id: string): Promise<TableRecord | null> {
    const { rows } = await this.sql.query<TableRow>(`SELECT ${TABLE_COLUMNS} FROM plystack_tables WHERE id = $1`, [id]);
    return rows[0] === undefined ? null : toRecord(rows[0]);
  }

  /** How many moves the table has in the store. */
  async moveCount(id: string): Promise<number> {
    const { rows } = await this.sql.query<{ moves: number }>('SELECT moves FROM plystack_tables WHERE id = $1', [id]);
    return rows[0]?.moves ?? 0;
  }

  /** The move counts of these tables. */
  async moveCounts(ids: readonly string[]): Promise<Map<string, number>> {
    const { rows } = await this.sql.query<{ id: string; moves: number }>(
      'SELECT id, moves FROM plystack_tables WHERE id = ANY($1::text[])',
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r.moves]));
  }

  /** The table's moves from index `from` on, in order. */
  async movesFrom(id: string, from: number): Promise<MoveRecord[]> {
    const { rows } = await this.sql.query<{
      move_index: number;
      move: Move;
      at_ms: number;
      cause: string;
      process: string;
    }>(
      `SELECT move_index, move, (extract(epoch from at) * 1000)::float8 AS at_ms, cause, process
       FROM plystack_moves WHERE table_id = $1 AND move_index >= $2 ORDER BY move_index`,
      [id, from],
    );
    return rows.map((r) => ({ index: r.move_index, move: r.move, at: r.at_ms, cause: r.cause, process: r.process }));
  }

  /**
   * The newest snapshot taken at or before `moves` moves, or null; checked against its digest, here: the database
   * hands over the gzipped text the server wrote, and the server gunzips it (off the event loop) and takes its digest
   * again. One written before migration 6 is read from its jsonb as before (written out as text by the database, its
   * digest taken of that text).
   */
  async snapshot(id: string, moves: number): Promise<StoredSnapshot | null> {
    const { rows } = await this.sql.query<{
      moves: number;
      body: Uint8Array | null;
      text: string | null;
      digest: string | null;
    }>(SNAPSHOT, [id, moves]);
    const row = rows[0];
    if (row === undefined) return null;
    const unreadable = { moves: row.moves, snapshot: null, intact: false };
    let text = row.text;
    if (row.body !== null) {
      try {
        text = (await gunzip(row.body)).toString('utf8');
      } catch {
        return unreadable;
      }
    }
    // Neither a body nor jsonb, or a text that is not JSON: changed since it was written.
    if (text === null) return unreadable;
    let snapshot: unknown;
    try {
      snapshot = JSON.parse(text);
    } catch {
      return unreadable;
    }
    // A snapshot written as a body always has its digest; one kept as jsonb before digests has none (null).
    const intact = row.digest !== null ? snapshotDigest(text) === row.digest : row.body === null ? null : false;
    return { moves: row.moves, snapshot, intact };
  }

  /**
   * The first move of the table that is not as it was written, or null: one query, in which the database takes the
   * digest of each move row again (a 10,000-move table: some 2 ms of the database's time, and nothing but one row
   * sent). A table stored before migration 7 is checked from its first move written since.
   */
  async changedMove(id: string): Promise<number | null> {
    const { rows } = await this.sql.query<{ moves: number; kept: number; changed: number | null }>(CHANGED_MOVE, [id]);
    const row = rows[0];
    if (row === undefined) return null;
    let first = row.changed;
    if (row.kept < row.moves) {
      const gone = await this.sql.query<{ index: number }>(
        `SELECT i AS index FROM generate_series(0, $2::integer - 1) i
         WHERE NOT EXISTS (SELECT 1 FROM plystack_moves WHERE table_id = $1 AND move_index = i) ORDER BY i LIMIT 1`,
        [id, row.moves],
      );
      const missing = gone.rows[0]?.index;
      if (missing !== undefined && (first === null || missing < first)) first = missing;
    }
    return first;
  }

  /** The answer first given to the move sent with this (scoped) idempotency key, or null. */
  async answerFor(id: string, key: string): Promise<JsonValue | null> {
    const { rows } = await this.sql.query<{ answer: JsonValue }>(
      'SELECT answer FROM plystack_moves WHERE table_id = $1 AND key = $2',
      [id, key],
    );
    return rows[0]?.answer ?? null;
  }

  /**
   * Commits one move at `index`, with the table's new status and clock, and
   * tells the other processes. Throws `Conflict` when the table is no longer at
   * `index` (another process advanced it); returns the commit time once the
   * move's transaction is committed.
   *
   * Group commit: moves of other tables that wait meanwhile go to the database
   * together, in one statement and so one transaction and one flush of the
   * write-ahead log; each is answered once that commits. A table has at most one
   * move waiting (LiveTables plays a table's moves one at a time), so a batch
   * holds each table once.
   */
  async append(id: string, entry: Append): Promise<{ at: number; deadline: number | null }> {
    const sealed = entry.snapshot === null ? null : await seal(entry.snapshot);
    return new Promise((resolve, reject) => {
      this.waiting.push({ id, entry, sealed, resolve, reject });
      this.schedule();
    });
  }

  private readonly waiting: Waiting[] = [];
  private committing = 0;
  private scheduled = false;

  /** Sends what waits once the requests of this turn of the event loop are in, while fewer than `MAX_COMMITTING` batches are out. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    const most = this.sql.kind === 'postgres' ? MAX_COMMITTING : 1;
    while (this.committing < most && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      this.committing++;
      void this.commit(batch).finally(() => {
        this.committing--;
        this.pump();
      });
    }
  }

  /** Commits a batch: one statement for the moves of tables without a chess clock, one each for the others. */
  private async commit(batch: Waiting[]): Promise<void> {
    const grouped = batch.filter((w) => w.entry.seats == null);
    const alone = grouped.length > 1 ? batch.filter((w) => w.entry.seats != null) : batch;
    const work: Promise<void>[] = alone.map((w) => this.appendOne(w).then(w.resolve, w.reject));
    if (grouped.length > 1) work.push(this.appendMany(grouped));
    await Promise.all(work);
  }

  private async appendMany(batch: Waiting[]): Promise<void> {
    let rows: { id: string; at_ms: number; deadline_ms: number | null }[];
    try {
      ({ rows } = await this.sql.query<{ id: string; at_ms: number; deadline_ms: number | null }>(APPEND_MANY, [
        batch.map((w) => w.id),
        batch.map((w) => w.entry.index),
        batch.map((w) => w.entry.status),
        batch.map((w) => w.entry.window?.key ?? null),
        batch.map((w) => w.entry.window?.ms ?? 0),
        batch.map((w) => JSON.stringify(w.entry.move)),
        batch.map((w) => w.entry.key),
        batch.map((w) => JSON.stringify(w.entry.answer)),
        batch.map((w) => w.entry.cause),
        batch.map((w) => w.sealed?.body ?? null),
        this.process,
        batch.map((w) => w.entry.botDue === true),
        batch.map((w) => w.sealed?.digest ?? null),
      ]));
    } catch (error) {
      // The store is away: every move of the batch gets the error (its table is rebuilt from the store before its next move).
      if (isUnavailable(error)) {
        for (const w of batch) w.reject(error);
        return;
      }
      // One move spoilt the batch (a key or index another process took meanwhile, a deadlock): each on its own says which.
      await Promise.all(batch.map((w) => this.appendOne(w).then(w.resolve, w.reject)));
      return;
    }
    const committed = new Map(rows.map((row) => [row.id, row]));
    for (const w of batch) {
      const row = committed.get(w.id);
      if (row === undefined) w.reject(new Conflict(w.id, w.entry.index));
      else {
        this.tell(w.id, w.entry.index + 1);
        w.resolve({ at: row.at_ms, deadline: row.deadline_ms });
      }
    }
  }

  /** Commits one move in one statement, so one round trip and one implicit transaction. */
  private async appendOne({ id, entry, sealed }: Waiting): Promise<{ at: number; deadline: number | null }> {
    // The row lock on the table serialises writers, and its WHERE sees the winner's count once that commits; the primary key (table, index) backs it.
    try {
      const { rows } = await this.sql.query<{ at_ms: number; deadline_ms: number | null }>(
        `WITH moved AS (
           ${advance(entry.seats != null)}
         ), stored AS (
           INSERT INTO plystack_moves (table_id, move_index, move, key, answer, cause, process, digest)
           SELECT id, $2, $6::jsonb, $7, $8::jsonb, $9, $10, ${moveDigest('$2::integer', '$6::jsonb')} FROM moved RETURNING 1
         ), snapshot AS (
           INSERT INTO plystack_snapshots (table_id, moves, body, digest)
           SELECT id, $2 + 1, decode($11::text, 'base64'), $13::text FROM moved WHERE $11::text IS NOT NULL ON CONFLICT DO NOTHING RETURNING 1
         )
         SELECT at_ms, deadline_ms FROM moved, (SELECT count(*) FROM stored) AS s`,
        // A chess clock has no window ($4 null) and takes its increment in $5.
        [
          id,
          entry.index,
          entry.status,
          entry.window?.key ?? null,
          entry.seats != null ? entry.seats.increment : (entry.window?.ms ?? 0),
          JSON.stringify(entry.move),
          entry.key,
          JSON.stringify(entry.answer),
          entry.cause,
          this.process,
          sealed?.body ?? null,
          entry.botDue === true,
          sealed?.digest ?? null,
          ...(entry.seats == null ? [] : [entry.seats.charged, entry.seats.running, entry.seats.mover]),
        ],
      );
      if (rows[0] === undefined) throw new Conflict(id, entry.index);
      this.tell(id, entry.index + 1);
      return { at: rows[0].at_ms, deadline: rows[0].deadline_ms };
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new Conflict(id, entry.index);
      throw error;
    }
  }

  /** Tables whose clock ran out and that no process is firing now (or whose firer went quiet), but those of `skip`. */
  async dueTables(limit: number, skip: readonly string[] = []): Promise<string[]> {
    const { rows } = await this.sql.query<{ id: string }>(
      `SELECT id FROM plystack_tables WHERE deadline <= now() AND status = 'playing'
         AND (deadline_claimed_at IS NULL OR deadline_claimed_at < now() - $3::float8 * interval '1 millisecond')
         AND NOT (id = ANY($2::text[]))
       ORDER BY deadline LIMIT $1`,
      [limit, skip, this.claimLapseMs],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Claims the right to fire the table's deadline; exactly one process gets it.
   * Returns the table's move count at the claim, or null when another process has it
   * or the deadline moved.
   */
  async claimDeadline(id: string): Promise<number | null> {
    const { rows } = await this.sql.query<{ moves: number }>(
      `UPDATE plystack_tables SET deadline_claim = $2, deadline_claimed_at = now()
       WHERE id = $1 AND deadline <= now() AND status = 'playing'
         AND (deadline_claimed_at IS NULL OR deadline_claimed_at < now() - $3::float8 * interval '1 millisecond')
       RETURNING moves`,
      [id, this.process, this.claimLapseMs],
    );
    return rows[0]?.moves ?? null;
  }

  /** Stops the table's clock (no timeout move is possible now). */
  async stopClock(id: string, moves: number): Promise<void> {
    await this.sql.query(
      'UPDATE plystack_tables SET deadline = NULL, deadline_window = NULL, deadline_claim = NULL, deadline_claimed_at = NULL WHERE id = $1 AND moves = $2',
      [id, moves],
    );
  }

  /** Tables a bot seat must act at that no process is playing for now (or whose player went quiet), but those of `skip`. */
  async dueBots(limit: number, skip: readonly string[] = []): Promise<string[]> {
    const { rows } = await this.sql.query<{ id: string }>(
      `SELECT id FROM plystack_tables WHERE bot_due IS NOT NULL AND status = 'playing'
         AND (bot_claimed_at IS NULL OR bot_claimed_at < now() - $3::float8 * interval '1 millisecond')
         AND NOT (id = ANY($2::text[]))
       ORDER BY bot_due LIMIT $1`,
      [limit, skip, this.claimLapseMs],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Claims the right to play the table's bot move; exactly one process gets it
   * (committing a move clears the claim). Returns the table's move count at the
   * claim, or null when no bot is due or another process has it.
   */
  async claimBots(id: string): Promise<number | null> {
    const { rows } = await this.sql.query<{ moves: number }>(
      `UPDATE plystack_tables SET bot_claim = $2, bot_claimed_at = now()
       WHERE id = $1 AND bot_due IS NOT NULL AND status = 'playing'
         AND (bot_claimed_at IS NULL OR bot_claimed_at < now() - $3::float8 * interval '1 millisecond')
       RETURNING moves`,
      [id, this.process, this.claimLapseMs],
    );
    return rows[0]?.moves ?? null;
  }

  /** The table's bots stop where it stands (a bot found no move, or failed): a move of someone else's wakes them. */
  async stopBots(id: string, moves: number): Promise<void> {
    await this.sql.query(
      'UPDATE plystack_tables SET bot_due = NULL, bot_claim = NULL, bot_claimed_at = NULL WHERE id = $1 AND moves = $2',
      [id, moves],
    );
  }

  /** Lets another process (or a later tick) play a bot move this one claimed and did not play. */
  async releaseBots(id: string): Promise<void> {
    await this.sql.query(
      'UPDATE plystack_tables SET bot_claim = NULL, bot_claimed_at = NULL WHERE id = $1 AND bot_claim = $2',
      [id, this.process],
    );
  }

  /** Lets another process fire a deadline this one claimed and could not. */
  async releaseDeadline(id: string): Promise<void> {
    await this.sql.query(
      'UPDATE plystack_tables SET deadline_claim = NULL, deadline_claimed_at = NULL WHERE id = $1 AND deadline_claim = $2',
      [id, this.process],
    );
  }
}
