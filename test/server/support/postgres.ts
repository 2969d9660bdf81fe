/**
 * A throwaway PostgreSQL 15 cluster for one test file: initdb in a temporary
 * folder, pg_ctl on a free loopback port, run as the `postgres` user when the
 * tests run as root. Debian's package brings the binaries (scripts/ensure-postgres.mjs).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The port of the PostgreSQL cluster the server project's global setup started (test/server/support/globalPostgres.ts). */
    postgresPort?: number;
  }
}

const BIN = process.env.PLYSTACK_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** A running cluster. */
export interface PgCluster {
  readonly port: number;
  /** A URL for the database `name` (created by `database`). */
  url(name: string): string;
  /** Creates a database and returns its URL. */
  database(name: string): Promise<string>;
  stop(): void;
  start(): void;
  /** Stops the cluster and removes its folder. */
  destroy(): void;
}

/** A port nobody listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[]): string {
  const [file, argv] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', `${BIN}/${command}`, ...args]]
    : [`${BIN}/${command}`, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
}

/**
 * Starts a new cluster.
 *
 * @example
 * const pg = await startPostgres(); const url = await pg.database('plystack'); … pg.destroy()
 */
export async function startPostgres(): Promise<PgCluster> {
  if (!existsSync(`${BIN}/initdb`)) {
    throw new Error(
      `PostgreSQL 15 is not in ${BIN}: run scripts/ensure-postgres.mjs (npm test's pretest does) or apt-get install postgresql`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'plystack-pg-'));
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const start = () =>
    void run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
  const stop = () => void run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  start();
  // A run that ends before its afterAll (a timeout, an interrupted worker) still leaves no cluster behind.
  let destroyed = false;
  const cleanUp = () => {
    if (destroyed) return;
    destroyed = true;
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']);
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', cleanUp);
  return {
    ...databasesOn(port),
    stop,
    start,
    destroy() {
      if (destroyed) return;
      try {
        stop();
      } catch {
        // already stopped
      }
      destroyed = true;
      process.off('exit', cleanUp);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The URLs and the new databases of the cluster listening on `port`. */
function databasesOn(port: number): Pick<PgCluster, 'port' | 'url' | 'database'> {
  const url = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  return {
    port,
    url,
    async database(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
  };
}

/**
 * The cluster the server project's global setup started, shared by the files
 * that neither stop nor restart it, each with databases of its own names; or,
 * when the file runs outside that project, a cluster of the file's own. Its
 * `stop` and `start` throw (a file that restarts PostgreSQL starts its own with
 * `startPostgres`), and `destroy` leaves the cluster to the global teardown.
 *
 * @example
 * const pg = await sharedPostgres(); const url = await pg.database('api');
 */
export async function sharedPostgres(): Promise<PgCluster> {
  const { inject } = await import('vitest');
  const port = inject('postgresPort');
  if (port === undefined) return startPostgres();
  const refuse = () => {
    throw new Error('the shared PostgreSQL cluster is stopped by nobody but its global teardown: use startPostgres()');
  };
  return { ...databasesOn(port), stop: refuse, start: refuse, destroy: () => undefined };
}
