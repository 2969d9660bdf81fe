/**
 * Who *step* and *play* ask for the in-page table's next move: a random legal
 * move (no seed, as before), or a bot of plystack/bots for the seat that must
 * act. Each considers the moves `botMoves` gives (no leaving, auto-pass stops
 * or undo while the seat has other moves), weighed by the game's hints. A bot
 * is seeded per move: the one that makes move N of the log (counted
 * from 0) gets the seed `SEED:N`, and of several seats that may act the one it
 * plays for is drawn from `SEED:N:seat`, so the same seed at the same position
 * makes the same move, after a reset or in a branch alike. The MCTS bot thinks
 * in a worker (botWorker.ts, driven by botClient.ts), so the page stays
 * responsive while it searches.
 */

import type { Move, Table } from 'plystack';
import { mctsBot, randomBot, randomLegalMove } from 'plystack/bots';
import { type Asker, type BotRequest, moveSeed, seatToAct } from './askers.js';

export {
  type Asker,
  type AskerFields,
  askerName,
  BOT_KINDS,
  type BotAnswer,
  type BotKind,
  type BotRequest,
  ITERATIONS,
  moveSeed,
  readAsker,
  seatToAct,
} from './askers.js';

/**
 * The next move where choosing it is quick (a random legal move, the random
 * bot), on the page's own thread; the MCTS bot's search goes to the worker.
 */
export function chooseHere(table: Table, asker: Exclude<Asker, { kind: 'mcts' }>): Move | null {
  // Not seeded (today's *step*): a seat that may act, and one of the moves a bot considers, as the random demo draws them.
  if (asker.kind === 'random-move') return randomLegalMove(table, (n) => Math.floor(Math.random() * n)) ?? null;
  const seat = seatToAct(table, asker.seed);
  if (seat === null) return null;
  return randomBot({ seed: moveSeed(table, asker.seed) }).choose(table, seat);
}

/** The MCTS bot's move for `seat` on a table (what the worker runs). */
export function searchMove(table: Table, request: Omit<BotRequest, 'id' | 'game' | 'persisted'>): Move | null {
  return mctsBot({ seed: request.seed, iterations: request.iterations }).choose(table, request.seat);
}
