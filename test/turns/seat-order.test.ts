import { describe, expect, it } from 'vitest';
import { nextSeat, seatIndex } from '../../src/order/seatOrder.js';

const seats = ['seat:ann', 'seat:bob', 'seat:cat'] as const;

describe('nextSeat', () => {
  it('going forward from seat:ann gives seat:bob, then seat:cat', () => {
    expect(nextSeat(seats, 'seat:ann', 1)).toBe('seat:bob');
    expect(nextSeat(seats, 'seat:bob', 1)).toBe('seat:cat');
  });

  it('going forward from the last seat wraps round to the first', () => {
    expect(nextSeat(seats, 'seat:cat', 1)).toBe('seat:ann');
  });

  it('going backward from seat:cat gives seat:bob, and from the first seat wraps round to the last', () => {
    expect(nextSeat(seats, 'seat:cat', -1)).toBe('seat:bob');
    expect(nextSeat(seats, 'seat:ann', -1)).toBe('seat:cat');
  });

  it('two steps forward from seat:bob wrap to seat:ann; two steps backward from seat:ann land on seat:bob', () => {
    expect(nextSeat(seats, 'seat:bob', 1, 2)).toBe('seat:ann');
    expect(nextSeat(seats, 'seat:ann', -1, 2)).toBe('seat:bob');
  });

  it('a whole lap, or several, comes back to the same seat, in either direction', () => {
    expect(nextSeat(seats, 'seat:bob', 1, 3)).toBe('seat:bob');
    expect(nextSeat(seats, 'seat:bob', -1, 7)).toBe('seat:ann');
    expect(nextSeat(seats, 'seat:bob', 1, 301)).toBe('seat:cat');
  });

  it('zero steps stays put', () => {
    expect(nextSeat(seats, 'seat:cat', 1, 0)).toBe('seat:cat');
  });

  it('at a table of one the next seat is always the same seat', () => {
    expect(nextSeat(['seat:solo'], 'seat:solo', 1)).toBe('seat:solo');
    expect(nextSeat(['seat:solo'], 'seat:solo', -1, 5)).toBe('seat:solo');
  });

  it('with no seats it throws a RangeError: No seats', () => {
    expect(() => nextSeat([], 'seat:ann', 1)).toThrow(RangeError);
    expect(() => nextSeat([], 'seat:ann', 1)).toThrow('No seats');
  });

  it('from a seat not in the order it throws a RangeError naming that seat', () => {
    expect(() => nextSeat(seats, 'seat:zed', 1)).toThrow(RangeError);
    expect(() => nextSeat(seats, 'seat:zed', 1)).toThrow(/seat:zed/);
  });

  it('leaves the order it is given untouched', () => {
    const order = ['seat:ann', 'seat:bob'];
    nextSeat(order, 'seat:bob', 1, 3);
    expect(order).toEqual(['seat:ann', 'seat:bob']);
  });
});

describe('seatIndex', () => {
  it("finds a seat's place in the order from 0, and -1 for a seat not there", () => {
    expect(seatIndex(seats, 'seat:ann')).toBe(0);
    expect(seatIndex(seats, 'seat:cat')).toBe(2);
    expect(seatIndex(seats, 'seat:zed')).toBe(-1);
  });
});

describe('nextEligibleSeat', () => {
  it('passes over seats that are out, in both directions, and finds none when nobody is eligible', async () => {
    const { nextEligibleSeat } = await import('../../src/order/seatOrder.js');
    const order = ['seat:a', 'seat:b', 'seat:c', 'seat:d'];
    const notB = (seat: string) => seat !== 'seat:b';
    expect(nextEligibleSeat(order, 'seat:a', 1, notB)).toBe('seat:c');
    expect(nextEligibleSeat(order, 'seat:c', -1, notB)).toBe('seat:a');
    expect(nextEligibleSeat(order, 'seat:a', 1, (seat) => seat === 'seat:a')).toBe('seat:a');
    expect(nextEligibleSeat(order, 'seat:a', 1, () => false)).toBeUndefined();
  });
});
