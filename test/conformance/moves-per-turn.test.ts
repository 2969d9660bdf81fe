/**
 * movesPerTurn in a Simultaneous phase. The rule: "A phase with movesPerTurn
 * ends a seat's turn by itself after that many moves of the game".
 */
import { describe, expect, it } from 'vitest';
import { openSandbox, refusalOf, withRules } from '../support/sandbox.js';

const [A, B, C] = ['seat:a', 'seat:b', 'seat:c'];
const THREE = [A, B, C];

describe("movesPerTurn ends a seat's turn by itself in a simultaneous round", () => {
  it('a seat that made movesPerTurn game moves is done for the round: it leaves toAct and a third move is NOT_YOUR_TURN', () => {
    const table = openSandbox(withRules({ strategy: 'Simultaneous', movesPerTurn: 2 }), THREE);
    table.play({ type: 'play', seat: A });
    expect(table.state.toAct).toEqual([A, B, C]);
    table.play({ type: 'play', seat: A });
    expect(table.state.toAct).toEqual([B, C]);
    expect(refusalOf(table, { type: 'play', seat: A })).toEqual({ code: 'NOT_YOUR_TURN' });
  });

  it('the round closes on its own once every seat has made its moves, and the next round counts afresh', () => {
    const table = openSandbox(withRules({ strategy: 'Simultaneous', movesPerTurn: 2 }), THREE);
    for (const seat of [A, B, C, A, C]) table.play({ type: 'play', seat });
    expect(table.state).toMatchObject({ round: 1, toAct: [B], movesThisTurn: 5 });
    table.play({ type: 'play', seat: B });
    expect(table.state).toMatchObject({ round: 2, turn: 2, toAct: [A, B, C], movesThisTurn: 0 });
    table.play({ type: 'play', seat: A });
    expect(table.state.toAct).toEqual([A, B, C]);
  });

  it('a seat may still end its turn before it has made them all', () => {
    const table = openSandbox(withRules({ strategy: 'Simultaneous', movesPerTurn: 2 }), THREE);
    table.play({ type: 'play', seat: A });
    table.play({ type: 'engine.end-turn', seat: A });
    expect(table.state.toAct).toEqual([B, C]);
  });

  it('out-of-turn moves do not count in the turn', () => {
    const table = openSandbox(withRules({ strategy: 'Simultaneous', movesPerTurn: 1, outOfTurn: ['react'] }), THREE);
    table.play({ type: 'react', seat: A });
    table.play({ type: 'react', seat: A });
    expect(table.state.toAct).toEqual([A, B, C]);
    table.play({ type: 'play', seat: A });
    expect(table.state.toAct).toEqual([B, C]);
  });

  it('a seat that owes supplemental plies is not done until it has made them', () => {
    const table = openSandbox(withRules({ strategy: 'Simultaneous', movesPerTurn: 1 }, { refills: true }), THREE);
    table.play({ type: 'refill', seat: A, payload: { plies: 1 } });
    expect(table.state).toMatchObject({ toAct: [A], obligation: { seat: A, remaining: 1 } });
    table.play({ type: 'play', seat: A });
    expect(table.state).toMatchObject({ toAct: [B, C], obligation: null });
  });

  it('replaying the log rebuilds the same rounds', async () => {
    const { replay } = await import('../../src/index.js');
    const table = openSandbox(withRules({ strategy: 'Simultaneous', movesPerTurn: 1 }), THREE);
    for (const seat of [B, A, C, C]) table.play({ type: 'play', seat });
    expect(replay(table.log).state).toEqual(table.state);
  });
});
