/**
 * The package as a user gets it: `npm pack` of this repository (npm test has
 * just built dist/ and the inspector page), installed with npm into a fresh
 * project, its peers XState and zod with it.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const run = promisify(execFile);
export const root = join(import.meta.dirname, '..', '..');

export interface PackedProject {
  /** The fresh project, with plystack in its node_modules. */
  readonly dir: string;
  /** The tarball npm pack wrote. */
  readonly tarball: string;
  /** What npm warned of as it installed (an engine a dependency asks for, among others), a line each. */
  readonly warnings: readonly string[];
  remove(): Promise<void>;
}

/**
 * Packs the package and installs the tarball into a new project under the system's temporary folder, with the
 * registry's packages `also` beside it (as `typescript@5.9.3`).
 */
export async function installPacked(name: string, also: readonly string[] = []): Promise<PackedProject> {
  const dir = await mkdtemp(join(tmpdir(), `plystack-${name}-`));
  const packs = join(dir, 'pack');
  await mkdir(packs);
  await run('npm', ['pack', '--ignore-scripts', '--pack-destination', packs], { cwd: root });
  const [file] = await readdir(packs);
  const tarball = join(packs, file as string);
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'my-games', private: true, type: 'module' }));
  // The registry's packages come from npm's cache when they are there: the install works offline once they are.
  const { stderr } = await run(
    'npm',
    ['install', tarball, ...also, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=warn'],
    { cwd: dir },
  );
  const warnings = stderr.split('\n').filter((line) => /^npm warn/i.test(line));
  return { dir, tarball, warnings, remove: () => rm(dir, { recursive: true, force: true }) };
}
