#!/usr/bin/env node
/**
 * npm test's pretest: makes sure Debian's Chromium is there for the browser
 * tests (test/browser). As root with apt-get it installs it; otherwise it says
 * the command to run, and the browser tests fail with the same words (they are
 * never skipped).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.PLYSTACK_CHROMIUM ?? '/usr/bin/chromium';
const command = 'sudo apt-get update && sudo apt-get install -y chromium';

if (existsSync(chromium)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (process.env.PLYSTACK_CHROMIUM === undefined && isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('pretest: Chromium is missing; installing it with apt-get for the browser tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  if (run(['update']) && run(['install', '-y', 'chromium']) && existsSync(chromium)) process.exit(0);
  console.error('pretest: apt-get could not install Chromium.');
}
console.error(`pretest: Chromium is not at ${chromium}; the browser tests will fail until you run:\n  ${command}\n(or set PLYSTACK_CHROMIUM to a Chromium or Chrome binary)`);
