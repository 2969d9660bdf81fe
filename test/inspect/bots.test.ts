/**
 * The inspector's *moves by*: a random legal move (unseeded) and the random bot
 * play by the rule every bot keeps to (`botMoves`): they leave, set an auto-pass
 * stop or take a move back only when a seat has nothing else to do, and play
 * circular-table to its end as its hints say.
 */

import { describe, expect, it } from 'vitest';
import { botMoves, LAST_RESORT_MOVES } from '../../src/bots/index.js';
import { circularTable, mundane } from '../../src/games/index.js';
import { createTable } from '../../src/index.js';
import { type Asker, chooseHere } from '../../visualizer/src/model/bots.js';

const ASKERS: Exclude<Asker, { kind: 'mcts' }>[] = [{ kind: 'random-move' }, { kind: 'random', seed: 'spring' }];

describe("the inspector's random legal move and random bot", () => {
  it.each(ASKERS)('$kind plays circular-table to its end, every move one botMoves gives, nobody leaving', (asker) => {
    const table = createTable(circularTable, { table: 'table:inspect', seats: ['seat:ann', 'seat:bob'], seed: 2 });
    for (let i = 0; i < 2_000 && table.state.status === 'playing'; i++) {
      const move = chooseHere(table, asker);
      expect(move).not.toBeNull();
      expect(botMoves(table, move!.seat)).toContainEqual(move);
      table.play(move as never);
    }
    expect(table.state.status).toBe('over');
    expect(table.log.moves.filter((move) => move.type === 'engine.leave')).toEqual([]);
    table.stop();
  });

  it.each(ASKERS)(
    '$kind neither takes back a card nor sets an auto-pass stop in mundane while it may pass',
    (asker) => {
      // The random legal move is unseeded: games are played until undo has been on offer beside other moves a few
      // times, so the rule is seen to hold where it matters (not only where a seat has nothing to take back).
      let undoOffered = 0;
      for (let game = 1; game <= 20 && undoOffered < 5; game++) {
        const table = createTable(mundane, {
          table: 'table:inspect',
          seats: ['seat:ann', 'seat:bob'],
          seed: game,
          options: { turns: 2 },
        });
        for (let i = 0; i < 60 && table.state.status === 'playing'; i++) {
          const move = chooseHere(table, asker)!;
          const offered = table.legalMoves(move.seat as string).allowed.map((m) => m.type);
          if (offered.includes('engine.undo')) undoOffered++;
          expect(LAST_RESORT_MOVES).not.toContain(move.type);
          table.play(move as never);
        }
        table.stop();
      }
      expect(undoOffered).toBeGreaterThanOrEqual(5);
    },
  );
});
