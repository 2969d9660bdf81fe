import { describe, expect, it } from 'vitest';
import {
  ANN,
  BOB,
  CAT,
  castInstant,
  expectRefused,
  openMundane,
  pass,
  passAll,
  passUntilPhase,
  passUntilTurn,
  playCard,
} from '../support/mundane.js';

describe('the active seat and the priority seat', () => {
  it('a table opens with seat:ann active and holding priority, and only she may act', () => {
    const table = openMundane();
    expect(table.state).toMatchObject({ activeSeat: ANN, prioritySeat: ANN, passes: 0, toAct: [ANN] });
    expect(table.toAct()).toEqual([ANN]);
  });

  it('seat:ann passes: seat:bob holds priority while seat:ann stays the active seat', () => {
    const table = openMundane();
    pass(table, ANN);
    expect(table.state).toMatchObject({ activeSeat: ANN, prioritySeat: BOB, passes: 1, toAct: [BOB] });
  });

  it('with three seats priority goes round in table order: ann → bob → cat', () => {
    const table = openMundane({ seats: [ANN, BOB, CAT] });
    const holders = [table.state.prioritySeat];
    pass(table);
    holders.push(table.state.prioritySeat);
    pass(table);
    holders.push(table.state.prioritySeat);
    expect(holders).toEqual([ANN, BOB, CAT]);
    expect(table.state.passes).toBe(2);
  });

  it("in seat:cat's turn of a three-seat table priority goes cat → ann → bob, wrapping round the table", () => {
    const table = openMundane({ seats: [ANN, BOB, CAT] });
    passUntilTurn(table, 3);
    expect(table.state.activeSeat).toBe(CAT);
    const holders = [table.state.prioritySeat];
    pass(table);
    holders.push(table.state.prioritySeat);
    pass(table);
    holders.push(table.state.prioritySeat);
    expect(holders).toEqual([CAT, ANN, BOB]);
  });
});

describe('priority after a card goes on the stack', () => {
  it('seat:ann plays Toaster in PLAN and receives priority to respond to her own card, the counter at 0', () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Toaster');
    expect(table.state).toMatchObject({ prioritySeat: ANN, passes: 0, activeSeat: ANN });
    expect(table.state.stack).toHaveLength(1);
  });

  it("seat:bob casts Coffee in seat:ann's RESET: priority goes back to the active seat:ann, not to the next seat after seat:bob", () => {
    const table = openMundane({ seats: [ANN, BOB, CAT] });
    pass(table, ANN);
    castInstant(table, BOB, 'Coffee');
    expect(table.state).toMatchObject({ activeSeat: ANN, prioritySeat: ANN, passes: 0 });
  });

  it('after two passes seat:cat casts Coffee: the counter resets, so it takes all three seats passing again to resolve it', () => {
    const table = openMundane({ seats: [ANN, BOB, CAT] });
    pass(table, ANN);
    pass(table, BOB);
    expect(table.state.passes).toBe(2);
    castInstant(table, CAT, 'Coffee');
    expect(table.state).toMatchObject({ passes: 0, prioritySeat: ANN });
    pass(table, ANN);
    pass(table, BOB);
    expect(table.state.stack).toHaveLength(1);
    expect(table.state.prioritySeat).toBe(CAT);
    pass(table, CAT);
    expect(table.state.stack).toEqual([]);
  });

  it('when both seats pass with Coffee on the stack it resolves, seat:ann gets priority again, and the phase stays RESET', () => {
    const table = openMundane();
    pass(table, ANN);
    castInstant(table, BOB, 'Coffee');
    pass(table, ANN);
    expect(table.state.prioritySeat).toBe(BOB);
    pass(table, BOB);
    expect(table.state).toMatchObject({ phase: 'RESET', stack: [], prioritySeat: ANN, passes: 0 });
  });

  it("in seat:bob's turn seat:ann's Coffee hands priority to seat:bob, the active seat", () => {
    const table = openMundane();
    passUntilTurn(table, 2);
    pass(table, BOB);
    castInstant(table, ANN, 'Coffee');
    expect(table.state).toMatchObject({ activeSeat: BOB, prioritySeat: BOB, passes: 0 });
    passAll(table);
    expect(table.state).toMatchObject({ stack: [], prioritySeat: BOB, phase: 'RESET' });
  });
});

describe('only the seat holding priority may act', () => {
  it('seat:bob may not pass while seat:ann holds priority: NO_PRIORITY', () => {
    const table = openMundane();
    expectRefused(table, { type: 'engine.pass', seat: BOB }, 'NO_PRIORITY');
  });

  it('seat:bob may not cast Coffee while seat:ann holds priority: NO_PRIORITY, even though instants are fast', () => {
    const table = openMundane();
    expectRefused(table, { type: 'CastInstant', seat: BOB, payload: { card: 'Coffee' } }, 'NO_PRIORITY');
  });

  it('seat:ann, active but without priority after passing, may not play Toaster in PLAN: NO_PRIORITY', () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    pass(table, ANN);
    expectRefused(table, { type: 'PlayCard', seat: ANN, payload: { card: 'Toaster' } }, 'NO_PRIORITY');
  });

  it('with a card on the stack seat:bob must wait for priority to respond: NO_PRIORITY until seat:ann passes', () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Toaster');
    expectRefused(table, { type: 'CastInstant', seat: BOB, payload: { card: 'Excuse' } }, 'NO_PRIORITY');
    pass(table, ANN);
    castInstant(table, BOB, 'Excuse');
    expect(table.state.stack.map((item) => item.card)).toEqual(['Toaster', 'Excuse']);
  });

  it('a seatless pass passes for the seat holding priority, seat:bob here, and is recorded with actor null', () => {
    const table = openMundane();
    pass(table, ANN);
    table.play({ type: 'engine.pass' });
    expect(table.state.phase).toBe('WAKE_UP');
    expect(table.plies[1]).toMatchObject({ actor: null, notation: 'pass' });
  });

  it('legalMoves tells seat:bob he may only set an auto-pass stop while seat:ann holds priority, each move blocked with NO_PRIORITY', () => {
    const table = openMundane();
    const bob = table.legalMoves(BOB);
    expect(bob.allowed.map((move) => move.type)).toEqual(['engine.auto-pass', 'engine.auto-pass']);
    expect(bob.blocked.find((b) => b.type === 'engine.pass')?.code).toBe('NO_PRIORITY');
    expect(bob.blocked.find((b) => b.type === 'CastInstant')?.code).toBe('NO_PRIORITY');
  });
});
