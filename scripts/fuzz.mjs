#!/usr/bin/env node
/**
 * `npm run fuzz -- [--seconds N] [--seed S] [FILTER...]`: the fuzz targets of
 * test/fuzz, each run for N seconds (default 60) from seed S (default: a new
 * one, printed so that a finding can be replayed), and the property tests
 * (test/property) at their long budgets, which `npm test` cuts to a few
 * seconds (test/support/budget.ts). FILTER picks fuzz targets by the start of
 * their file name (`npm run fuzz -- --seconds 10 relay`), or `property` the
 * property tests alone.
 */
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { seconds: { type: 'string' }, seed: { type: 'string' } },
  allowPositionals: true,
});
const seconds = Number(values.seconds ?? 60);
const seed = values.seed ?? String(randomInt(2 ** 31));
if (!Number.isFinite(seconds) || seconds <= 0 || !/^\d+$/.test(seed)) {
  process.stderr.write('usage: npm run fuzz -- [--seconds N] [--seed S] [FILTER...]\n');
  process.exit(2);
}
process.stdout.write(`fuzzing each target for ${seconds} s from seed ${seed}\n`);
const filters =
  positionals.length === 0
    ? ['test/fuzz/', 'test/property/']
    : positionals.map((filter) => (filter === 'property' ? 'test/property/' : `test/fuzz/${filter}`));
const child = spawn('npx', ['vitest', 'run', ...filters], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PLYSTACK_FUZZ_SECONDS: String(seconds),
    PLYSTACK_FUZZ_SEED: seed,
    PLYSTACK_PROPERTY_RUNS: process.env.PLYSTACK_PROPERTY_RUNS ?? 'long',
  },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
