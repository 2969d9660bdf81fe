/**
 * One SQL dialect, two engines: PGlite (PostgreSQL compiled to WebAssembly,
 * embedded, files under a folder or in memory) and a real PostgreSQL through
 * `pg`. The store speaks only to this interface.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite as PGliteType } from '@electric-sql/pglite';
import pg from 'pg';

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
 * Opens PGlite: under `dataDir` (created when missing), or in memory when it is null.
 *
 * @example
 * const sql = await openPglite('./.plystack')
 */
export async function openPglite(dataDir: string | null): Promise<Sql> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir !== null) mkdirSync(dataDir, { recursive: true });
  const db = dataDir === null ? await inMemory(PGlite) : await PGlite.create(dataDir);
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
    close: () => db.close(),
  };
}

/**
 * A new database's files, as PGlite's initdb leaves them (a tarball of `dumpDataDir`), for a database in memory to
 * start from: initdb is most of the time PGlite takes to open in memory (about 10 s of a 17 s start on a loaded
 * 2-core machine; from the tarball, 4 s). Made by the first database in memory of this process and kept for the next
 * ones, and kept on disk in the user's cache (XDG_CACHE_HOME or ~/.cache, plystack/, about 4.5 MB), named after
 * PGlite's build, for the next processes. It holds nothing but an empty cluster.
 */
let fresh: Promise<Blob | null> | null = null;

/** Where the tarball of a new database is kept for this build of PGlite, or null when that cannot be told. */
function freshFile(): string | null {
  try {
    const wasm = join(dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))), 'pglite.wasm');
    const { size, mtimeMs } = statSync(wasm);
    const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
    return join(cache, 'plystack', `pglite-initdb-${size}-${Math.floor(mtimeMs)}.tar.gz`);
  } catch {
    return null;
  }
}

/** PGlite in memory, started from the tarball of a new database when there is one (else made, and kept). */
async function inMemory(PGlite: typeof PGliteType): Promise<PGliteType> {
  const file = freshFile();
  if (fresh === null) {
    fresh =
      file === null
        ? Promise.resolve(null)
        : readFile(file).then(
            (bytes) => new Blob([bytes]),
            () => null,
          );
  }
  const tarball = await fresh;
  if (tarball !== null) {
    try {
      return await PGlite.create({ loadDataDir: tarball });
    } catch {
      // Not a tarball this PGlite reads (a broken or foreign file): start from initdb, and make it again.
      fresh = null;
      if (file !== null) await rm(file, { force: true });
    }
  }
  const db = await PGlite.create();
  const made = db.dumpDataDir('gzip').then(
    (blob) => blob as Blob,
    () => null,
  );
  fresh = made;
  const blob = await made;
  if (blob !== null && file !== null) {
    // Written beside and renamed, so a process that reads it meanwhile finds it whole or not at all.
    // A cache that cannot be written (a read-only home) only means the next process runs initdb again.
    const part = `${file}.${process.pid}.part`;
    await mkdir(dirname(file), { recursive: true, mode: 0o700 })
      .then(async () => writeFile(part, Buffer.from(await blob.arrayBuffer())))
      .then(() => rename(part, file))
      .catch(() => rm(part, { force: true }).catch(() => undefined));
  }
  return db;
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
