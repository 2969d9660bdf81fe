/**
 * A stored table is served only by a game whose turn rules are of the revision
 * the table was opened with: its moves were judged by those rules. A server
 * whose game changed its rules' revision answers 409 RULES_REVISION for that
 * table (with or without a snapshot to start from) and plays nothing, though it
 * still gives the table's log; the game of the table's own revision serves it
 * again. A real database (a PostgreSQL database of the server project's shared cluster: each server opens it in a
 * moment, where PGlite files took a second of WebAssembly a server), real HTTP.
 */
import { describe, expect, it, vi } from 'vitest';
import { connect } from '../../src/client/client.js';
import { defineGame } from '../../src/definition/defineGame.js';
import { startServer } from '../../src/server/server.js';
import { replay } from '../../src/table/replay.js';
import { refusal } from './support/refusal.js';
import { sharedDatabase } from './support/sharedDatabase.js';
import { until } from './support/streams.js';

/** Two seats flip a coin in turn; `revision` is what the game's turn rules declare. */
const coin = (revision: number) =>
  defineGame({
    id: 'coin',
    seats: { min: 2, max: 2 },
    structure: { phases: [{ name: 'main', turns: { strategy: 'PerRound', movesPerTurn: 1, revision } }] },
    setup: () => ({ flips: 0 }),
    moves: { flip: { play: ({ game }: { game: { flips: number } }) => ({ game: { flips: game.flips + 1 } }) } },
  } as never);

describe("a stored table and its game's rules revision", () => {
  const database = sharedDatabase('rules_revision');
  const serve = (revision: number, clockTickMs?: number) =>
    startServer({
      port: 0,
      database: database(),
      games: { coin: coin(revision) },
      snapshotEvery: 2,
      process: `rev${revision}`,
      ...(clockTickMs === undefined ? {} : { clockTickMs }),
    });
  const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('is refused 409 RULES_REVISION by a server whose game is of another revision, and served again by its own', async () => {
    const first = await serve(1);
    let table: string;
    let appToken: string;
    let anns: string;
    try {
      const created = await connect(first.url).create({ game: 'coin', seats: ['seat:ann', 'seat:bob'], seed: 3 });
      ({ table, appToken } = created);
      anns = created.tokens['seat:ann']!;
      const app = connect(first.url, appToken);
      for (const seat of ['seat:ann', 'seat:bob', 'seat:ann']) await app.play(table, { type: 'flip', seat });
      expect((await app.log(table)).rulesRevision).toBe(1);
    } finally {
      await first.close();
    }

    const revised = await serve(2);
    try {
      const app = connect(revised.url, appToken);
      const read = await refusal(app.get(table));
      expect([read.status, read.code]).toEqual([409, 'RULES_REVISION']);
      expect(read.message).toMatch(/opened with coin's turn rules revision 1; this server's coin plays revision 2/);
      const move = await refusal(connect(revised.url, anns).play(table, { type: 'flip', seat: 'seat:bob' }));
      expect([move.status, move.code]).toEqual([409, 'RULES_REVISION']);
      // Its log is still given (from the store, the table unopened), to replay with the game it was opened with.
      const log = await app.log(table);
      expect([log.rulesRevision, log.moves.length]).toEqual([1, 3]);
      const replayed = replay(log, { games: { coin: coin(1) } });
      expect(replayed.log.moves).toEqual(log.moves);
      replayed.stop();
      expect((await refusal(connect(revised.url, anns).log(table))).status).toBe(403);
      // A table opened on this server gets this server's revision.
      const fresh = await connect(revised.url).create({ game: 'coin', seats: ['seat:ann', 'seat:bob'] });
      expect((await connect(revised.url, fresh.appToken).log(fresh.table)).rulesRevision).toBe(2);
    } finally {
      await revised.close();
    }

    const again = await serve(1);
    try {
      const app = connect(again.url, appToken);
      await app.play(table, { type: 'flip', seat: 'seat:bob' });
      const log = await app.log(table);
      expect(log.moves).toHaveLength(4);
      const replayed = replay(log, { games: { coin: coin(1) } });
      expect((await app.get(table)).state).toEqual(JSON.parse(JSON.stringify(replayed.state)));
      replayed.stop();
    } finally {
      await again.close();
    }
  }, 120_000);

  it("leaves a table's run-out clock to a server that can serve it: one of another revision does not claim it", async () => {
    const first = await serve(1);
    let table: string;
    let appToken: string;
    try {
      const created = await connect(first.url).create({
        game: 'coin',
        seats: ['seat:ann', 'seat:bob'],
        seed: 4,
        clock: { per: 'turn', ms: 800 },
      });
      ({ table, appToken } = created);
    } finally {
      await first.close();
    }

    // The deadline runs out while only a server of revision 2 runs: it plays nothing, and ticks every 50 ms meanwhile.
    const revised = await serve(2, 50);
    try {
      const deadline = (await revised.store.clock(table))!.deadline!;
      await until(() => Date.now() > deadline, 'the deadline');
      // Three of its ticks come after the deadline, and leave the table alone.
      const ticks = vi.spyOn(revised.store, 'dueTables');
      try {
        await until(() => ticks.mock.calls.length >= 3, 'three ticks');
      } finally {
        ticks.mockRestore();
      }
      const read = await refusal(connect(revised.url, appToken).get(table));
      expect(read.code).toBe('RULES_REVISION');
      expect((await connect(revised.url, appToken).log(table)).timeouts).toEqual([]);
    } finally {
      await revised.close();
    }

    // A server of revision 1 fires the deadline at once: nobody holds a claim on it (a claim lapses only after 10 s).
    const again = await serve(1, 50);
    try {
      const app = connect(again.url, appToken);
      let log = await app.log(table);
      for (let i = 0; i < 40 && log.timeouts.length === 0; i++) {
        await settle(50);
        log = await app.log(table);
      }
      expect(log.moves.map((m) => [m.type, m.seat])).toEqual([['engine.end-turn', undefined]]);
      expect(log.timeouts).toHaveLength(1);
    } finally {
      await again.close();
    }
  }, 120_000);
});
