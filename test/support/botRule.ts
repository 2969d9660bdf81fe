/**
 * Checks that a game was played by the rule every bot keeps to: each move of
 * the log is one `botMoves` gives its seat where it was made, so no seat left,
 * set an auto-pass stop or took a move back while it had anything else to do.
 */
import { expect } from 'vitest';
import { botMoves } from '../../src/bots/index.js';
import { findGame } from '../../src/games/registry.js';
import { createTable, type TableLog } from '../../src/index.js';

/** Replays `log` (of a built-in game) move by move, checking each is among its seat's `botMoves` there; the moves checked. */
export function expectPlayedByBotRule(
  log: Pick<TableLog, 'game' | 'table' | 'seats' | 'seed' | 'options' | 'moves'>,
): number {
  const table = createTable(findGame(log.game)!, {
    table: log.table,
    seats: log.seats,
    seed: log.seed,
    options: log.options as never,
  });
  try {
    for (const [i, move] of log.moves.entries()) {
      expect(botMoves(table, move.seat), `move ${i} of ${log.game}`).toContainEqual(move);
      table.play(move as never);
    }
  } finally {
    table.stop();
  }
  return log.moves.length;
}
