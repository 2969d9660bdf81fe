import { describe, expect, it } from 'vitest';
import { isEmpty, peek, pop, push, type StackItem } from '../../src/stack/stack.js';

const toaster: StackItem = { id: 1, seat: 'seat:ann', card: 'Toaster', type: 'APPLIANCE' };
const excuse: StackItem = { id: 2, seat: 'seat:bob', card: 'Excuse', type: 'INSTANT' };
const coffee: StackItem = { id: 3, seat: 'seat:ann', card: 'Coffee', type: 'INSTANT' };

describe('the stack as data', () => {
  it('an empty stack is empty and has no top', () => {
    expect(isEmpty([])).toBe(true);
    expect(peek([])).toBeUndefined();
  });

  it('pushing Toaster then Excuse keeps them bottom first, Excuse on top', () => {
    const stack = push(push([], toaster), excuse);
    expect(stack).toEqual([toaster, excuse]);
    expect(peek(stack)).toBe(excuse);
    expect(isEmpty(stack)).toBe(false);
  });

  it('popping takes the most recent item off first: last in, first out', () => {
    const stack = push(push(push([], toaster), excuse), coffee);
    const order: StackItem[] = [];
    let rest = stack;
    while (!isEmpty(rest)) {
      order.push(peek(rest) as StackItem);
      rest = pop(rest);
    }
    expect(order).toEqual([coffee, excuse, toaster]);
  });

  it('push returns a new stack and leaves the old one as it was', () => {
    const before = push([], toaster);
    const after = push(before, excuse);
    expect(before).toEqual([toaster]);
    expect(after).toEqual([toaster, excuse]);
    expect(after).not.toBe(before);
  });

  it('pop returns a new stack and leaves the old one as it was', () => {
    const before = push(push([], toaster), excuse);
    const after = pop(before);
    expect(before).toEqual([toaster, excuse]);
    expect(after).toEqual([toaster]);
  });

  it('peek looks without taking: the stack keeps its top', () => {
    const stack = push(push([], toaster), excuse);
    peek(stack);
    expect(stack).toEqual([toaster, excuse]);
  });

  it('popping an empty stack gives an empty stack', () => {
    expect(pop([])).toEqual([]);
    expect(isEmpty(pop(pop(push([], toaster))))).toBe(true);
  });

  it('works on a frozen stack, as the table keeps its state frozen', () => {
    const frozen = Object.freeze([toaster]);
    expect(push(frozen, excuse)).toEqual([toaster, excuse]);
    expect(pop(frozen)).toEqual([]);
  });
});
