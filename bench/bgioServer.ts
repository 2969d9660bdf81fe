/**
 * boardgame.io 0.50.2's server in a process of its own, for `npm run bench:server`: its storage in memory (its default)
 * or, with `--flat-file DIR`, its own durable store (`FlatFile`, node-persist's files in DIR). Prints
 * `listening on PORT API_PORT` once both ports answer; stops on SIGTERM.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BGIO_GAME, repoRoot } from './bgioGame.js';

const at = process.argv.indexOf('--flat-file');
const dir = at < 0 ? undefined : process.argv[at + 1];
const port = Number(process.argv[process.argv.indexOf('--port') + 1]);
const apiPort = Number(process.argv[process.argv.indexOf('--api-port') + 1]);
const require = createRequire(join(repoRoot(), 'node_modules', 'boardgame.io', 'package.json'));
const { Server, FlatFile } = require('boardgame.io/server') as {
  Server: (opts: { games: object[]; origins: string[]; db?: object }) => {
    run(config: { port: number; lobbyConfig: { apiPort: number } }): Promise<unknown>;
    kill(servers: unknown): void;
  };
  FlatFile: new (opts: { dir: string; logging?: boolean; ttl?: boolean }) => object;
};
const server = Server({
  games: [BGIO_GAME],
  origins: ['http://127.0.0.1'],
  ...(dir === undefined ? {} : { db: new FlatFile({ dir, logging: false, ttl: false }) }),
});
// The lobby API on its own port: on the game server's port this version answers every lobby route with 404.
const running = await server.run({ port, lobbyConfig: { apiPort } });
process.stdout.write(`listening on ${port} ${apiPort}\n`);
process.once('SIGTERM', () => {
  server.kill(running);
  process.exit(0);
});
