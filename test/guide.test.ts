/**
 * docs/writing-a-game.md as a user meets it: the package packed and installed
 * into a fresh project, the guide's code blocks type-checked there in strict
 * mode (a misspelt move type or payload field must not compile) and run, each
 * `// → text` comment checked against what its line prints.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** The guide's `ts` blocks, in order, as one program; and the lines it must print. */
async function guideProgram(): Promise<{ code: string; expected: string[] }> {
  const guide = await readFile(join(root, 'docs', 'writing-a-game.md'), 'utf8');
  const blocks = [...guide.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string);
  const code = blocks.join('\n');
  const expected = [...code.matchAll(/\/\/ → (.*)$/gm)].map((match) => (match[1] as string).trim());
  return { code, expected };
}

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    lib: ['es2022', 'dom'],
    types: [],
    skipLibCheck: true,
    outDir: 'out',
    noUncheckedIndexedAccess: true,
  },
  files: ['guide.ts'],
};

describe('the guide, against the packed package in a fresh project', () => {
  let project = '';

  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), 'plystack-guide-'));
    const packs = join(project, 'pack');
    await mkdir(packs);
    // npm test has just built dist/: pack exactly what a user would install.
    await run('npm', ['pack', '--ignore-scripts', '--pack-destination', packs], { cwd: root });
    const [tarball] = await readdir(packs);
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'my-games', private: true, type: 'module' }));
    await run('npm', ['install', join(packs, tarball as string), '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project });
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  }, 180_000);

  afterAll(async () => {
    if (project !== '') await rm(project, { recursive: true, force: true });
  });

  it('type-checks in strict mode and prints what the guide says, line by line', async () => {
    const { code, expected } = await guideProgram();
    expect(expected.length).toBeGreaterThan(10);
    await writeFile(join(project, 'guide.ts'), code);
    const compiled = await run('node', [tsc, '-p', project]).catch((error: { stdout: string }) => error);
    expect((compiled as { stdout: string }).stdout ?? '').toBe('');
    const { stdout } = await run('node', [join(project, 'out', 'guide.js')], { cwd: project });
    expect(stdout.trim().split('\n')).toEqual(expected);
  }, 120_000);

  it('a misspelt move type and a misspelt payload field are compile errors, not run-time surprises', async () => {
    const { code } = await guideProgram();
    // Without the guide's @ts-expect-error markers, exactly those two lines fail to compile.
    await writeFile(join(project, 'guide.ts'), code.replace(/^\/\/ @ts-expect-error.*\n/gm, ''));
    const failed = await run('node', [tsc, '-p', project, '--noEmit']).catch((error: { stdout: string }) => error);
    const errors = ((failed as { stdout?: string }).stdout ?? '').split('\n').filter((line) => /error TS/.test(line));
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/"blot"/);
    expect(errors[1]).toMatch(/traget/);
  }, 120_000);
});
