import { describe, expect, it } from 'vitest';
import { moveRecord } from '../../src/index.js';
import { nextActors, openSandbox, refusalOf, withRules } from '../support/sandbox.js';

describe('leaving and elimination', () => {
  it('an eliminated seat is skipped from then on, without plies of its own', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound' }, { eliminations: true }));
    table.play({ type: 'eliminate', seat: 'seat:a', payload: { seat: 'seat:c' } });
    table.play({ type: 'engine.end-turn', seat: 'seat:a' });
    expect(table.state.out).toEqual(['seat:c']);
    expect(nextActors(table, 4)).toEqual(['seat:b', 'seat:d', 'seat:a', 'seat:b']);
    expect(table.plies.some((p) => p.actor === 'seat:c')).toBe(false);
    expect(refusalOf(table, { type: 'play', seat: 'seat:c' })).toEqual({ code: 'REFUSED', reason: 'SEAT_OUT' });
  });

  it('a seat that leaves during its own turn ends it; the table can remove a seat too', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound' }));
    table.play({ type: 'engine.leave', seat: 'seat:a' });
    expect(table.state).toMatchObject({ activeSeat: 'seat:b', out: ['seat:a'] });
    table.play({ type: 'engine.leave', payload: { seat: 'seat:d' } });
    expect(nextActors(table, 3)).toEqual(['seat:b', 'seat:c', 'seat:b']);
  });

  it('the game is over when one seat is left, and it wins', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound' }, { eliminations: true }), ['seat:a', 'seat:b']);
    table.play({ type: 'eliminate', seat: 'seat:a', payload: { seat: 'seat:b' } });
    expect(table.state).toMatchObject({ status: 'over', winners: ['seat:a'] });
    expect(refusalOf(table, { type: 'play', seat: 'seat:a' })).toEqual({ code: 'GAME_OVER' });
  });

  it('the export shows an absent seat as an empty cell (skip-turn)', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound', movesPerTurn: 1 }, { eliminations: true }), [
      'seat:a',
      'seat:b',
      'seat:c',
    ]);
    table.play({ type: 'eliminate', seat: 'seat:a', payload: { seat: 'seat:b' } });
    table.play({ type: 'play', seat: 'seat:c' });
    table.play({ type: 'play', seat: 'seat:a' });
    table.play({ type: 'play', seat: 'seat:c' });
    expect(table.game.turnModel(table.context.opening.options as never)).toBe('skip-turn');
    expect(moveRecord(table.plies, table.log.seats, 'skip-turn').rounds).toEqual([
      ['eliminate seat:b', null, 'play'],
      ['play', null, 'play'],
    ]);
  });
});

describe('a seat already out', () => {
  it('is not offered as a target, and eliminating it again is refused', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound' }, { eliminations: true }));
    table.play({ type: 'eliminate', seat: 'seat:a', payload: { seat: 'seat:c' } });
    expect(
      table
        .legalMoves('seat:a')
        .allowed.filter((m) => m.type === 'eliminate')
        .map((m) => m.payload),
    ).toEqual([{ seat: 'seat:b' }, { seat: 'seat:d' }]);
    expect(refusalOf(table, { type: 'eliminate', seat: 'seat:a', payload: { seat: 'seat:c' } })).toEqual({
      code: 'REFUSED',
      reason: 'ALREADY_OUT',
    });
  });
});

describe('elimination in a simultaneous round', () => {
  it('an eliminated seat no longer waits to end its turn, and the round ends without it', () => {
    const table = openSandbox(withRules({ strategy: 'Simultaneous' }, { eliminations: true }));
    table.play({ type: 'eliminate', seat: 'seat:a', payload: { seat: 'seat:b' } });
    expect(table.toAct()).toEqual(['seat:a', 'seat:c', 'seat:d']);
    for (const seat of ['seat:a', 'seat:c', 'seat:d']) table.play({ type: 'engine.end-turn', seat });
    expect(table.state).toMatchObject({ round: 2, toAct: ['seat:a', 'seat:c', 'seat:d'] });
  });
});
