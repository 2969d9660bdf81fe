/**
 * A server reopens a stored table from its snapshot without playing its moves again, once the store says each move
 * is as it was written: a move row changed in the database behind its back (here by SQL, before the snapshot the
 * table reopens from) makes it refuse the table, 409 TAMPERED for a reading and a move alike, and say so in its log.
 * A real database (PostgreSQL, the server project's shared cluster), real HTTP.
 */
import { describe, expect, it } from 'vitest';
import { connect } from '../../src/client/client.js';
import { builtInGames } from '../../src/games/registry.js';
import { startServer } from '../../src/server/server.js';
import { refusal } from './support/refusal.js';
import { sharedDatabase } from './support/sharedDatabase.js';
import { sqlOf } from './support/sqlOf.js';
import { stderrOf } from './support/stderr.js';

describe('a table whose stored moves were changed', () => {
  const database = sharedDatabase('tampered');
  const serve = (process: string) =>
    startServer({ port: 0, database: database(), games: builtInGames, snapshotEvery: 4, process });

  it('is refused 409 TAMPERED when reopened, and the server logs which move', async () => {
    const first = await serve('first');
    let table: string;
    let appToken: string;
    let anns: string;
    try {
      const created = await connect(first.url).create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'], seed: 2 });
      ({ table, appToken } = created);
      anns = created.tokens['seat:ann']!;
      const app = connect(first.url, appToken);
      for (let i = 0; i < 10; i++) await app.play(table, { type: 'engine.pass' });
      // Move 2, before the snapshot at 8 the table reopens from, becomes another.
      await sqlOf(first).query(
        `UPDATE plystack_moves SET move = jsonb_set(move, '{type}', '"engine.concede"') WHERE table_id = $1 AND move_index = 2`,
        [table],
      );
    } finally {
      await first.close();
    }

    let second: Awaited<ReturnType<typeof serve>> | undefined;
    const { said, result } = await stderrOf(async () => {
      second = await serve('second');
      const read = await refusal(connect(second.url, appToken).get(table));
      expect([read.status, read.code]).toEqual([409, 'TAMPERED']);
      expect(read.message).toContain(`table ${table}: its stored move 2 is not as the server wrote it`);
      const move = await refusal(connect(second.url, anns).play(table, { type: 'engine.pass' }));
      expect([move.status, move.code]).toEqual([409, 'TAMPERED']);
      expect(await second.store.moveCount(table)).toBe(10);
    }).finally(() => second?.close());
    if (result instanceof Error) throw result;
    // Told once in the server's log, which move and what to do.
    const told = said.split(`table ${table}: its stored move 2 is not as the server wrote it`);
    expect(told).toHaveLength(2);
    expect(told[1]).toContain('restore its moves as they were written (from a backup), then restart the server');
  }, 120_000);
});
