/**
 * Hidden information: the game says what each viewer may see of each seat and
 * which payload fields are secret until it reveals them; `viewFor` shows the
 * table as a seat or a spectator sees it, while the log stays the whole truth.
 */

import { describe, expect, expectTypeOf, it } from 'vitest';
import { mundane, skirmish } from '../../src/games/index.js';
import { createTable, type HiddenSeatViewOf, type SeatViewOf, type ViewedSeatOf } from '../../src/index.js';

const ANN = 'seat:ann';
const BOB = 'seat:bob';

describe('mundane: a hand is secret', () => {
  const table = createTable(mundane, { table: 'table:1', seats: [ANN, BOB], seed: 7 });

  it('ann sees her own hand and only how many cards bob holds', () => {
    const { state } = table.viewFor(ANN);
    expect(state.seats[ANN]?.hand).toEqual(table.state.seats[ANN]?.hand);
    expect(state.seats[BOB]?.hand).toBe(5);
    // Everything public stays as it is: time, board, the deck's size.
    expect(state.seats[BOB]).toMatchObject({ time: 5, deck: table.state.seats[BOB]?.deck, board: [] });
  });

  it('a spectator sees no card of any hand', () => {
    const { state } = table.viewFor(null);
    expect(state.seats[ANN]?.hand).toBe(5);
    expect(state.seats[BOB]?.hand).toBe(5);
    const annHand = table.state.seats[ANN]?.hand as string[];
    expect(JSON.stringify(state)).not.toContain(String(annHand[0]));
  });

  it('the omniscient state and the log are unchanged: the log, with its seed, is the truth', () => {
    expect(Array.isArray(table.state.seats[BOB]?.hand)).toBe(true);
    expect(table.log.seed).toBe(7);
  });

  it('a viewer that is not at the table is a RangeError, not a quiet spectator', () => {
    expect(() => table.viewFor('seat:eve')).toThrow(RangeError);
  });
});

describe('skirmish: orders are secret until the fight', () => {
  const A = 'seat:a';
  const B = 'seat:b';
  const open = () => createTable(skirmish, { table: 'table:field', seats: [A, B], seed: 1 });

  it("a's orders show to a in its ply and seat, and to b only as given", () => {
    const table = open();
    table.play({ type: 'commit', seat: A, payload: { stance: 'assault' } });
    expect(table.pliesFor(A)[0]?.move.payload).toEqual({ stance: 'assault' });
    expect(table.pliesFor(B)[0]?.move.payload).toEqual({});
    expect(table.pliesFor(null)[0]?.move.payload).toEqual({});
    expect(table.pliesFor(B)[0]?.notation).toBe('orders');
    expect(table.viewFor(A).state.seats[A]).toMatchObject({ committed: true, orders: 'assault' });
    expect(table.viewFor(B).state.seats[A]).toEqual(expect.not.objectContaining({ orders: expect.anything() }));
    expect(table.viewFor(B).state.seats[A]).toMatchObject({ committed: true });
  });

  it('once the fight begins, every order given before it is public in the plies', () => {
    const table = open();
    table.play({ type: 'commit', seat: A, payload: { stance: 'assault' } });
    table.play({ type: 'commit', seat: B, payload: { stance: 'hold' } });
    table.play({ type: 'engine.transition', payload: { transition: 'fight' } });
    expect(
      table
        .pliesFor(null)
        .slice(0, 2)
        .map((ply) => ply.move.payload),
    ).toEqual([{ stance: 'assault' }, { stance: 'hold' }]);
    expect(table.viewFor(B).state.seats[A]).toMatchObject({ stance: 'assault' });
  });

  it('pliesFor reads only the plies asked for', () => {
    const table = open();
    table.play({ type: 'commit', seat: A, payload: { stance: 'assault' } });
    table.play({ type: 'commit', seat: B, payload: { stance: 'hold' } });
    expect(table.pliesFor(A, 1).map((ply) => ply.seat)).toEqual([B]);
    expect(table.pliesFor(A, 1)[0]?.move.payload).toEqual({});
    expect(table.pliesFor(A, 0, 1)).toHaveLength(1);
  });
});

describe('a past point, as each viewer saw it', () => {
  const A = 'seat:a';
  const B = 'seat:b';

  it("at(n), the cursor and a branch show each viewer what the live table showed it then: b still cannot see a's orders", () => {
    const table = createTable(skirmish, { table: 'table:field', seats: [A, B], seed: 1 });
    table.play({ type: 'commit', seat: A, payload: { stance: 'assault' } });
    const then = { a: table.viewFor(A), b: table.viewFor(B), nobody: table.viewFor(null) };
    expect(then.b.state.seats[A]).not.toHaveProperty('orders');
    table.play({ type: 'commit', seat: B, payload: { stance: 'hold' } });
    table.play({ type: 'engine.transition', payload: { transition: 'fight' } });
    // The fight made the orders public now; one move in, they were a's alone.
    expect(table.pliesFor(B)[0]?.move.payload).toEqual({ stance: 'assault' });

    const past = table.at(1);
    expect(past.viewFor(A)).toEqual(then.a);
    expect(past.viewFor(B)).toEqual(then.b);
    expect(past.viewFor(null)).toEqual(then.nobody);
    expect(past.stateFor(B)).toEqual(then.b.state);
    // The omniscient state of that point keeps what only a could see.
    expect(past.state.seats[A]).toMatchObject({ orders: 'assault' });

    const cursor = table.cursor();
    expect(cursor.view.viewFor(B)).toEqual(table.viewFor(B));
    expect(cursor.seek(1).viewFor(B)).toEqual(then.b);
    expect(table.branch(1).viewFor(B)).toEqual(then.b);
  });

  it("mundane's opening seen by ann: her own five cards, bob's hand as a count; a viewer not at the table is a RangeError", () => {
    const table = createTable(mundane, { table: 'table:1', seats: [ANN, BOB], seed: 7 });
    table.play({ type: 'engine.pass', seat: ANN });
    const opening = table.at(0).viewFor(ANN);
    expect(opening.state.seats[ANN]?.hand).toEqual(table.at(0).state.seats[ANN]?.hand);
    expect(opening.state.seats[BOB]?.hand).toBe(5);
    expect(opening.plies).toEqual([]);
    expect(() => table.at(0).viewFor('seat:eve')).toThrow(RangeError);
  });

  it("the types follow the game's views: a seat's own hand is its cards, another seat's what hiddenSeatView returns", () => {
    const table = createTable(mundane, { table: 'table:1', seats: [ANN, BOB], seed: 7 });
    // What mundane's seatView and hiddenSeatView return, as the compiler reads them from the game.
    expectTypeOf<SeatViewOf<typeof mundane>['hand']>().toEqualTypeOf<string[]>();
    expectTypeOf<HiddenSeatViewOf<typeof mundane>['hand']>().toEqualTypeOf<number>();
    type Seen = ViewedSeatOf<typeof mundane> | undefined;
    expectTypeOf(table.viewFor(ANN).state.seats[BOB]).toEqualTypeOf<Seen>();
    expectTypeOf(table.at(0).viewFor(null).state.seats[ANN]).toEqualTypeOf<Seen>();
    expectTypeOf(table.cursor().view.stateFor(BOB).seats[ANN]).toEqualTypeOf<Seen>();
    expectTypeOf(table.simulate().viewFor(ANN).state.seats[BOB]).toEqualTypeOf<Seen>();
    // A viewer's code tells the two apart by the value, as the union says it must.
    const hand = table.viewFor(ANN).state.seats[BOB]?.hand;
    expect(typeof hand === 'number' ? `${hand} cards` : 'cards by name').toBe('5 cards');
    // @ts-expect-error mundane's seats have no life: a field the views do not have does not compile
    void table.viewFor(ANN).state.seats[BOB]?.life;
  });
});
