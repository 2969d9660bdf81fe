import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { runCli } from '../support/cli.js';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli', 'main.js');
// The page the built CLI serves; the CLI in this process runs from src, beside which there is none.
const builtPage = ['--page', join(root, 'dist', 'visualizer')];

/**
 * Runs the built CLI and resolves once `ready` matches its output. A real process where it serves until Ctrl+C; what
 * `inspect` refuses before it serves is asked of the CLI in this process (`runCli`), the exit code of the real bin
 * being proven by the first refusal below.
 */
function start(args: string[], ready: RegExp) {
  const child = spawn(process.execPath, [cli, ...args], { cwd: root });
  let out = '';
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const seen = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (ready.test(out)) resolve(out);
    });
    child.stderr.on('data', (chunk) => (err += chunk));
    void exited.then((code) =>
      reject(new Error(`plystack ${args.join(' ')} exited ${code} before it was ready: ${err}`)),
    );
  });
  return { child, seen, exited, stderr: () => err };
}

describe('plystack inspect', () => {
  it('serves the page, prints its localhost URL, lists the demo table playing itself, and stops on Ctrl+C', async () => {
    const run = start(['inspect', '--port', '0', '--demo'], /Ctrl\+C/);
    try {
      const out = await run.seen;
      const url = /plystack inspector: (http:\/\/localhost:\d+\/)/.exec(out)?.[1];
      expect(url).toBeDefined();
      const page = await fetch(url!.replace('localhost', '127.0.0.1'));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');

      const socket = new WebSocket(`${url!.replace('http://localhost', 'ws://127.0.0.1')}inspector`);
      const demo = await new Promise<Record<string, unknown>>((resolve, reject) => {
        socket.on('message', (data) => {
          const event = JSON.parse(data.toString()) as Record<string, unknown>;
          if (event.type === '@xstate.snapshot') resolve(event);
        });
        socket.on('error', reject);
      });
      socket.close();
      const info = (demo.snapshot as { plystack?: { table: { name: string; game: { id: string } } } }).plystack;
      expect(info?.table.game.id).toBe('mundane');
      expect(info?.table.name).toMatch(/demo bot/);
    } finally {
      run.child.kill('SIGINT');
    }
    expect(await run.exited).toBe(0);
  });

  it('--log FILE: serves that log for the page, whose printed address opens it; a missing or bad file is refused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'plystack-log-'));
    try {
      const log = {
        game: 'mundane',
        table: 'table:broken',
        seats: ['seat:ann', 'seat:bob'],
        seed: 7,
        options: { turns: 6 },
        moves: [{ type: 'engine.pass', seat: 'seat:ann' }],
        violation: { check: 'dead-end', message: 'no seat may act', at: 1 },
      };
      const file = join(dir, 'counterexample.json');
      await writeFile(file, JSON.stringify(log));
      const run = start(['inspect', '--port', '0', '--log', file], /Ctrl\+C/);
      try {
        const out = await run.seen;
        const url = /plystack inspector: (http:\/\/localhost:\d+\/)\?log\n/.exec(out)?.[1];
        expect(url, out).toBeDefined();
        const served = await fetch(`${url!.replace('localhost', '127.0.0.1')}log.json`);
        expect(served.status).toBe(200);
        expect(await served.json()).toEqual(log);
      } finally {
        run.child.kill('SIGINT');
      }
      expect(await run.exited).toBe(0);

      await writeFile(join(dir, 'bad.json'), '{ "moves": [');
      await writeFile(join(dir, 'nolog.json'), '{ "game": "mundane" }');
      // The built bin exits 2 on a file it cannot read; the CLI in this process says the same of the other two.
      const missing = start(['inspect', '--port', '0', '--log', join(dir, 'missing.json')], /never/);
      await expect(missing.seen).rejects.toThrow(/exited 2/);
      expect(missing.stderr()).toMatch(/--log: cannot read .*missing\.json.*ENOENT/);
      for (const [name, words] of [
        ['missing.json', /--log: cannot read .*missing\.json.*ENOENT/],
        ['bad.json', /--log: .*bad\.json.* is not JSON/],
        ['nolog.json', /--log: .*nolog\.json.* is not a table log/],
      ] as const) {
        const bad = await runCli(['inspect', '--port', '0', ...builtPage, '--log', join(dir, name)]);
        expect(bad.code, name).toBe(2);
        expect(bad.err.join('\n')).toMatch(words);
        expect(bad.out).toEqual([]);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a port that is not a number, naming the option', async () => {
    const { code, out, err } = await runCli(['inspect', '--port', 'eighty', ...builtPage]);
    expect(code).toBe(2);
    expect(err.join('\n')).toContain('--port');
    expect(out).toEqual([]);
  });

  /** Holds `port` for the test; resolves null when something else already holds it (then it is taken all the same). */
  const hold = (port: number) =>
    new Promise<Server | null>((resolve, reject) => {
      const server = createServer();
      server.once('error', (error: NodeJS.ErrnoException) =>
        error.code === 'EADDRINUSE' ? resolve(null) : reject(error),
      );
      server.listen(port, '127.0.0.1', () => resolve(server));
    });

  it('says so when its default port is taken, and which port it took instead', async () => {
    const held = await hold(4242);
    const run = start(['inspect'], /Ctrl\+C/);
    try {
      const out = await run.seen;
      const took = /port 4242 is taken \(another inspector\?\); took port (\d+) instead/.exec(out)?.[1];
      expect(took, out).toBeDefined();
      expect(Number(took)).not.toBe(4242);
      expect(out).toContain(`plystack inspector: http://localhost:${took}/`);
      expect((await fetch(`http://127.0.0.1:${took}/`)).status).toBe(200);
    } finally {
      run.child.kill('SIGINT');
      held?.close();
    }
    expect(await run.exited).toBe(0);
  });

  it('refuses a port the user named when it is taken, naming --port', async () => {
    const held = (await hold(0)) as Server;
    const port = (held.address() as { port: number }).port;
    try {
      const { code, out, err } = await runCli(['inspect', '--port', String(port), ...builtPage]);
      expect(code).toBe(2);
      expect(err.join('\n')).toContain(`--port: ${port} is taken`);
      expect(out).toEqual([]);
    } finally {
      held.close();
    }
  });
});
