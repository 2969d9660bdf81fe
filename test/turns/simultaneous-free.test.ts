import { describe, expect, it } from 'vitest';
import { openSandbox, recordEvents, refusalOf, withRules } from '../support/sandbox.js';

describe('a simultaneous round', () => {
  it('every seat ends its own turn once, in any order; toAct lists those still to act; the round ends when none is left', () => {
    const table = openSandbox(withRules({ strategy: 'Simultaneous' }));
    const events = recordEvents(table, ['round.ended', 'round.started']);
    expect(table.toAct()).toEqual(['seat:a', 'seat:b', 'seat:c', 'seat:d']);
    expect(table.state.activeSeat).toBeNull();
    table.play({ type: 'play', seat: 'seat:c' });
    table.play({ type: 'engine.end-turn', seat: 'seat:c' });
    table.play({ type: 'play', seat: 'seat:a' });
    table.play({ type: 'engine.end-turn', seat: 'seat:a' });
    expect(table.toAct()).toEqual(['seat:b', 'seat:d']);
    expect(refusalOf(table, { type: 'engine.end-turn', seat: 'seat:c' })).toEqual({ code: 'NOT_YOUR_TURN' });
    expect(refusalOf(table, { type: 'play', seat: 'seat:a' })).toEqual({ code: 'NOT_YOUR_TURN' });
    table.play({ type: 'engine.end-turn', seat: 'seat:d' });
    table.play({ type: 'engine.end-turn', seat: 'seat:b' });
    expect(table.state.round).toBe(2);
    expect(table.toAct()).toEqual(['seat:a', 'seat:b', 'seat:c', 'seat:d']);
    expect(events).toEqual([
      { type: 'round.ended', round: 1 },
      { type: 'round.started', round: 2 },
    ]);
  });

  it('a seatless engine.end-turn ends the round for the table', () => {
    const table = openSandbox(withRules({ strategy: 'Simultaneous' }));
    table.play({ type: 'engine.end-turn', seat: 'seat:b' });
    table.play({ type: 'engine.end-turn' });
    expect(table.state).toMatchObject({ round: 2, toAct: ['seat:a', 'seat:b', 'seat:c', 'seat:d'] });
    expect(table.plies.at(-1)).toMatchObject({ actor: null, notation: 'end turn' });
  });

  it('lays a round out in one row of the move table', async () => {
    const { moveRecord } = await import('../../src/index.js');
    const table = openSandbox(withRules({ strategy: 'Simultaneous' }));
    for (const seat of ['seat:b', 'seat:a', 'seat:d', 'seat:c']) table.play({ type: 'play', seat });
    const { rounds } = moveRecord(table.plies, table.log.seats, 'simultaneous');
    expect(rounds).toEqual([['play', 'play', 'play', 'play']]);
  });
});

describe('a free phase', () => {
  it('every seat may act, in any order and as often as it likes', () => {
    const table = openSandbox(withRules({ strategy: 'Free' }));
    for (const seat of ['seat:d', 'seat:a', 'seat:d', 'seat:b']) table.play({ type: 'play', seat });
    expect(table.toAct()).toEqual(['seat:a', 'seat:b', 'seat:c', 'seat:d']);
    expect(table.state.seats['seat:d']).toEqual({ played: 2 });
  });

  it('has no turn to end', () => {
    const table = openSandbox(withRules({ strategy: 'Free' }));
    expect(refusalOf(table, { type: 'engine.end-turn', seat: 'seat:a' })).toEqual({
      code: 'REFUSED',
      reason: 'NO_TURNS',
    });
  });
});
