/**
 * `plystack serve [--port P] [--host H] [--data DIR | --memory] [--database URL] [--create-token T] [--game MODULE ...]`:
 * the table server, until stopped, for the built-in games and the application's own.
 */
import type { AnyGame } from '../definition/game.js';
import { builtInGames } from '../games/registry.js';
import { type Command, EXIT } from './commands.js';
import { gameFromModule } from './gameModule.js';
import { quote } from './text.js';

export const serveCommand: Command = {
  name: 'serve',
  description:
    'Serves tables over HTTP and WebSocket: seats play with their own tokens; every move is committed to the store before it is answered.',
  positionals: '',
  options: {
    port: { type: 'string', value: 'P', description: 'the port (default 8080; 0 picks a free one)' },
    host: {
      type: 'string',
      value: 'H',
      description: 'the interface to listen on (default 127.0.0.1: this machine only)',
    },
    data: { type: 'string', value: 'DIR', description: "the embedded store's folder (default ./.plystack)" },
    memory: {
      type: 'boolean',
      description: 'keep every table in memory, in this process only: starts at once, nothing survives a stop',
    },
    database: {
      type: 'string',
      value: 'URL',
      description: 'a PostgreSQL URL (default $DATABASE_URL): any number of servers share its tables',
    },
    'create-token': {
      type: 'string',
      value: 'T',
      description: 'only requests with this bearer token may create tables',
    },
    'rate-limit': { type: 'string', value: 'N', description: 'requests per token per 10 seconds (default 600)' },
    game: {
      type: 'string',
      value: 'MODULE',
      multiple: true,
      description:
        'also serve your own game: an ES module whose default export, or the export named after #, is a game made with defineGame; give it once a game',
    },
    'claim-lapse': {
      type: 'string',
      value: 'MS',
      description:
        'how long a claim on a run-out clock or a bot move holds before another process takes over (default 10000)',
    },
  },
  async run({ positionals, values, lists }, io) {
    if (positionals.length > 0) {
      io.err('serve takes no file or game; give your own games with --game MODULE');
      return EXIT.invalid;
    }
    // The games served: the built-in ones and each --game's, by id; two games of one id would make a table ambiguous.
    const games: Record<string, AnyGame> = { ...builtInGames };
    for (const spec of lists.game ?? []) {
      const found = await gameFromModule(spec);
      if (typeof found === 'string') {
        io.err(`--game: ${found}`);
        return EXIT.invalid;
      }
      const { id } = found.game;
      if (Object.hasOwn(games, id)) {
        io.err(
          `--game: ${quote(spec)} is a game ${quote(id)}, and ${Object.hasOwn(builtInGames, id) ? 'a built-in game' : 'another --game'} has that id: give each game served an id of its own`,
        );
        return EXIT.invalid;
      }
      games[id] = found.game;
    }
    const rawPort = values.port ?? '8080';
    const port =
      typeof rawPort === 'string' && /^\d{1,5}$/.test(rawPort) && Number(rawPort) <= 65535 ? Number(rawPort) : null;
    if (port === null) {
      io.err('--port: a port number from 0 to 65535');
      return EXIT.invalid;
    }
    const rawLimit = values['rate-limit'];
    const limit =
      rawLimit === undefined
        ? undefined
        : typeof rawLimit === 'string' && /^[1-9]\d{0,6}$/.test(rawLimit)
          ? Number(rawLimit)
          : null;
    if (limit === null) {
      io.err('--rate-limit: a number of requests, 1 or more');
      return EXIT.invalid;
    }
    const rawLapse = values['claim-lapse'];
    const claimLapseMs =
      rawLapse === undefined
        ? undefined
        : typeof rawLapse === 'string' && /^\d{3,7}$/.test(rawLapse) && Number(rawLapse) >= 100
          ? Number(rawLapse)
          : null;
    if (claimLapseMs === null) {
      io.err('--claim-lapse: a number of milliseconds, 100 or more');
      return EXIT.invalid;
    }
    const database = typeof values.database === 'string' ? values.database : process.env.DATABASE_URL || undefined;
    if (database !== undefined && !/^postgres(ql)?:\/\//.test(database)) {
      io.err('--database: a postgres://… URL');
      return EXIT.invalid;
    }
    if (values.memory === true && typeof values.data === 'string') {
      io.err('--data and --memory: choose one');
      return EXIT.invalid;
    }
    if (values.memory === true && typeof values.database === 'string') {
      io.err('--database and --memory: choose one');
      return EXIT.invalid;
    }
    const createToken = values['create-token'];
    if (createToken !== undefined && (typeof createToken !== 'string' || createToken.length < 16)) {
      io.err('--create-token: at least 16 characters');
      return EXIT.invalid;
    }
    // Loaded only here: the server (fastify, the stores) is no part of the CLI's other commands.
    const { startServer } = await import('../server/server.js');
    let server: Awaited<ReturnType<typeof startServer>>;
    try {
      server = await startServer({
        port,
        host: typeof values.host === 'string' ? values.host : '127.0.0.1',
        ...(values.memory === true
          ? { memory: true }
          : database !== undefined
            ? { database }
            : { data: typeof values.data === 'string' ? values.data : './.plystack' }),
        ...(typeof createToken === 'string' ? { createToken } : {}),
        ...(limit !== undefined ? { rateLimit: { max: limit, windowMs: 10_000 } } : {}),
        ...(claimLapseMs !== undefined ? { claimLapseMs } : {}),
        games,
      });
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      if (e.code === 'EADDRINUSE') io.err(`--port: ${port} is taken; give another with --port P (0 picks a free one)`);
      else if (e.code === 'FOLDER_IN_USE') io.err(`--data: ${e.message}`);
      else io.err(`serve: ${e.message}`);
      return EXIT.invalid;
    }
    // Ctrl+C is heard before the line saying the server listens: a signal that came in between would end it unheard.
    const stopped = new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    io.out(`listening on ${server.url} · games: ${Object.keys(games).join(', ')}`);
    await stopped;
    await server.close();
    return EXIT.ok;
  },
};
