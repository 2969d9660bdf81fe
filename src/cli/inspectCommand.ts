/**
 * `plystack inspect [--port N] [--host H] [--demo] [--log FILE] [--server URL --table ID --token T]`:
 * serves the visual inspector and the relay that carries remote tables to it,
 * until stopped; with `--server`, it also follows a table of `plystack serve`.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { InvalidTable } from '../core/errors.js';
import { builtInGames } from '../games/registry.js';
import { DEFAULT_INSPECT_PORT } from '../inspect/protocol.js';
import { type Command, EXIT } from './commands.js';
import { gameFromModule } from './gameModule.js';
import { quote } from './text.js';

/** Where a followed table's app token may come from instead of `--token` (it then stays out of the process list). */
export const APP_TOKEN_ENV = 'PLYSTACK_APP_TOKEN';

/**
 * The server table to follow, from `--server`, `--table` and `--token` (or PLYSTACK_APP_TOKEN):
 * null when none is given, or why what was given is not enough.
 */
function followedTable(
  values: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
): { server: string; table: string; token: string } | null | string {
  const server = typeof values.server === 'string' ? values.server : undefined;
  const table = typeof values.table === 'string' ? values.table : undefined;
  const token = typeof values.token === 'string' ? values.token : env[APP_TOKEN_ENV] || undefined;
  if (server === undefined && table === undefined && values.token === undefined) return null;
  const missing = [
    ...(server === undefined ? ['--server URL'] : []),
    ...(table === undefined ? ['--table ID'] : []),
    ...(token === undefined ? [`--token T (or ${APP_TOKEN_ENV})`] : []),
  ];
  if (missing.length > 0)
    return `following a server table takes --server, --table and the table's app token; missing ${missing.join(', ')}`;
  let url: URL;
  try {
    url = new URL(server!);
  } catch {
    return `--server: ${quote(server!)} is not a URL; give the server's address, e.g. http://127.0.0.1:8080`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `--server: ${quote(server!)} is not an http:// or https:// address`;
  if (table!.length === 0) return '--table: give the id of a table of the server';
  if (token!.length === 0) return "--token: give the table's app token";
  return { server: server!.replace(/\/+$/, ''), table: table!, token: token! };
}

/** The page `npm run inspector:build` writes, beside the compiled CLI. */
const builtPage = fileURLToPath(new URL('../visualizer/', import.meta.url));

export const inspectCommand: Command = {
  name: 'inspect',
  description:
    'Serves the visual inspector on this machine, with a relay for tables inspected from other programs (inspectTable).',
  positionals: '',
  options: {
    port: {
      type: 'string',
      value: 'N',
      description: `the port of the page and the relay (default ${DEFAULT_INSPECT_PORT}; 0 picks a free one)`,
    },
    host: {
      type: 'string',
      value: 'H',
      description: 'the interface to listen on (default 127.0.0.1: this machine only)',
    },
    demo: { type: 'boolean', description: 'also inspect a mundane table that plays itself, as a remote table' },
    page: { type: 'string', value: 'DIR', description: 'serve the inspector page from DIR (default: the built one)' },
    'allow-origin': {
      type: 'string',
      value: 'ORIGINS',
      description:
        'also let pages and apps from these origins connect (comma-separated, e.g. http://localhost:5173; * for any)',
    },
    server: {
      type: 'string',
      value: 'URL',
      description: 'also follow a table of this plystack serve server, live (with --table and --token)',
    },
    table: { type: 'string', value: 'ID', description: 'the id of the server table to follow' },
    token: {
      type: 'string',
      value: 'T',
      description: `the table's app token (or set ${APP_TOKEN_ENV}, which keeps it out of the process list)`,
    },
    log: {
      type: 'string',
      value: 'FILE',
      description:
        "open this table log in the page (a verifier's counterexample opens at the ply where its property broke)",
    },
    game: {
      type: 'string',
      value: 'MODULE',
      description: "the followed table's game, when it is your own: an ES module exporting it (./dist/my-game.js)",
    },
  },
  async run({ positionals, values }, io) {
    if (positionals.length > 0) {
      io.err('inspect takes no file or game');
      return EXIT.invalid;
    }
    const rawPort = values.port ?? String(DEFAULT_INSPECT_PORT);
    const port =
      typeof rawPort === 'string' && /^\d{1,5}$/.test(rawPort) && Number(rawPort) <= 65535 ? Number(rawPort) : null;
    if (port === null) {
      io.err('--port: a port number from 0 to 65535');
      return EXIT.invalid;
    }
    const pageDir = typeof values.page === 'string' ? values.page : builtPage;
    if (!existsSync(`${pageDir}/index.html`)) {
      io.err(`--page: no inspector page in ${pageDir}: build it with npm run inspector:build`);
      return EXIT.invalid;
    }
    let log: string | null = null;
    if (typeof values.log === 'string') {
      // Read and checked here, so a bad file is told at once rather than in the page.
      try {
        log = await readFile(values.log, 'utf8');
      } catch (error) {
        io.err(
          `--log: cannot read ${quote(values.log)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
        );
        return EXIT.invalid;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(log);
      } catch (error) {
        io.err(`--log: ${quote(values.log)} is not JSON: ${(error as Error).message}`);
        return EXIT.invalid;
      }
      if (typeof parsed !== 'object' || parsed === null || !Array.isArray((parsed as { moves?: unknown }).moves)) {
        io.err(`--log: ${quote(values.log)} is not a table log (no list of moves)`);
        return EXIT.invalid;
      }
    }
    const follow = followedTable(values, process.env);
    if (typeof follow === 'string') {
      io.err(follow);
      return EXIT.invalid;
    }
    let games = builtInGames;
    if (typeof values.game === 'string') {
      if (follow === null) {
        io.err('--game: the game of a followed server table; give --server too');
        return EXIT.invalid;
      }
      const found = await gameFromModule(values.game);
      if (typeof found === 'string') {
        io.err(`--game: ${found}`);
        return EXIT.invalid;
      }
      games = { ...builtInGames, [found.game.id]: found.game };
    }
    const host = typeof values.host === 'string' ? values.host : '127.0.0.1';
    // Loaded only here: the relay (and ws) are no part of the CLI's other commands.
    const { parseOrigins, startRelay } = await import('../inspect/relay.js');
    let allowOrigins: string[] = [];
    try {
      allowOrigins = typeof values['allow-origin'] === 'string' ? parseOrigins(values['allow-origin'].split(',')) : [];
    } catch (error) {
      io.err(`--allow-origin: ${(error as Error).message}`);
      return EXIT.invalid;
    }
    const start = (on: number) => startRelay({ port: on, host, pageDir, allowOrigins, log });
    let relay: Awaited<ReturnType<typeof startRelay>>;
    let fallback: string | null = null;
    try {
      relay = await start(port).catch(async (error: NodeJS.ErrnoException) => {
        // The default port taken (another inspector, say): the next free one will do, unless the user asked for that one.
        if (error.code !== 'EADDRINUSE' || values.port !== undefined) throw error;
        for (let next = port + 1; next <= Math.min(port + 10, 65535); next++) {
          try {
            const found = await start(next);
            fallback = `port ${port} is taken (another inspector?); took port ${next} instead`;
            return found;
          } catch (again) {
            if ((again as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw again;
          }
        }
        const found = await start(0);
        fallback = `ports ${port} to ${Math.min(port + 10, 65535)} are taken; took port ${found.port} instead`;
        return found;
      });
    } catch (error) {
      const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      io.err(
        taken
          ? `--port: ${port} is taken; give another with --port N (0 picks a free one)`
          : `--host: ${(error as Error).message}`,
      );
      return EXIT.invalid;
    }
    const demo =
      values.demo === true ? (await import('../inspect/demoTable.js')).startDemoTable({ url: relay.appUrl }) : null;
    let follower: { stop(): Promise<void> } | null = null;
    let stopping = false;
    if (follow !== null) {
      // Loaded only here: the client (and ws) are no part of a plain plystack inspect.
      const { followServerTable } = await import('../inspect/followServer.js');
      try {
        follower = await followServerTable({
          ...follow,
          url: relay.appUrl,
          games,
          // A stream closed while it was still connecting, as the inspector stops, is no failure worth telling.
          onError: (error) => {
            if (!stopping) io.err(`plystack inspect: following ${follow.table}: ${error.message}`);
          },
        });
      } catch (error) {
        // A refusal of the server reads `401 UNAUTHORIZED: …`; a server out of reach, fetch's own cause.
        const { message, cause } = error as Error & { cause?: { message?: unknown } };
        const why = typeof cause?.message === 'string' ? `${message} (${cause.message})` : message;
        // A table of a game of the server's own: the copy needs that game too.
        const hint =
          error instanceof InvalidTable && error.code === 'UNKNOWN_GAME'
            ? '; give the inspector the module of a game of your own with --game MODULE#EXPORT'
            : '';
        io.err(`--server: cannot follow ${quote(follow.table)} of ${follow.server}: ${why}${hint}`);
        await demo?.stop();
        await relay.close();
        return EXIT.invalid;
      }
    }
    // Ctrl+C is heard before the lines saying so are printed: a signal that came in between would end the process unheard.
    const stopped = new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    const local =
      host === '127.0.0.1' || host === 'localhost' ? relay.url.replace('127.0.0.1', 'localhost') : relay.url;
    if (fallback !== null) io.out(fallback);
    // Following a table: the address opens the page on it (`?follow=ID`; the page's own tables are a click away).
    // Following a table or opening a log: the address says so (`?follow=ID`, `?log`).
    const query = [
      ...(follow === null ? [] : [`follow=${encodeURIComponent(follow.table)}`]),
      ...(log === null ? [] : ['log']),
    ];
    io.out(`plystack inspector: ${query.length === 0 ? local : `${local}?${query.join('&')}`}`);
    io.out(`  open it in a browser; remote tables: inspectTable(table, { url: '${relay.appUrl}' })`);
    if (demo !== null)
      io.out(
        '  demo: a mundane table plays itself as a remote table; the page opens with a table you play by clicking',
      );
    if (follow !== null) io.out(`  following server table ${follow.table} of ${follow.server}, live`);
    if (log !== null) io.out(`  the page at that address opens ${values.log as string}`);
    io.out('  Ctrl+C stops it');
    await stopped;
    stopping = true;
    await follower?.stop();
    await demo?.stop();
    await relay.close();
    return EXIT.ok;
  },
};
