/**
 * `viewOf(table, viewer, moves)`: the table after its first `moves` moves, as
 * the viewer saw it then — a seat's view of a hidden-hand game back then, not
 * its view now. In memory, no server.
 */
import { describe, expect, it } from 'vitest';
import { circularTable } from '../../src/games/circularTable/circularTable.js';
import { EVERYTHING, viewOf } from '../../src/server/view.js';
import { createTable } from '../../src/table/table.js';

describe('viewOf a past point of the table', () => {
  it('gives each viewer the table as it saw it after each move, hidden hands hidden as they were', () => {
    const table = createTable(circularTable, { table: 'table:past', seats: ['seat:ann', 'seat:bob'], seed: 3 });
    const viewers = ['seat:ann', null, EVERYTHING] as const;
    const seen = [viewers.map((viewer) => structuredClone(viewOf(table, viewer)))];
    for (let i = 0; i < 20 && table.context.status === 'playing'; i++) {
      const seat = table.toAct()[0]!;
      const move = table.legalMoves(seat).allowed.find((m) => m.type !== 'engine.undo' && m.type !== 'engine.leave');
      table.play(move!);
      seen.push(viewers.map((viewer) => structuredClone(viewOf(table, viewer))));
    }
    expect(new Set(seen.map(([ann]) => JSON.stringify(ann!.state))).size).toBeGreaterThan(10);
    seen.forEach((views, moves) => {
      viewers.forEach((viewer, k) => {
        expect(JSON.parse(JSON.stringify(viewOf(table, viewer, moves)))).toEqual(JSON.parse(JSON.stringify(views[k])));
      });
    });
  });
});
