import { describe, expect, it } from 'vitest';
import { moveRecord } from '../../src/index.js';
import { nextActors, openSandbox, recordEvents, refusalOf, withRules } from '../support/sandbox.js';

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

describe('a seat that leaves with items on the stack', () => {
  /** Three seats in a priority game: a casts a, passes, and b answers with b on top. */
  const twoOnTheStack = () => {
    const table = openSandbox(
      { phases: [{ name: 'main', turns: { strategy: 'PerRound' }, turnPhases: ['MAIN', 'END'] }] },
      ['seat:a', 'seat:b', 'seat:c'],
    );
    table.play({ type: 'cast', seat: 'seat:a', payload: { spell: 'a' } });
    table.play({ type: 'engine.pass', seat: 'seat:a' });
    table.play({ type: 'cast', seat: 'seat:b', payload: { spell: 'b' } });
    return table;
  };
  const onTheStack = (table: ReturnType<typeof twoOnTheStack>) => table.context.stack.map((item) => item.card);
  /** Each seat holding priority passes until the stack is empty; what resolved, in order. */
  const passUntilEmpty = (table: ReturnType<typeof twoOnTheStack>) => {
    const resolved = recordEvents(table, ['stack.resolved']);
    while (table.context.stack.length > 0) table.play({ type: 'engine.pass', seat: table.toAct()[0]! });
    return resolved.map((event) => (event as { item: { card: string } }).item.card);
  };

  it("the active seat leaving ends its turn; its item and the others' stay, and resolve in the next seat's turn once the seats left pass", () => {
    const table = twoOnTheStack();
    const events = recordEvents(table, ['seat.out', 'turn.ended', 'turn.started', 'stack.withdrawn']);
    table.play({ type: 'engine.leave', seat: 'seat:a' });
    expect(events.map((event) => event.type)).toEqual(['seat.out', 'turn.ended', 'turn.started']);
    expect(table.state).toMatchObject({ activeSeat: 'seat:b', turn: 2, out: ['seat:a'], prioritySeat: 'seat:b' });
    expect(onTheStack(table)).toEqual(['a', 'b']);
    // Newest first, the way the stack always resolves; the item of the seat that left resolves like any other.
    expect(passUntilEmpty(table)).toEqual(['b', 'a']);
    expect(table.state).toMatchObject({ activeSeat: 'seat:b', turn: 2 });
  });

  it('a seat leaving out of its turn leaves the turn where it is; the stack resolves as the seats left pass', () => {
    const table = twoOnTheStack();
    table.play({ type: 'engine.leave', seat: 'seat:b' });
    expect(table.state).toMatchObject({ activeSeat: 'seat:a', turn: 1, out: ['seat:b'], prioritySeat: 'seat:a' });
    expect(onTheStack(table)).toEqual(['a', 'b']);
    // The seat that left is asked nothing: priority goes round a and c only.
    expect(refusalOf(table, { type: 'engine.pass', seat: 'seat:b' })).toEqual({ code: 'REFUSED', reason: 'SEAT_OUT' });
    expect(passUntilEmpty(table)).toEqual(['b', 'a']);
    expect(table.plies.filter((ply) => ply.actor === 'seat:b' && ply.move.type === 'engine.pass')).toEqual([]);
  });
});
