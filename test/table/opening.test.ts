import { describe, expect, it } from 'vitest';
import { mundane } from '../../src/games/index.js';
import { createTable, InvalidTable, type InvalidTableCode, type OptionsOf, type TableInput } from '../../src/index.js';

/** The openings these tests send on purpose, typed as a mundane table takes them (the table checks them at run time). */
type MundaneInput = TableInput<OptionsOf<typeof mundane>>;

import { ANN, BOB, CAT, deck, mundaneOptions, openMundane, pass, seatOf } from '../support/mundane.js';

/** Opening `input` must throw InvalidTable with `code` at `path`. */
function expectInvalid(input: unknown, code: InvalidTableCode, path?: string): InvalidTable {
  let thrown: unknown = null;
  try {
    createTable(mundane, input as MundaneInput);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(InvalidTable);
  const invalid = thrown as InvalidTable;
  expect(invalid.code).toBe(code);
  if (path !== undefined) expect(invalid.path).toBe(path);
  return invalid;
}

const open = (seats: unknown[], extra: Record<string, unknown> = {}): MundaneInput =>
  ({ table: 'table:1', seats, seed: 1, ...extra }) as MundaneInput;

describe('seat ids', () => {
  for (const id of ['seat:ann', 'member:44', 'a', 'Z', 'A.b_c-d:9', `s${'x'.repeat(127)}`]) {
    it(`${JSON.stringify(id.length > 20 ? `${id.slice(0, 8)}… (${id.length} characters)` : id)} is a seat id a table opens with`, () => {
      const table = createTable(mundane, open([id, 'seat:other']));
      expect(table.state.seats[id]).toBeDefined();
      expect(table.log.seats).toEqual([id, 'seat:other']);
    });
  }

  for (const [label, id] of [
    ['a bare number as text', '42'],
    ['a text that starts with a digit', '1seat'],
    ['an empty text', ''],
    ['a text with a space', 'seat ann'],
    ['a text that starts with a colon', ':ann'],
    ['a text with a non-ASCII letter', 'seät'],
    ['a text of 129 characters', `s${'x'.repeat(128)}`],
    ['a number', 42],
    ['null', null],
  ] as const) {
    it(`a seat given as ${label} is refused: INVALID_SEAT_ID at seats.1`, () => {
      expectInvalid(open([ANN, id]), 'INVALID_SEAT_ID', 'seats.1');
    });
  }

  it('seats in table order: the first seat given is active, and priority follows the order given', () => {
    const table = createTable(mundane, open([CAT, ANN, BOB]));
    expect(table.state.activeSeat).toBe(CAT);
    pass(table);
    expect(table.state.prioritySeat).toBe(ANN);
    pass(table);
    expect(table.state.prioritySeat).toBe(BOB);
  });
});

describe('how many seats', () => {
  it('one seat is too few for mundane: SEAT_COUNT', () => {
    expectInvalid(open([ANN]), 'SEAT_COUNT');
  });

  it('no seats at all: SEAT_COUNT', () => {
    expectInvalid(open([]), 'SEAT_COUNT');
  });

  it('nine seats are too many: SEAT_COUNT', () => {
    expectInvalid(open(Array.from({ length: 9 }, (_, i) => `seat:${i}`)), 'SEAT_COUNT');
  });

  it('two seats and eight seats both open', () => {
    expect(createTable(mundane, open([ANN, BOB])).state.seats).toHaveProperty([BOB]);
    const eight = Array.from({ length: 8 }, (_, i) => `seat:${i}`);
    expect(Object.keys(createTable(mundane, open(eight)).state.seats)).toEqual(eight);
  });

  it('seats that are not a list: INVALID_SEAT_ID naming seats (the code of a seat that is not an id)', () => {
    const invalid = expectInvalid(open(ANN as never), 'INVALID_SEAT_ID');
    expect(invalid.path).toBe('seats');
  });

  it('seat:ann given twice is refused: DUPLICATE_SEAT at seats.2, the second time it appears', () => {
    expectInvalid(open([ANN, BOB, ANN]), 'DUPLICATE_SEAT', 'seats.2');
  });
});

describe('the table id', () => {
  for (const id of ['7', '', 'table 1', '-t', 7, undefined]) {
    it(`a table id ${JSON.stringify(id) ?? 'left out'} is refused naming the field table`, () => {
      expectInvalid({ table: id, seats: [ANN, BOB], seed: 1 }, 'INVALID_SEAT_ID', 'table');
    });
  }
});

describe('options', () => {
  it('an openingHand of -1 is refused: INVALID_OPTIONS at options.openingHand', () => {
    expectInvalid(open([ANN, BOB], { options: { openingHand: -1 } }), 'INVALID_OPTIONS', 'options.openingHand');
  });

  it('a startingTime of 2.5 is refused: INVALID_OPTIONS at options.startingTime', () => {
    expectInvalid(open([ANN, BOB], { options: { startingTime: 2.5 } }), 'INVALID_OPTIONS', 'options.startingTime');
  });

  it('turns given as a text is refused: INVALID_OPTIONS at options.turns', () => {
    expectInvalid(open([ANN, BOB], { options: { turns: 'three' } }), 'INVALID_OPTIONS', 'options.turns');
  });

  it('a deck for seat:x, who is not at the table, is refused: INVALID_OPTIONS at options.decks.seat:x', () => {
    const options = { decks: { [ANN]: deck('Toaster'), [BOB]: deck('Coffee'), 'seat:x': deck('Kettle') } };
    expectInvalid(open([ANN, BOB], { options }), 'INVALID_OPTIONS', 'options.decks.seat:x');
  });

  it('decks for seat:ann but none for seat:bob is refused: INVALID_OPTIONS at options.decks.seat:bob', () => {
    expectInvalid(
      open([ANN, BOB], { options: { decks: { [ANN]: deck('Toaster') } } }),
      'INVALID_OPTIONS',
      'options.decks.seat:bob',
    );
  });

  it("a card of an unknown type is refused, the path naming the card's field", () => {
    const options = { decks: { [ANN]: [{ name: 'Robot', type: 'GADGET', time: 1 }], [BOB]: deck('Coffee') } };
    expectInvalid(open([ANN, BOB], { options }), 'INVALID_OPTIONS', `options.decks.${ANN}.0.type`);
  });

  it('one card name given two different costs is refused, the path naming the second', () => {
    const options = { decks: { [ANN]: deck('Toaster'), [BOB]: [{ name: 'Toaster', type: 'APPLIANCE', time: 4 }] } };
    expectInvalid(open([ANN, BOB], { options }), 'INVALID_OPTIONS', `options.decks.${BOB}.0`);
  });

  it('an option mundane does not know is refused: INVALID_OPTIONS within options', () => {
    const invalid = expectInvalid(open([ANN, BOB], { options: { colour: 'red' } }), 'INVALID_OPTIONS');
    expect(invalid.path?.startsWith('options')).toBe(true);
  });

  it('options that are not an object are refused: INVALID_OPTIONS at options', () => {
    expectInvalid(open([ANN, BOB], { options: 'fast' }), 'INVALID_OPTIONS', 'options');
    expectInvalid(open([ANN, BOB], { options: [] }), 'INVALID_OPTIONS', 'options');
  });

  it('a seed of 1.5 is refused naming the field seed', () => {
    expectInvalid(open([ANN, BOB], { seed: 1.5 }), 'INVALID_OPTIONS', 'seed');
  });

  it('the log keeps the options as given, without the defaults filled in', () => {
    const table = createTable(mundane, open([ANN, BOB], { options: { openingHand: 2 } }));
    expect(table.log.options).toEqual({ openingHand: 2 });
  });

  it('changing the options object after opening changes nothing at the table', () => {
    const options = mundaneOptions();
    const table = createTable(mundane, { table: 'table:1', seats: [ANN, BOB], seed: 1, options });
    const before = structuredClone(table.log);
    (options as { openingHand: number }).openingHand = 0;
    ((options.decks as Record<string, unknown[]>)[ANN] as unknown[]).length = 0;
    expect(table.log).toEqual(before);
    expect(seatOf(table, ANN).hand).toEqual(['Toaster', 'Laundry', 'Coffee']);
  });
});

describe('opening hands from fixed decks', () => {
  it("each seat's opening hand is the top of its deck, in order, and the rest stays in the deck", () => {
    const table = openMundane({ openingHand: 2 });
    expect(seatOf(table, ANN)).toEqual({ time: 5, hand: ['Toaster', 'Laundry'], deck: 4, board: [], discard: [] });
    expect(seatOf(table, BOB)).toEqual({ time: 5, hand: ['Excuse', 'Coffee'], deck: 4, board: [], discard: [] });
  });

  it('an opening hand bigger than the deck takes the whole deck', () => {
    const table = openMundane({ decks: { [ANN]: ['Coffee'] }, openingHand: 3 });
    expect(seatOf(table, ANN)).toMatchObject({ hand: ['Coffee'], deck: 0 });
  });

  it('with shuffle: true the same seed deals the same hands from a given deck, and each hand comes from that deck', () => {
    const options = { ...mundaneOptions({ openingHand: 6 }), shuffle: true };
    const a = createTable(mundane, { table: 'table:1', seats: [ANN, BOB], seed: 11, options });
    const b = createTable(mundane, { table: 'table:2', seats: [ANN, BOB], seed: 11, options });
    expect(a.state.seats).toEqual(b.state.seats);
    expect([...seatOf(a, ANN).hand].sort()).toEqual([
      'Coffee',
      'Journaling',
      'Kettle',
      'Laundry',
      'Neighbour',
      'Toaster',
    ]);
  });
});

describe('the seed', () => {
  it('a table opened without a seed gets one: an integer, written into the log', () => {
    const table = createTable(mundane, { table: 'table:1', seats: [ANN, BOB] });
    expect(Number.isInteger(table.log.seed)).toBe(true);
  });

  it('two tables opened without a seed get different seeds', () => {
    const a = createTable(mundane, { table: 'table:1', seats: [ANN, BOB] });
    const b = createTable(mundane, { table: 'table:1', seats: [ANN, BOB] });
    expect(Number.isInteger(a.log.seed)).toBe(true);
    expect(Number.isInteger(b.log.seed)).toBe(true);
    expect(a.log.seed).not.toBe(b.log.seed);
  });

  it('the same seed deals the same hands from the default decks', () => {
    const a = createTable(mundane, { table: 'table:1', seats: [ANN, BOB], seed: 2024 });
    const b = createTable(mundane, { table: 'table:2', seats: [ANN, BOB], seed: 2024 });
    expect(a.state.seats).toEqual(b.state.seats);
    expect(seatOf(a, ANN).hand).toHaveLength(5);
  });

  it('a text seed works the same way: same text, same hands', () => {
    const a = createTable(mundane, { table: 'table:1', seats: [ANN, BOB], seed: 'tuesday' });
    const b = createTable(mundane, { table: 'table:1', seats: [ANN, BOB], seed: 'tuesday' });
    expect(a.log.seed).toBe('tuesday');
    expect(a.state.seats).toEqual(b.state.seats);
  });

  it('different seeds deal different hands from the default decks', () => {
    const hands = [1, 2, 3].map(
      (seed) => createTable(mundane, { table: 'table:1', seats: [ANN, BOB], seed }).state.seats,
    );
    expect(new Set(hands.map((h) => JSON.stringify(h))).size).toBe(3);
  });

  it("the table's replayable seed opens a second table with the same hands", () => {
    const first = createTable(mundane, { table: 'table:1', seats: [ANN, BOB] });
    const again = createTable(mundane, { table: 'table:1', seats: [ANN, BOB], seed: first.log.seed });
    expect(again.state.seats).toEqual(first.state.seats);
  });
});

describe('the log of a new table', () => {
  it('names the game, its version, the table, the seats, the seed, the options and the rules revision, with no moves yet', () => {
    const table = openMundane({ openingHand: 2 });
    expect(table.log).toEqual({
      game: 'mundane',
      version: mundane.version,
      table: 'table:test',
      seats: [ANN, BOB],
      seed: 3,
      options: mundaneOptions({ openingHand: 2 }),
      rulesRevision: 1, // the revision of the turn rules it was opened with: mundane's declare none, so 1
      moves: [],
    });
  });

  it('a new table opens in RESET of turn 1, round 1, stack empty, playing', () => {
    const table = openMundane();
    expect(table.state).toMatchObject({
      status: 'playing',
      phase: 'RESET',
      turn: 1,
      round: 1,
      passes: 0,
      direction: 1,
      stack: [],
      winners: [],
    });
  });
});
