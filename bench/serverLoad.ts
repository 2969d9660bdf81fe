/**
 * The server benchmark's load and what it measures (bench/server.ts runs it): clients that each own a share of the
 * tables and keep one move in flight for a fixed time, their latencies summed up as moves a second and p50/p99, and
 * the CPU time the server's, the database's and the bench's own processes spent meanwhile. One HTTP client for all.
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';

/** The load: how many tables, how many clients play at once (each with one move in flight), for how long. */
export interface Load {
  readonly tables: number;
  readonly clients: number;
  readonly seconds: number;
  /** Where server processes write V8 CPU profiles, if anywhere. */
  readonly cpuProf: string | undefined;
  readonly say: (line: string) => void;
}

/** How a contestant's clients send moves: by HTTP requests, or on sockets they hold per table. */
export type Channel = 'http' | 'stream';

/** One contestant's run under the load. */
export interface Result {
  readonly contestant: string;
  readonly store: string;
  readonly processes: number;
  readonly moves: number;
  readonly seconds: number;
  readonly movesPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
  /** How the clients sent their moves (boardgame.io's: on their sockets, `stream`). */
  readonly channel?: Channel;
  /** The round of the run it was measured in, from 1 (the like-with-like pairs run again in later rounds). */
  readonly round?: number;
  /** CPU time the server processes spent per move while the clients played. */
  readonly serverCpuMsPerMove?: number;
  /** CPU time PostgreSQL's processes spent per move meanwhile (on PostgreSQL only). */
  readonly databaseCpuMsPerMove?: number;
  /** CPU time the bench's own process spent per move meanwhile: the clients. */
  readonly benchCpuMsPerMove?: number;
}

/** What the clients' moves took: each answered move's latency (ms), the moves not answered, the seconds played. */
export interface Played {
  readonly latencies: number[];
  readonly errors: number;
  readonly seconds: number;
}

/** CPU time a process has used so far (user and system), in ms, from /proc; NaN where there is no /proc. */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** CPU time, in ms, of every process named `postgres` (the servers and their backends). */
export function postgresCpuMs(): number {
  let sum = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') sum += cpuMs(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return sum;
}

/** This process's CPU time so far, in ms. */
export const benchCpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** `ms` spent over the moves of `run`, per move, to two decimals. */
export const perMove = (ms: number, run: Played) => Number((ms / Math.max(1, run.latencies.length)).toFixed(2));

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/** Runs the load's clients for its seconds; client w owns tables w, w + clients, … and plays them in turn. */
export async function drive(load: Load, move: (table: number, worker: number) => Promise<boolean>): Promise<Played> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + load.seconds * 1000;
  await Promise.all(
    Array.from({ length: load.clients }, async (_, w) => {
      for (
        let table = w;
        performance.now() < end;
        table = table + load.clients >= load.tables ? w : table + load.clients
      ) {
        const t0 = performance.now();
        if (await move(table, w)) latencies.push(performance.now() - t0);
        else errors++;
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

/** A run's moves a second and latencies, said as it ends. */
export function summarise(load: Load, contestant: string, store: string, processes: number, run: Played): Result {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const result = {
    contestant,
    store,
    processes,
    moves: sorted.length,
    seconds: Number(run.seconds.toFixed(2)),
    movesPerSecond: Math.round(sorted.length / run.seconds),
    p50Ms: Number(percentile(sorted, 0.5).toFixed(2)),
    p99Ms: Number(percentile(sorted, 0.99).toFixed(2)),
    errors: run.errors,
  };
  load.say(
    `${contestant} (${store}, ${processes} process${processes > 1 ? 'es' : ''}): ${result.movesPerSecond} moves/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.errors} errors`,
  );
  return result;
}

/** The bench's one HTTP client: kept-alive sockets, as many as the clients need. */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** A JSON request on loopback, answered with its status and parsed body. */
export function request(
  url: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        path,
        method,
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (data += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data.length > 0 ? JSON.parse(data) : null }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}
