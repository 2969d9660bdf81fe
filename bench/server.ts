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
 * (`memoryVsBgio`) and durable (`durableVsBgio`), each the median of rounds
 * that alternate the two sides (`--rounds`); and the time to reopen a
 * stored 10,000-move table (reopen.ts). Writes bench/server-results.json
 * (`--smoke`: a tiny run, written under bench/.build). The load and its
 * measures are in serverLoad.ts, the contestants in serverContestants.ts, the
 * report in serverReport.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryStore } from '../src/server/store/memoryStore.js';
import { openPostgres } from '../src/server/store/sql.js';
import { Store } from '../src/server/store/store.js';
import type { TableStore } from '../src/server/store/tableStore.js';
import { startPostgres } from '../test/server/support/postgres.js';
import { repoRoot } from './bgioGame.js';
import { reopenMs, storedTable } from './reopen.js';
import { boardgameio, plystack } from './serverContestants.js';
import { agent, type Load, type Result } from './serverLoad.js';
import { type Reopened, versus, writeReport } from './serverReport.js';

const smoke = process.argv.includes('--smoke');
/** `--only NAME[,NAME]`: run only these contestants (mem, memws, pglite, pg1, pg2, pg1ws, pg2ws, bgio, bgioflat) or figures (reopen); `--cpu-prof DIR`: server processes write V8 CPU profiles there. */
const argAfter = (flag: string): string | undefined => {
  const at = process.argv.indexOf(flag);
  return at < 0 ? undefined : process.argv[at + 1];
};
const only = argAfter('--only')?.split(',') ?? null;
const runs = (name: string) => only === null || only.includes(name);
const log = (line: string) => process.stderr.write(`bench:server: ${line}\n`);
const load: Load = {
  tables: smoke ? 40 : 1000,
  /** `--clients N`: clients playing at once, each with one move in flight (default 32). */
  clients: Number(argAfter('--clients') ?? (smoke ? 4 : 32)),
  seconds: smoke ? 2 : 10,
  cpuProf: argAfter('--cpu-prof'),
  say: log,
};
const root = repoRoot();
/**
 * `--rounds N`: the like-with-like pairs (memws against bgio, pg1ws against bgioflat) run N times in all (default 3;
 * 1 with `--smoke`), alternating which side goes first, and each ratio is the median of its rounds: one run of each
 * side moved by up to a half with the machine's mood of the moment.
 */
const ROUNDS = Math.max(1, Math.floor(Number(argAfter('--rounds') ?? (smoke ? 1 : 3))));

const results: Result[] = [];
/** Opening a stored table of `REOPEN_PLIES` moves in fresh live tables, per store: best of 5 (ms), and every run. */
const REOPEN_PLIES = smoke ? 1000 : 10_000;
const reopened: Reopened[] = [];
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
  if (runs('mem')) results.push(await plystack(load, 'memory', ['--memory'], 1));
  if (runs('memws')) results.push(await plystack(load, 'memory', ['--memory'], 1, 'stream'));
  if (runs('pglite')) results.push(await plystack(load, 'PGlite files', ['--data', join(dir, 'pglite')], 1));
  if (runs('pg1')) results.push(await plystack(load, 'PostgreSQL 15', ['--database', await pg.database('bench1')], 1));
  if (runs('pg2')) results.push(await plystack(load, 'PostgreSQL 15', ['--database', await pg.database('bench2')], 2));
  if (runs('pg1ws'))
    results.push(await plystack(load, 'PostgreSQL 15', ['--database', await pg.database('bench3')], 1, 'stream'));
  if (runs('pg2ws'))
    results.push(await plystack(load, 'PostgreSQL 15', ['--database', await pg.database('bench4')], 2, 'stream'));
  if (runs('bgio')) results.push(await boardgameio(load, null));
  if (runs('bgioflat')) results.push(await boardgameio(load, join(dir, 'flatfile')));
  // The pairs again, each side first in turn, so that a slower moment of the machine does not fall on one side alone.
  const again = (round: number, result: Result) => results.push({ ...result, round });
  for (let round = 2; round <= ROUNDS; round++) {
    const memory = async () => {
      if (runs('memws')) again(round, await plystack(load, 'memory', ['--memory'], 1, 'stream'));
    };
    const bgio = async () => {
      if (runs('bgio')) again(round, await boardgameio(load, null));
    };
    const durable = async () => {
      if (runs('pg1ws'))
        again(
          round,
          await plystack(load, 'PostgreSQL 15', ['--database', await pg.database(`bench3r${round}`)], 1, 'stream'),
        );
    };
    const flat = async () => {
      if (runs('bgioflat')) again(round, await boardgameio(load, join(dir, `flatfile-${round}`)));
    };
    for (const side of round % 2 === 0 ? [bgio, memory, flat, durable] : [memory, bgio, durable, flat]) await side();
  }
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

const memoryVsBgio = versus(results, 'memory', 'in memory (its default)');
const durableVsBgio = versus(results, 'PostgreSQL 15', 'FlatFile (node-persist files)');
if (memoryVsBgio !== null)
  log(
    `memoryVsBgio ${memoryVsBgio.ratio}× (rounds ${memoryVsBgio.rounds.join(', ')}; median round: ${memoryVsBgio.plystack}; ${memoryVsBgio.boardgameio})`,
  );
if (durableVsBgio !== null)
  log(
    `durableVsBgio ${durableVsBgio.ratio}× (rounds ${durableVsBgio.rounds.join(', ')}; median round: ${durableVsBgio.plystack}; ${durableVsBgio.boardgameio})`,
  );

const report = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    model: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    loadAverage: { before: Number(loadBefore.toFixed(2)), after: Number(loadavg()[0]!.toFixed(2)) },
  },
  config: {
    tables: load.tables,
    clients: load.clients,
    seconds: load.seconds,
    rounds: ROUNDS,
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
writeReport(out, report);
process.exit(0);
