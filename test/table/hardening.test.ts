/**
 * Hostile input at the engine's edges: what an application, a game's code or a
 * network peer sends is read once, held to plain JSON, refused with a code,
 * and never changes what it should not.
 */

import { describe, expect, it } from 'vitest';
import { mundane } from '../../src/games/index.js';
import {
  createTable,
  type IllegalMove,
  InvalidTable,
  replay,
  replayLog,
  restoreTable,
  type Table,
  type TableEmitted,
} from '../../src/index.js';
import { countingGame } from '../support/countingGame.js';

const A = 'seat:a';
const B = 'seat:b';

/** A mundane table where each seat holds the named instants (and nothing else) in hand. */
function tableWithCards(names: Record<string, string[]>, seats = [A, B]): Table<typeof mundane> {
  const decks = Object.fromEntries(
    seats.map((seat) => [seat, (names[seat] ?? ['Coffee']).map((name) => ({ name, type: 'INSTANT' as const }))]),
  );
  return createTable(mundane, { table: 'table:h', seats, seed: 1, options: { decks, openingHand: 3 } });
}

const snapshot = (table: Table) => ({ value: table.actor.getSnapshot().value, context: table.context, log: table.log });

describe('a move is read exactly once', () => {
  it('a getter that answers a legal pass to the checks and junk afterwards cannot get the junk into the actor', () => {
    const table = createTable(mundane, { table: 'table:1', seats: [A, B], seed: 1 });
    let reads = 0;
    const shifty = {
      get type() {
        reads++;
        return reads === 1 ? 'engine.pass' : { not: 'a type' };
      },
      seat: A,
    };
    const ply = table.play(shifty as never);
    expect(reads).toBe(1);
    expect(ply.move).toEqual({ type: 'engine.pass', seat: A });
    expect(table.actor.getSnapshot().status).toBe('active');
  });

  it('a Proxy whose traps throw is refused INVALID_PAYLOAD, and the table stays as it was', () => {
    const table = createTable(mundane, { table: 'table:1', seats: [A, B], seed: 1 });
    const before = snapshot(table);
    const trap = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no keys for you');
        },
      },
    );
    expect(table.submit(trap)).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    const payloadTrap = {
      type: 'CastInstant',
      seat: A,
      payload: new Proxy(
        { card: 'Coffee' },
        {
          get: () => {
            throw new Error('boom');
          },
        },
      ),
    };
    expect(table.submit(payloadTrap)).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    expect(snapshot(table)).toEqual(before);
  });

  it('a payload read once: a getter counting its reads is read once, and the ply keeps that first answer', () => {
    const table = tableWithCards({ [A]: ['Coffee', 'Tea'] });
    let reads = 0;
    const payload = {
      get card() {
        reads++;
        return reads === 1 ? 'Coffee' : 'Tea';
      },
    };
    table.play({ type: 'CastInstant', seat: A, payload: payload as { card: string } });
    expect(reads).toBe(1);
    expect(table.state.stack.map((item) => item.card)).toEqual(['Coffee']);
  });

  it("a payload checked once: the move's schema reads it once however often the rules and the chart ask", () => {
    const { game: counted, counter } = countingGame();
    const table = createTable(counted, { table: 'table:c', seats: [A], seed: 1 });
    table.play({ type: 'add', seat: A, payload: { n: 2 } });
    expect(table.context.game).toEqual({ total: 2 });
    expect(counter.parses).toBe(1);
    expect(table.submit({ type: 'add', seat: A, payload: { n: 0 } })).toMatchObject({
      ok: false,
      error: { code: 'REFUSED', reason: 'NOT_POSITIVE' },
    });
    expect(counter.parses).toBe(2);
  });
});

describe('names that every object inherits are ordinary names', () => {
  it('seat ids constructor, toString and hasOwnProperty open a table, play and survive a JSON round trip', () => {
    const seats = ['constructor', 'toString', 'hasOwnProperty'];
    const table = createTable(mundane, { table: 'table:proto', seats, seed: 3 });
    for (const seat of seats) expect(table.state.seats[seat]?.time).toBe(5);
    table.play({ type: 'engine.pass', seat: 'constructor' });
    const again = restoreTable(mundane, JSON.parse(JSON.stringify(table.persist())));
    expect(again.state).toEqual(table.state);
    expect(replay(table.log).state).toEqual(table.state);
  });

  it('a card named __proto__ is playable live, after a restore and in a replay alike; no prototype changes', () => {
    const table = tableWithCards({ [A]: ['__proto__', 'constructor'] });
    const restored = restoreTable(mundane, JSON.parse(JSON.stringify(table.persist())));
    const move = { type: 'CastInstant', seat: A, payload: JSON.parse('{"card":"__proto__"}') } as const;
    expect(table.play(move).notation).toBe('cast __proto__');
    expect(restored.play(move).notation).toBe('cast __proto__');
    expect(restored.state).toEqual(table.state);
    expect(replay(table.log).state).toEqual(table.state);
    expect(Object.getPrototypeOf(table.context.game)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).card).toBeUndefined();
  });

  it('a key "__proto__" in the options or a payload is refused, never silently dropped by a schema or turned into a prototype', () => {
    const options = JSON.parse('{"decks":{"__proto__":[{"name":"Coffee","type":"INSTANT"}],"seat:a":[],"seat:b":[]}}');
    expect(() => createTable(mundane, { table: 'table:1', seats: [A, B], seed: 1, options })).toThrow(
      expect.objectContaining({
        code: 'INVALID_OPTIONS',
        message: expect.stringMatching(/options\.decks has a key "__proto__"/),
      }),
    );
    const table = tableWithCards({ [A]: ['Coffee'] });
    const payload = JSON.parse('{"card":"Coffee","__proto__":{"card":"Tea"}}');
    expect(table.submit({ type: 'CastInstant', seat: A, payload })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_PAYLOAD' },
    });
  });
});

describe('options are plain JSON, as payloads are', () => {
  it('a Date in the options is refused INVALID_OPTIONS, naming it', () => {
    expect(() =>
      createTable(mundane, { table: 'table:1', seats: [A, B], seed: 1, options: { turns: new Date() as never } }),
    ).toThrow(
      expect.objectContaining({
        code: 'INVALID_OPTIONS',
        message: expect.stringMatching(/options\.turns is not plain JSON \(Date\)/),
      }),
    );
  });

  it('an object with toJSON is refused: the log keeps exactly what the table read, so it always replays', () => {
    const sneaky = { toJSON: () => ({ turns: 1 }), turns: 3 };
    expect(() =>
      createTable(mundane, { table: 'table:1', seats: [A, B], seed: 1, options: { decks: sneaky as never } }),
    ).toThrow(InvalidTable);
  });

  it("the options a table keeps are its own copy: changing the caller's object later changes nothing", () => {
    const options = { turns: 2 };
    const table = createTable(mundane, { table: 'table:1', seats: [A, B], seed: 1, options });
    options.turns = 99;
    expect(table.log.options).toEqual({ turns: 2 });
  });
});

describe('what the API returns never aliases the table', () => {
  it('editing table.state, table.log, table.plies and a view changes nothing in the table', () => {
    const table = createTable(mundane, { table: 'table:1', seats: [A, B], seed: 1 });
    table.play({ type: 'engine.pass', seat: A });
    const before = snapshot(table);
    const state = table.state as unknown as { seats: Record<string, { hand: string[] }>; stack: unknown[] };
    state.seats[A]?.hand.push('Stolen');
    state.stack.push({ id: 9 });
    (table.log.moves as unknown[]).push({ type: 'engine.pass', seat: B });
    const plies = table.plies as unknown as { notation: string; move: { seat?: string } }[];
    (plies[0] as { notation: string }).notation = 'forged';
    const view = table.viewFor(A) as unknown as { state: { seats: Record<string, { hand: string[] }> } };
    view.state.seats[A]?.hand.push('Stolen');
    expect(snapshot(table)).toEqual(before);
    expect(table.plies[0]?.notation).toBe('pass');
  });
});

describe('events sent straight to the actor never put it in error', () => {
  for (const junk of [
    {},
    null,
    'engine.pass',
    { type: 5 },
    undefined,
    42,
    [],
    { type: 'xstate.stop' },
    { type: 'xstate.init' },
  ]) {
    it(`actor.send(${JSON.stringify(junk) ?? 'undefined'}) leaves the actor active and unchanged, and reports move.refused`, () => {
      const table = createTable(mundane, { table: 'table:1', seats: [A, B], seed: 1 });
      const refusals: TableEmitted[] = [];
      table.on('move.refused', (event) => refusals.push(event));
      const before = snapshot(table);
      table.actor.send(junk as never);
      expect(table.actor.getSnapshot().status).toBe('active');
      expect(snapshot(table)).toEqual(before);
      expect(refusals.length).toBeGreaterThanOrEqual(1);
      // And the table plays on.
      expect(table.play({ type: 'engine.pass', seat: A }).seat).toBe(A);
    });
  }
});

describe('sizes are measured, not serialised', () => {
  it('a payload string of 100 million characters is refused INVALID_PAYLOAD, not a RangeError', () => {
    const table = createTable(mundane, { table: 'table:1', seats: [A, B], seed: 1 });
    const huge = 'x'.repeat(100_000_000);
    const result = table.submit({ type: 'CastInstant', seat: A, payload: { card: huge } });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    expect((result as { error: IllegalMove }).error.message.length).toBeLessThan(300);
  });

  it('a seat id of 5 MB is refused UNKNOWN_SEAT with a message that quotes at most a couple of hundred characters', () => {
    const table = createTable(mundane, { table: 'table:1', seats: [A, B], seed: 1 });
    const result = table.submit({ type: 'engine.pass', seat: `s${'a'.repeat(5_000_000)}` });
    expect(result).toMatchObject({ ok: false, error: { code: 'UNKNOWN_SEAT' } });
    expect((result as { error: IllegalMove }).error.message.length).toBeLessThan(300);
  });
});

describe('the same fault gets the same code wherever it appears', () => {
  const open = (input: Record<string, unknown>) => () =>
    createTable(mundane, { table: 'table:1', seats: [A, B], seed: 1, ...input } as never);

  it('a seed that is neither an integer nor a short text: INVALID_OPTIONS at seed', () => {
    for (const seed of [1.5, { n: 1 }, 'x'.repeat(300), [], true])
      expect(open({ seed })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS', path: 'seed' }));
  });

  it('seats that are not a list: INVALID_SEAT_ID at seats, as for a seat that is not an id', () => {
    for (const seats of ['seat:a', { 0: A }, 3])
      expect(open({ seats })).toThrow(expect.objectContaining({ code: 'INVALID_SEAT_ID', path: 'seats' }));
    expect(open({ seats: [A, 7] })).toThrow(expect.objectContaining({ code: 'INVALID_SEAT_ID', path: 'seats.1' }));
  });

  it('an upto that is not a whole number of moves, 0 or more, is a RangeError, never "applied: 1.5"', () => {
    const table = createTable(mundane, { table: 'table:1', seats: [A, B], seed: 1 });
    table.play({ type: 'engine.pass', seat: A });
    for (const upto of [1.5, -1, Number.NaN]) expect(() => replayLog(table.log, { upto })).toThrow(RangeError);
    expect(replayLog(table.log, { upto: 0 }).applied).toBe(0);
  });
});
