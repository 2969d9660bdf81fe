/**
 * `npm run bench:server`: the table server under load on loopback. N clients
 * play seatless passes over 1,000 tables (mundane, two seats), each client
 * with its own share of the tables and one move in flight; moves per second
 * and p50/p99 latency for plystack on the memory store, on PGlite files, on
 * PostgreSQL with one and with two server processes (a table's moves go to one
 * process, chosen by the table), and for boardgame.io 0.50.2's own server (in a
 * process of its own, bgioServer.ts) with its default storage (in memory) and
 * with its own durable one (FlatFile), on its own socket.io protocol, side by
 * side; like with like, plystack's moves a second over boardgame.io's on memory
 * (`memoryVsBgio`) and durable (`durableVsBgio`); and the time to reopen a
 * stored 10,000-move table (reopen.ts). Writes bench/server-results.json
 * (`--smoke`: a tiny run, written under bench/.build).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type TableStream } from '../src/client/index.js';
import { MemoryStore } from '../src/server/store/memoryStore.js';
import { openPostgres } from '../src/server/store/sql.js';
import { Store } from '../src/server/store/store.js';
import type { TableStore } from '../src/server/store/tableStore.js';
import { freePort, startPostgres } from '../test/server/support/postgres.js';
import { repoRoot } from './bgioGame.js';
import { reopenMs, storedTable } from './reopen.js';

const smoke = process.argv.includes('--smoke');
/** `--only NAME[,NAME]`: run only these contestants (mem, memws, pglite, pg1, pg2, pg1ws, pg2ws, bgio, bgioflat) or figures (reopen); `--cpu-prof DIR`: server processes write V8 CPU profiles there. */
const argAfter = (flag: string): string | undefined => {
  const at = process.argv.indexOf(flag);
  return at < 0 ? undefined : process.argv[at + 1];
};
const only = argAfter('--only')?.split(',') ?? null;
const cpuProf = argAfter('--cpu-prof');
const runs = (name: string) => only === null || only.includes(name);
const TABLES = smoke ? 40 : 1000;
/** `--clients N`: clients playing at once, each with one move in flight (default 32). */
const CLIENTS = Number(argAfter('--clients') ?? (smoke ? 4 : 32));
const SECONDS = smoke ? 2 : 10;
const log = (line: string) => process.stderr.write(`bench:server: ${line}\n`);

const root = repoRoot();
const cli = join(root, 'dist', 'cli', 'main.js');

interface Result {
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
  /** CPU time the server processes spent per move while the clients played. */
  readonly serverCpuMsPerMove?: number;
  /** CPU time PostgreSQL's processes spent per move meanwhile (on PostgreSQL only). */
  readonly databaseCpuMsPerMove?: number;
  /** CPU time the bench's own process spent per move meanwhile: the clients. */
  readonly benchCpuMsPerMove?: number;
}

/** CPU time a process has used so far (user and system), in ms, from /proc; NaN where there is no /proc. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** CPU time, in ms, of every process named `postgres` (the servers and their backends). */
function postgresCpuMs(): number {
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
const benchCpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/** Runs `CLIENTS` workers for `SECONDS`; worker w owns tables w, w + CLIENTS, … and plays them in turn. */
async function drive(
  move: (table: number, worker: number) => Promise<boolean>,
): Promise<{ latencies: number[]; errors: number; seconds: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, w) => {
      for (let table = w; performance.now() < end; table = table + CLIENTS >= TABLES ? w : table + CLIENTS) {
        const t0 = performance.now();
        if (await move(table, w)) latencies.push(performance.now() - t0);
        else errors++;
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

function summarise(
  contestant: string,
  store: string,
  processes: number,
  run: { latencies: number[]; errors: number; seconds: number },
): Result {
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
  log(
    `${contestant} (${store}, ${processes} process${processes > 1 ? 'es' : ''}): ${result.movesPerSecond} moves/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.errors} errors`,
  );
  return result;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function request(
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

function serve(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const profile = cpuProf === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', cpuProf];
  const child = spawn(process.execPath, [...profile, cli, 'serve', '--port', '0', '--rate-limit', '9999999', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      const match = /listening on (\S+)/.exec(out);
      if (match) resolve({ url: match[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`plystack serve exited with ${code}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await gone;
}

/** How plystack's clients send moves: `POST …/moves`, or on each table's stream (`TableStream.play`). */
type Channel = 'http' | 'stream';

async function plystack(store: string, args: string[], processes: number, channel: Channel = 'http'): Promise<Result> {
  const servers: { url: string; child: ChildProcess }[] = [];
  for (let i = 0; i < processes; i++) servers.push(await serve(args));
  try {
    const tables: { table: string; appToken: string }[] = [];
    for (let i = 0; i < TABLES; i++) {
      // Each table is created through the process that will serve it, as a load balancer that keys on the table id would send it.
      const created = await request(servers[i % servers.length]!.url, 'POST', '/tables', null, {
        game: 'mundane',
        seats: ['seat:ann', 'seat:bob'],
        seed: i,
        table: `table:bench-${i}`,
      });
      tables.push(created.body as { table: string; appToken: string });
    }
    // Over the stream, each table has its socket open from the ply it is at, as a client that follows its table has
    // (boardgame.io's clients likewise each hold a socket that its server sends every new state to).
    const streams: TableStream[] = [];
    if (channel === 'stream') {
      for (let i = 0; i < TABLES; i++) {
        const { table, appToken } = tables[i]!;
        const client = connect(servers[i % servers.length]!.url, appToken);
        const stream = client.stream(table, { from: (await client.get(table)).ply, onMessage: () => undefined });
        await stream.opened;
        streams.push(stream);
      }
    }
    log(
      `${store} × ${processes}: ${TABLES} tables created; playing for ${SECONDS} s with ${CLIENTS} clients, moves by ${channel}`,
    );
    const cpuBefore = servers.map((server) => cpuMs(server.child.pid!));
    const databaseBefore = postgresCpuMs();
    const benchBefore = benchCpuMs();
    const run = await drive(async (i) => {
      if (channel === 'stream')
        return streams[i]!.play({ type: 'engine.pass' }).then(
          () => true,
          () => false,
        );
      const { table, appToken } = tables[i]!;
      // A table's moves go to one process, as a load balancer that keys on the table would send them.
      const url = servers[i % servers.length]!.url;
      const answer = await request(url, 'POST', `/tables/${encodeURIComponent(table)}/moves`, appToken, {
        move: { type: 'engine.pass' },
      });
      return answer.status === 200;
    });
    const cpu = servers.reduce((sum, server, i) => sum + cpuMs(server.child.pid!) - cpuBefore[i]!, 0);
    const database = postgresCpuMs() - databaseBefore;
    const bench = benchCpuMs() - benchBefore;
    const perMove = (ms: number) => Number((ms / Math.max(1, run.latencies.length)).toFixed(2));
    for (const stream of streams) stream.close();
    return {
      ...summarise(channel === 'stream' ? 'plystack, moves on the stream' : 'plystack', store, processes, run),
      channel,
      serverCpuMsPerMove: perMove(cpu),
      ...(store.startsWith('PostgreSQL') ? { databaseCpuMsPerMove: perMove(database) } : {}),
      benchCpuMsPerMove: perMove(bench),
    };
  } finally {
    for (const server of servers) await stop(server.child);
  }
}

/** boardgame.io's server in a process of its own (bgioServer.ts): storage in memory, or FlatFile's files in `flatFile`. */
async function boardgameio(flatFile: string | null): Promise<Result> {
  const require = createRequire(join(root, 'node_modules', 'boardgame.io', 'package.json'));
  const { io } = require('socket.io-client') as { io: (url: string, opts: object) => SocketLike };
  interface SocketLike {
    emit(event: string, ...args: unknown[]): void;
    on(event: string, handler: (...args: never[]) => void): void;
    close(): void;
    connected: boolean;
  }
  const port = await freePort();
  const apiPort = await freePort();
  const profile = cpuProf === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', cpuProf];
  const child = spawn(
    process.execPath,
    [
      ...profile,
      join(root, 'bench', '.build', 'bench', 'bgioServer.js'),
      '--port',
      String(port),
      '--api-port',
      String(apiPort),
      ...(flatFile === null ? [] : ['--flat-file', flatFile]),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      if (out.includes('listening on')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`boardgame.io's server exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const api = `http://127.0.0.1:${apiPort}`;
  const store = flatFile === null ? 'in memory (its default)' : 'FlatFile (node-persist files)';
  const sockets: SocketLike[] = [];
  try {
    const matches: {
      matchID: string;
      credentials: string;
      stateID: number;
      socket: SocketLike;
      waiting: ((stateID: number) => void) | null;
    }[] = [];
    for (let i = 0; i < TABLES; i++) {
      const created = (await request(api, 'POST', '/games/bench/create', null, { numPlayers: 2 })).body as {
        matchID: string;
      };
      const joined = (
        await request(api, 'POST', `/games/bench/${created.matchID}/join`, null, { playerID: '0', playerName: `p${i}` })
      ).body as { playerCredentials: string };
      const socket = io(`${url}/bench`, { transports: ['websocket'], forceNew: true });
      sockets.push(socket);
      const match = {
        matchID: created.matchID,
        credentials: joined.playerCredentials,
        stateID: 0,
        socket,
        waiting: null as ((stateID: number) => void) | null,
      };
      const seen = (matchID: string, stateID: number) => {
        if (matchID !== match.matchID || stateID <= match.stateID) return;
        match.stateID = stateID;
        match.waiting?.(stateID);
      };
      socket.on('sync', ((matchID: string, info: { state: { _stateID: number } }) => {
        if (matchID !== match.matchID) return;
        match.stateID = info.state._stateID;
        match.waiting?.(match.stateID);
      }) as never);
      socket.on('update', ((matchID: string, state: { _stateID: number }) => seen(matchID, state._stateID)) as never);
      socket.on('patch', ((matchID: string, _prev: number, stateID: number) => seen(matchID, stateID)) as never);
      await new Promise<void>((resolve) => {
        match.waiting = () => resolve();
        socket.emit('sync', match.matchID, '0', match.credentials, 2);
      });
      match.waiting = null;
      matches.push(match);
    }
    log(
      `boardgame.io (${store}): ${TABLES} matches created and synced; playing for ${SECONDS} s with ${CLIENTS} clients`,
    );
    const serverBefore = cpuMs(child.pid!);
    const benchBefore = benchCpuMs();
    const run = await drive(async (i) => {
      const match = matches[i]!;
      const before = match.stateID;
      const answered = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 5000);
        match.waiting = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
      match.socket.emit(
        'update',
        { type: 'MAKE_MOVE', payload: { type: 'pass', args: [], playerID: '0', credentials: match.credentials } },
        before,
        match.matchID,
        '0',
      );
      const ok = await answered;
      match.waiting = null;
      return ok;
    });
    const perMove = (ms: number) => Number((ms / Math.max(1, run.latencies.length)).toFixed(2));
    return {
      ...summarise('boardgame.io 0.50.2 server', store, 1, run),
      channel: 'stream',
      serverCpuMsPerMove: perMove(cpuMs(child.pid!) - serverBefore),
      benchCpuMsPerMove: perMove(benchCpuMs() - benchBefore),
    };
  } finally {
    for (const socket of sockets) socket.close();
    await stop(child);
  }
}

const results: Result[] = [];
/** Opening a stored table of `REOPEN_PLIES` moves in fresh live tables, per store: best of 5 (ms), and every run. */
const REOPEN_PLIES = smoke ? 1000 : 10_000;
const reopened: { store: string; moves: number; bestMs: number; runsMs: number[] }[] = [];
async function reopen(name: string, store: TableStore): Promise<void> {
  const id = await storedTable(store, REOPEN_PLIES);
  const { best, all } = await reopenMs(store, id);
  log(`reopen (${name}): a ${REOPEN_PLIES}-move table opened in ${best.toFixed(1)} ms (best of ${all.length})`);
  reopened.push({
    store: name,
    moves: REOPEN_PLIES,
    bestMs: Number(best.toFixed(1)),
    runsMs: all.map((t) => Number(t.toFixed(1))),
  });
}
// The machine may be shared: its load average before and after the run says how much of it the run had.
const loadBefore = loadavg()[0]!;
const pg = await startPostgres();
const dir = mkdtempSync(join(tmpdir(), 'plystack-bench-'));
try {
  if (runs('mem')) results.push(await plystack('memory', ['--memory'], 1));
  if (runs('memws')) results.push(await plystack('memory', ['--memory'], 1, 'stream'));
  if (runs('pglite')) results.push(await plystack('PGlite files', ['--data', join(dir, 'pglite')], 1));
  if (runs('pg1')) results.push(await plystack('PostgreSQL 15', ['--database', await pg.database('bench1')], 1));
  if (runs('pg2')) results.push(await plystack('PostgreSQL 15', ['--database', await pg.database('bench2')], 2));
  if (runs('pg1ws'))
    results.push(await plystack('PostgreSQL 15', ['--database', await pg.database('bench3')], 1, 'stream'));
  if (runs('pg2ws'))
    results.push(await plystack('PostgreSQL 15', ['--database', await pg.database('bench4')], 2, 'stream'));
  if (runs('bgio')) results.push(await boardgameio(null));
  if (runs('bgioflat')) results.push(await boardgameio(join(dir, 'flatfile')));
  if (runs('reopen')) {
    await reopen('memory', new MemoryStore('bench'));
    const store = await Store.open(await openPostgres(await pg.database('bench5')), 'bench');
    try {
      await reopen('PostgreSQL 15', store);
    } finally {
      await store.close();
    }
  }
} finally {
  pg.destroy();
  rmSync(dir, { recursive: true, force: true });
  agent.destroy();
}

/**
 * plystack's moves a second over boardgame.io's, like with like: the same moves, clients and seconds, in this run;
 * each side's clients hold a socket per table (plystack's moves on the stream) and, where both ran, by HTTP too.
 */
function versus(plystackStore: string, bgioStore: string) {
  const bgio = results.find((r) => r.contestant.startsWith('boardgame.io') && r.store === bgioStore);
  const pick = (channel: Channel) =>
    results.find(
      (r) =>
        r.contestant.startsWith('plystack') && r.store === plystackStore && r.processes === 1 && r.channel === channel,
    );
  const stream = pick('stream');
  const http = pick('http');
  if (bgio === undefined || (stream === undefined && http === undefined)) return null;
  const ratio = (r: Result) => Number((r.movesPerSecond / bgio.movesPerSecond).toFixed(2));
  const mine = stream ?? http!;
  return {
    ratio: ratio(mine),
    plystack: `${mine.contestant}, ${mine.store}, 1 process: ${mine.movesPerSecond} moves/s`,
    boardgameio: `${bgio.contestant}, ${bgio.store}: ${bgio.movesPerSecond} moves/s`,
    ...(stream !== undefined && http !== undefined ? { byHttp: ratio(http) } : {}),
  };
}
const memoryVsBgio = versus('memory', 'in memory (its default)');
const durableVsBgio = versus('PostgreSQL 15', 'FlatFile (node-persist files)');
if (memoryVsBgio !== null)
  log(`memoryVsBgio ${memoryVsBgio.ratio}× (${memoryVsBgio.plystack}; ${memoryVsBgio.boardgameio})`);
if (durableVsBgio !== null)
  log(`durableVsBgio ${durableVsBgio.ratio}× (${durableVsBgio.plystack}; ${durableVsBgio.boardgameio})`);

const report = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    model: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    loadAverage: { before: Number(loadBefore.toFixed(2)), after: Number(loadavg()[0]!.toFixed(2)) },
  },
  config: {
    tables: TABLES,
    clients: CLIENTS,
    seconds: SECONDS,
    move: 'a seatless pass (mundane) / player 0 passes (boardgame.io)',
    durability:
      'plystack answers after the commit (PostgreSQL and PGlite: fsync on; memory: none); boardgame.io answers from memory, or after FlatFile (node-persist) wrote its file (no fsync)',
  },
  memoryVsBgio,
  durableVsBgio,
  results,
  reopen: reopened,
};
const out =
  smoke || only !== null
    ? join(root, 'bench', '.build', 'server-results-partial.json')
    : join(root, 'bench', 'server-results.json');
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
const rows = [
  [
    'contestant',
    'store',
    'processes',
    'moves/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'server CPU ms/move',
    'database CPU ms/move',
    'bench CPU ms/move',
  ],
  ...results.map((r) => [
    r.contestant,
    r.store,
    String(r.processes),
    String(r.movesPerSecond),
    String(r.p50Ms),
    String(r.p99Ms),
    String(r.errors),
    String(r.serverCpuMsPerMove ?? ''),
    String(r.databaseCpuMsPerMove ?? ''),
    String(r.benchCpuMsPerMove ?? ''),
  ]),
];
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
const lines = [
  ...(memoryVsBgio === null
    ? []
    : [`memoryVsBgio ${memoryVsBgio.ratio}×: ${memoryVsBgio.plystack}; ${memoryVsBgio.boardgameio}`]),
  ...(durableVsBgio === null
    ? []
    : [`durableVsBgio ${durableVsBgio.ratio}×: ${durableVsBgio.plystack}; ${durableVsBgio.boardgameio}`]),
  ...reopened.map(
    (r) => `reopen a ${r.moves}-move table (${r.store}): ${r.bestMs} ms (best; runs ${r.runsMs.join(', ')})`,
  ),
];
process.stdout.write(
  `${rows.map((row) => row.map((cell, c) => cell.padEnd(widths[c]!)).join('  ')).join('\n')}\n\n${lines.map((line) => `${line}\n`).join('')}\nwritten: ${out}\n`,
);
process.exit(0);
