import { describe, expect, it } from 'vitest';
import { replay } from '../../src/index.js';
import { ANN, BOB, openMundane, passUntilPhase } from '../support/mundane.js';
import { openSandbox, refusalOf as refusalOfSandbox, withRules } from '../support/sandbox.js';

const undo = (seat: string) => ({ type: 'engine.undo', seat });

describe('undo with a scope', () => {
  it('seat:ann takes back her Toaster before anyone answers: the card is back in her hand, her Time refunded, the stack empty', () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    const before = table.state;
    table.play({ type: 'PlayCard', seat: ANN, payload: { card: 'Toaster' } });
    expect(table.state.stack).toHaveLength(1);
    table.play(undo(ANN));
    expect(table.state).toEqual(before);
    // the log keeps both the move and its undo, so replay stays the truth
    expect(table.log.moves.slice(-2).map((m) => m.type)).toEqual(['PlayCard', 'engine.undo']);
    expect(table.plies.at(-1)).toMatchObject({ actor: ANN, notation: 'undo' });
    expect(replay(table.log).state).toEqual(table.state);
    // a new card takes a fresh stack id: ids stay unique within the game
    table.play({ type: 'PlayCard', seat: ANN, payload: { card: 'Toaster' } });
    expect(table.state.stack[0]?.id).toBe(2);
  });

  it('a pass can be taken back while the next seat has not acted', () => {
    const table = openMundane();
    table.play({ type: 'engine.pass', seat: ANN });
    expect(table.state.prioritySeat).toBe(BOB);
    table.play(undo(ANN));
    expect(table.state).toMatchObject({ prioritySeat: ANN, passes: 0, phase: 'RESET' });
  });

  it("is refused once another seat has acted since, or for a ply that is not the seat's own", () => {
    const table = openMundane();
    table.play({ type: 'engine.pass', seat: ANN });
    table.play({ type: 'CastInstant', seat: BOB, payload: { card: 'Coffee' } });
    expect(table.check(undo(ANN))).toMatchObject({ code: 'REFUSED', reason: 'NOT_YOUR_PLY' });
    expect(table.check(undo(BOB))).toBeNull();
  });

  it('is refused once the table has moved on: the pass that ended a phase cannot be taken back', () => {
    const table = openMundane();
    table.play({ type: 'engine.pass', seat: ANN });
    table.play({ type: 'engine.pass', seat: BOB });
    expect(table.state.phase).toBe('WAKE_UP');
    expect(table.check(undo(BOB))).toMatchObject({ code: 'REFUSED', reason: 'NOT_UNDOABLE' });
  });

  it('an undo cannot itself be undone, and needs a seat and a ply', () => {
    const table = openMundane();
    expect(table.check(undo(ANN))).toMatchObject({ code: 'REFUSED', reason: 'NOTHING_TO_UNDO' });
    table.play({ type: 'engine.pass', seat: ANN });
    table.play(undo(ANN));
    expect(table.check(undo(ANN))).toMatchObject({ code: 'REFUSED', reason: 'NOT_UNDOABLE' });
    expect(table.check({ type: 'engine.undo' })).toMatchObject({ code: 'REFUSED', reason: 'SEAT_REQUIRED' });
  });

  it('a game decides which moves are undoable: sandbox declares none', () => {
    const table = openSandbox(withRules({ strategy: 'PerRound' }));
    table.play({ type: 'play', seat: 'seat:a' });
    expect(refusalOfSandbox(table, undo('seat:a'))).toEqual({ code: 'REFUSED', reason: 'NOT_UNDOABLE' });
  });
});
