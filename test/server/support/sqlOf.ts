/**
 * The database under a server's SQL store, for tests that read its rows: they run on PGlite or PostgreSQL,
 * never on the memory store.
 */
import type { PlystackServer } from '../../../src/server/server.js';
import type { Sql } from '../../../src/server/store/sql.js';
import { Store } from '../../../src/server/store/store.js';

/** The SQL under `server`'s store; throws when it has none (the memory store). */
export function sqlOf(server: PlystackServer): Sql {
  if (!(server.store instanceof Store)) throw new Error(`the server's store is ${server.store.kind}, not SQL`);
  return server.store.sql;
}
