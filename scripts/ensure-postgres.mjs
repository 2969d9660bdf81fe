#!/usr/bin/env node
/**
 * npm test's pretest: makes sure Debian's PostgreSQL 15 server is there for the
 * table server's tests (test/server), which start a throwaway cluster of their
 * own with initdb and pg_ctl. As root with apt-get it installs the `postgresql`
 * package and prints a line per step; otherwise it says the command to run,
 * and the server tests fail with the same words (they are never skipped).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { aptInstall, canInstall } from './apt.mjs';

const bin = process.env.PLYSTACK_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const command = 'sudo apt-get update && sudo apt-get install -y postgresql';
const ready = () => existsSync(`${bin}/initdb`) && existsSync(`${bin}/pg_ctl`) && existsSync(`${bin}/postgres`);

if (ready()) process.exit(0);

if (process.env.PLYSTACK_PG_BIN === undefined && canInstall()) {
  console.log("pretest: PostgreSQL 15 is missing; installing Debian's postgresql package for the server tests");
  if (aptInstall(['postgresql']) && ready()) {
    const version = spawnSync(`${bin}/postgres`, ['--version'], { encoding: 'utf8' }).stdout.trim();
    console.log(`pretest: ${version} installed`);
    process.exit(0);
  }
  console.error('pretest: apt-get could not install PostgreSQL.');
}
console.error(
  `pretest: PostgreSQL 15 is not in ${bin}; the server tests will fail until you run:\n  ${command}\n(or set PLYSTACK_PG_BIN to a folder with initdb, pg_ctl and postgres)`,
);
