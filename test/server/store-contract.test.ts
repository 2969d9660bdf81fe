/**
 * The promises of a table store (src/server/store/tableStore.ts), held to each of the three: the memory store, PGlite
 * in memory and PostgreSQL (the server project's shared cluster). Every scenario runs the same on each: tables
 * created and read, moves appended in order and refused at a taken index, idempotency answers, the moves from an
 * index, snapshots (and those kept before migration 6), the moves as written (a move changed, moved or removed is
 * told, and a table reopened with one is refused), clocks and bots due, claimed, released and stopped, a claim that
 * lapses, and the lobby: a table waiting for players, its seats taken and left, its start with the last seat, its close.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInGames } from '../../src/games/registry.js';
import { knownAnswer } from '../../src/server/answers.js';
import { FLAGGED_MS } from '../../src/server/clock.js';
import { LiveTables, TableTampered } from '../../src/server/liveTables.js';
import { MemoryStore } from '../../src/server/store/memoryStore.js';
import { openPglite, openPostgres } from '../../src/server/store/sql.js';
import { Store } from '../../src/server/store/store.js';
import { type Append, Conflict, type NewTable, type TableStore } from '../../src/server/store/tableStore.js';
import { sharedPostgres } from './support/postgres.js';
import { stderrOf } from './support/stderr.js';

/** How long a claim holds in these stores: short, so that a scenario can wait for it to lapse; long enough that a loaded machine checks it has not lapsed at half of it (at 400 ms, it had). */
const LAPSE_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stores under test, each opened fresh for its `describe`. */
const stores: Record<'memory' | 'pglite' | 'postgres', () => Promise<TableStore>> = {
  memory: async () => new MemoryStore('contract', { claimLapseMs: LAPSE_MS }),
  pglite: async () => Store.open(await openPglite(null), 'contract', { claimLapseMs: LAPSE_MS }),
  postgres: async () => {
    const cluster = await sharedPostgres();
    return Store.open(await openPostgres(await cluster.database('store_contract')), 'contract', {
      claimLapseMs: LAPSE_MS,
    });
  },
};

/** A move of `entry`'s fields over a pass at `index` that changes nothing else. */
const move = (index: number, entry: Partial<Append> = {}): Append => ({
  index,
  move: { type: 'engine.pass', seat: 'seat:a', payload: { n: index } },
  key: null,
  answer: { index },
  cause: 'request',
  status: 'playing',
  window: null,
  snapshot: null,
  ...entry,
});

/**
 * Changes the snapshot a store keeps at `moves` moves behind its back, as a hand or a bug in the database would: the
 * digest kept with it is left as it was.
 */
async function tamperSnapshot(
  store: TableStore,
  id: string,
  moves: number,
  change: (snapshot: unknown) => unknown,
): Promise<void> {
  if (store instanceof MemoryStore) {
    const rows = (store as unknown as { rows: Map<string, { snapshots: Map<number, { text: string }> }> }).rows;
    const kept = rows.get(id)!.snapshots.get(moves)!;
    kept.text = JSON.stringify(change(JSON.parse(kept.text)));
    return;
  }
  // The SQL store keeps it gzipped (migration 6).
  const { sql } = store as Store;
  const { rows } = await sql.query<{ body: Uint8Array }>(
    'SELECT body FROM plystack_snapshots WHERE table_id = $1 AND moves = $2',
    [id, moves],
  );
  const changed = JSON.stringify(change(JSON.parse(gunzipSync(rows[0]!.body).toString('utf8'))));
  await sql.query(`UPDATE plystack_snapshots SET body = decode($3, 'base64') WHERE table_id = $1 AND moves = $2`, [
    id,
    moves,
    gzipSync(changed).toString('base64'),
  ]);
}

/**
 * Changes (or, `change` null, removes) the move a store keeps at `index` behind its back, as a hand or a bug in the
 * database would: the digest kept with it is left as it was.
 */
async function tamperMove(
  store: TableStore,
  id: string,
  index: number,
  change: ((move: Record<string, unknown>) => unknown) | null,
): Promise<void> {
  if (store instanceof MemoryStore) {
    const rows = (store as unknown as { rows: Map<string, { log: { move: string }[] }> }).rows;
    const log = rows.get(id)!.log;
    if (change === null) delete log[index];
    else log[index]!.move = JSON.stringify(change(JSON.parse(log[index]!.move)));
    return;
  }
  const { sql } = store as Store;
  if (change === null) {
    await sql.query('DELETE FROM plystack_moves WHERE table_id = $1 AND move_index = $2', [id, index]);
    return;
  }
  const { rows } = await sql.query<{ move: Record<string, unknown> }>(
    'SELECT move FROM plystack_moves WHERE table_id = $1 AND move_index = $2',
    [id, index],
  );
  await sql.query('UPDATE plystack_moves SET move = $3::jsonb WHERE table_id = $1 AND move_index = $2', [
    id,
    index,
    JSON.stringify(change(rows[0]!.move)),
  ]);
}

describe.each(Object.keys(stores) as (keyof typeof stores)[])('the %s store', (kind) => {
  let store: TableStore;
  let made = 0;

  /** A new table's opening, its id unique in this store. */
  const opening = (more: Partial<NewTable> = {}): NewTable => ({
    id: `table:${kind}-${++made}`,
    game: 'mundane',
    version: '1.2.0',
    seats: ['seat:a', 'seat:b'],
    seed: 7,
    options: { rounds: 3 },
    appToken: 'app-hash',
    seatTokens: { 'seat:a': 'a-hash', 'seat:b': 'b-hash' },
    clock: null,
    ...more,
  });

  /** Creates a table and returns its id. */
  async function newTable(
    window: { key: string; ms: number } | null = null,
    banks: Record<string, number> | null = null,
    botDue = false,
  ): Promise<string> {
    const table = opening();
    expect(await store.createTable(table, window, banks, botDue)).not.toBeNull();
    return table.id;
  }

  beforeAll(async () => {
    store = await stores[kind]();
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  it('creates a table once, reads it back as created, and refuses its id a second time', async () => {
    const table = opening({ rulesRevision: 3, bots: { 'seat:b': { kind: 'random' } } });
    const before = Date.now();
    const started = await store.createTable(table, null);
    expect(started).not.toBeNull();
    expect(Math.abs((started as number) - before)).toBeLessThan(5_000);
    expect(Number.isInteger(started)).toBe(true);
    expect(await store.table(table.id)).toEqual({
      ...table,
      spectators: false,
      lobby: false,
      names: {},
      moves: 0,
      status: 'playing',
      deadline: null,
      created: started,
      started,
    });
    // The id is taken: nothing changes.
    expect(await store.createTable({ ...table, game: 'other' }, null)).toBeNull();
    expect((await store.table(table.id))?.game).toBe('mundane');
    expect(await store.table('table:nobody')).toBeNull();
    expect(await store.moveCount('table:nobody')).toBe(0);
    expect(store.kind).toBe(kind === 'pglite' ? 'embedded' : kind);
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('appends moves in order, and answers a taken index, an index ahead or no table with Conflict, writing nothing', async () => {
    const id = await newTable();
    const first = await store.append(id, move(0));
    expect(first.deadline).toBeNull();
    await store.append(id, move(1));
    for (const index of [1, 0, 3]) await expect(store.append(id, move(index))).rejects.toBeInstanceOf(Conflict);
    await expect(store.append('table:nobody', move(0))).rejects.toBeInstanceOf(Conflict);
    expect(await store.moveCount(id)).toBe(2);
    expect((await store.movesFrom(id, 0)).map((m) => m.move)).toEqual([move(0).move, move(1).move]);
    // Two moves at the same index at once: exactly one is committed.
    const raced = await Promise.allSettled([store.append(id, move(2)), store.append(id, move(2))]);
    expect(raced.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await store.moveCount(id)).toBe(3);
    expect(await store.moveCounts([id, 'table:nobody'])).toEqual(new Map([[id, 3]]));
  });

  it('gives the moves from an index on, in order, each with its time, cause and process', async () => {
    const id = await newTable();
    const before = Date.now();
    for (const [index, cause] of [
      [0, 'request'],
      [1, 'clock'],
      [2, 'bot'],
      [3, 'request'],
    ] as const)
      await store.append(id, move(index, { cause }));
    const moves = await store.movesFrom(id, 1);
    expect(moves.map((m) => [m.index, m.move, m.cause, m.process])).toEqual([
      [1, move(1).move, 'clock', 'contract'],
      [2, move(2).move, 'bot', 'contract'],
      [3, move(3).move, 'request', 'contract'],
    ]);
    for (const [i, m] of moves.entries()) {
      expect(Math.abs(m.at - before)).toBeLessThan(5_000);
      if (i > 0) expect(m.at).toBeGreaterThanOrEqual(moves[i - 1]!.at);
    }
    expect(await store.movesFrom(id, 4)).toEqual([]);
    expect(await store.movesFrom('table:nobody', 0)).toEqual([]);
  });

  it('answers an idempotency key with the answer first given, for its table only, and refuses the key again', async () => {
    const id = await newTable();
    const other = await newTable();
    await store.append(id, move(0, { key: 'seat:a:k1', answer: { index: 0, ply: { first: true } } }));
    expect(await store.answerFor(id, 'seat:a:k1')).toEqual({ index: 0, ply: { first: true } });
    expect(await store.answerFor(other, 'seat:a:k1')).toBeNull();
    expect(await store.answerFor(id, 'seat:a:k2')).toBeNull();
    // The same key with another move: refused, and the first answer stays.
    await expect(store.append(id, move(1, { key: 'seat:a:k1', answer: 'second' }))).rejects.toBeInstanceOf(Conflict);
    expect(await store.moveCount(id)).toBe(1);
    expect(await store.answerFor(id, 'seat:a:k1')).toEqual({ index: 0, ply: { first: true } });
    // Another table may use it.
    await store.append(other, move(0, { key: 'seat:a:k1', answer: 'other' }));
    expect(await store.answerFor(other, 'seat:a:k1')).toBe('other');
  });

  it('keeps snapshots and gives the newest at or before a count, as a copy', async () => {
    const id = await newTable();
    for (let i = 0; i < 5; i++)
      await store.append(id, move(i, { snapshot: i === 1 || i === 3 ? { at: i + 1, value: [i] } : null }));
    expect(await store.snapshot(id, 1)).toBeNull();
    expect(await store.snapshot(id, 3)).toEqual({ moves: 2, snapshot: { at: 2, value: [1] }, intact: true });
    const newest = await store.snapshot(id, 2_147_483_647);
    expect(newest).toEqual({ moves: 4, snapshot: { at: 4, value: [3] }, intact: true });
    (newest as { snapshot: { value: number[] } }).snapshot.value.push(99);
    expect(await store.snapshot(id, 4)).toEqual({ moves: 4, snapshot: { at: 4, value: [3] }, intact: true });
    expect(await store.snapshot('table:nobody', 10)).toBeNull();
  });

  it('keeps each snapshot with its digest: one changed after it was written reads as not intact', async () => {
    const id = await newTable();
    for (let i = 0; i < 4; i++)
      await store.append(id, move(i, { snapshot: i === 1 || i === 3 ? { at: i + 1, value: [i] } : null }));
    await tamperSnapshot(store, id, 4, (snapshot) => ({ ...(snapshot as object), value: [42] }));
    expect(await store.snapshot(id, 4)).toEqual({ moves: 4, snapshot: { at: 4, value: [42] }, intact: false });
    // The others are as they were written.
    expect(await store.snapshot(id, 3)).toEqual({ moves: 2, snapshot: { at: 2, value: [1] }, intact: true });
  });

  // A database's own upgrade: the memory store has no older rows to read.
  if (kind !== 'memory')
    it('reads the snapshots kept as jsonb before migration 6 as before: sealed with their digest, or from before digests', async () => {
      const { sql } = store as Store;
      const id = await newTable();
      for (let i = 0; i < 3; i++) await store.append(id, move(i));
      // As a plystack before migration 6 wrote them: { sealed, digest } (the digest of jsonb's text), or the snapshot alone.
      const sealed = (value: string) =>
        `jsonb_build_object('sealed', ${value}, 'digest', encode(sha256(convert_to((${value})::text, 'UTF8')), 'hex'))`;
      await sql.query(
        `INSERT INTO plystack_snapshots (table_id, moves, snapshot) VALUES ($1, 1, $2::jsonb), ($1, 2, ${sealed('$3::jsonb')})`,
        [id, JSON.stringify({ at: 1, value: [0] }), JSON.stringify({ at: 2, value: [1, 'é'] })],
      );
      expect(await store.snapshot(id, 1)).toEqual({ moves: 1, snapshot: { at: 1, value: [0] }, intact: null });
      expect(await store.snapshot(id, 2)).toEqual({ moves: 2, snapshot: { at: 2, value: [1, 'é'] }, intact: true });
      await sql.query(
        `UPDATE plystack_snapshots SET snapshot = jsonb_set(snapshot, '{sealed,at}', '3') WHERE table_id = $1 AND moves = 2`,
        [id],
      );
      expect(await store.snapshot(id, 2)).toEqual({ moves: 2, snapshot: { at: 3, value: [1, 'é'] }, intact: false });
      // A snapshot written as a body without its digest, or whose body is not gzipped JSON, was changed since.
      await store.append(id, move(3, { snapshot: { at: 4 } }));
      await sql.query('UPDATE plystack_snapshots SET digest = NULL WHERE table_id = $1 AND moves = 4', [id]);
      expect(await store.snapshot(id, 4)).toEqual({ moves: 4, snapshot: { at: 4 }, intact: false });
      await sql.query(
        `UPDATE plystack_snapshots SET body = convert_to('{"at":4}', 'UTF8') WHERE table_id = $1 AND moves = 4`,
        [id],
      );
      expect(await store.snapshot(id, 4)).toEqual({ moves: 4, snapshot: null, intact: false });
      await sql.query(`UPDATE plystack_snapshots SET body = decode($2, 'base64') WHERE table_id = $1 AND moves = 4`, [
        id,
        gzipSync('{"at":').toString('base64'),
      ]);
      expect(await store.snapshot(id, 4)).toEqual({ moves: 4, snapshot: null, intact: false });
    });

  /** A mundane table of `seed` in this store, played live for `passes` seatless passes, a snapshot every `snapshotEvery`. */
  async function playedLive(name: string, seed: number, passes: number, snapshotEvery: number) {
    const game = builtInGames.mundane!;
    const id = `table:${kind}-${name}-${++made}`;
    await store.createTable(
      { ...opening(), id, version: game.version, seats: ['seat:ann', 'seat:bob'], seed, options: {} },
      null,
    );
    const live = new LiveTables(store, { games: builtInGames, snapshotEvery });
    const entry = (await live.get(id))!;
    for (let i = 0; i < passes; i++) expect((await live.play(entry, { type: 'engine.pass' })).status).toBe(200);
    return { id, entry };
  }

  it('reopens a table from its snapshot as it was live; a snapshot changed since is told and the table rebuilt from its moves', async () => {
    const { id, entry } = await playedLive('reopen', 3, 70, 64);
    expect((await store.snapshot(id, 2_147_483_647))?.moves).toBe(64);
    /** The table as a process that never had it live opens it from the store. */
    const reopened = async () => {
      const entry = (await new LiveTables(store, { games: builtInGames }).get(id))!;
      entry.table.stop();
      return { moves: entry.moves, state: entry.table.state, log: entry.table.log };
    };
    const asLive = { moves: 70, state: entry.table.state, log: entry.table.log };
    expect(await reopened()).toEqual(asLive);

    // The snapshot says turn 99: its digest tells, the server says so, and the moves rebuild the table as it was.
    await tamperSnapshot(store, id, 64, (snapshot) => {
      const changed = structuredClone(snapshot) as { context: { turn: { number: number } } };
      changed.context.turn.number = 99;
      return changed;
    });
    const { said, result } = await stderrOf(reopened);
    expect(result).toEqual(asLive);
    expect(said).toContain(
      `table ${id}: its snapshot at 64 moves does not match the digest stored with it (changed since it was written); rebuilding the table from its moves`,
    );
    entry.table.stop();
  });

  it('tells the first move that is not as it was written: changed, moved to another index, or removed', async () => {
    const id = await newTable();
    for (let i = 0; i < 6; i++) await store.append(id, move(i));
    expect(await store.changedMove(id)).toBeNull();
    expect(await store.changedMove('table:nobody')).toBeNull();
    await tamperMove(store, id, 4, (m) => ({ ...m, payload: { n: 40 } }));
    expect(await store.changedMove(id)).toBe(4);
    // Move 3's row carried to index 2: a legal-looking log, but not the one written.
    await tamperMove(store, id, 2, (m) => ({ ...m, payload: { n: 3 } }));
    expect(await store.changedMove(id)).toBe(2);
    await tamperMove(store, id, 1, null);
    expect(await store.changedMove(id)).toBe(1);
    // Another table's moves are as written.
    const other = await newTable();
    for (let i = 0; i < 3; i++) await store.append(other, move(i));
    expect(await store.changedMove(other)).toBeNull();
  });

  // A database's own upgrade: the memory store has no older rows to read.
  if (kind !== 'memory')
    it('checks a table stored before migration 7 from its first move written since: the older ones are taken as they are', async () => {
      const { sql } = store as Store;
      const id = await newTable();
      for (let i = 0; i < 3; i++) await store.append(id, move(i));
      // As a plystack before migration 7 left them: no digests, and none to start from.
      await sql.query('UPDATE plystack_tables SET digests_from = NULL WHERE id = $1', [id]);
      await sql.query('UPDATE plystack_moves SET digest = NULL WHERE table_id = $1', [id]);
      await tamperMove(store, id, 1, (m) => ({ ...m, payload: { n: 10 } }));
      expect(await store.changedMove(id)).toBeNull();
      await store.append(id, move(3));
      await store.append(id, move(4));
      expect(await store.changedMove(id)).toBeNull();
      await tamperMove(store, id, 4, (m) => ({ ...m, payload: { n: 40 } }));
      expect(await store.changedMove(id)).toBe(4);
      // A move from then on whose digest is gone is not as it was written either.
      await sql.query('UPDATE plystack_moves SET digest = NULL WHERE table_id = $1 AND move_index = 3', [id]);
      expect(await store.changedMove(id)).toBe(3);
    });

  it('refuses to reopen a table a move of which was changed before its snapshot, and says so in its log', async () => {
    const { id, entry } = await playedLive('tampered', 5, 20, 8);
    entry.table.stop();
    expect((await store.snapshot(id, 2_147_483_647))?.moves).toBe(16);
    // Move 3, long before the snapshot, becomes another: the snapshot (intact) would restore the table without it.
    await tamperMove(store, id, 3, (m) => ({ ...m, type: 'engine.concede' }));
    const tables = new LiveTables(store, { games: builtInGames });
    const { said, result } = await stderrOf(() => tables.get(id));
    expect(result).toBeInstanceOf(TableTampered);
    const message = `table ${id}: its stored move 3 is not as the server wrote it (changed or removed in the store since); the table is not served`;
    expect((result as Error).message).toContain(message);
    expect(said).toContain(message);
    expect(knownAnswer(result)).toMatchObject({ status: 409, body: { code: 'TAMPERED' } });
    // Refused from memory from then on, told once; its deadlines and bots are left alone.
    expect(tables.isUnservable(id)).toBe(true);
    const again = await stderrOf(() => tables.get(id));
    expect(again.result).toBe(result);
    expect(again.said).toBe('');
  });

  it('runs a turn clock: due once its deadline passes, kept in its window, restarted in a new one, stopped', async () => {
    const id = await newTable({ key: 'turn-1', ms: 500 });
    const created = await store.clock(id);
    expect(created?.deadline).not.toBeNull();
    expect(await store.dueTables(100)).not.toContain(id);
    expect(await store.claimDeadline(id)).toBeNull();
    // The same window: the deadline stays where it was.
    const same = await store.append(id, move(0, { window: { key: 'turn-1', ms: 60_000 } }));
    expect(same.deadline).toBe(created?.deadline);
    // Checked well before its deadline (a loaded machine took over 150 ms), then waited for past it.
    await sleep(Math.max(0, created!.deadline! - Date.now()) + 100);
    expect(await store.dueTables(100)).toContain(id);
    expect(await store.dueTables(100, [id])).not.toContain(id);
    // A new window starts a new deadline from the move.
    const next = await store.append(id, move(1, { window: { key: 'turn-2', ms: 60_000 } }));
    expect((next.deadline as number) - Date.now()).toBeGreaterThan(50_000);
    expect((await store.table(id))?.deadline).toBe(next.deadline);
    expect(await store.dueTables(100)).not.toContain(id);
    // No window: no clock.
    expect((await store.append(id, move(2, { window: null }))).deadline).toBeNull();
    expect((await store.clock(id))?.deadline).toBeNull();
    expect(await store.clock('table:nobody')).toBeNull();
  });

  it('lets one claim a run-out clock until it is released, a move is committed, or the clock is stopped', async () => {
    const id = await newTable({ key: 'turn-1', ms: 1 });
    await sleep(50);
    expect(await store.claimDeadline(id)).toBe(0);
    expect(await store.claimDeadline(id)).toBeNull();
    expect(await store.dueTables(100)).not.toContain(id);
    await store.releaseDeadline(id);
    expect(await store.dueTables(100)).toContain(id);
    expect(await store.claimDeadline(id)).toBe(0);
    // A committed move clears the claim; the window is the same, so the deadline is still past.
    await store.append(id, move(0, { window: { key: 'turn-1', ms: 1 } }));
    expect(await store.claimDeadline(id)).toBe(1);
    // Stopping at another count than the table's does nothing; at its count, the clock stops.
    await store.stopClock(id, 0);
    expect((await store.clock(id))?.deadline).not.toBeNull();
    await store.stopClock(id, 1);
    expect((await store.clock(id))?.deadline).toBeNull();
    expect(await store.dueTables(100)).not.toContain(id);
    expect(await store.claimDeadline(id)).toBeNull();
  });

  it('never gives a table that is over as due, to its clock or its bots', async () => {
    const id = await newTable({ key: 'turn-1', ms: 1 }, null, true);
    await store.append(id, move(0, { status: 'over', window: { key: 'turn-1', ms: 1 }, botDue: true }));
    await sleep(50);
    expect((await store.table(id))?.status).toBe('over');
    expect(await store.dueTables(100)).not.toContain(id);
    expect(await store.dueBots(100)).not.toContain(id);
    expect(await store.claimDeadline(id)).toBeNull();
    expect(await store.claimBots(id)).toBeNull();
  });

  it('runs a chess clock: charges the seats that were to act, credits the mover, and runs out with the first running bank', async () => {
    const id = await newTable({ key: 'chess', ms: 60_000 }, { 'seat:a': 60_000, 'seat:b': 30_000 });
    const opened = await store.clock(id);
    expect(opened?.banks).toEqual({ 'seat:a': 60_000, 'seat:b': 30_000 });
    await sleep(120);
    const step = { charged: ['seat:a'], running: ['seat:b'], mover: 'seat:a', increment: 2_000 };
    const { deadline } = await store.append(id, move(0, { window: null, seats: step }));
    const after = await store.clock(id);
    const spent = (after?.since as number) - (opened?.since as number);
    expect(spent).toBeGreaterThanOrEqual(100);
    expect(after?.banks).toEqual({ 'seat:a': 60_000 - spent + 2_000, 'seat:b': 30_000 });
    expect(deadline).toBe((after?.since as number) + 30_000);
    expect(after?.deadline).toBe(deadline);
    // A bank that is empty runs out FLAGGED_MS after the move; with nobody running, no deadline.
    const flagged = await newTable({ key: 'chess', ms: 1 }, { 'seat:a': 10, 'seat:b': 10 });
    await sleep(50);
    const ran = await store.append(
      flagged,
      move(0, { window: null, seats: { ...step, increment: 0, running: ['seat:a'] } }),
    );
    expect((await store.clock(flagged))?.banks).toEqual({ 'seat:a': 0, 'seat:b': 10 });
    expect((ran.deadline as number) - (await store.clock(flagged))!.since).toBe(FLAGGED_MS);
    const none = await store.append(flagged, move(1, { window: null, seats: { ...step, charged: [], running: [] } }));
    expect(none.deadline).toBeNull();
  });

  it('gives a table due to its bots until a move leaves none due or they are stopped at its count', async () => {
    const id = await newTable(null, null, true);
    const idle = await newTable();
    expect(await store.dueBots(100)).toContain(id);
    expect(await store.dueBots(100)).not.toContain(idle);
    expect(await store.claimBots(idle)).toBeNull();
    await store.append(id, move(0, { botDue: false }));
    expect(await store.dueBots(100)).not.toContain(id);
    expect(await store.claimBots(id)).toBeNull();
    await store.append(id, move(1, { botDue: true }));
    expect(await store.dueBots(100, [id])).not.toContain(id);
    expect(await store.dueBots(100)).toContain(id);
    await store.stopBots(id, 1);
    expect(await store.dueBots(100)).toContain(id);
    await store.stopBots(id, 2);
    expect(await store.dueBots(100)).not.toContain(id);
    expect(await store.claimBots(id)).toBeNull();
  });

  it('gives the longest due bots and clocks first, no more than asked', async () => {
    const ids = [await newTable(null, null, true), await newTable(null, null, true), await newTable(null, null, true)];
    await sleep(5);
    const due = await store.dueBots(100);
    expect(due.filter((id) => ids.includes(id))).toEqual(ids);
    expect(await store.dueBots(1, due.slice(0, due.indexOf(ids[1]!)))).toEqual([ids[1]]);
    const clocks = [await newTable({ key: 'w', ms: 30 }), await newTable({ key: 'w', ms: 1 })];
    await sleep(80);
    const runOut = (await store.dueTables(100)).filter((id) => clocks.includes(id));
    // The clock that ran out first comes first: the second's, unless the first took 29 ms or more to create (a loaded
    // machine), so the order is the deadlines' as stored.
    const deadlines = new Map<string, number>();
    for (const id of clocks) deadlines.set(id, (await store.clock(id))!.deadline!);
    expect(deadlines.get(clocks[0]!)).not.toBe(deadlines.get(clocks[1]!));
    expect(runOut).toEqual([...clocks].sort((x, y) => deadlines.get(x)! - deadlines.get(y)!));
  });

  it('lets one claim a bot move until it is released or a move is committed', async () => {
    const id = await newTable(null, null, true);
    expect(await store.claimBots(id)).toBe(0);
    expect(await store.claimBots(id)).toBeNull();
    expect(await store.dueBots(100)).not.toContain(id);
    await store.releaseBots(id);
    expect(await store.claimBots(id)).toBe(0);
    await store.append(id, move(0, { botDue: true }));
    expect(await store.dueBots(100)).toContain(id);
    expect(await store.claimBots(id)).toBe(1);
  });

  it('lets a claim on a bot move or a run-out clock lapse after the claim lapse, and not before', async () => {
    const id = await newTable({ key: 'turn-1', ms: 1 }, null, true);
    await sleep(20);
    expect(store.claimLapseMs).toBe(LAPSE_MS);
    expect(await store.claimBots(id)).toBe(0);
    expect(await store.claimDeadline(id)).toBe(0);
    await sleep(LAPSE_MS / 2);
    expect(await store.claimBots(id)).toBeNull();
    expect(await store.claimDeadline(id)).toBeNull();
    expect(await store.dueBots(100)).not.toContain(id);
    expect(await store.dueTables(100)).not.toContain(id);
    await sleep(LAPSE_MS / 2 + 150);
    expect(await store.dueBots(100)).toContain(id);
    expect(await store.dueTables(100)).toContain(id);
    expect(await store.claimBots(id)).toBe(0);
    expect(await store.claimDeadline(id)).toBe(0);
  });

  it("replaces the app token or a seat's that has one, and nothing else; refuses a seat without one and no table", async () => {
    const id = await newTable();
    const before = (await store.table(id))!;
    expect(await store.replaceToken(id, 'seat:a', 'a-hash-2')).toBe('replaced');
    expect(await store.table(id)).toEqual({ ...before, seatTokens: { 'seat:a': 'a-hash-2', 'seat:b': 'b-hash' } });
    expect(await store.replaceToken(id, null, 'app-hash-2')).toBe('replaced');
    const after = { ...before, appToken: 'app-hash-2', seatTokens: { 'seat:a': 'a-hash-2', 'seat:b': 'b-hash' } };
    expect(await store.table(id)).toEqual(after);
    // A seat without a token (not a seat, a bot's, free in the lobby) gets none; no table, nothing: nothing changes.
    expect(await store.replaceToken(id, 'seat:c', 'c-hash')).toBe('no-seat');
    expect(await store.replaceToken('table:nobody', 'seat:a', 'x-hash')).toBe('no-table');
    expect(await store.replaceToken('table:nobody', null, 'x-hash')).toBe('no-table');
    expect(await store.table(id)).toEqual(after);
    expect(await store.table('table:nobody')).toBeNull();
    // A lobby table's seat taken gets a new token; once left, it has none to replace.
    const lobby = opening({ seatTokens: {}, lobby: true });
    await store.createTable(lobby, null);
    const start = { needed: ['seat:a', 'seat:b'], window: null, botDue: false };
    expect(await store.takeSeat(lobby.id, 'seat:a', 'a-1', null, start)).toBe('seated');
    expect(await store.replaceToken(lobby.id, 'seat:a', 'a-2')).toBe('replaced');
    expect(await store.replaceToken(lobby.id, 'seat:b', 'b-1')).toBe('no-seat');
    expect(await store.leaveSeat(lobby.id, 'seat:a', 'a-1')).toBe('not-holder');
    expect(await store.leaveSeat(lobby.id, 'seat:a', 'a-2')).toBe('left');
    expect(await store.replaceToken(lobby.id, 'seat:a', 'a-3')).toBe('no-seat');
    expect((await store.table(lobby.id))!.seatTokens).toEqual({});
  });

  it('keeps a lobby table waiting, listed and without moves, clock or bots, until its last free seat is taken', async () => {
    const table = opening({
      seats: ['seat:a', 'seat:b', 'seat:c'],
      seatTokens: {},
      lobby: true,
      spectators: true,
      clock: { per: 'turn', ms: 60_000 },
      bots: { 'seat:c': { kind: 'random' } },
    });
    const id = table.id;
    // Created with a clock window and a bot to act: both wait for the start.
    const created = await store.createTable(table, { key: 'turn-1', ms: 60_000 }, null, true);
    expect(await store.table(id)).toEqual({
      ...table,
      rulesRevision: null,
      names: {},
      moves: 0,
      status: 'waiting',
      deadline: null,
      created,
      started: created,
    });
    expect(await store.dueBots(100)).not.toContain(id);
    expect(await store.claimBots(id)).toBeNull();
    // No move is taken while it waits.
    await expect(store.append(id, move(0))).rejects.toBeInstanceOf(Conflict);
    expect(await store.moveCount(id)).toBe(0);
    expect((await store.waitingTables(100)).map((t) => t.id)).toContain(id);
    expect((await store.waitingTables(100, 'mundane')).map((t) => t.id)).toContain(id);
    expect((await store.waitingTables(100, 'sandbox')).map((t) => t.id)).not.toContain(id);

    const start = { needed: ['seat:a', 'seat:b'], window: { key: 'turn-1', ms: 60_000 }, botDue: true };
    expect(await store.takeSeat(id, 'seat:a', 'a-1', 'Ann', start)).toBe('seated');
    // A seat is taken once: the second player gets nothing, and the first keeps it.
    expect(await store.takeSeat(id, 'seat:a', 'a-2', 'Eve', start)).toBe('taken');
    expect(await store.table(id)).toMatchObject({
      seatTokens: { 'seat:a': 'a-1' },
      names: { 'seat:a': 'Ann' },
      status: 'waiting',
    });
    // Only the token that holds a seat frees it.
    expect(await store.leaveSeat(id, 'seat:a', 'a-2')).toBe('not-holder');
    expect(await store.leaveSeat(id, 'seat:b', 'a-1')).toBe('not-holder');
    expect(await store.leaveSeat(id, 'seat:a', 'a-1')).toBe('left');
    expect(await store.table(id)).toMatchObject({ seatTokens: {}, names: {}, status: 'waiting' });
    // Two players taking the same seat at once: one gets it.
    const raced = await Promise.all([
      store.takeSeat(id, 'seat:a', 'a-3', null, start),
      store.takeSeat(id, 'seat:a', 'a-4', null, start),
    ]);
    expect(raced.sort()).toEqual(['seated', 'taken']);
    const holder = (await store.table(id))?.seatTokens['seat:a'];
    expect(['a-3', 'a-4']).toContain(holder);
    expect((await store.table(id))?.names).toEqual({});

    // The last free seat starts the table in the same write: its clock and its bots run from then.
    await sleep(20);
    expect(await store.takeSeat(id, 'seat:b', 'b-1', 'Bob', start)).toBe('started');
    const playing = await store.table(id);
    expect(playing).toMatchObject({
      status: 'playing',
      seatTokens: { 'seat:a': holder, 'seat:b': 'b-1' },
      names: { 'seat:b': 'Bob' },
      created,
    });
    expect(playing!.started).toBeGreaterThanOrEqual((created as number) + 10);
    expect(playing!.deadline! - playing!.started).toBeGreaterThanOrEqual(60_000);
    expect(playing!.deadline! - playing!.started).toBeLessThan(60_002);
    expect((await store.clock(id))?.since).toBe(playing!.started);
    expect(await store.dueBots(100)).toContain(id);
    expect((await store.waitingTables(100)).map((t) => t.id)).not.toContain(id);
    await store.append(id, move(0));
    // Started: its seats are settled, and it is not closed.
    expect(await store.takeSeat(id, 'seat:a', 'a-5', null, start)).toBe('not-waiting');
    expect(await store.leaveSeat(id, 'seat:b', 'b-1')).toBe('not-waiting');
    expect(await store.closeTable(id)).toBe(false);
    expect(await store.takeSeat('table:nobody', 'seat:a', 'x', null, start)).toBe('no-table');
    expect(await store.leaveSeat('table:nobody', 'seat:a', 'x')).toBe('no-table');
  });

  it("starts a lobby table's chess clock when it starts, and closes a table only while it waits", async () => {
    const table = opening({ seatTokens: {}, lobby: true, clock: { per: 'seat', bank: 60_000, increment: 0 } });
    const banks = { 'seat:a': 60_000, 'seat:b': 60_000 };
    const created = await store.createTable(table, { key: 'seat', ms: 60_000 }, banks);
    expect((await store.clock(table.id))?.deadline).toBeNull();
    await sleep(30);
    const start = { needed: ['seat:a', 'seat:b'], window: { key: 'seat', ms: 60_000 }, botDue: false };
    await store.takeSeat(table.id, 'seat:a', 'a-1', null, start);
    expect(await store.takeSeat(table.id, 'seat:b', 'b-1', null, start)).toBe('started');
    // The banks are charged from the start, not from the creation.
    const clock = await store.clock(table.id);
    expect(clock?.banks).toEqual(banks);
    expect(clock!.since).toBeGreaterThanOrEqual((created as number) + 20);
    expect(clock!.deadline! - clock!.since).toBeGreaterThanOrEqual(60_000);
    expect(await store.dueBots(100)).not.toContain(table.id);

    const closing = opening({ seatTokens: {}, lobby: true });
    await store.createTable(closing, null);
    await store.takeSeat(closing.id, 'seat:a', 'a-1', 'Ann', { ...start, window: null });
    expect(await store.closeTable(closing.id)).toBe(true);
    expect(await store.table(closing.id)).toBeNull();
    expect((await store.waitingTables(100)).map((t) => t.id)).not.toContain(closing.id);
    expect(await store.closeTable(closing.id)).toBe(false);
    // A table not opened in the lobby never waits: it is not closed.
    const id = await newTable();
    expect(await store.closeTable(id)).toBe(false);
    expect(await store.table(id)).not.toBeNull();
  });
});
