/**
 * The server project's global setup: one throwaway PostgreSQL 15 cluster for
 * the whole run, shared by the files that do not stop or restart it
 * (`sharedPostgres` in ./postgres.ts), instead of an initdb per file.
 */
import type { TestProject } from 'vitest/node';
import { type PgCluster, startPostgres } from './postgres.js';

let cluster: PgCluster | undefined;

export async function setup(project: TestProject): Promise<void> {
  try {
    cluster = await startPostgres();
  } catch {
    // No PostgreSQL here: each test that needs it starts its own and fails with the reason and the command to run.
    return;
  }
  project.provide('postgresPort', cluster.port);
}

export function teardown(): void {
  cluster?.destroy();
}
