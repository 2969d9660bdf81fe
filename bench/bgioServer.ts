/**
 * boardgame.io 0.50.2's server in a process of its own, for `npm run bench:server`: its storage in memory (its default)
 * or, with `--flat-file DIR`, its own durable store (`FlatFile`, node-persist's files in DIR, written at once). Prints
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
  FlatFile: new (opts: { dir: string; logging?: boolean; ttl?: boolean }) => { connect(): Promise<void> };
};
/**
 * FlatFile as boardgame.io ships it, but with node-persist's write queue off: node-persist 3.1 gathers the writes that
 * come while it is writing and writes them a second later (`writeQueueIntervalMs`), so a match's move waited up to a
 * second for its file and creating 1,000 matches took minutes. Without the queue each write goes to its file at once
 * (`fs.writeFile`, no fsync), which only helps boardgame.io.
 */
class FlatFileAtOnce extends FlatFile {
  override async connect(): Promise<void> {
    const self = this as unknown as {
      games: { init(options: object): Promise<unknown> };
      dir: string;
      logging: boolean;
      ttl: boolean;
    };
    await self.games.init({ dir: self.dir, logging: self.logging, ttl: self.ttl, writeQueue: false });
  }
}
const server = Server({
  games: [BGIO_GAME],
  origins: ['http://127.0.0.1'],
  ...(dir === undefined ? {} : { db: new FlatFileAtOnce({ dir, logging: false, ttl: false }) }),
});
// The lobby API on its own port: on the game server's port this version answers every lobby route with 404.
const running = await server.run({ port, lobbyConfig: { apiPort } });
process.stdout.write(`listening on ${port} ${apiPort}\n`);
process.once('SIGTERM', () => {
  server.kill(running);
  process.exit(0);
});
