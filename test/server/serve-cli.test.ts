/**
 * `plystack serve` from the command line: wrong usage exits 2 naming the
 * option (the built CLI's process for one, the CLI's `run` in this process for
 * the others: each is refused before any server starts); by default it listens
 * on 127.0.0.1 only; `--game MODULE` serves the application's own game beside
 * the built-in ones.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { processIo, run } from '../../src/cli/main.js';
import { connect } from '../../src/client/client.js';
import { builtInGames } from '../../src/games/index.js';
import type { AnyGame } from '../../src/index.js';
import { startServer } from '../../src/server/server.js';
import { sharedPostgres } from './support/postgres.js';
import { spawnServer } from './support/serve.js';

/** A game of this repository's tests, as an application's ES module exporting it (`chat`: seats say things). */
const CHAT = fileURLToPath(new URL('../fixtures/chat.mjs', import.meta.url));
const cli = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** `plystack serve ARGS…` as a process of its own: its exit code and standard error. */
async function usage(args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    await promisify(execFile)(process.execPath, [cli, 'serve', ...args], { timeout: 30_000 });
    return { code: 0, stderr: '' };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
}

/** `plystack serve ARGS…` through the CLI's `run` in this process: the exit code it returns and what it wrote on standard error. */
async function usageHere(args: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await run(['serve', ...args], {
    ...processIo,
    out: () => undefined,
    err: (text) => {
      stderr += `${text}\n`;
    },
  });
  return { code, stderr };
}

it('refuses wrong options with exit 2 and the option named', async () => {
  expect(await usage(['--port', 'eighty'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--port') });
  expect(await usageHere(['--memory', '--data', '/tmp/x'])).toMatchObject({
    code: 2,
    stderr: expect.stringContaining('--data and --memory'),
  });
  expect(await usageHere(['--database', 'mysql://x'])).toMatchObject({
    code: 2,
    stderr: expect.stringContaining('--database'),
  });
  expect(await usageHere(['--create-token', 'short'])).toMatchObject({
    code: 2,
    stderr: expect.stringContaining('--create-token'),
  });
  for (const lapse of ['10', 'soon', '-500'])
    expect(await usageHere([`--claim-lapse=${lapse}`])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--claim-lapse: a number of milliseconds, 100 or more'),
    });
});

it('startServer refuses a claim lapse under 100 ms, or not a number, before it opens a store', async () => {
  for (const claimLapseMs of [5, Number.NaN, -1])
    await expect(startServer({ port: 0, data: null, claimLapseMs })).rejects.toThrow(
      /claimLapseMs: a number of milliseconds, 100 or more/,
    );
});

it('startServer refuses a stream stall bound under 10 ms, or not a number, before it opens a store', async () => {
  for (const streamStallMs of [5, Number.NaN, -1, Number.POSITIVE_INFINITY])
    await expect(startServer({ port: 0, memory: true, streamStallMs })).rejects.toThrow(
      /streamStallMs: a number of milliseconds, 10 or more/,
    );
});

it('listens on 127.0.0.1 by default and serves a table in memory', async () => {
  const server = await spawnServer(['--memory']);
  try {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const created = await connect(server.url).create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'] });
    const ann = connect(server.url, created.tokens['seat:ann']!);
    expect((await ann.play(created.table, { type: 'engine.pass', seat: 'seat:ann' }, { expect: 0 })).index).toBe(0);
  } finally {
    await server.stop();
  }
  expect(server.child.exitCode).toBe(0);
});

it('--game serves your own game beside the built-in ones: a table of it is created and played over HTTP', async () => {
  const server = await spawnServer(['--memory', '--game', CHAT]);
  try {
    expect(server.listening).toMatch(/ · games: mundane, .*, chat$/);
    const created = await connect(server.url).create({ game: 'chat', seats: ['seat:ann', 'seat:bob'] });
    const ann = connect(server.url, created.tokens['seat:ann']!);
    const answer = await ann.play(created.table, { type: 'say', seat: 'seat:ann', payload: { text: 'hello' } });
    expect(answer.ply.notation).toBe('says hello');
    expect((await ann.get(created.table)).state.seats['seat:ann']).toEqual({ said: 'hello' });
    // The built-in games are still served.
    expect((await connect(server.url).create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'] })).table).toMatch(
      /^table:/,
    );
  } finally {
    await server.stop();
  }
});

it('--game refuses a module without a game, one that does not import, and a game whose id is served already', async () => {
  expect(await usageHere(['--memory', '--game', './no-such-module.mjs'])).toMatchObject({
    code: 2,
    stderr: expect.stringMatching(/^--game: cannot import "\.\/no-such-module\.mjs"/),
  });
  expect(await usageHere(['--memory', '--game', `${CHAT}#nothing`])).toMatchObject({
    code: 2,
    stderr: expect.stringContaining('has no export named "nothing"'),
  });
  expect(await usageHere(['--memory', '--game', CHAT, '--game', CHAT])).toMatchObject({
    code: 2,
    stderr: expect.stringContaining('is a game "chat", and another --game has that id'),
  });
});

it('a table of a game the server was not given again after a restart is answered 409 UNKNOWN_GAME, not a failure; given it, it plays on', async () => {
  const chat = ((await import(CHAT)) as { default: AnyGame }).default;
  const games = { ...builtInGames, chat };
  // A stored table, on a database of the server project's shared PostgreSQL cluster (a server opens it in a moment).
  const cluster = await sharedPostgres();
  const database = await cluster.database('serve_game');
  try {
    const first = await startServer({ port: 0, database, games });
    const created = await connect(first.url).create({ game: 'chat', seats: ['seat:ann', 'seat:bob'] });
    const ann = (url: string) => connect(url, created.tokens['seat:ann']!);
    await ann(first.url).play(created.table, { type: 'say', seat: 'seat:ann', payload: { text: 'hi' } });
    await first.close();

    const without = await startServer({ port: 0, database });
    try {
      const answer = await fetch(`${without.url}/tables/${created.table}`, {
        headers: { authorization: `Bearer ${created.tokens['seat:ann']!}` },
      });
      expect(answer.status).toBe(409);
      expect(await answer.json()).toEqual({
        code: 'UNKNOWN_GAME',
        message: `${created.table} is a table of "chat", a game this server does not serve: start it with that game (plystack serve --game MODULE, or startServer's games)`,
      });
    } finally {
      await without.close();
    }

    const again = await startServer({ port: 0, database, games });
    try {
      await ann(again.url).play(created.table, { type: 'say', seat: 'seat:ann', payload: { text: 'again' } });
      expect((await ann(again.url).get(created.table)).state.seats['seat:ann']).toEqual({ said: 'again' });
    } finally {
      await again.close();
    }
  } finally {
    cluster.destroy();
  }
}, 120_000);
