import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { sandbox } from '../../src/games/index.js';
import { createTable, replay, type Table } from '../../src/index.js';

const SEATS = ['seat:a', 'seat:b', 'seat:c', 'seat:d'];

/** One table per strategy, with refills and eliminations on so obligations and absent seats happen. */
const STRATEGIES: Record<string, object> = {
  PerRound: { phases: [{ name: 'main', turns: { strategy: 'PerRound', movesPerTurn: 2, outOfTurn: ['react'] } }] },
  Circular: {
    phases: [
      {
        name: 'main',
        turns: { strategy: 'Circular', circular: { allowSelfSuccessor: true, roundPolicy: 'ActivationCount' } },
      },
    ],
  },
  Initiative: {
    phases: [
      { name: 'setup', turns: { strategy: 'Free' } },
      { name: 'combat', turns: { strategy: 'Initiative', movesPerTurn: 1 } },
    ],
    transitions: [
      { name: 'fight', from: 'setup', to: 'combat' },
      { name: 'regroup', from: 'combat', to: 'setup' },
    ],
  },
  Simultaneous: { phases: [{ name: 'main', turns: { strategy: 'Simultaneous' } }] },
};

function open(strategy: string, seats: number): Table {
  return createTable(sandbox, {
    table: 'table:property',
    seats: SEATS.slice(0, seats),
    seed: 1,
    options: { ...STRATEGIES[strategy], refills: true, eliminations: true, lastTurn: 30 },
  });
}

describe('random legal streams under each strategy', () => {
  for (const strategy of Object.keys(STRATEGIES)) {
    test.prop([fc.integer({ min: 2, max: 4 }), fc.array(fc.nat(), { minLength: 1, maxLength: 120 })], { numRuns: 25 })(
      `${strategy}: replay(log) rebuilds the live table, and no seat acts while another owes a supplemental ply`,
      (seats, picks) => {
        const table = open(strategy, seats);
        for (const pick of picks) {
          const toAct = table.toAct();
          if (table.state.status === 'over' || toAct.length === 0) break;
          const seat = toAct[pick % toAct.length] as string;
          const allowed = table
            .legalMoves(seat)
            .allowed.filter((move) => move.type !== 'engine.leave' || pick % 17 === 0);
          if (allowed.length === 0) break;
          const owed = table.state.obligation;
          const ply = table.play(allowed[pick % allowed.length]);
          if (owed !== null && !['engine.initiative', 'engine.leave'].includes(ply.move.type))
            expect(ply.actor).toBe(owed.seat);
          expect(table.actor.getSnapshot().status).toBe('active');
        }
        const again = replay(table.log);
        expect(again.state).toEqual(table.state);
        expect(again.plies).toEqual(table.plies);
      },
    );
  }
});
