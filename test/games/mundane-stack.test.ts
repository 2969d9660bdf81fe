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
  seatOf,
} from '../support/mundane.js';

describe('LIFO resolution', () => {
  it("a response resolves before the card it answers: seat:bob's Excuse goes on top of seat:ann's Toaster and leaves first", () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Toaster');
    pass(table, ANN);
    castInstant(table, BOB, 'Excuse');
    expect(table.state.stack).toEqual([
      { id: 1, seat: ANN, card: 'Toaster', type: 'APPLIANCE' },
      { id: 2, seat: BOB, card: 'Excuse', type: 'INSTANT' },
    ]);

    passAll(table);
    expect(table.state.stack).toEqual([{ id: 1, seat: ANN, card: 'Toaster', type: 'APPLIANCE' }]);
    expect(seatOf(table, BOB).discard).toEqual(['Excuse']);
    expect(seatOf(table, ANN).board).toEqual([]);

    passAll(table);
    expect(table.state.stack).toEqual([]);
    expect(seatOf(table, ANN).board).toEqual(['Toaster']);
    expect(table.state.phase).toBe('PLAN');
  });

  it('items resolve one at a time: all passing with two items on the stack resolves only the top one', () => {
    const table = openMundane();
    castInstant(table, ANN, 'Coffee');
    pass(table, ANN);
    castInstant(table, BOB, 'Coffee');
    expect(table.state.stack).toHaveLength(2);
    passAll(table);
    expect(table.state.stack.map((item) => item.seat)).toEqual([ANN]);
    expect(seatOf(table, BOB).discard).toEqual(['Coffee']);
    expect(seatOf(table, ANN).discard).toEqual([]);
  });

  it('between resolutions seat:ann, the active seat, holds priority with the counter at 0 and may add a response', () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Toaster');
    pass(table, ANN);
    castInstant(table, BOB, 'Excuse');
    passAll(table); // Excuse resolves
    expect(table.state).toMatchObject({ prioritySeat: ANN, passes: 0 });
    castInstant(table, ANN, 'Coffee');
    expect(table.state.stack.map((item) => [item.id, item.card])).toEqual([
      [1, 'Toaster'],
      [3, 'Coffee'],
    ]);
    passAll(table);
    expect(seatOf(table, ANN)).toMatchObject({ board: [], discard: ['Coffee'] });
    passAll(table);
    expect(seatOf(table, ANN)).toMatchObject({ board: ['Toaster'], discard: ['Coffee'] });
  });

  it('with three items seat:ann and seat:bob must pass three times over before the stack is empty, and the phase only moves after that', () => {
    const table = openMundane();
    passUntilPhase(table, 'DO_STUFF');
    castInstant(table, ANN, 'Coffee');
    pass(table, ANN);
    castInstant(table, BOB, 'Coffee');
    pass(table, ANN);
    castInstant(table, BOB, 'Excuse');
    const resolved: string[] = [];
    table.on('stack.resolved', ({ item }) => resolved.push(`${item.seat} ${item.card} #${item.id}`));
    for (let i = 0; i < 3; i++) passAll(table);
    expect(resolved).toEqual([`${BOB} Excuse #3`, `${BOB} Coffee #2`, `${ANN} Coffee #1`]);
    expect(table.state.phase).toBe('DO_STUFF');
    passAll(table);
    expect(table.state.phase).toBe('WIND_DOWN');
  });
});

describe('stack ids', () => {
  it('ids come from one counter per table and never repeat in a game, even after the stack empties and the turn passes', () => {
    const table = openMundane();
    const ids: number[] = [];
    table.on('stack.pushed', ({ item }) => ids.push(item.id));
    castInstant(table, ANN, 'Coffee');
    passAll(table);
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Toaster');
    pass(table, ANN);
    castInstant(table, BOB, 'Coffee');
    passAll(table);
    passAll(table);
    passUntilTurn(table, 2);
    passUntilPhase(table, 'PLAN');
    playCard(table, BOB, 'Neighbour');
    expect(ids).toEqual([1, 2, 3, 4]);
    expect(table.state.stack).toEqual([{ id: 4, seat: BOB, card: 'Neighbour', type: 'PERSON' }]);
  });

  it('each table keeps its own counter: a second table numbers its first item 1 while the first is at 2', () => {
    const first = openMundane();
    const second = openMundane();
    castInstant(first, ANN, 'Coffee');
    passAll(first);
    pass(first, ANN);
    castInstant(first, BOB, 'Coffee');
    expect(first.state.stack[0]?.id).toBe(2);
    castInstant(second, ANN, 'Coffee');
    expect(second.state.stack[0]?.id).toBe(1);
  });
});

describe('where a resolved card goes', () => {
  it("permanents go to their controller's board: a PERSON, an APPLIANCE and a HABIT", () => {
    const table = openMundane({ decks: { [ANN]: ['Neighbour', 'Toaster', 'Journaling', 'Kettle'] }, startingTime: 5 });
    passUntilPhase(table, 'PLAN');
    for (const card of ['Neighbour', 'Toaster', 'Journaling']) {
      playCard(table, ANN, card);
      passAll(table);
    }
    expect(seatOf(table, ANN)).toMatchObject({
      board: ['Neighbour', 'Toaster', 'Journaling'],
      discard: [],
      hand: ['Kettle'],
    });
    expect(seatOf(table, BOB).board).toEqual([]);
  });

  it("a TASK goes to its controller's discard once it resolves", () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Laundry');
    expect(seatOf(table, ANN).discard).toEqual([]);
    passAll(table);
    expect(seatOf(table, ANN)).toMatchObject({ board: [], discard: ['Laundry'] });
  });

  it("seat:bob's INSTANT cast in seat:ann's turn goes to seat:bob's discard, not the active seat's", () => {
    const table = openMundane();
    pass(table, ANN);
    castInstant(table, BOB, 'Coffee');
    passAll(table);
    expect(seatOf(table, BOB).discard).toEqual(['Coffee']);
    expect(seatOf(table, ANN).discard).toEqual([]);
  });

  it('a card leaves the hand when it goes on the stack, before it resolves', () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Toaster');
    expect(seatOf(table, ANN)).toMatchObject({ hand: ['Laundry', 'Coffee', 'Neighbour'], board: [] });
  });

  it('of two cards with one name only one leaves the hand', () => {
    const table = openMundane({ decks: { [BOB]: ['Coffee', 'Coffee', 'Excuse'] } });
    pass(table, ANN);
    castInstant(table, BOB, 'Coffee');
    expect(seatOf(table, BOB).hand).toEqual(['Coffee', 'Excuse']);
  });
});

describe('paying Time', () => {
  it("seat:ann pays Neighbour's 2 Time when it goes on the stack, not when it resolves", () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Neighbour');
    expect(seatOf(table, ANN).time).toBe(3);
    passAll(table);
    expect(seatOf(table, ANN).time).toBe(3);
  });

  it("seat:bob pays for the Excuse he casts in seat:ann's turn from his own Time", () => {
    const table = openMundane();
    pass(table, ANN);
    castInstant(table, BOB, 'Excuse');
    expect(seatOf(table, BOB).time).toBe(4);
    expect(seatOf(table, ANN).time).toBe(5);
  });

  it('a card that costs exactly the Time left may be played, leaving 0', () => {
    const table = openMundane({ startingTime: 2 });
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Neighbour');
    expect(seatOf(table, ANN).time).toBe(0);
  });

  it('a free card may be cast with 0 Time left', () => {
    const table = openMundane({ startingTime: 0 });
    castInstant(table, ANN, 'Coffee');
    expect(table.state.stack).toHaveLength(1);
  });

  it('with 1 Time seat:ann may not play Neighbour (2): REFUSED, INSUFFICIENT_TIME, and nothing changes', () => {
    const table = openMundane({ startingTime: 1 });
    passUntilPhase(table, 'PLAN');
    expectRefused(
      table,
      { type: 'PlayCard', seat: ANN, payload: { card: 'Neighbour' } },
      'REFUSED',
      'INSUFFICIENT_TIME',
    );
  });

  it('Time spent on one card is not there for the next: after Neighbour, 1 Time left is too little for Nap', () => {
    const table = openMundane({ decks: { [ANN]: ['Neighbour', 'Nap', 'Coffee'] }, startingTime: 3 });
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Neighbour');
    expectRefused(table, { type: 'CastInstant', seat: ANN, payload: { card: 'Nap' } }, 'REFUSED', 'INSUFFICIENT_TIME');
  });
});

describe('cards a seat cannot play', () => {
  it('seat:ann may not play Plumber, which is in no hand: REFUSED, CARD_NOT_IN_HAND', () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    expectRefused(table, { type: 'PlayCard', seat: ANN, payload: { card: 'Plumber' } }, 'REFUSED', 'CARD_NOT_IN_HAND');
  });

  it("seat:ann may not cast seat:bob's Excuse: REFUSED, CARD_NOT_IN_HAND", () => {
    const table = openMundane();
    expectRefused(
      table,
      { type: 'CastInstant', seat: ANN, payload: { card: 'Excuse' } },
      'REFUSED',
      'CARD_NOT_IN_HAND',
    );
  });

  it('seat:ann may not play a second Toaster after her only one went on the stack: CARD_NOT_IN_HAND', () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Toaster');
    passAll(table);
    expectRefused(table, { type: 'PlayCard', seat: ANN, payload: { card: 'Toaster' } }, 'REFUSED', 'CARD_NOT_IN_HAND');
  });

  it('a card of a name no deck holds is CARD_NOT_IN_HAND, not a crash', () => {
    const table = openMundane();
    expectRefused(
      table,
      { type: 'CastInstant', seat: ANN, payload: { card: 'Time Machine' } },
      'REFUSED',
      'CARD_NOT_IN_HAND',
    );
  });
});
