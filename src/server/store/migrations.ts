/**
 * The store's schema, as numbered migrations. Each runs once, in order, in one
 * transaction that also records its number; an advisory lock keeps two server
 * processes starting together on one PostgreSQL from running the same one twice.
 * A migration is never edited once released: a change is a new migration.
 */
import type { Sql } from './sql.js';

/** The migrations, in order: `version` counts from 1. */
export const MIGRATIONS: readonly { readonly version: number; readonly description: string; readonly sql: string }[] = [
  {
    version: 1,
    description: 'tables, moves keyed by (table, index), snapshots',
    sql: `
      CREATE TABLE plystack_tables (
        id text PRIMARY KEY,
        game text NOT NULL,
        version text NOT NULL,
        seats jsonb NOT NULL,
        seed jsonb NOT NULL,
        options jsonb NOT NULL,
        app_token text NOT NULL,
        seat_tokens jsonb NOT NULL,
        clock jsonb,
        moves integer NOT NULL DEFAULT 0,
        status text NOT NULL DEFAULT 'playing',
        deadline timestamptz,
        deadline_window text,
        deadline_claim text,
        deadline_claimed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX plystack_tables_deadline ON plystack_tables (deadline) WHERE deadline IS NOT NULL;
      CREATE TABLE plystack_moves (
        table_id text NOT NULL REFERENCES plystack_tables (id) ON DELETE CASCADE,
        move_index integer NOT NULL,
        move jsonb NOT NULL,
        key text,
        answer jsonb NOT NULL,
        cause text NOT NULL DEFAULT 'request',
        process text NOT NULL,
        at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (table_id, move_index)
      );
      CREATE UNIQUE INDEX plystack_moves_key ON plystack_moves (table_id, key) WHERE key IS NOT NULL;
      CREATE TABLE plystack_snapshots (
        table_id text NOT NULL REFERENCES plystack_tables (id) ON DELETE CASCADE,
        moves integer NOT NULL,
        snapshot jsonb NOT NULL,
        PRIMARY KEY (table_id, moves)
      );
    `,
  },
  {
    version: 2,
    description: "chess clocks: each seat's bank, and since when the banks run",
    sql: `
      ALTER TABLE plystack_tables ADD COLUMN banks jsonb;
      ALTER TABLE plystack_tables ADD COLUMN clock_since timestamptz
    `,
  },
  {
    version: 3,
    description: 'the turn rules revision each table was opened with (null for tables stored before)',
    sql: 'ALTER TABLE plystack_tables ADD COLUMN rules_revision integer',
  },
  {
    version: 4,
    description: 'bot seats, and since when a bot must act (claimed by one process at a time)',
    sql: `
      ALTER TABLE plystack_tables ADD COLUMN bots jsonb;
      ALTER TABLE plystack_tables ADD COLUMN bot_due timestamptz;
      ALTER TABLE plystack_tables ADD COLUMN bot_claim text;
      ALTER TABLE plystack_tables ADD COLUMN bot_claimed_at timestamptz;
      CREATE INDEX plystack_tables_bot_due ON plystack_tables (bot_due) WHERE bot_due IS NOT NULL
    `,
  },
  {
    version: 5,
    description:
      'spectators, and the lobby: tables waiting for players, the names of those seated, when a table started',
    sql: `
      ALTER TABLE plystack_tables ADD COLUMN spectators boolean NOT NULL DEFAULT false;
      ALTER TABLE plystack_tables ADD COLUMN lobby boolean NOT NULL DEFAULT false;
      ALTER TABLE plystack_tables ADD COLUMN seat_names jsonb NOT NULL DEFAULT '{}'::jsonb;
      ALTER TABLE plystack_tables ADD COLUMN started_at timestamptz;
      CREATE INDEX plystack_tables_waiting ON plystack_tables (created_at) WHERE status = 'waiting'
    `,
  },
  {
    version: 6,
    description:
      "snapshots kept as the server's JSON text gzipped by the server (body, not compressed again by the database) with the SHA-256 it took of the text (digest); those kept before stay in snapshot (jsonb)",
    sql: `
      ALTER TABLE plystack_snapshots ALTER COLUMN snapshot DROP NOT NULL;
      ALTER TABLE plystack_snapshots ADD COLUMN body bytea;
      ALTER TABLE plystack_snapshots ALTER COLUMN body SET STORAGE EXTERNAL;
      ALTER TABLE plystack_snapshots ADD COLUMN digest text
    `,
  },
  {
    version: 7,
    description:
      "each move kept with a digest of its row (jsonb's own 64-bit hash of the move, seeded with its index), and the index each table's digests start at (its first move written since)",
    sql: `
      ALTER TABLE plystack_moves ADD COLUMN digest bigint;
      ALTER TABLE plystack_tables ADD COLUMN digests_from integer
    `,
  },
];

/** A number only this schema's lock uses (pg_advisory_xact_lock). */
const MIGRATION_LOCK = 7_105_314;

/**
 * Brings the schema up to the newest migration; returns the versions it applied.
 *
 * @example
 * await migrate(sql) // [1] on a new database, [] afterwards
 */
export async function migrate(sql: Sql): Promise<number[]> {
  // Under the lock too: two processes creating the table at once collide in PostgreSQL's catalog even with IF NOT EXISTS.
  await sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS plystack_schema (version integer PRIMARY KEY, description text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });
  const applied: number[] = [];
  for (const migration of MIGRATIONS) {
    const done = await sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const { rows } = await tx.query('SELECT 1 FROM plystack_schema WHERE version = $1', [migration.version]);
      if (rows.length > 0) return false;
      for (const statement of migration.sql
        .split(';')
        .map((s) => s.trim())
        .filter((s) => s.length > 0))
        await tx.query(statement);
      await tx.query('INSERT INTO plystack_schema (version, description) VALUES ($1, $2)', [
        migration.version,
        migration.description,
      ]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
