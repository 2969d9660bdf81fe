import { readFile } from 'node:fs/promises';
import { run } from '../../src/cli/main.js';

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
