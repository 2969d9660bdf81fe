/**
 * Three places the rules leave open, decided (docs/turn-rules.md, "Rules in
 * detail").
 */
import { describe, expect, it } from 'vitest';
import { openSandbox, refusalOf, withRules } from '../support/sandbox.js';

const [A, B, C] = ['seat:a', 'seat:b', 'seat:c'];

describe('toAct when any seat may make an out-of-turn move', () => {
  // The rules: "A move type the game declares out of turn may be made by any seat at any time, and does not count in
  // the turn", and "toAct() lists the seats that may act now". Decided: toAct lists the seats the turn waits for;
  // an out-of-turn move is open to every seat without making it one of them (legalMoves shows it).
  it("toAct stays with the seat whose turn it is, while every other seat's legal moves offer the out-of-turn move", () => {
    const table = openSandbox(withRules({ strategy: 'PerRound', outOfTurn: ['react'] }), [A, B, C]);
    expect(table.state.toAct).toEqual([A]);
    expect(table.legalMoves(B).allowed).toContainEqual({ type: 'react', seat: B });
    expect(table.legalMoves(B).blocked).toContainEqual(
      expect.objectContaining({ type: 'play', code: 'NOT_YOUR_TURN' }),
    );
    table.play({ type: 'react', seat: C });
    expect(table.state).toMatchObject({ toAct: [A], activeSeat: A, movesThisTurn: 0 });
  });

  it('in a simultaneous round too, toAct is the seats still to end their turn', () => {
    const table = openSandbox(withRules({ strategy: 'Simultaneous', outOfTurn: ['react'] }), [A, B, C]);
    table.play({ type: 'engine.end-turn', seat: A });
    expect(table.state.toAct).toEqual([B, C]);
    table.play({ type: 'react', seat: A });
    expect(table.state.toAct).toEqual([B, C]);
  });
});

describe('engine.delay outside an Initiative phase', () => {
  // The rule: "A seat delays its turn with engine.delay after a seat that acts later in the round" is written for
  // phases by initiative. Decided: anywhere else it is refused, and the table is as it was.
  it('in a PerRound phase of a table that has an Initiative phase: REFUSED with NOT_INITIATIVE', () => {
    const table = openSandbox(
      {
        phases: [
          { name: 'march', turns: { strategy: 'PerRound' } },
          { name: 'fight', turns: { strategy: 'Initiative' } },
        ],
        transitions: [{ name: 'go', from: 'march', to: 'fight' }],
      },
      [A, B, C],
    );
    expect(refusalOf(table, { type: 'engine.delay', seat: A, payload: { after: B } })).toEqual({
      code: 'REFUSED',
      reason: 'NOT_INITIATIVE',
    });
    expect(table.legalMoves(A).blocked).toContainEqual(
      expect.objectContaining({ type: 'engine.delay', code: 'REFUSED', reason: 'NOT_INITIATIVE' }),
    );
  });

  it('at a table with no Initiative phase at all: REFUSED with NO_INITIATIVE', () => {
    const table = openSandbox(withRules({ strategy: 'Circular' }), [A, B, C]);
    expect(refusalOf(table, { type: 'engine.delay', seat: A, payload: { after: B } })).toEqual({
      code: 'REFUSED',
      reason: 'NO_INITIATIVE',
    });
  });
});

describe('a skip with two seats and allowSelfSuccessor off', () => {
  // The rules: "acrescentar 1 salta um participante" (adding 1 to the advance skips one participant), and "um único
  // elegível só volta a agir se allowSelfSuccessor permitir" (a seat acts again only if allowSelfSuccessor allows).
  // Decided: with two seats the skip would hand the turn back to the seat that played it; without self-succession
  // the sequence steps on once more, so the other seat acts as if nothing were skipped, and the skip is spent.
  it('the other seat acts next, and the skip does not carry over to its turn', () => {
    const table = openSandbox(
      withRules({ strategy: 'Circular', movesPerTurn: 1, circular: { allowSelfSuccessor: false } }),
      [A, B],
    );
    expect(table.state.nextSeat).toBe(B);
    table.play({ type: 'skip', seat: A, payload: { amount: 1 } });
    expect(table.state.activeSeat).toBe(B);
    table.play({ type: 'play', seat: B });
    expect(table.state.activeSeat).toBe(A);
  });

  it('with allowSelfSuccessor on, the same skip gives its seat the next turn', () => {
    const table = openSandbox(
      withRules({ strategy: 'Circular', movesPerTurn: 1, circular: { allowSelfSuccessor: true } }),
      [A, B],
    );
    table.play({ type: 'skip', seat: A, payload: { amount: 1 } });
    expect(table.state.activeSeat).toBe(A);
  });
});
