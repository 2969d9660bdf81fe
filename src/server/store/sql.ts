/**
 * One SQL dialect, two engines: PGlite (PostgreSQL compiled to WebAssembly,
 * embedded, files under a folder or in memory) and a real PostgreSQL through
 * `pg`. The store speaks only to this interface.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { lockFolder } from './folderLock.js';
import { openFresh } from './freshPglite.js';

/** What a query returns: its rows. */
export interface Rows<R> {
  readonly rows: R[];
}

/** A connection that runs parameterised queries ($1, $2, …). */
export interface Queryable {
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Rows<R>>;
}

/** A database: queries, transactions, and notifications between processes. */
export interface Sql extends Queryable {
  /** `embedded` (PGlite: one process owns the files) or `postgres` (any number of processes). */
  readonly kind: 'embedded' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs statements separated by semicolons, without parameters (migrations). */
  exec(text: string): Promise<void>;
  /** Calls `handler` for each NOTIFY on `channel`, from any process; keeps listening across reconnections. */
  listen(channel: string, handler: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL's code for a unique violation: two processes took the same (table, index). */
export const UNIQUE_VIOLATION = '23505';

/**
 * Whether an error means the database cannot be reached now (connection refused,
 * dropped or shutting down) rather than a wrong query: the server answers 503.
 *
 * @example
 * isUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })) // true
 */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = String((error as { code?: unknown }).code ?? '');
  if (/^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH)$/.test(code)) return true;
  // Class 08: connection exceptions; 57P01–57P03: shutting down, crashed, cannot connect now; 53300: too many connections.
  if (/^08/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed|the database system is (starting up|shutting down)|Query read timeout/i.test(
    error.message,
  );
}

/**
 * Opens PGlite: under `dataDir` (created when missing, and locked for this process until `close`: a folder another
 * live process holds is refused with `FolderInUse`), or in memory when it is null.
 *
 * @example
 * const sql = await openPglite('./.plystack')
 */
export async function openPglite(dataDir: string | null): Promise<Sql> {
  const { PGlite } = await import('@electric-sql/pglite');
  let release: () => void = () => undefined;
  if (dataDir !== null) {
    mkdirSync(dataDir, { recursive: true });
    release = lockFolder(dataDir);
  }
  let db: Awaited<ReturnType<typeof openFresh>>;
  try {
    db = await openFresh(PGlite, dataDir);
  } catch (error) {
    release();
    throw error;
  }
  return {
    kind: 'embedded',
    query: async <R>(text: string, params: readonly unknown[] = []) => ({
      rows: (await db.query<R>(text, [...params])).rows,
    }),
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          query: async <R>(text: string, params: readonly unknown[] = []) => ({
            rows: (await tx.query<R>(text, [...params])).rows,
          }),
        }),
      ),
    exec: async (text) => void (await db.exec(text)),
    listen: async (channel, handler) => void (await db.listen(channel, handler)),
    close: () => db.close().finally(release),
  };
}

const statementNames = new Map<string, string>();

/** A prepared statement's name for a query's text: the same text, the same name. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `plystack_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Options of `openPostgres`. */
export interface PostgresOptions {
  /** Connections in the pool (default 10). */
  readonly max?: number;
}

/**
 * Opens a pool on a real PostgreSQL. A dropped connection is replaced on the next
 * query; the listening connection reconnects by itself, with a pause between tries.
 *
 * @example
 * const sql = await openPostgres('postgres://postgres@127.0.0.1:5432/plystack')
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Sql> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 10_000,
  });
  // An idle connection that the server drops emits here; the pool replaces it on the next query.
  pool.on('error', () => undefined);
  const channels = new Map<string, (payload: string) => void>();
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const connectListener = async (): Promise<void> => {
    if (closed) return;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    const again = () => {
      if (listener === client) listener = null;
      client.end().catch(() => undefined);
      if (!closed && retry === null)
        retry = setTimeout(() => {
          retry = null;
          void connectListener();
        }, 500);
    };
    client.on('error', again);
    client.on('end', () => listener === client && again());
    client.on('notification', (message) => channels.get(message.channel)?.(message.payload ?? ''));
    try {
      await client.connect();
      for (const channel of channels.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listener = client;
      // Notifications sent while it was away are lost: tell every channel to look again.
      for (const handler of channels.values()) handler('');
    } catch {
      again();
    }
  };
  const sql: Sql = {
    kind: 'postgres',
    // Each statement the store sends is prepared once per connection and then only bound and run: no parse or plan per move.
    query: async <R>(text: string, params: readonly unknown[] = []) => ({
      rows: (await pool.query({ text, values: [...params], name: statementName(text) })).rows as R[],
    }),
    async transaction(work) {
      const client = await pool.connect();
      // A connection dropped while checked out emits here; the query in flight fails and the client is discarded.
      const dropped = () => undefined;
      client.on('error', dropped);
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async <R>(text: string, params: readonly unknown[] = []) => ({
            rows: (await client.query(text, [...params])).rows as R[],
          }),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        broken = isUnavailable(error);
        if (!broken) await client.query('ROLLBACK').catch(() => (broken = true));
        throw error;
      } finally {
        client.off('error', dropped);
        client.release(broken);
      }
    },
    exec: async (text) => void (await pool.query(text)),
    async listen(channel, handler) {
      channels.set(channel, handler);
      if (listener !== null) await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      else if (retry === null) await connectListener();
    },
    async close() {
      closed = true;
      if (retry !== null) clearTimeout(retry);
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
  // Fail early with the server's own words when the URL is wrong.
  await sql.query('SELECT 1');
  return sql;
}
