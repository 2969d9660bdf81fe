import { describe, expect, it } from 'vitest';
import { nextActors, openSandbox, refusalOf, takeTurn } from '../support/sandbox.js';

/** A table that sets initiative in a Free setup phase, then fights by initiative. */
function openCombat(more: object = {}) {
  return openSandbox({
    phases: [
      { name: 'setup', turns: { strategy: 'Free' } },
      { name: 'combat', turns: { strategy: 'Initiative' } },
    ],
    transitions: [{ name: 'fight', from: 'setup', to: 'combat' }],
    ...more,
  });
}

describe('initiative and delay', () => {
  it('orders the round from the highest score; equal scores keep table order; seats without a score come last', () => {
    const table = openCombat();
    table.play({ type: 'engine.initiative', payload: { scores: { 'seat:c': 5, 'seat:b': 2, 'seat:d': 5 } } });
    table.play({ type: 'engine.transition', payload: { transition: 'fight' } });
    expect(nextActors(table, 5)).toEqual(['seat:c', 'seat:d', 'seat:b', 'seat:a', 'seat:c']);
  });

  it('keeps the scores from one game phase to the next and merges new ones in', () => {
    const table = openCombat();
    table.play({ type: 'engine.initiative', seat: 'seat:a', payload: { scores: { 'seat:a': 1 } } });
    table.play({ type: 'engine.initiative', seat: 'seat:b', payload: { scores: { 'seat:b': 3 } } });
    table.play({ type: 'engine.transition', payload: { transition: 'fight' } });
    expect(table.context.progression.initiative).toEqual({ 'seat:a': 1, 'seat:b': 3 });
    expect(table.state.activeSeat).toBe('seat:b');
  });

  it('setting initiative in the middle of a round orders the round again from its first seat, the round number kept', () => {
    const table = openCombat();
    table.play({ type: 'engine.transition', payload: { transition: 'fight' } });
    const round = table.state.round;
    takeTurn(table, 'seat:a');
    takeTurn(table, 'seat:b');
    table.play({ type: 'engine.initiative', payload: { scores: { 'seat:d': 9 } } });
    expect(table.state).toMatchObject({ activeSeat: 'seat:d', round });
    expect(nextActors(table, 4)).toEqual(['seat:d', 'seat:a', 'seat:b', 'seat:c']);
  });

  it('a delayed seat moves after a seat that acts later, and the seat that followed it acts now', () => {
    const table = openCombat();
    table.play({ type: 'engine.transition', payload: { transition: 'fight' } });
    table.play({ type: 'engine.delay', seat: 'seat:a', payload: { after: 'seat:c' } });
    expect(table.state.activeSeat).toBe('seat:b');
    expect(nextActors(table, 4)).toEqual(['seat:b', 'seat:c', 'seat:a', 'seat:d']);
  });

  it('refuses a delay after a seat that already acted, and a delay outside an initiative phase', () => {
    const table = openCombat();
    expect(refusalOf(table, { type: 'engine.delay', seat: 'seat:a', payload: { after: 'seat:b' } })).toEqual({
      code: 'REFUSED',
      reason: 'NOT_INITIATIVE',
    });
    table.play({ type: 'engine.transition', payload: { transition: 'fight' } });
    takeTurn(table, 'seat:a');
    expect(refusalOf(table, { type: 'engine.delay', seat: 'seat:b', payload: { after: 'seat:a' } })).toEqual({
      code: 'REFUSED',
      reason: 'NOT_LATER',
    });
    expect(refusalOf(table, { type: 'engine.delay', seat: 'seat:c', payload: { after: 'seat:d' } })).toEqual({
      code: 'NOT_YOUR_TURN',
    });
  });

  it('refuses scores for a seat that is not at the table', () => {
    const table = openCombat();
    expect(refusalOf(table, { type: 'engine.initiative', payload: { scores: { 'seat:zed': 1 } } })).toEqual({
      code: 'UNKNOWN_SEAT',
    });
    expect(refusalOf(table, { type: 'engine.initiative', payload: { scores: { 'seat:a': 1.5 } } })).toEqual({
      code: 'INVALID_PAYLOAD',
    });
  });
});
