/**
 * Tables of mundane with small, fixed decks, so that every hand in a test is
 * known, and the few moves every scenario needs, named as a reader says them.
 */

import { expect } from 'vitest';
import { mundane } from '../../src/games/index.js';
import { createTable, IllegalMove, type IllegalMoveCode, type PlayOptions, type Table } from '../../src/index.js';

export const ANN = 'seat:ann';
export const BOB = 'seat:bob';
export const CAT = 'seat:cat';

type CardType = 'PERSON' | 'APPLIANCE' | 'HABIT' | 'TASK' | 'INSTANT';
export interface TestCard {
  readonly name: string;
  readonly type: CardType;
  readonly time: number;
}

/** The cards the tests deal, each defined once. */
export const CARDS = {
  Toaster: { name: 'Toaster', type: 'APPLIANCE', time: 1 },
  Kettle: { name: 'Kettle', type: 'APPLIANCE', time: 1 },
  Neighbour: { name: 'Neighbour', type: 'PERSON', time: 2 },
  Plumber: { name: 'Plumber', type: 'PERSON', time: 3 },
  Journaling: { name: 'Journaling', type: 'HABIT', time: 1 },
  Laundry: { name: 'Laundry', type: 'TASK', time: 1 },
  Dishes: { name: 'Dishes', type: 'TASK', time: 1 },
  Coffee: { name: 'Coffee', type: 'INSTANT', time: 0 },
  Excuse: { name: 'Excuse', type: 'INSTANT', time: 1 },
  Nap: { name: 'Nap', type: 'INSTANT', time: 2 },
} as const satisfies Record<string, TestCard>;

export type CardName = keyof typeof CARDS;

/** A deck of the named cards, top first. */
export function deck(...names: CardName[]): TestCard[] {
  return names.map((name) => ({ ...CARDS[name] }));
}

/**
 * The decks a table gets unless a test gives its own. With the default
 * opening hand of 3:
 * - seat:ann holds Toaster, Laundry, Coffee and draws Neighbour at her first Wake Up;
 * - seat:bob holds Excuse, Coffee, Neighbour and draws Nap at his first Wake Up;
 * - seat:cat holds Coffee, Excuse, Kettle and draws Dishes.
 */
export const DEFAULT_DECKS: Record<string, CardName[]> = {
  [ANN]: ['Toaster', 'Laundry', 'Coffee', 'Neighbour', 'Journaling', 'Kettle'],
  [BOB]: ['Excuse', 'Coffee', 'Neighbour', 'Nap', 'Plumber', 'Dishes'],
  [CAT]: ['Coffee', 'Excuse', 'Kettle', 'Dishes', 'Nap', 'Toaster'],
};

export interface MundaneTableOptions {
  readonly seats?: string[];
  /** Decks by seat, as card names, top first; seats left out get their default deck. */
  readonly decks?: Record<string, CardName[]>;
  readonly openingHand?: number;
  readonly startingTime?: number;
  readonly turns?: number;
  readonly seed?: number | string;
  readonly table?: string;
}

/** The options a mundane table is opened with (what ends up in its log). */
export function mundaneOptions(given: MundaneTableOptions = {}): Record<string, unknown> {
  const seats = given.seats ?? [ANN, BOB];
  const decks: Record<string, TestCard[]> = {};
  for (const seat of seats) decks[seat] = deck(...(given.decks?.[seat] ?? DEFAULT_DECKS[seat] ?? DEFAULT_DECKS[ANN]!));
  return {
    decks,
    openingHand: given.openingHand ?? 3,
    startingTime: given.startingTime ?? 5,
    ...(given.turns !== undefined ? { turns: given.turns } : {}),
  };
}

/** Opens a mundane table, seat:ann and seat:bob by default, with known decks. */
export function openMundane(given: MundaneTableOptions = {}): Table {
  return createTable(mundane, {
    table: given.table ?? 'table:test',
    seats: given.seats ?? [ANN, BOB],
    seed: given.seed ?? 3,
    options: mundaneOptions(given),
  });
}

/** A seat's pieces, as `state.seats[seat]` shows them. */
export interface SeatView {
  time: number;
  hand: string[];
  deck: number;
  board: string[];
  discard: string[];
}

export function seatOf(table: Table, seat: string): SeatView {
  const view = table.state.seats[seat];
  if (view === undefined) throw new Error(`${seat} is not at the table`);
  return view as unknown as SeatView;
}

/** The seat holding priority passes (or `seat`, when given). */
export function pass(table: Table, seat?: string): void {
  const by = seat ?? table.state.prioritySeat;
  if (by === null) throw new Error('nobody holds priority');
  table.play({ type: 'engine.pass', seat: by });
}

/** Every seat passes once, in a row, starting with the seat holding priority. */
export function passAll(table: Table): void {
  const seats = Object.keys(table.state.seats).length;
  for (let i = 0; i < seats; i++) pass(table);
}

/** Everyone passes until the table is in `phase` (of the current turn or a later one). */
export function passUntilPhase(table: Table, phase: string): void {
  for (let guard = 0; table.state.phase !== phase; guard++) {
    if (guard > 100) throw new Error(`never reached ${phase}`);
    passAll(table);
  }
}

/** Everyone passes until turn `turn` has begun (its RESET). */
export function passUntilTurn(table: Table, turn: number): void {
  for (let guard = 0; table.state.turn < turn; guard++) {
    if (guard > 1000) throw new Error(`never reached turn ${turn}`);
    passAll(table);
  }
}

export function playCard(table: Table, seat: string, card: string): void {
  table.play({ type: 'PlayCard', seat, payload: { card } });
}

export function castInstant(table: Table, seat: string, card: string): void {
  table.play({ type: 'CastInstant', seat, payload: { card } });
}

/** A deep copy of what a refused move must leave exactly as it was. */
export function tableAsItIs(table: Table): { state: unknown; log: unknown; context: unknown } {
  return structuredClone({ state: table.state, log: table.log, context: table.context });
}

/**
 * Plays `move` expecting it to be refused with `code` (and `reason`), and
 * checks that the table is exactly as it was and its actor still runs.
 */
export function expectRefused(
  table: Table,
  move: unknown,
  code: IllegalMoveCode,
  reason?: string,
  options?: PlayOptions,
): IllegalMove {
  const before = tableAsItIs(table);
  const result = table.tryPlay(move, options);
  expect(result.ok).toBe(false);
  const error = (result as { ok: false; error: IllegalMove }).error;
  expect(error).toBeInstanceOf(IllegalMove);
  expect(error.code).toBe(code);
  if (reason !== undefined) expect(error.reason).toBe(reason);
  expect(() => table.play(move, options)).toThrow(IllegalMove);
  expect(table.check(move, options)?.code).toBe(code);
  expect(tableAsItIs(table)).toEqual(before);
  expect(table.actor.getSnapshot().status).toBe('active');
  return error;
}
