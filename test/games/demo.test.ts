import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.js';
import { findGame } from '../../src/games/index.js';
import { replay, type TableLog } from '../../src/index.js';

/**
 * `plystack demo ARGS --log FILE` through the CLI's `run`: its exit code, what it printed and the log it wrote.
 *
 * @example
 * const { code, out, log } = await demo(['skirmish', '--seats', '4'])
 */
async function demo(args: string[]): Promise<{ code: number; out: string; log: TableLog }> {
  const out: string[] = [];
  const files: Record<string, string> = {};
  const code = await run(['demo', ...args, '--log', 'demo.json'], {
    out: (text) => void out.push(text),
    err: (text) => void out.push(`stderr: ${text}`),
    readStdin: async () => '',
    readFile: async () => '',
    writeFile: async (path, text) => {
      files[path] = text;
    },
  });
  return { code, out: out.join('\n'), log: JSON.parse(files['demo.json'] as string) };
}

describe.each(['circular-table', 'frogger-refills', 'skirmish'])('plystack demo %s', (id) => {
  it.each([[[]], [['--seats', '4', '--seed', '8']]])(
    "plays random legal moves to the game's own end (%j), and its log replays to the same winners",
    async (args) => {
      const { code, out, log } = await demo([id, ...args]);
      expect(code).toBe(0);
      const winners = /over after turn \d+ · winners: (.+)/.exec(out)?.[1]?.split(', ');
      expect(winners).toBeDefined();
      const again = replay(log);
      expect(again.state).toMatchObject({ status: 'over', winners });
      expect(log.options).toEqual(findGame(id)?.demoOptions({ turns: 6 }));
      again.stop();
    },
  );
});
