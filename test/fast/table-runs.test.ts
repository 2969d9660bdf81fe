/**
 * A table answers the same whether it steps its chart on the fast runner (no
 * actor asked for) or through its XState actor: random streams for every
 * built-in game, bad moves included, played with `submit` on two tables of the
 * same opening, one asked for its actor at the opening and one asked for it
 * at a random point of the stream (or never). After every move the two give
 * the same answer (the ply, or the refusal's code, reason and message), the
 * same `table.on` events in order, and the same context; at the end the same
 * persisted snapshot.
 */

import { fc } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { builtInGames } from '../../src/games/index.js';
import { type AnyGame, createTable, type Table, type TableEmitted } from '../../src/index.js';
import { commandArb, type Opening, openingArb, SEAT_NAMES } from '../property/arbitraries.js';
import { moveOf } from '../support/fastDifferential.js';

const GAMES: AnyGame[] = Object.values(builtInGames);

const EVENTS: readonly TableEmitted['type'][] = [
  'turn.ended',
  'turn.started',
  'round.ended',
  'round.started',
  'game-phase.changed',
  'phase.changed',
  'priority.changed',
  'stack.pushed',
  'stack.resolved',
  'stack.countered',
  'stack.fizzled',
  'stack.withdrawn',
  'ply.recorded',
  'move.refused',
  'seat.out',
  'game.over',
];

function open(game: AnyGame, opening: Opening): { table: Table; heard: TableEmitted[] } {
  const table = createTable(game, {
    table: 'table:runs',
    seats: SEAT_NAMES.slice(0, opening.seats),
    seed: opening.seed,
    options: opening.options as never,
  });
  const heard: TableEmitted[] = [];
  for (const type of EVENTS) table.on(type, (event) => heard.push(event as TableEmitted));
  return { table, heard };
}

/** What a caller learns of a move's answer: the ply, or the refusal's code, reason and message. */
const answer = (result: ReturnType<Table['submit']>) =>
  result.ok
    ? { ok: true, ply: result.ply }
    : { ok: false, code: result.error.code, reason: result.error.reason, message: result.error.message };

describe.each(GAMES.map((game) => ({ id: game.id, game })))(
  '$id: a table on the fast runner answers as one through its actor',
  ({ game }) => {
    it('after every move of random streams, bad moves included, with the actor asked for at a random point or never', () => {
      let played = 0;
      fc.assert(
        fc.property(
          openingArb(game),
          fc.array(commandArb(game), { minLength: 20, maxLength: 120 }),
          fc.nat({ max: 160 }),
          (opening, commands, askAt) => {
            const actor = open(game, opening);
            expect(actor.table.actor.getSnapshot().status).toBe('active');
            const runner = open(game, opening);
            commands.forEach((command, i) => {
              if (i === askAt)
                expect(runner.table.actor.getSnapshot().value).toEqual(actor.table.actor.getSnapshot().value);
              const move = moveOf(actor.table, command);
              if (move === null) return;
              actor.heard.length = 0;
              runner.heard.length = 0;
              const where = `command ${i}, ${JSON.stringify(move)}`;
              const expected = answer(actor.table.submit(move));
              expect(answer(runner.table.submit(move)), where).toEqual(expected);
              expect(runner.heard, `${where}: events`).toEqual(actor.heard);
              expect(runner.table.context, `${where}: context`).toEqual(actor.table.context);
              if (expected.ok) played++;
            });
            expect(JSON.parse(JSON.stringify(runner.table.persist()))).toEqual(
              JSON.parse(JSON.stringify(actor.table.persist())),
            );
            actor.table.stop();
            runner.table.stop();
          },
        ),
        { numRuns: 12, seed: 29 },
      );
      // the streams really played moves (a stream stops taking them once its game is over)
      expect(played).toBeGreaterThan(30);
    });
  },
);
