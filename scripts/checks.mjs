#!/usr/bin/env node
/**
 * `npm test`'s checks before vitest, run side by side rather than one after
 * another: the type check of src, test and bench, biome's lint, the inspector
 * page's type check, and the build of dist/ followed by the inspector page's
 * build (the tests use both). Each is the npm script of its name; none is left
 * out. Each one's output is printed whole when it ends, and the first to fail
 * makes the whole fail (the others still finish, so every failure is shown).
 *
 * `node scripts/checks.mjs` runs them all; naming some (`node scripts/checks.mjs
 * typecheck lint`) runs those.
 */
import { spawn } from 'node:child_process';

/** Each chain runs its scripts in order; the chains run at the same time. */
const CHAINS = [['build', 'inspector:build'], ['typecheck'], ['inspector:typecheck'], ['lint']];

const wanted = process.argv.slice(2);
const chains = CHAINS.map((chain) => chain.filter((name) => wanted.length === 0 || wanted.includes(name))).filter(
  (chain) => chain.length > 0,
);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run NAME --silent`, resolving with its exit code and everything it printed. */
function script(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', name, '--silent'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name, code: 1, output: `${output}${error.message}\n`, started }));
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output, started }));
  });
}

let failed = false;
await Promise.all(
  chains.map(async (chain) => {
    for (const name of chain) {
      const { code, output, started } = await script(name);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (output.trim() !== '') process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      if (code !== 0) {
        process.stderr.write(`checks: npm run ${name} failed (exit ${code}, ${seconds} s)\n`);
        failed = true;
        return;
      }
      if (process.env.PLYSTACK_CHECKS_TIMES) process.stdout.write(`checks: ${name} ${seconds} s\n`);
    }
  }),
);
process.exit(failed ? 1 : 0);
