import { describe, expect, it } from 'vitest';
import { moveRecord } from '../../src/index.js';
import { openSandbox, refusalOf, takeTurn, withRules } from '../support/sandbox.js';

const P = ['seat:p1', 'seat:p2', 'seat:p3', 'seat:p4'];

/** frogger-refills' announced market refill: P1 and P2 take ordinary turns, P3 announces a refill and then makes its supplemental ply. */
function froggerRefill() {
  const table = openSandbox(withRules({ strategy: 'PerRound', movesPerTurn: 1 }, { refills: true }), P);
  table.play({ type: 'play', seat: 'seat:p1' });
  table.play({ type: 'play', seat: 'seat:p2' });
  table.play({ type: 'refill', seat: 'seat:p3', payload: { plies: 1 } });
  return table;
}

describe('sequenced obligations (supplemental plies)', () => {
  it('the turn stays with the seat that owes a supplemental ply; every other seat is refused with OBLIGATION_PENDING', () => {
    const table = froggerRefill();
    expect(table.state).toMatchObject({
      activeSeat: 'seat:p3',
      obligation: { seat: 'seat:p3', remaining: 1 },
      toAct: ['seat:p3'],
    });
    for (const seat of ['seat:p4', 'seat:p1', 'seat:p2'])
      expect(refusalOf(table, { type: 'play', seat })).toEqual({ code: 'OBLIGATION_PENDING' });
    expect(refusalOf(table, { type: 'engine.end-turn', seat: 'seat:p3' })).toEqual({ code: 'OBLIGATION_PENDING' });
    table.play({ type: 'play', seat: 'seat:p3' });
    expect(table.state).toMatchObject({ activeSeat: 'seat:p4', obligation: null });
  });

  it('the plies read …, p3, p3, … with no passes between, all in round 1 until the cycle completes', () => {
    const table = froggerRefill();
    table.play({ type: 'play', seat: 'seat:p3' });
    table.play({ type: 'play', seat: 'seat:p4' });
    expect(table.plies.map((p) => [p.actor, p.notation, p.round, p.playOrder])).toEqual([
      ['seat:p1', 'play', 1, 1],
      ['seat:p2', 'play', 1, 2],
      ['seat:p3', 'refill 1', 1, 3],
      ['seat:p3', 'play', 1, 4],
      ['seat:p4', 'play', 1, 5],
    ]);
    expect(table.state).toMatchObject({ round: 2, activeSeat: 'seat:p1' });
  });

  it("rounds() has one sparse row per ply, both p3 rows in p3's column, the second with its sequence", () => {
    const table = froggerRefill();
    table.play({ type: 'play', seat: 'seat:p3' });
    table.play({ type: 'play', seat: 'seat:p4' });
    expect(moveRecord(table.plies, P, 'sequenced').rounds).toEqual([
      ['play', null, null, null],
      [null, 'play', null, null],
      [null, null, 'refill 1', null],
      [null, null, { move: 'play', sequence: 4 }, null],
      [null, null, null, { move: 'play', sequence: 5 }],
    ]);
  });

  it('with an obligation still open, the round does not close even where the turn would wrap to the opener', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound', movesPerTurn: 1 }, { refills: true }), [
      'seat:p1',
      'seat:p2',
    ]);
    table.play({ type: 'play', seat: 'seat:p1' });
    table.play({ type: 'refill', seat: 'seat:p2', payload: { plies: 2 } });
    table.play({ type: 'play', seat: 'seat:p2' });
    expect(table.state).toMatchObject({
      round: 1,
      activeSeat: 'seat:p2',
      obligation: { seat: 'seat:p2', remaining: 1 },
    });
    table.play({ type: 'play', seat: 'seat:p2' });
    expect(table.state).toMatchObject({ round: 2, activeSeat: 'seat:p1', obligation: null });
  });

  it('refuses a refill where the table has refills off', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound' }));
    expect(refusalOf(table, { type: 'refill', seat: 'seat:a', payload: { plies: 1 } })).toEqual({
      code: 'REFUSED',
      reason: 'NO_REFILLS',
    });
    takeTurn(table, 'seat:a');
    expect(table.state.activeSeat).toBe('seat:b');
  });
});
