/**
 * What the pretest scripts share: installing a Debian package with apt-get as
 * root, keeping apt's long output to itself. Each step prints one line (what
 * it did, how long it took); a step that fails prints its last lines too.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Whether this process may install Debian packages itself: root, with apt-get. */
export function canInstall() {
  return typeof process.getuid === 'function' && process.getuid() === 0 && existsSync('/usr/bin/apt-get');
}

function step(args) {
  const started = Date.now();
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const result = spawnSync('apt-get', ['-q', ...args], { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ok = result.status === 0;
  if (!ok) console.error(`${result.stdout ?? ''}${result.stderr ?? ''}`.trimEnd().split('\n').slice(-20).join('\n'));
  console.log(
    `pretest: apt-get ${args.join(' ')}: ${ok ? 'ok' : `failed (exit ${result.status})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return ok;
}

/**
 * Installs Debian packages: `apt-get update`, then `apt-get install` (with the
 * packages they recommend only when `recommends` is true). Returns whether both
 * steps succeeded.
 *
 * @example
 * if (canInstall() && aptInstall(['postgresql'])) console.log('installed')
 */
export function aptInstall(packages, { recommends = false } = {}) {
  return step(['update']) && step(['install', '-y', ...(recommends ? [] : ['--no-install-recommends']), ...packages]);
}
