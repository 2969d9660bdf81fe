/**
 * Scale-out on one real PostgreSQL: two `plystack serve` processes hammered on
 * the same tables lose and duplicate nothing and end up showing the same state;
 * a stream opened on one process sees the plies played through the other; a
 * table's clock (a chess clock, a turn clock) is fired by exactly one process, and keeps running after both die.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type ServedLog, type StreamMessage } from '../../src/client/client.js';
import { sandbox } from '../../src/games/sandbox/sandbox.js';
import { chessBanks, FLAGGED_MS } from '../../src/server/clock.js';
import { openPostgres } from '../../src/server/store/sql.js';
import { replay } from '../../src/table/replay.js';
import { runLoad } from './support/load.js';
import { type PgCluster, sharedPostgres } from './support/postgres.js';
import { type ServerProcess, spawnServer } from './support/serve.js';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The turn clock of the turn-clock scenario: short, so that a few turns run out in about a second. */
const TURN_MS = 300;

/** Reads the table's log from `server` until it holds `count` timeout moves (10 s at most); returns the last read. */
async function timedOut(server: ServerProcess, appToken: string, table: string, count: number): Promise<ServedLog> {
  let log = await connect(server.url, appToken).log(table);
  for (let i = 0; i < 100 && log.timeouts.length < count; i++) {
    await settle(100);
    log = await connect(server.url, appToken).log(table);
  }
  return log;
}

describe('two server processes on one PostgreSQL', () => {
  let cluster: PgCluster;
  let url: string;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    cluster = await sharedPostgres();
    url = await cluster.database('scale');
    [a, b] = await Promise.all([
      spawnServer(['--database', url, '--rate-limit', '1000000']),
      spawnServer(['--database', url, '--rate-limit', '1000000']),
    ]);
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    cluster?.destroy();
  });

  it('loses and duplicates no move when clients hammer the same tables through both, and a stream on one sees every ply', async () => {
    const tables = await Promise.all(
      [1, 2, 3].map(async () => {
        const created = await connect(a.url).create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'], seed: 9 });
        return { table: created.table, appToken: created.appToken, tokens: created.tokens };
      }),
    );
    // A seat streams the first table from process b while the load goes through both.
    const streamed: StreamMessage[] = [];
    const stream = connect(b.url, tables[0]!.tokens['seat:ann']!).stream(tables[0]!.table, {
      onMessage: (m) => streamed.push(m),
    });
    await stream.opened;
    const sent = await runLoad({ urls: [a.url, b.url], tables, clients: 8, moves: 300 });
    const ok = sent.filter((s) => s.status === 200);
    expect(sent.filter((s) => s.status !== 200 && s.status !== 409)).toEqual([]);
    // How many lose the race to the other process (409 STALE) depends on timing; most must get through.
    expect(ok.length).toBeGreaterThan(sent.length / 2);

    for (const { table, appToken } of tables) {
      const mine = ok.filter((s) => s.table === table);
      const indexes = mine.map((s) => s.index);
      expect(new Set(indexes).size).toBe(indexes.length);
      const log = await connect(a.url, appToken).log(table);
      expect(log.moves).toHaveLength(mine.length);
      // Both processes come to show the same state, the state a replay of the log gives.
      const expected = JSON.parse(JSON.stringify(replay(log).state));
      for (const server of [a, b]) {
        let reading = await connect(server.url, appToken).get(table);
        for (let i = 0; i < 50 && reading.ply !== log.moves.length; i++) {
          await settle(100);
          reading = await connect(server.url, appToken).get(table);
        }
        expect(reading.state).toEqual(expected);
      }
    }
    const db = await openPostgres(url);
    try {
      const { rows } = await db.query<{ n: number; keys: number }>(
        'SELECT count(*)::int AS n, count(DISTINCT (table_id, key))::int AS keys FROM plystack_moves',
      );
      expect(rows[0]).toEqual({ n: ok.length, keys: ok.length });
    } finally {
      await db.close();
    }
    const plies = (await connect(a.url, tables[0]!.appToken).get(tables[0]!.table)).ply;
    for (let i = 0; i < 50 && streamed.length < plies; i++) await settle(100);
    stream.close();
    expect(streamed.map((m) => m.index)).toEqual([...Array(plies).keys()]);
  });

  it('plays a key sent to both processes at once only once, and answers both alike', async () => {
    const created = await connect(a.url).create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'], seed: 3 });
    // The process that lost a pair's race answered from the store; the next pair finds it a move behind.
    for (let i = 0; i < 20; i++) {
      const [first, second] = await Promise.all(
        [a, b].map((server) =>
          connect(server.url, created.appToken).play(created.table, { type: 'engine.pass' }, { key: `twice-${i}` }),
        ),
      );
      expect(second).toEqual(first);
    }
    expect((await connect(b.url, created.appToken).log(created.table)).moves).toHaveLength(20);
  });

  it('fires each chess clock deadline through exactly one process, never before a bank is empty', async () => {
    const created = await connect(a.url).create({
      game: 'sandbox',
      seats: ['seat:ann', 'seat:bob'],
      seed: 4,
      clock: { per: 'seat', bank: 300, increment: 0 },
    });
    // ann's bank runs out at 0.3 s, bob's at 0.6 s; then each empty seat is played for a second after it is to act.
    const log = await timedOut(b, created.appToken, created.table, 2);
    expect(log.timeouts.length).toBeGreaterThanOrEqual(2);
    expect(log.timeouts.length).toBeLessThanOrEqual(4);
    expect(log.moves.every((m) => m.type === 'engine.end-turn' && m.seat === undefined)).toBe(true);
    const upTo = (n: number) => ({ ...log, moves: log.moves.slice(0, n), times: log.times.slice(0, n) });
    for (let i = 0; i < log.moves.length; i++) {
      // The seat to act before move i had this much left when the move before it was committed: the clock waited for all of it.
      const banks = chessBanks(sandbox, upTo(i));
      const seat = replay(upTo(i)).toAct()[0]!;
      const waited = Date.parse(log.times[i]!) - Date.parse(i === 0 ? log.started : log.times[i - 1]!);
      expect(waited).toBeGreaterThanOrEqual((banks[seat] === 0 ? FLAGGED_MS : banks[seat]!) - 1);
    }
    expect(Object.values(chessBanks(sandbox, log))).toEqual([0, 0]);
    // Both processes hold the banks the log gives, after as many moves as each has seen.
    for (const server of [a, b]) {
      const reading = await connect(server.url, created.appToken).get(created.table);
      const latest = await connect(server.url, created.appToken).log(created.table);
      const moves = reading.plies.filter((p) => p.automatic !== true).length;
      expect(latest.moves.length).toBeGreaterThanOrEqual(moves);
      expect(reading.clock!.banks).toEqual(
        chessBanks(sandbox, { ...latest, moves: latest.moves.slice(0, moves), times: latest.times.slice(0, moves) }),
      );
    }
  });

  // The last: it leaves one process running.
  it('ends a turn that runs out through exactly one process, and keeps the clock across a restart', async () => {
    const created = await connect(a.url).create({
      game: 'sandbox',
      seats: ['seat:ann', 'seat:bob'],
      seed: 2,
      clock: { per: 'turn', ms: TURN_MS },
    });
    const app = (server: ServerProcess) => connect(server.url, created.appToken);
    // Three deadlines pass (0.3, 0.6, 0.9 s): each ended its turn once, no turn was ended twice.
    const log = await timedOut(a, created.appToken, created.table, 3);
    expect(log.timeouts.length).toBeGreaterThanOrEqual(3);
    expect(log.timeouts.length).toBeLessThanOrEqual(4);
    expect(log.moves.every((m) => m.type === 'engine.end-turn' && m.seat === undefined)).toBe(true);
    const reading = await app(b).get(created.table);
    expect(reading.plies.map((p) => p.turn)).toEqual(reading.plies.map((_, i) => i + 1));
    const gaps = log.times.slice(1).map((t, i) => Date.parse(t) - Date.parse(log.times[i]!));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(TURN_MS - 100);
    // Both processes die; a new one finds the deadline in the store (it ran out while none ran) and fires it.
    await a.kill9();
    await b.kill9();
    // Counted in the store once both are gone: what comes after is the new process's.
    const db = await openPostgres(url);
    let before: number;
    try {
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM plystack_moves WHERE table_id = $1',
        [created.table],
      );
      before = rows[0]!.n;
    } finally {
      await db.close();
    }
    expect(before).toBeGreaterThanOrEqual(log.moves.length);
    // A claim on the deadline a killed process may have held lapses after a second for it (--claim-lapse), not 10 s.
    a = await spawnServer(['--database', url, '--rate-limit', '1000000', '--claim-lapse', '1000']);
    let after = (await app(a).log(created.table)).timeouts.length;
    for (let i = 0; i < 40 && after <= before; i++) {
      await settle(100);
      after = (await app(a).log(created.table)).timeouts.length;
    }
    expect(after).toBeGreaterThan(before);
    // The application's own timeout moves replay like any other move.
    const final = await app(a).log(created.table);
    expect(replay(final).plies).toHaveLength(final.moves.length);
  });
});
