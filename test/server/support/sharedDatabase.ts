/**
 * A database of the server project's shared PostgreSQL cluster for the tests of one `describe` (or file): created
 * before them, the cluster left to its global teardown after them.
 */
import { afterAll, beforeAll } from 'vitest';
import { type PgCluster, sharedPostgres } from './postgres.js';

/**
 * Makes the database `name` before the tests of the suite it is called in; returns its URL, to be read in them.
 *
 * @example
 * const database = sharedDatabase('bots'); it('…', async () => startServer({ port: 0, database: database() }))
 */
export function sharedDatabase(name: string): () => string {
  let cluster: PgCluster | undefined;
  let url: string | undefined;
  beforeAll(async () => {
    cluster = await sharedPostgres();
    url = await cluster.database(name);
  }, 120_000);
  afterAll(() => cluster?.destroy());
  return () => {
    if (url === undefined)
      throw new Error(`the database ${name} is made before the suite's tests, not while it is defined`);
    return url;
  };
}
