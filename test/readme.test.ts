import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

it("the README's first example runs as written against the built package", async () => {
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  const example = /## A table in a few lines\n\n```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(example).toBeDefined();
  // The example is plain JavaScript as well; run it as a module inside the package, so `plystack` resolves to the build.
  const dir = join(root, 'test-output');
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'readme-example.mjs');
  await writeFile(file, `${example}\nconsole.log(JSON.stringify({ plies: again.plies.length, phase: again.state.phase }));\n`);
  const { stdout } = await promisify(execFile)('node', [file]);
  const lines = stdout.trim().split('\n');
  expect(lines).toEqual(['NOT_YOUR_TURN', "seat:ann's turn 1: WAKE_UP", JSON.stringify({ plies: 2, phase: 'WAKE_UP' })]);
});
