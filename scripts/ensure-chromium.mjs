#!/usr/bin/env node
/**
 * npm test's pretest: makes sure Debian's Chromium is there for the browser
 * tests (test/browser, test/package). As root with apt-get it installs it and
 * prints a line per step; otherwise it says the command to run, and the browser
 * tests fail with the same words (they are never skipped).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { aptInstall, canInstall } from './apt.mjs';

const chromium = process.env.PLYSTACK_CHROMIUM ?? '/usr/bin/chromium';
const command = 'sudo apt-get update && sudo apt-get install -y chromium';

if (existsSync(chromium)) process.exit(0);

if (process.env.PLYSTACK_CHROMIUM === undefined && canInstall()) {
  console.log("pretest: Chromium is missing; installing Debian's chromium package for the browser tests");
  // With what it recommends (fonts among them), as the browser tests have always had it.
  if (aptInstall(['chromium'], { recommends: true }) && existsSync(chromium)) {
    console.log(`pretest: ${spawnSync(chromium, ['--version'], { encoding: 'utf8' }).stdout.trim()} installed`);
    process.exit(0);
  }
  console.error('pretest: apt-get could not install Chromium.');
}
console.error(
  `pretest: Chromium is not at ${chromium}; the browser tests will fail until you run:\n  ${command}\n(or set PLYSTACK_CHROMIUM to a Chromium or Chrome binary)`,
);
