import { expect } from 'vitest';
import { IllegalMove, type Table } from '../../src/index.js';

/**
 * The code (and reason) of a move's refusal; the table must be left exactly as it was.
 *
 * @example
 * refusalOf(table, { type: 'play', seat: 'seat:b' }) // { code: 'NOT_YOUR_TURN' }
 */
export function refusalOf(table: Table, move: object): { code: string; reason?: string } {
  const before = { state: table.state, log: table.log, context: table.context };
  let caught: unknown;
  try {
    table.play(move);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(IllegalMove);
  expect({ state: table.state, log: table.log, context: table.context }).toEqual(before);
  const { code, reason } = caught as IllegalMove;
  return reason === undefined ? { code } : { code, reason };
}
