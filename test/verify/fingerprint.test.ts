/**
 * The checker's fingerprints, worked out without writing the reading: the
 * default fingerprint of a state equals the digest of its reading (the list
 * `stateReading` builds, its stack ids made relative), along a walk that puts
 * items on the stack; numbers digest apart from their text and by value.
 */

import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/core/random.js';
import { legalMovesFor } from '../../src/engine/legalMoves.js';
import type { ChartState } from '../../src/fast/chartRunner.js';
import { runnerOf } from '../../src/fast/simulation.js';
import { mundane } from '../../src/games/index.js';
import { createTable } from '../../src/index.js';
import { fingerprint, stateReading, valueDigest } from '../../src/verify/fingerprint.js';

/** The states of a random walk of 2-seat mundane, the opening first. */
function walk(moves: number, seed: number): ChartState[] {
  const table = createTable(mundane, { table: 'table:fp', seats: ['seat:ann', 'seat:bob'], seed: 1 });
  const runner = runnerOf(mundane, table.actor.logic);
  let state = runner.stateOf(table.actor.getSnapshot());
  table.stop();
  const random = seededRandom(seed);
  const states = [state];
  for (let i = 0; i < moves && state.context.status === 'playing'; i++) {
    const allowed = state.context.opening.seats.flatMap((seat) => legalMovesFor(mundane, state.context, seat).allowed);
    // Casting is preferred to passing, so the stack fills.
    const casts = allowed.filter((move) => move.type !== 'engine.pass' && move.type !== 'engine.undo');
    const from = casts.length > 0 && random.int(0, 3) > 0 ? casts : allowed;
    state = runner.step(state, from[random.int(0, from.length - 1)] as never);
    states.push(state);
  }
  return states;
}

describe('fingerprints without the reading written', () => {
  it('the default fingerprint is the digest of the reading, counters kept or dropped, items on the stack', () => {
    const states = [...walk(120, 3), ...walk(120, 8)];
    expect(states.some((state) => state.context.stack.length > 1)).toBe(true);
    const seats = ['seat:ann', 'seat:bob'];
    for (const counters of [false, true]) {
      const settings = { counters, symmetry: false };
      for (const state of states)
        expect(fingerprint(state, settings, seats)).toEqual(valueDigest(stateReading(state, settings)));
    }
    // States are told apart as their readings are (a walk comes back to a state when a move is taken back).
    const settings = { counters: true, symmetry: false };
    const readings = new Set(states.map((state) => JSON.stringify(stateReading(state, settings))));
    const fingerprints = new Set(states.map((state) => fingerprint(state, settings, seats).join()));
    expect(fingerprints.size).toBe(readings.size);
    expect(readings.size).toBeGreaterThan(states.length / 2);
  });

  it('numbers digest by value, apart from their text, from null and from booleans', () => {
    expect(valueDigest(0)).toEqual(valueDigest(-0));
    expect(valueDigest(3)).toEqual(valueDigest(6 / 2));
    expect(valueDigest(1)).not.toEqual(valueDigest('1'));
    expect(valueDigest(0)).not.toEqual(valueDigest(null));
    expect(valueDigest(1)).not.toEqual(valueDigest(true));
    expect(valueDigest(0.5)).not.toEqual(valueDigest(1.5));
    expect(valueDigest(2 ** 40)).not.toEqual(valueDigest(2 ** 40 + 1));
    const small = new Set(Array.from({ length: 10_000 }, (_, i) => valueDigest(i - 5000).join()));
    expect(small.size).toBe(10_000);
  });
});
