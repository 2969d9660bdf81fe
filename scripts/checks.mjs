#!/usr/bin/env node
/**
 * `npm test`'s checks before vitest: the build of dist/ (which type-checks
 * src), then side by side the inspector page's build, the type check of test
 * and bench and the one of the page (both against dist's declarations, so src
 * is checked once), with biome's lint beside them all. Each is the npm script
 * of its name; none is left out. Each one's output is printed whole when it
 * ends, and the first to fail makes the whole fail (the others still finish,
 * so every failure is shown).
 *
 * `node scripts/checks.mjs` runs them all; naming some (`node scripts/checks.mjs
 * typecheck lint`) runs those.
 */
import { spawn } from 'node:child_process';

/** Each stage's scripts run side by side, the stages one after another; lint runs beside them all. */
const STAGES = [['build'], ['inspector:build', 'typecheck', 'inspector:typecheck']];
const BESIDE = ['lint'];

const wanted = process.argv.slice(2);
const picked = (names) => names.filter((name) => wanted.length === 0 || wanted.includes(name));
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
/** Runs one script, prints what it said, records a failure, and resolves with whether it passed. */
async function check(name) {
  const { code, output, started } = await script(name);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (output.trim() !== '') process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  if (code !== 0) {
    process.stderr.write(`checks: npm run ${name} failed (exit ${code}, ${seconds} s)\n`);
    failed = true;
    return false;
  }
  if (process.env.PLYSTACK_CHECKS_TIMES) process.stdout.write(`checks: ${name} ${seconds} s\n`);
  return true;
}

await Promise.all([
  Promise.all(picked(BESIDE).map(check)),
  (async () => {
    for (const stage of STAGES) {
      const passed = await Promise.all(picked(stage).map(check));
      // A failed build leaves nothing for the next stage to check against.
      if (passed.includes(false)) return;
    }
  })(),
]);
process.exit(failed ? 1 : 0);
