/**
 * The LIFO stack as pure data: an immutable array, bottom first and top last
 * (the order docs/contract.md prints it in). Every function returns a new stack.
 */

/** An item waiting on the stack: its id, the seat that controls it, what it is, and the item it targets, if any. */
export interface StackItem {
  readonly id: number;
  readonly seat: string;
  readonly card: string;
  readonly type: string;
  /** The id of the item beneath it that it targets (a counter's spell): if that one leaves first, this one fizzles. */
  readonly target?: number;
}

/** A stack, bottom first. */
export type Stack<T = StackItem> = readonly T[];

/**
 * A new stack with `item` on top.
 *
 * @example
 * push([], item) // [item]
 */
export function push<T>(stack: Stack<T>, item: T): Stack<T> {
  return [...stack, item];
}

/**
 * The top item, or undefined when the stack is empty.
 *
 * @example
 * peek([a, b]) // b: the most recently added
 */
export function peek<T>(stack: Stack<T>): T | undefined {
  return stack[stack.length - 1];
}

/**
 * The stack without its top item (the empty stack stays empty).
 *
 * @example
 * pop([a, b]) // [a]
 */
export function pop<T>(stack: Stack<T>): Stack<T> {
  return stack.length === 0 ? stack : stack.slice(0, -1);
}

/**
 * The item with id `id`, or undefined when none on the stack has it.
 *
 * @example
 * find([a, b], b.id) // b
 */
export function find<T extends { readonly id: number }>(stack: Stack<T>, id: number): T | undefined {
  return stack.find((item) => item.id === id);
}

/**
 * The stack without the items whose ids are in `ids` (the rest in their order).
 *
 * @example
 * without([a, b, c], [b.id]) // [a, c]
 */
export function without<T extends { readonly id: number }>(stack: Stack<T>, ids: readonly number[]): Stack<T> {
  return ids.length === 0 ? stack : stack.filter((item) => !ids.includes(item.id));
}

/**
 * Whether nothing waits on the stack.
 *
 * @example
 * isEmpty([]) // true
 */
export function isEmpty<T>(stack: Stack<T>): boolean {
  return stack.length === 0;
}
