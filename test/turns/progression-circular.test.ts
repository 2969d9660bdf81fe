import { describe, expect, it } from 'vitest';
import {
  advance,
  type CircularState,
  mutate,
  nextParticipant,
  nextScheduledParticipant,
  previousParticipant,
  startCircular,
} from '../../src/progression/circular.js';
import { circularSchema } from '../../src/progression/rules.js';

const seats = ['seat:a', 'seat:b', 'seat:c', 'seat:d'];
const everyone = () => true;
const rules = (overrides: object = {}) => circularSchema.parse(overrides);

/** Plays activations from `first`, returning who acted, in order. */
function run(state: CircularState, first: string, count: number, eligible: (seat: string) => boolean = everyone) {
  const acted = [first];
  let current = first;
  for (let i = 1; i < count; i++) {
    const step = advance(state, current, eligible);
    if (!step.ok) throw new Error(step.message);
    state = step.state;
    current = step.next;
    acted.push(current);
  }
  return acted;
}

describe('a circular activation sequence', () => {
  it('goes Forward through the order and wraps around', () => {
    const { state, first } = startCircular(seats, rules());
    expect(run(state, first, 6)).toEqual(['seat:a', 'seat:b', 'seat:c', 'seat:d', 'seat:a', 'seat:b']);
  });

  it('goes Reverse from the first seat when the initial direction is Reverse', () => {
    const { state, first } = startCircular(seats, rules({ initialDirection: 'Reverse' }));
    expect(run(state, first, 4)).toEqual(['seat:a', 'seat:d', 'seat:c', 'seat:b']);
  });

  it('starts with the table owner under RunOwner, and with the first seat under FirstInOrder', () => {
    expect(startCircular(seats, rules({ firstActor: 'RunOwner' }), 'seat:c').first).toBe('seat:c');
    expect(startCircular(seats, rules({ firstActor: 'FirstInOrder' }), 'seat:c').first).toBe('seat:a');
  });

  it('a reversal returns to the seat that just acted before it', () => {
    const { state } = startCircular(seats, rules());
    // seat:b acted after seat:a; seat:b reverses: seat:a acts again
    const step = advance(mutate(state, { operation: 'ReverseDirection' }), 'seat:b', everyone);
    expect(step).toMatchObject({ ok: true, next: 'seat:a' });
    expect(step.ok && step.state.direction).toBe(-1);
  });

  it('SetDirection sets the direction whatever it was', () => {
    const { state } = startCircular(seats, rules({ initialDirection: 'Reverse' }));
    expect(mutate(state, { operation: 'SetDirection', direction: -1 }).direction).toBe(-1);
    expect(mutate(state, { operation: 'SetDirection', direction: 1 }).direction).toBe(1);
  });

  it('AddAdvance(1) skips one seat once; the pending advance is then spent', () => {
    const { state } = startCircular(seats, rules());
    const skipped = advance(mutate(state, { operation: 'AddAdvance', amount: 1 }), 'seat:a', everyone);
    expect(skipped).toMatchObject({ ok: true, next: 'seat:c' });
    if (!skipped.ok) return;
    expect(skipped.state.pendingAdvance).toBe(0);
    expect(advance(skipped.state, 'seat:c', everyone)).toMatchObject({ ok: true, next: 'seat:d' });
  });

  it('passes over ineligible seats without an activation of their own', () => {
    const { state, first } = startCircular(seats, rules({ activationsPerRound: 3 }));
    const eligible = (seat: string) => seat !== 'seat:b';
    expect(run(state, first, 4, eligible)).toEqual(['seat:a', 'seat:c', 'seat:d', 'seat:a']);
    // the skipped seat counted no activation: three finished activations, one round
    const one = advance(state, 'seat:a', eligible);
    expect(one.ok && one.state.activations).toBe(1);
  });

  it('fails with NO_ELIGIBLE_SEAT when no seat is eligible', () => {
    const { state } = startCircular(seats, rules());
    expect(advance(state, 'seat:a', () => false)).toMatchObject({ ok: false, code: 'NO_ELIGIBLE_SEAT' });
  });

  it('lets the only eligible seat act again only with allowSelfSuccessor', () => {
    const alone = (seat: string) => seat === 'seat:c';
    expect(advance(startCircular(seats, rules({ allowSelfSuccessor: true })).state, 'seat:c', alone)).toMatchObject({
      ok: true,
      next: 'seat:c',
    });
    expect(advance(startCircular(seats, rules({ allowSelfSuccessor: false })).state, 'seat:c', alone)).toMatchObject({
      ok: false,
      code: 'NO_ELIGIBLE_SEAT',
    });
  });

  it('with two seats, a skip gives the same seat another turn only with allowSelfSuccessor', () => {
    const two = ['seat:a', 'seat:b'];
    const allowed = startCircular(two, rules({ allowSelfSuccessor: true })).state;
    expect(advance(mutate(allowed, { operation: 'AddAdvance', amount: 1 }), 'seat:a', everyone)).toMatchObject({
      ok: true,
      next: 'seat:a',
    });
    const refused = startCircular(two, rules({ allowSelfSuccessor: false })).state;
    expect(advance(mutate(refused, { operation: 'AddAdvance', amount: 1 }), 'seat:a', everyone)).toMatchObject({
      ok: true,
      next: 'seat:b',
    });
  });

  it('ends a round every N finished activations under ActivationCount, N being the order size by default', () => {
    let { state } = startCircular(seats, rules({ roundPolicy: 'ActivationCount' }));
    const ends: boolean[] = [];
    let current = 'seat:a';
    for (let i = 0; i < 8; i++) {
      const step = advance(state, current, everyone);
      if (!step.ok) throw new Error(step.message);
      ends.push(step.roundEnded);
      state = step.state;
      current = step.next;
    }
    expect(ends).toEqual([false, false, false, true, false, false, false, true]);
    const two = advance(
      startCircular(seats, rules({ roundPolicy: 'ActivationCount', activationsPerRound: 1 })).state,
      'seat:a',
      everyone,
    );
    expect(two.ok && two.roundEnded).toBe(true);
  });

  it('never ends a round when rounds are Disabled', () => {
    let { state } = startCircular(seats, rules({ roundPolicy: 'Disabled' }));
    let current = 'seat:a';
    for (let i = 0; i < 12; i++) {
      const step = advance(state, current, everyone);
      if (!step.ok) throw new Error(step.message);
      expect(step.roundEnded).toBe(false);
      state = step.state;
      current = step.next;
    }
    expect(state.activations).toBe(12);
  });

  it('selects the next and previous participants with a relative offset, and the next scheduled one', () => {
    const { state } = startCircular(seats, rules());
    expect(nextParticipant(state, 'seat:a', everyone)).toBe('seat:b');
    expect(nextParticipant(state, 'seat:a', everyone, 2)).toBe('seat:c');
    expect(previousParticipant(state, 'seat:a', everyone)).toBe('seat:d');
    expect(previousParticipant(state, 'seat:a', everyone, 3)).toBe('seat:b');
    expect(nextScheduledParticipant(state, 'seat:a', everyone)).toBe('seat:b');
    expect(nextScheduledParticipant(mutate(state, { operation: 'AddAdvance', amount: 2 }), 'seat:a', everyone)).toBe(
      'seat:d',
    );
    const reversed = mutate(state, { operation: 'ReverseDirection' });
    expect(nextParticipant(reversed, 'seat:a', everyone)).toBe('seat:d');
    expect(previousParticipant(reversed, 'seat:a', everyone)).toBe('seat:b');
  });
});
