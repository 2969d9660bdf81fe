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
  seatOf,
} from '../support/mundane.js';

describe('the five phases of a mundane turn', () => {
  it('a turn opens in RESET and walks RESET → WAKE_UP → PLAN → DO_STUFF → WIND_DOWN as both seats pass each phase', () => {
    const table = openMundane();
    const phases = [table.state.phase];
    for (let i = 0; i < 4; i++) {
      passAll(table);
      phases.push(table.state.phase);
    }
    expect(phases).toEqual(['RESET', 'WAKE_UP', 'PLAN', 'DO_STUFF', 'WIND_DOWN']);
    expect(table.state.turn).toBe(1);
    expect(table.state.activeSeat).toBe(ANN);
  });

  it('one pass does not end a phase: seat:ann passes in RESET and seat:bob now holds priority, still in RESET', () => {
    const table = openMundane();
    pass(table, ANN);
    expect(table.state.phase).toBe('RESET');
    expect(table.state.passes).toBe(1);
    expect(table.state.prioritySeat).toBe(BOB);
  });

  it('the second pass in a row with the stack empty ends the phase and resets the pass counter', () => {
    const table = openMundane();
    pass(table, ANN);
    pass(table, BOB);
    expect(table.state.phase).toBe('WAKE_UP');
    expect(table.state.passes).toBe(0);
    expect(table.state.prioritySeat).toBe(ANN);
  });

  it('with three seats a phase takes three passes: after two it is still RESET, the third brings WAKE_UP', () => {
    const table = openMundane({ seats: [ANN, BOB, CAT] });
    pass(table, ANN);
    pass(table, BOB);
    expect(table.state.phase).toBe('RESET');
    expect(table.state.passes).toBe(2);
    expect(table.state.prioritySeat).toBe(CAT);
    pass(table, CAT);
    expect(table.state.phase).toBe('WAKE_UP');
    expect(table.state.prioritySeat).toBe(ANN);
  });

  it('engine.end-turn is refused with REFUSED and a reason: mundane has no advance-phase action', () => {
    const table = openMundane();
    const error = expectRefused(table, { type: 'engine.end-turn', seat: ANN }, 'REFUSED');
    expect(error.reason).toEqual(expect.any(String));
    expect(error.reason).not.toBe('');
    expect(table.state.phase).toBe('RESET');
  });

  it('engine.transition to PLAN is refused with REFUSED and a reason, and the table stays in RESET', () => {
    const table = openMundane();
    const error = expectRefused(
      table,
      { type: 'engine.transition', seat: ANN, payload: { transition: 'PLAN' } },
      'REFUSED',
    );
    expect(error.reason).toEqual(expect.any(String));
    expect(error.reason).not.toBe('');
    expect(table.state.phase).toBe('RESET');
  });

  it('neither engine.initiative nor engine.delay moves mundane on: both are refused with REFUSED and a reason', () => {
    const table = openMundane();
    expect(
      expectRefused(table, { type: 'engine.initiative', seat: ANN, payload: { scores: { [ANN]: 3 } } }, 'REFUSED')
        .reason,
    ).toEqual(expect.any(String));
    expect(
      expectRefused(table, { type: 'engine.delay', seat: ANN, payload: { after: BOB } }, 'REFUSED').reason,
    ).toEqual(expect.any(String));
  });

  it('both seats passing with Toaster on the stack resolve it instead of ending PLAN; the next two passes end PLAN', () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Toaster');
    passAll(table);
    expect(table.state.stack).toEqual([]);
    expect(table.state.phase).toBe('PLAN');
    passAll(table);
    expect(table.state.phase).toBe('DO_STUFF');
  });

  it('a card between two passes breaks the row: seat:ann passes, seat:bob casts Coffee, and the passes start again from zero', () => {
    const table = openMundane();
    pass(table, ANN);
    castInstant(table, BOB, 'Coffee');
    expect(table.state.passes).toBe(0);
    passAll(table); // Coffee resolves
    expect(table.state.phase).toBe('RESET');
    pass(table, ANN);
    expect(table.state.phase).toBe('RESET');
    pass(table, BOB);
    expect(table.state.phase).toBe('WAKE_UP');
  });
});

describe('the end of a turn', () => {
  it("when seat:ann's WIND_DOWN ends, it is seat:bob's turn 2 in RESET, still round 1, and seat:bob holds priority", () => {
    const table = openMundane();
    passUntilPhase(table, 'WIND_DOWN');
    pass(table, ANN);
    expect(table.state.turn).toBe(1);
    pass(table, BOB);
    expect(table.state).toMatchObject({
      turn: 2,
      round: 1,
      phase: 'RESET',
      activeSeat: BOB,
      prioritySeat: BOB,
      passes: 0,
    });
  });

  it("when seat:bob's turn ends the turn comes back to seat:ann: turn 3 and round 2", () => {
    const table = openMundane();
    passUntilTurn(table, 2);
    passUntilPhase(table, 'WIND_DOWN');
    expect(table.state).toMatchObject({ turn: 2, round: 1, activeSeat: BOB });
    passAll(table);
    expect(table.state).toMatchObject({ turn: 3, round: 2, phase: 'RESET', activeSeat: ANN, prioritySeat: ANN });
  });

  it('with three seats the turn goes ann → bob → cat → ann, and only the return to seat:ann starts round 2', () => {
    const table = openMundane({ seats: [ANN, BOB, CAT] });
    const seen: [number, number, string | null][] = [[table.state.turn, table.state.round, table.state.activeSeat]];
    for (let turn = 2; turn <= 5; turn++) {
      passUntilTurn(table, turn);
      seen.push([table.state.turn, table.state.round, table.state.activeSeat]);
    }
    expect(seen).toEqual([
      [1, 1, ANN],
      [2, 1, BOB],
      [3, 1, CAT],
      [4, 2, ANN],
      [5, 2, BOB],
    ]);
  });

  it("in seat:bob's turn seat:ann is not active but passes in turn: priority starts with seat:bob and goes to seat:ann", () => {
    const table = openMundane();
    passUntilTurn(table, 2);
    expect(table.state.prioritySeat).toBe(BOB);
    pass(table, BOB);
    expect(table.state.prioritySeat).toBe(ANN);
    expect(table.state.activeSeat).toBe(BOB);
  });
});

describe('Wake Up housekeeping', () => {
  it("on the first turn, entering WAKE_UP refreshes seat:ann's Time spent in RESET and draws her next card", () => {
    const table = openMundane({ decks: { [ANN]: ['Excuse', 'Toaster', 'Laundry', 'Neighbour', 'Kettle'] } });
    castInstant(table, ANN, 'Excuse'); // costs 1 Time
    passAll(table); // Excuse resolves
    expect(seatOf(table, ANN).time).toBe(4);
    expect(seatOf(table, ANN).hand).toEqual(['Toaster', 'Laundry']);
    passAll(table);
    expect(table.state.phase).toBe('WAKE_UP');
    expect(seatOf(table, ANN)).toMatchObject({ time: 5, hand: ['Toaster', 'Laundry', 'Neighbour'], deck: 1 });
  });

  it("Time becomes the table's startingTime, not 5: with startingTime 2, seat:ann's Time is 2 at WAKE_UP", () => {
    const table = openMundane({ startingTime: 2 });
    expect(seatOf(table, ANN).time).toBe(2);
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Toaster');
    expect(seatOf(table, ANN).time).toBe(1);
    passUntilTurn(table, 3);
    passUntilPhase(table, 'WAKE_UP');
    expect(seatOf(table, ANN).time).toBe(2);
  });

  it('nothing is drawn before WAKE_UP: in RESET the hands are the opening hands', () => {
    const table = openMundane();
    pass(table, ANN);
    expect(table.state.phase).toBe('RESET');
    expect(seatOf(table, ANN)).toMatchObject({ hand: ['Toaster', 'Laundry', 'Coffee'], deck: 3 });
  });

  it("Wake Up runs for the active seat only: at seat:ann's WAKE_UP seat:bob neither draws nor gets Time back", () => {
    const table = openMundane();
    pass(table, ANN);
    castInstant(table, BOB, 'Excuse'); // seat:bob spends 1 Time in seat:ann's RESET
    passAll(table);
    passAll(table);
    expect(table.state.phase).toBe('WAKE_UP');
    expect(seatOf(table, BOB)).toMatchObject({ time: 4, hand: ['Coffee', 'Neighbour'], deck: 3 });
  });

  it("on turn 2 seat:bob's Wake Up refreshes the Time he spent in seat:ann's turn and draws Nap, and seat:ann is untouched", () => {
    const table = openMundane();
    pass(table, ANN);
    castInstant(table, BOB, 'Excuse');
    passAll(table);
    passUntilTurn(table, 2);
    const ann = seatOf(table, ANN);
    expect(seatOf(table, BOB)).toMatchObject({ time: 4, hand: ['Coffee', 'Neighbour'], deck: 3 });
    passUntilPhase(table, 'WAKE_UP');
    expect(seatOf(table, BOB)).toMatchObject({ time: 5, hand: ['Coffee', 'Neighbour', 'Nap'], deck: 2 });
    expect(seatOf(table, ANN)).toEqual(ann);
  });

  it('from an empty deck Wake Up draws nothing, and still refreshes Time', () => {
    const table = openMundane({ decks: { [ANN]: ['Coffee', 'Excuse'] }, openingHand: 2 });
    expect(seatOf(table, ANN).deck).toBe(0);
    castInstant(table, ANN, 'Excuse');
    passAll(table);
    passUntilPhase(table, 'WAKE_UP');
    expect(seatOf(table, ANN)).toMatchObject({ time: 5, hand: ['Coffee'], deck: 0 });
  });

  it('a seat draws one card at each of its Wake Ups, the next from the top of its deck', () => {
    const table = openMundane();
    passUntilPhase(table, 'WAKE_UP');
    expect(seatOf(table, ANN).hand).toEqual(['Toaster', 'Laundry', 'Coffee', 'Neighbour']);
    passUntilTurn(table, 3);
    passUntilPhase(table, 'WAKE_UP');
    expect(seatOf(table, ANN).hand).toEqual(['Toaster', 'Laundry', 'Coffee', 'Neighbour', 'Journaling']);
    expect(seatOf(table, ANN).deck).toBe(1);
  });
});

describe('the plies of a mundane table', () => {
  it('a pass, a played card and a cast instant read "pass", "play Toaster" and "cast Coffee"', () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Toaster');
    pass(table, ANN);
    castInstant(table, BOB, 'Coffee');
    const last = table.plies.slice(-3);
    expect(last.map((ply) => ply.notation)).toEqual(['play Toaster', 'pass', 'cast Coffee']);
  });

  it('a ply names the seat that submitted it, even when that seat loses priority by the move', () => {
    const table = openMundane();
    pass(table, ANN);
    castInstant(table, BOB, 'Coffee');
    expect(table.state.prioritySeat).toBe(ANN);
    expect(table.plies).toMatchObject([
      { actor: ANN, move: { type: 'engine.pass', seat: ANN }, notation: 'pass', round: 1, playOrder: 1 },
      {
        actor: BOB,
        move: { type: 'CastInstant', seat: BOB, payload: { card: 'Coffee' } },
        notation: 'cast Coffee',
        round: 1,
        playOrder: 2,
      },
    ]);
  });

  it('a seatless pass is recorded with actor null', () => {
    const table = openMundane();
    table.play({ type: 'engine.pass' });
    expect(table.plies[0]).toMatchObject({
      actor: null,
      move: { type: 'engine.pass' },
      notation: 'pass',
      round: 1,
      playOrder: 1,
    });
  });

  it('playOrder counts the plies of round 1 across both turns, then starts again from 1 in round 2', () => {
    const table = openMundane();
    passUntilTurn(table, 3); // two turns of 5 phases × 2 passes
    pass(table, ANN);
    const plies = table.plies;
    expect(plies).toHaveLength(21);
    expect(plies.slice(0, 20).map((ply) => [ply.round, ply.playOrder])).toEqual(
      Array.from({ length: 20 }, (_, i) => [1, i + 1]),
    );
    expect(plies[20]).toMatchObject({ round: 2, playOrder: 1, actor: ANN });
  });

  it("the ply that ends the round still belongs to it: seat:ann's pass that closes seat:bob's WIND_DOWN is round 1, ply 20", () => {
    const table = openMundane();
    passUntilTurn(table, 3);
    expect(table.state.round).toBe(2);
    expect(table.plies.at(-1)).toMatchObject({ actor: ANN, round: 1, playOrder: 20 });
  });
});
