import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startRelay } from '../../src/inspect/relay.js';

const root = join(import.meta.dirname, '..', '..');

it("the inspector guide's inspectTable example reaches a page through the relay, even though it stops right after its move", async () => {
  const guide = await readFile(join(root, 'docs', 'inspector.md'), 'utf8');
  const example = /## Inspecting a table from your own app[\s\S]*?```ts\n([\s\S]*?)```/.exec(guide)?.[1];
  expect(example).toBeDefined();
  expect(example).toContain("url: 'ws://127.0.0.1:4242'");

  const relay = await startRelay({ port: 0, pageDir: null });
  try {
    const page = new WebSocket(`${relay.appUrl}/inspector`);
    const received: {
      type: string;
      snapshot?: { plystack?: { table: { name: string }; plies: { total: number } } };
    }[] = [];
    page.on('message', (data) => received.push(JSON.parse(data.toString())));
    await new Promise((resolve) => page.once('open', resolve));

    // Run the example as written, as a module of the built package, against this relay.
    const dir = join(root, 'test-output');
    await mkdir(dir, { recursive: true });
    const file = join(dir, 'readme-inspect-example.mjs');
    await writeFile(file, example!.replace('ws://127.0.0.1:4242', relay.appUrl));
    await promisify(execFile)('node', [file], { timeout: 20_000 });

    await expect
      .poll(() => received.filter((m) => m.type === '@xstate.snapshot').at(-1)?.snapshot?.plystack?.plies.total)
      .toBe(1);
    const snapshot = received.filter((m) => m.type === '@xstate.snapshot').at(-1);
    expect(snapshot?.snapshot?.plystack?.table.name).toBe('table 42');
    expect(received.filter((m) => m.type === '@xstate.event')).toHaveLength(1);
    expect(received.map((m) => m.type)).toContain('@plystack.closed');
    page.close();
  } finally {
    await relay.close();
  }
});
