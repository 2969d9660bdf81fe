import { describe, expect, it } from 'vitest';
import { nextActors, openSandbox, recordEvents, refusalOf, takeTurn, withRules } from '../support/sandbox.js';

describe('seat order and direction (sequential turns)', () => {
  it('turns go round the table in table order and wrap from the last seat to the first', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound' }));
    expect(nextActors(table, 6)).toEqual(['seat:a', 'seat:b', 'seat:c', 'seat:d', 'seat:a', 'seat:b']);
  });

  it('direction -1, given when the table opens, goes backward and wraps from the first seat to the last', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound' }, { direction: -1 }));
    expect(table.state.direction).toBe(-1);
    expect(nextActors(table, 5)).toEqual(['seat:a', 'seat:d', 'seat:c', 'seat:b', 'seat:a']);
  });

  it('the first active seat is the first in order, unless the table names one', () => {
    expect(openSandbox(withRules({ strategy: 'PerRound' })).state.activeSeat).toBe('seat:a');
    const named = openSandbox(withRules({ strategy: 'PerRound' }, { firstSeat: 'seat:c' }));
    expect(nextActors(named, 3)).toEqual(['seat:c', 'seat:d', 'seat:a']);
  });

  it('ending a turn emits turn ended for the seat that ends it before turn started for the next, with turn numbers', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound' }));
    const events = recordEvents(table, ['turn.ended', 'turn.started']);
    takeTurn(table, 'seat:a');
    expect(events).toEqual([
      { type: 'turn.ended', seat: 'seat:a', turn: 1 },
      { type: 'turn.started', seat: 'seat:b', turn: 2 },
    ]);
  });

  it('a round ends when every seat has had its turn: round 2 begins with seat:a, and its play order restarts', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound' }));
    const events = recordEvents(table, ['round.ended', 'round.started']);
    nextActors(table, 4);
    expect(table.state).toMatchObject({ round: 2, turn: 5, activeSeat: 'seat:a' });
    expect(events).toEqual([
      { type: 'round.ended', round: 1 },
      { type: 'round.started', round: 2 },
    ]);
    table.play({ type: 'play', seat: 'seat:a' });
    expect(table.plies.at(-1)).toMatchObject({ round: 2, playOrder: 1 });
  });

  it('only the active seat may play or end its turn; the others are refused with NOT_YOUR_TURN', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound' }));
    expect(refusalOf(table, { type: 'play', seat: 'seat:b' })).toEqual({ code: 'NOT_YOUR_TURN' });
    expect(refusalOf(table, { type: 'engine.end-turn', seat: 'seat:c' })).toEqual({ code: 'NOT_YOUR_TURN' });
    expect(table.toAct()).toEqual(['seat:a']);
  });

  it("a seatless engine.end-turn (a timer) ends the active seat's turn", () => {
    const table = openSandbox(withRules({ strategy: 'PerRound' }));
    const ply = table.play({ type: 'engine.end-turn' });
    expect(ply).toMatchObject({ actor: null, seat: 'seat:a', notation: 'end turn' });
    expect(table.state.activeSeat).toBe('seat:b');
  });

  it('there is no pass outside a priority window', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound' }));
    expect(refusalOf(table, { type: 'engine.pass', seat: 'seat:a' })).toEqual({ code: 'NO_PRIORITY' });
  });
});

describe('movesPerTurn and out-of-turn moves (initiative rules)', () => {
  it('a turn ends by itself after movesPerTurn game moves', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound', movesPerTurn: 2 }));
    table.play({ type: 'play', seat: 'seat:a' });
    expect(table.state.activeSeat).toBe('seat:a');
    table.play({ type: 'play', seat: 'seat:a' });
    expect(table.state).toMatchObject({ activeSeat: 'seat:b', turn: 2 });
  });

  it('a move type declared out of turn may be made by any seat at any time and does not count in the turn', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound', movesPerTurn: 2, outOfTurn: ['react'] }));
    table.play({ type: 'play', seat: 'seat:a' });
    table.play({ type: 'react', seat: 'seat:c' });
    table.play({ type: 'react', seat: 'seat:a' });
    expect(table.state.activeSeat).toBe('seat:a'); // two reactions did not spend seat:a's second move
    expect(refusalOf(table, { type: 'play', seat: 'seat:c' })).toEqual({ code: 'NOT_YOUR_TURN' });
    table.play({ type: 'play', seat: 'seat:a' });
    expect(table.state.activeSeat).toBe('seat:b');
    expect(table.plies.map((p) => `${p.actor} ${p.notation}`)).toEqual([
      'seat:a play',
      'seat:c react',
      'seat:a react',
      'seat:a play',
    ]);
  });
});

describe('turn rules are refused without a strategy', () => {
  it('a sandbox whose rules object declares no strategy does not open, and the error says how to fix it', () => {
    expect(() => openSandbox({ phases: [{ name: 'main', turns: { movesPerTurn: 1 } }] })).toThrow(
      /options\.phases\.0\.turns\.strategy.*"strategy": "PerRound"/,
    );
  });

  it('refuses a transition to a game phase that does not exist, naming it', () => {
    expect(() =>
      openSandbox(withRules({ strategy: 'PerRound' }, { transitions: [{ name: 'go', from: 'main', to: 'nowhere' }] })),
    ).toThrow(/options\.transitions\.0\.to/);
  });

  it('refuses a first seat that is not at the table, naming it', () => {
    expect(() => openSandbox(withRules({ strategy: 'PerRound' }, { firstSeat: 'seat:zed' }))).toThrow(
      /options\.firstSeat/,
    );
  });
});
