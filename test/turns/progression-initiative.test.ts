import { describe, expect, it } from 'vitest';
import { delayAfter } from '../../src/engine/moves/delay.js';
import { initiativeOrder, mergeScores } from '../../src/progression/initiative.js';

describe('initiative', () => {
  it('orders from the highest score; equal scores keep table order; seats without a score come last in table order', () => {
    const table = ['seat:a', 'seat:b', 'seat:c', 'seat:d', 'seat:e'];
    expect(initiativeOrder(table, { 'seat:c': 5, 'seat:a': 2, 'seat:e': 5 })).toEqual([
      'seat:c',
      'seat:e',
      'seat:a',
      'seat:b',
      'seat:d',
    ]);
  });

  it('merges new scores into the kept ones, a new score replacing the old', () => {
    const kept = mergeScores({ 'seat:a': 1, 'seat:b': 4 }, { 'seat:a': 9 });
    expect(kept).toEqual({ 'seat:a': 9, 'seat:b': 4 });
    expect(initiativeOrder(['seat:a', 'seat:b'], kept)).toEqual(['seat:a', 'seat:b']);
  });
});

describe('delay', () => {
  it('moves the acting seat right after a seat that acts later, so the seat that followed it acts now', () => {
    expect(delayAfter(['seat:a', 'seat:b', 'seat:c'], 'seat:a', 'seat:b')).toEqual(['seat:b', 'seat:a', 'seat:c']);
    expect(delayAfter(['seat:a', 'seat:b', 'seat:c'], 'seat:a', 'seat:c')).toEqual(['seat:b', 'seat:c', 'seat:a']);
  });

  it('refuses a delay after a seat that acts earlier, after itself, or after a seat not in the round', () => {
    expect(delayAfter(['seat:a', 'seat:b', 'seat:c'], 'seat:b', 'seat:a')).toBeUndefined();
    expect(delayAfter(['seat:a', 'seat:b', 'seat:c'], 'seat:b', 'seat:b')).toBeUndefined();
    expect(delayAfter(['seat:a', 'seat:b', 'seat:c'], 'seat:b', 'seat:z')).toBeUndefined();
  });
});
