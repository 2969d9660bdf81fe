/**
 * The seat ring says how play goes round the table in the phase it shows: an
 * arrow clockwise or counter-clockwise where turns go seat after seat, and no
 * arrow, but words, where a phase takes no turns round the table (a
 * Simultaneous round, Initiative, Free). Read from real tables' states.
 */
import { describe, expect, it } from 'vitest';
import { mundane, skirmish } from '../../src/games/index.js';
import { createTable } from '../../src/index.js';
import { playOrder } from '../../visualizer/src/model/playOrder.js';
import { openSandbox, withRules } from '../support/sandbox.js';

describe("the seat ring's play order", () => {
  it('mundane goes clockwise; a Circular table reversed goes counter-clockwise', () => {
    const table = createTable(mundane, { table: 'table:ring', seats: ['seat:ann', 'seat:bob'], seed: 1 });
    expect(playOrder(table.state)).toEqual({ words: 'clockwise', arrow: 'clockwise' });
    const circular = openSandbox(withRules({ strategy: 'Circular', circular: { initialDirection: 'Reverse' } }));
    expect(circular.state.direction).toBe(-1);
    expect(playOrder(circular.state)).toEqual({ words: 'counter-clockwise', arrow: 'counter-clockwise' });
  });

  it("skirmish's orders are given all at once, then its fight goes by initiative: no arrow in either", () => {
    const table = createTable(skirmish, { table: 'table:field', seats: ['seat:a', 'seat:b'], seed: 1 });
    expect(table.state.strategy).toBe('Simultaneous');
    expect(playOrder(table.state)).toEqual({ words: 'all at once', arrow: null });
    table.play({ type: 'commit', seat: 'seat:a', payload: { stance: 'assault' } });
    table.play({ type: 'commit', seat: 'seat:b', payload: { stance: 'hold' } });
    table.play({ type: 'engine.transition', payload: { transition: 'fight' } });
    expect(table.state.strategy).toBe('Initiative');
    expect(playOrder(table.state)).toEqual({ words: 'by initiative', arrow: null });
  });

  it('a Free phase is played in any order', () => {
    const table = openSandbox(withRules({ strategy: 'Free' }));
    expect(playOrder(table.state)).toEqual({ words: 'in any order', arrow: null });
  });
});
