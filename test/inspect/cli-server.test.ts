/**
 * `plystack inspect --server URL --table ID --token T`: the built CLI follows a
 * table of a real table server (the memory store, on loopback) into its
 * inspector, live; what it is given partly or wrongly is refused with exit 2.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { connect, type PlystackClient } from '../../src/client/client.js';
import { builtInGames } from '../../src/games/registry.js';
import { defineGame } from '../../src/index.js';
import { type PlystackServer, startServer } from '../../src/server/server.js';
import { runCli } from '../support/cli.js';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli', 'main.js');

/** Runs the built CLI and resolves once `ready` matches its output. */
function start(args: string[], ready: RegExp, env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, [cli, ...args], { cwd: root, env: { ...process.env, ...env } });
  let out = '';
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const seen = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (ready.test(out)) resolve(out);
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    void exited.then((code) =>
      reject(new Error(`plystack ${args.join(' ')} exited ${code} before it was ready: ${err}`)),
    );
  });
  return { child, seen, exited, stderr: () => err, stdout: () => out };
}

type Snapshot = {
  type: string;
  snapshot?: { plystack?: { table: { name: string; game: { id: string } }; plies: { total: number } } };
};

/** `plystack inspect ARGS` run in this process, from src, on any free port, with the page built into dist. */
const inspectHere = (...args: string[]) =>
  runCli(['inspect', '--port', '0', '--page', join(root, 'dist', 'visualizer'), ...args]);

/** `plystack inspect` in this process following `table` of the server at `url` with `token`. */
const followHere = (url: string, table: string, token: string) =>
  inspectHere('--server', url, '--table', table, '--token', token);

/** The inspector page's socket: the snapshots the relay sends it, waited on by a condition. */
function page(url: string) {
  const socket = new WebSocket(`${url.replace('http://localhost', 'ws://127.0.0.1')}inspector`);
  const seen: Snapshot[] = [];
  const waiting = new Set<() => void>();
  socket.on('message', (data) => {
    seen.push(JSON.parse(data.toString()) as Snapshot);
    for (const wake of [...waiting]) wake();
  });
  return {
    next(match: (message: Snapshot) => boolean): Promise<Snapshot> {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = seen.find(match);
          if (found === undefined) return;
          waiting.delete(look);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiting.delete(look);
          reject(new Error(`no such message among ${seen.length}`));
        }, 20_000);
        waiting.add(look);
        look();
      });
    },
    close: () => socket.close(),
  };
}

let server: PlystackServer;
let table: string;
let appToken: string;
let ann: PlystackClient;
let bob: PlystackClient;

beforeAll(async () => {
  server = await startServer({ port: 0, memory: true, process: 'followed' });
  const created = await connect(server.url).create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'], seed: 4 });
  ({ table, appToken } = created);
  ann = connect(server.url, created.tokens['seat:ann']!);
  bob = connect(server.url, created.tokens['seat:bob']!);
  await ann.play(table, { type: 'engine.pass', seat: 'seat:ann' });
  await bob.play(table, { type: 'engine.pass', seat: 'seat:bob' });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('plystack inspect --server URL --table ID --token T', () => {
  it("shows the served table's plies so far, then each ply the server commits, and stops on Ctrl+C", async () => {
    const run = start(
      ['inspect', '--port', '0', '--server', server.url, '--table', table, '--token', appToken],
      /Ctrl\+C/,
    );
    try {
      const out = await run.seen;
      expect(out).toContain(`following server table ${table} of ${server.url}`);
      const url = /plystack inspector: (http:\/\/localhost:\d+\/)/.exec(out)![1]!;
      const inspector = page(url);
      const named = (total: number) => (m: Snapshot) =>
        m.type === '@xstate.snapshot' &&
        m.snapshot?.plystack?.table.name === `server table ${table}` &&
        m.snapshot.plystack.plies.total === total;
      const now = await inspector.next(named(2));
      expect(now.snapshot?.plystack?.table.game.id).toBe('mundane');
      // A move played on the server now reaches the page through the followed copy.
      await ann.play(table, { type: 'engine.pass', seat: 'seat:ann' });
      await inspector.next(named(3));
      inspector.close();
    } finally {
      run.child.kill('SIGINT');
    }
    expect(await run.exited).toBe(0);
    expect(run.stderr()).toBe('');
  });

  it(`takes the app token from PLYSTACK_APP_TOKEN when --token is not given`, async () => {
    const run = start(['inspect', '--port', '0', '--server', server.url, '--table', table], /Ctrl\+C/, {
      PLYSTACK_APP_TOKEN: appToken,
    });
    try {
      expect(await run.seen).toContain(`following server table ${table}`);
    } finally {
      run.child.kill('SIGINT');
    }
    expect(await run.exited).toBe(0);
  });

  it.each([
    [['--server', 'URL'], /missing --table ID, --token T \(or PLYSTACK_APP_TOKEN\)/],
    [['--table', 'table:x', '--token', 'abc'], /missing --server URL$/m],
    [['--token', 'abc'], /missing --server URL, --table ID/],
    [['--server', 'nowhere', '--table', 'table:x', '--token', 'abc'], /--server: "nowhere" is not a URL/],
    [['--server', 'ftp://127.0.0.1', '--table', 'table:x', '--token', 'abc'], /not an http:\/\/ or https:\/\/ address/],
    [['--game', './nothing.js'], /--game: the game of a followed server table; give --server too/],
  ])('refuses %j with exit 2, naming what is wrong', async (args, message) => {
    // In this process (the exit code a shell reads is the next test's, on a real process), from src, whose page is
    // the one built into dist.
    vi.stubEnv('PLYSTACK_APP_TOKEN', '');
    try {
      const { code, out, err } = await inspectHere(...args);
      expect(code).toBe(2);
      expect(err.join('\n')).toMatch(message);
      expect(out).toEqual([]);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("refuses a token or table the server does not know with exit 2 and the server's answer, and leaves the table as it was", async () => {
    const before = (await connect(server.url, appToken).get(table)).ply;
    const wrong = start(
      ['inspect', '--port', '0', '--server', server.url, '--table', table, '--token', 'nope'],
      /never/,
    );
    await expect(wrong.seen).rejects.toThrow(/exited 2/);
    expect(wrong.stderr()).toMatch(/--server: cannot follow .* 401 UNAUTHORIZED/);
    // The same refusal of a table the server does not know, asked of the CLI in this process.
    const missing = await followHere(server.url, 'table:none', appToken);
    expect(missing.code).toBe(2);
    expect(missing.err.join('\n')).toMatch(/404 NOT_FOUND/);
    expect(missing.out).toEqual([]);
    expect((await connect(server.url, appToken).get(table)).ply).toBe(before);
  });

  it("refuses a table of a game of the server's own that it was not given, with exit 2 naming --game", async () => {
    const coin = defineGame({
      id: 'coin',
      seats: { min: 2, max: 2 },
      setup: () => ({ flips: 0 }),
      moves: { flip: { play: ({ game }) => ({ game: { flips: game.flips + 1 } }) } },
    });
    const own = await startServer({ port: 0, memory: true, games: { ...builtInGames, coin } });
    try {
      const created = await connect(own.url).create({ game: 'coin', seats: ['seat:ann', 'seat:bob'] });
      const refused = await followHere(own.url, created.table, created.appToken);
      expect(refused.code).toBe(2);
      expect(refused.err.join('\n')).toMatch(/no game "coin".*--game MODULE#EXPORT/);
      expect(refused.out).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
