import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** The README's first example: plain JavaScript as well as TypeScript. */
async function readmeExample(): Promise<string> {
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  const example = /## A table in a few lines\n\n```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(example).toBeDefined();
  return example as string;
}

/** Runs a program as a module inside the package, so that `plystack` resolves to the build; its output lines. */
async function runInPackage(name: string, program: string): Promise<string[]> {
  const dir = join(root, 'test-output');
  await mkdir(dir, { recursive: true });
  const file = join(dir, name);
  await writeFile(file, program);
  const { stdout } = await promisify(execFile)('node', [file]);
  return stdout.trim().split('\n');
}

it("the README's first example runs as written against the built package", async () => {
  const example = await readmeExample();
  const lines = await runInPackage(
    'readme-example.mjs',
    `${example}\nconsole.log(JSON.stringify({ plies: again.plies.length, phase: again.state.phase }));\n`,
  );
  expect(lines).toEqual([
    'NOT_YOUR_TURN',
    "seat:ann's turn 1: WAKE_UP",
    JSON.stringify({ plies: 2, phase: 'WAKE_UP' }),
  ]);
});

it("docs/export.md's time travel runs on the README's table and leaves it as it was", async () => {
  const guide = await readFile(join(root, 'docs', 'export.md'), 'utf8');
  const travel = /## Time travel\n\n```ts\n([\s\S]*?)```/.exec(guide)?.[1];
  expect(travel).toBeDefined();
  const check = `console.log(JSON.stringify({ past: past.plies.length, branched: whatIf.log.moves.length, table: table.log.moves.length }));\n`;
  const lines = await runInPackage('export-example.mjs', `${await readmeExample()}\n${travel}\n${check}`);
  // The README's lines first, then the cursor's steps through the two passes, then what the guide's comments promise.
  expect(lines.slice(2)).toEqual(['1 RESET', '2 WAKE_UP', JSON.stringify({ past: 2, branched: 1, table: 2 })]);
});
