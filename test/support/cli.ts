import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Io } from '../../src/cli/io.js';
import { processIo, run } from '../../src/cli/main.js';

/**
 * An Io for running the CLI in this process as the bin would run it, reading and writing real files (relative to the
 * working folder, the repository's root under vitest), but keeping what it prints instead of writing it to this
 * process's streams. Progress goes to `err` a line at a time, as into a pipe.
 *
 * @example
 * const { io, out, err } = keepingIo(); const code = await run(['paths', 'mundane', '--out', file], io)
 */
export function keepingIo(): { io: Io; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const { redraw: _terminalOnly, ...files } = processIo;
  const io: Io = { ...files, out: (text) => void out.push(text), err: (text) => void err.push(text) };
  return { io, out, err };
}

/**
 * Runs the CLI in this process with real files, keeping what it prints.
 *
 * @example
 * const { code, out } = await runCli(['replay', 'examples/mundane-rules.json', '--json'])
 */
export async function runCli(argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, {
    out: (text) => void out.push(text),
    err: (text) => void err.push(text),
    readStdin: async () => '',
    readFile: (path) => readFile(path, 'utf8'),
    writeFile: async () => undefined,
  });
  return { code, out, err };
}

/**
 * `plystack replay FILE --json [...more]`, its document parsed.
 *
 * @example
 * const { code, doc } = await replayJson('examples/skirmish.json') // code 0, doc.state.winners ['seat:red']
 */
// biome-ignore lint/suspicious/noExplicitAny: the tests reach into the replayed document by path, and its state's shape is each game's own
export async function replayJson(file: string, ...more: string[]): Promise<{ code: number; doc: any; err: string[] }> {
  const { code, out, err } = await runCli(['replay', file, '--json', ...more]);
  return { code, doc: JSON.parse(out.join('\n')), err };
}

/**
 * The arguments (after node's own path) that run vitest, in a child, on generated test files under `test-output/`:
 * node on vitest's bin (npx would first start npm to find it), with test/support/written.vitest.config.ts, the plain
 * reporter, and one worker's modules shared by the files, as a project may run its tests (plystack loads once).
 *
 * @example
 * execFile(process.execPath, writtenTestsArgs(root, ['test-output/test/paths.test.ts']), { cwd: root })
 */
export function writtenTestsArgs(root: string, targets: readonly string[]): string[] {
  return [
    join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    ...targets,
    '--root',
    root,
    '--config',
    join('test', 'support', 'written.vitest.config.ts'),
    // vitest's config only includes test/**; a file under test-output/test/ is found with --dir test-output.
    '--dir',
    'test-output',
    '--reporter',
    'default',
    '--no-color',
    '--no-isolate',
  ];
}
