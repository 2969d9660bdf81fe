import { describe, expect, it } from 'vitest';
import {
  ANN,
  BOB,
  castInstant,
  expectRefused,
  openMundane,
  pass,
  passAll,
  passUntilPhase,
  passUntilTurn,
  playCard,
} from '../support/mundane.js';

const play = (seat: string, card: string) => ({ type: 'PlayCard', seat, payload: { card } });
const cast = (seat: string, card: string) => ({ type: 'CastInstant', seat, payload: { card } });

describe('sorcery speed: PlayCard', () => {
  it('seat:ann plays Toaster in her PLAN with the stack empty', () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Toaster');
    expect(table.state.stack).toMatchObject([{ seat: ANN, card: 'Toaster', type: 'APPLIANCE' }]);
  });

  for (const phase of ['RESET', 'WAKE_UP', 'DO_STUFF', 'WIND_DOWN']) {
    it(`seat:ann may not play Toaster in her ${phase}, holding priority with the stack empty: WRONG_TIMING`, () => {
      const table = openMundane();
      passUntilPhase(table, phase);
      expect(table.state.prioritySeat).toBe(ANN);
      expectRefused(table, play(ANN, 'Toaster'), 'WRONG_TIMING');
    });
  }

  it('seat:ann may not play Laundry in PLAN while her Toaster waits on the stack: WRONG_TIMING', () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Toaster');
    expect(table.state.prioritySeat).toBe(ANN);
    expectRefused(table, play(ANN, 'Laundry'), 'WRONG_TIMING');
  });

  it('once Toaster has resolved seat:ann may play Laundry in the same PLAN', () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Toaster');
    passAll(table);
    playCard(table, ANN, 'Laundry');
    expect(table.state.stack.map((item) => item.card)).toEqual(['Laundry']);
  });

  it("seat:bob, holding priority in seat:ann's PLAN with the stack empty, may not play Neighbour: NOT_YOUR_TURN", () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    pass(table, ANN);
    expect(table.state.prioritySeat).toBe(BOB);
    expectRefused(table, play(BOB, 'Neighbour'), 'NOT_YOUR_TURN');
  });

  it("in seat:bob's own PLAN he plays Neighbour, and seat:ann holding priority there is NOT_YOUR_TURN", () => {
    const table = openMundane();
    passUntilTurn(table, 2);
    passUntilPhase(table, 'PLAN');
    playCard(table, BOB, 'Neighbour');
    expect(table.state.stack).toMatchObject([{ seat: BOB, card: 'Neighbour', type: 'PERSON' }]);
    passAll(table); // Neighbour resolves, seat:bob holds priority in PLAN again
    pass(table, BOB);
    expect(table.state).toMatchObject({ phase: 'PLAN', prioritySeat: ANN, stack: [] });
    expectRefused(table, play(ANN, 'Toaster'), 'NOT_YOUR_TURN');
  });

  it('legalMoves offers seat:ann PlayCard in PLAN and blocks it in RESET with WRONG_TIMING', () => {
    const table = openMundane();
    const reset = table.legalMoves(ANN);
    expect(reset.allowed.some((move) => move.type === 'PlayCard')).toBe(false);
    expect(reset.blocked.find((b) => b.type === 'PlayCard')?.code).toBe('WRONG_TIMING');
    passUntilPhase(table, 'PLAN');
    const plan = table.legalMoves(ANN).allowed.filter((move) => move.type === 'PlayCard');
    expect(plan.map((move) => (move.payload as { card: string }).card).sort()).toEqual([
      'Laundry',
      'Neighbour',
      'Toaster',
    ]);
  });
});

describe('instant speed: CastInstant', () => {
  it('seat:ann casts an instant in each of the five phases, each time holding priority', () => {
    const table = openMundane({ decks: { [ANN]: ['Coffee', 'Coffee', 'Coffee', 'Coffee', 'Coffee'] }, openingHand: 5 });
    const castIn: string[] = [];
    for (const phase of ['RESET', 'WAKE_UP', 'PLAN', 'DO_STUFF', 'WIND_DOWN']) {
      passUntilPhase(table, phase);
      castInstant(table, ANN, 'Coffee');
      castIn.push(table.state.phase);
      passAll(table); // Coffee resolves; still the same phase
      expect(table.state.phase).toBe(phase);
    }
    expect(castIn).toEqual(['RESET', 'WAKE_UP', 'PLAN', 'DO_STUFF', 'WIND_DOWN']);
    expect(table.state.turn).toBe(1);
  });

  it("seat:bob, not the active seat, casts Coffee in seat:ann's DO_STUFF once she passes him priority", () => {
    const table = openMundane();
    passUntilPhase(table, 'DO_STUFF');
    pass(table, ANN);
    castInstant(table, BOB, 'Coffee');
    expect(table.state.stack).toMatchObject([{ seat: BOB, card: 'Coffee', type: 'INSTANT' }]);
  });

  it("seat:bob casts Excuse on top of seat:ann's Toaster: instants ignore what is on the stack", () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Toaster');
    pass(table, ANN);
    castInstant(table, BOB, 'Excuse');
    expect(table.state.stack.map((item) => item.card)).toEqual(['Toaster', 'Excuse']);
  });

  it('seat:ann answers her own Toaster with Coffee before passing: the active seat may respond to itself', () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Toaster');
    castInstant(table, ANN, 'Coffee');
    expect(table.state.stack.map((item) => item.card)).toEqual(['Toaster', 'Coffee']);
  });

  it("seat:bob casts three instants in a row on seat:ann's turn, each after seat:ann passes back to him", () => {
    const table = openMundane({ decks: { [BOB]: ['Coffee', 'Coffee', 'Coffee'] } });
    for (let i = 0; i < 3; i++) {
      pass(table, ANN);
      castInstant(table, BOB, 'Coffee');
    }
    expect(table.state.stack).toHaveLength(3);
    expect(table.state.stack.every((item) => item.seat === BOB)).toBe(true);
  });

  it('an instant may not be played with PlayCard, nor a sorcery card cast with CastInstant: WRONG_CARD_TYPE', () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    expectRefused(table, play(ANN, 'Coffee'), 'REFUSED', 'WRONG_CARD_TYPE');
    expectRefused(table, cast(ANN, 'Toaster'), 'REFUSED', 'WRONG_CARD_TYPE');
  });
});
