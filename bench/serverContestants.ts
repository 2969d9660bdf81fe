/**
 * The server benchmark's contestants (bench/server.ts runs them under one load, bench/serverLoad.ts): plystack's
 * server in child processes of `plystack serve`, its clients sending moves by HTTP or on each table's stream; and
 * boardgame.io 0.50.2's own server in a process of its own (bgioServer.ts), in memory or with its FlatFile storage,
 * on its own socket.io protocol.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { connect, type TableStream } from '../src/client/index.js';
import { freePort } from '../test/server/support/postgres.js';
import { repoRoot } from './bgioGame.js';
import {
  benchCpuMs,
  type Channel,
  cpuMs,
  drive,
  type Load,
  perMove,
  postgresCpuMs,
  type Result,
  request,
  summarise,
} from './serverLoad.js';

const root = repoRoot();
const cli = join(root, 'dist', 'cli', 'main.js');

/** `plystack serve` in a child process with `args`, once it listens. */
function serve(load: Load, args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const profile = load.cpuProf === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', load.cpuProf];
  const child = spawn(process.execPath, [...profile, cli, 'serve', '--port', '0', '--rate-limit', '9999999', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      const match = /listening on (\S+)/.exec(out);
      if (match) resolve({ url: match[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`plystack serve exited with ${code}`)));
  });
}

/** A child stopped as an operator would stop it (SIGTERM), once it has exited. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await gone;
}

/**
 * plystack's server, `processes` child processes of `plystack serve ARGS` on one store, its tables created through the
 * process that serves each, the moves sent by `channel`.
 */
export async function plystack(
  load: Load,
  store: string,
  args: string[],
  processes: number,
  channel: Channel = 'http',
): Promise<Result> {
  const servers: { url: string; child: ChildProcess }[] = [];
  for (let i = 0; i < processes; i++) servers.push(await serve(load, args));
  try {
    const tables: { table: string; appToken: string }[] = [];
    for (let i = 0; i < load.tables; i++) {
      // Each table is created through the process that will serve it, as a load balancer that keys on the table id would send it.
      const created = await request(servers[i % servers.length]!.url, 'POST', '/tables', null, {
        game: 'mundane',
        seats: ['seat:ann', 'seat:bob'],
        seed: i,
        table: `table:bench-${i}`,
      });
      tables.push(created.body as { table: string; appToken: string });
    }
    // Over the stream, each table has its socket open from the ply it is at, as a client that follows its table has
    // (boardgame.io's clients likewise each hold a socket that its server sends every new state to).
    const streams: TableStream[] = [];
    if (channel === 'stream') {
      for (let i = 0; i < load.tables; i++) {
        const { table, appToken } = tables[i]!;
        const client = connect(servers[i % servers.length]!.url, appToken);
        const stream = client.stream(table, { from: (await client.get(table)).ply, onMessage: () => undefined });
        await stream.opened;
        streams.push(stream);
      }
    }
    load.say(
      `${store} × ${processes}: ${load.tables} tables created; playing for ${load.seconds} s with ${load.clients} clients, moves by ${channel}`,
    );
    const cpuBefore = servers.map((server) => cpuMs(server.child.pid!));
    const databaseBefore = postgresCpuMs();
    const benchBefore = benchCpuMs();
    const run = await drive(load, async (i) => {
      if (channel === 'stream')
        return streams[i]!.play({ type: 'engine.pass' }).then(
          () => true,
          () => false,
        );
      const { table, appToken } = tables[i]!;
      // A table's moves go to one process, as a load balancer that keys on the table would send them.
      const url = servers[i % servers.length]!.url;
      const answer = await request(url, 'POST', `/tables/${encodeURIComponent(table)}/moves`, appToken, {
        move: { type: 'engine.pass' },
      });
      return answer.status === 200;
    });
    const cpu = servers.reduce((sum, server, i) => sum + cpuMs(server.child.pid!) - cpuBefore[i]!, 0);
    const database = postgresCpuMs() - databaseBefore;
    const bench = benchCpuMs() - benchBefore;
    for (const stream of streams) stream.close();
    return {
      ...summarise(load, channel === 'stream' ? 'plystack, moves on the stream' : 'plystack', store, processes, run),
      channel,
      serverCpuMsPerMove: perMove(cpu, run),
      ...(store.startsWith('PostgreSQL') ? { databaseCpuMsPerMove: perMove(database, run) } : {}),
      benchCpuMsPerMove: perMove(bench, run),
    };
  } finally {
    for (const server of servers) await stop(server.child);
  }
}

/** boardgame.io's server in a process of its own (bgioServer.ts): storage in memory, or FlatFile's files in `flatFile`. */
export async function boardgameio(load: Load, flatFile: string | null): Promise<Result> {
  const require = createRequire(join(root, 'node_modules', 'boardgame.io', 'package.json'));
  const { io } = require('socket.io-client') as { io: (url: string, opts: object) => SocketLike };
  interface SocketLike {
    emit(event: string, ...args: unknown[]): void;
    on(event: string, handler: (...args: never[]) => void): void;
    close(): void;
    connected: boolean;
  }
  const port = await freePort();
  const apiPort = await freePort();
  const profile = load.cpuProf === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', load.cpuProf];
  const child = spawn(
    process.execPath,
    [
      ...profile,
      join(root, 'bench', '.build', 'bench', 'bgioServer.js'),
      '--port',
      String(port),
      '--api-port',
      String(apiPort),
      ...(flatFile === null ? [] : ['--flat-file', flatFile]),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      if (out.includes('listening on')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`boardgame.io's server exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const api = `http://127.0.0.1:${apiPort}`;
  const store = flatFile === null ? 'in memory (its default)' : 'FlatFile (node-persist files)';
  const sockets: SocketLike[] = [];
  try {
    const matches: {
      matchID: string;
      credentials: string;
      stateID: number;
      socket: SocketLike;
      waiting: ((stateID: number) => void) | null;
    }[] = [];
    for (let i = 0; i < load.tables; i++) {
      const created = (await request(api, 'POST', '/games/bench/create', null, { numPlayers: 2 })).body as {
        matchID: string;
      };
      const joined = (
        await request(api, 'POST', `/games/bench/${created.matchID}/join`, null, { playerID: '0', playerName: `p${i}` })
      ).body as { playerCredentials: string };
      const socket = io(`${url}/bench`, { transports: ['websocket'], forceNew: true });
      sockets.push(socket);
      const match = {
        matchID: created.matchID,
        credentials: joined.playerCredentials,
        stateID: 0,
        socket,
        waiting: null as ((stateID: number) => void) | null,
      };
      const seen = (matchID: string, stateID: number) => {
        if (matchID !== match.matchID || stateID <= match.stateID) return;
        match.stateID = stateID;
        match.waiting?.(stateID);
      };
      socket.on('sync', ((matchID: string, info: { state: { _stateID: number } }) => {
        if (matchID !== match.matchID) return;
        match.stateID = info.state._stateID;
        match.waiting?.(match.stateID);
      }) as never);
      socket.on('update', ((matchID: string, state: { _stateID: number }) => seen(matchID, state._stateID)) as never);
      socket.on('patch', ((matchID: string, _prev: number, stateID: number) => seen(matchID, stateID)) as never);
      await new Promise<void>((resolve) => {
        match.waiting = () => resolve();
        socket.emit('sync', match.matchID, '0', match.credentials, 2);
      });
      match.waiting = null;
      matches.push(match);
    }
    load.say(
      `boardgame.io (${store}): ${load.tables} matches created and synced; playing for ${load.seconds} s with ${load.clients} clients`,
    );
    const serverBefore = cpuMs(child.pid!);
    const benchBefore = benchCpuMs();
    const run = await drive(load, async (i) => {
      const match = matches[i]!;
      const before = match.stateID;
      const answered = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 5000);
        match.waiting = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
      match.socket.emit(
        'update',
        { type: 'MAKE_MOVE', payload: { type: 'pass', args: [], playerID: '0', credentials: match.credentials } },
        before,
        match.matchID,
        '0',
      );
      const ok = await answered;
      match.waiting = null;
      return ok;
    });
    return {
      ...summarise(load, 'boardgame.io 0.50.2 server', store, 1, run),
      channel: 'stream',
      serverCpuMsPerMove: perMove(cpuMs(child.pid!) - serverBefore, run),
      benchCpuMsPerMove: perMove(benchCpuMs() - benchBefore, run),
    };
  } finally {
    for (const socket of sockets) socket.close();
    await stop(child);
  }
}
