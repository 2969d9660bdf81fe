/**
 * Bots seated at a server table: a seat created with a bot spec has no token,
 * and whenever it must act the server plays its bot's move as that seat, through
 * the same commit as a player's move. The bot is built afresh for each move,
 * seeded from the table's seed, the seat and the ply count, so any process (or
 * the same one after a restart) chooses the same move in the same position.
 */
import { chooseSoon, mctsBot, randomBot } from '../bots/bots.js';
import type { Move } from '../core/move.js';
import type { Seed } from '../core/random.js';
import { size } from '../log/plyLog.js';
import type { Table } from '../table/table.js';

/**
 * Most playouts an MCTS bot seat may ask for a move. A bot's choice runs in the
 * server's process and holds it while it runs (a few hundred ms at most on the
 * built-in games), so it is bounded by playouts, never by time: a time budget
 * would let two processes choose differently.
 */
export const MAX_MCTS_ITERATIONS = 100;

/** Playouts of an MCTS bot seat created without `iterations`. */
export const DEFAULT_MCTS_ITERATIONS = 25;

/** Moves of an MCTS bot's playout before it is scored as unfinished. */
export const MCTS_DEPTH = 50;

/**
 * Bot moves a table plays in a row, at most, before its bots stop (logged) until
 * a move of someone else's (the app token's, say): a game that never ends does not keep a process busy for ever.
 */
export const MAX_BOT_RUN = 10_000;

/** A bot seat: a random move (weighed by the game's hints), or Monte Carlo tree search with `iterations` playouts a move. */
export type BotSpec = { readonly kind: 'random' } | { readonly kind: 'mcts'; readonly iterations: number };

/**
 * The bot seat that must act now (the first of the seats to act, in the table's
 * order, that has a bot), or null when none must (no bots, the game over, a player's turn).
 */
export function botToAct(bots: Readonly<Record<string, BotSpec>> | null, table: Table): string | null {
  if (bots === null || table.context.status === 'over') return null;
  return table.toAct().find((seat) => Object.hasOwn(bots, seat)) ?? null;
}

/**
 * The move the bot of `seat` chooses on `table` now, or null when it finds none.
 * Seeded from the table's seed, the seat and the ply count: the same position gives the same move. Either bot
 * considers the moves `botMoves` of plystack/bots gives (no leaving, auto-pass stops or undo while the seat has other
 * moves), weighed by the game's hints.
 * A search gives the event loop a turn every few milliseconds, so the server's other tables are not kept waiting.
 * Rejects with what the bot throws.
 *
 * @example
 * await botMove({ kind: 'random' }, 5, table, 'seat:bob') // { type: 'engine.pass', seat: 'seat:bob' }
 */
export async function botMove(spec: BotSpec, seed: Seed, table: Table, seat: string): Promise<Move | null> {
  const botSeed = `${String(seed)}:bot:${seat}:${size(table.context.plies)}`;
  if (spec.kind === 'mcts')
    return chooseSoon(mctsBot({ seed: botSeed, iterations: spec.iterations, depth: MCTS_DEPTH }), table, seat);
  return randomBot({ seed: botSeed }).choose(table, seat);
}
