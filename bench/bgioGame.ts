/** What the server bench's boardgame.io contestants play, and where the repository is. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The same move as plystack's seatless pass, the boardgame.io way: player 0 passes; nothing else happens. */
export const BGIO_GAME = {
  name: 'bench',
  setup: () => ({ passes: 0 }),
  moves: { pass: ({ G }: { G: { passes: number } }) => void G.passes++ },
};

/** The repository's root: the nearest folder up with a package.json. */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
}
