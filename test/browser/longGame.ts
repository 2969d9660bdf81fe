/**
 * A long mundane game for the inspector's tests: seeded random legal moves
 * until the table holds at least `plies` plies (automatic passes count too).
 */

import { randomLegalMove } from '../../src/bots/botMoves.js';
import { mundane } from '../../src/games/index.js';
import { createTable, type Table } from '../../src/index.js';

export function longGame(plies: number): Table {
  const table = createTable(mundane, {
    table: 'table:long',
    seats: ['seat:ann', 'seat:bob', 'seat:cat'],
    seed: 5,
    options: { turns: 100_000 },
  });
  let count = 0;
  table.on('ply.recorded', () => count++);
  let state = 5;
  const pick = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
  while (count < plies) {
    const move = randomLegalMove(table, pick);
    if (move === undefined) throw new Error(`the long game stopped after ${count} plies: nobody may move`);
    table.play(move);
  }
  return table;
}
