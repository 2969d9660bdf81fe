import { describe, expect, it } from 'vitest';
import { replay } from '../../src/index.js';
import { openSandbox, refusalOf } from '../support/sandbox.js';

const loneCircular = (more: object = {}) => ({
  phases: [{ name: 'one', turns: { strategy: 'Circular', movesPerTurn: 1 }, ...more }],
});

describe('a turn that no seat can take next (Circular without self-succession)', () => {
  it("the move that would spend the lone seat's turn is refused with NO_ELIGIBLE_SEAT, and nothing changes", () => {
    const table = openSandbox(loneCircular(), ['seat:a']);
    expect(refusalOf(table, { type: 'play', seat: 'seat:a' })).toEqual({ code: 'NO_ELIGIBLE_SEAT' });
    expect(table.actor.getSnapshot().status).toBe('active');
  });

  it('after the other seat leaves, the remaining seat is refused the same way rather than looping', () => {
    const table = openSandbox(loneCircular(), ['seat:a', 'seat:b']);
    table.play({ type: 'engine.leave', seat: 'seat:b' });
    expect(refusalOf(table, { type: 'play', seat: 'seat:a' })).toEqual({ code: 'NO_ELIGIBLE_SEAT' });
  });

  it('an auto-pass stop does not pass the lone seat into a turn nobody can take: it keeps priority in the last phase', () => {
    const table = openSandbox(
      { phases: [{ name: 'one', turns: { strategy: 'Circular' }, turnPhases: ['MAIN', 'END'] }] },
      ['seat:a'],
    );
    table.play({ type: 'engine.auto-pass', seat: 'seat:a', payload: { until: 'end-of-turn' } });
    expect(table.state).toMatchObject({ phase: 'END', prioritySeat: 'seat:a', passes: 0 });
    expect(refusalOf(table, { type: 'engine.pass', seat: 'seat:a' })).toEqual({ code: 'NO_ELIGIBLE_SEAT' });
    expect(replay(table.log).state).toEqual(table.state);
  });
});
