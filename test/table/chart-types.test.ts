/**
 * The chart's config is typed by its setup: a guard or action name the setup
 * does not define is a compile error (npm test type-checks this file first;
 * an `@ts-expect-error` that is not needed fails it). At run time, every name
 * a built chart uses is one the machine implements.
 */

import { expect, it } from 'vitest';
import { mundane, sandbox, skirmish } from '../../src/games/index.js';
import { createTableMachine } from '../../src/index.js';
import type { StateConfig } from '../../src/machines/chartParts.js';

// @ts-expect-error: no guard turnMovesSpnt
const misspeltGuard: StateConfig = { always: { guard: 'turnMovesSpnt', target: 'done' } };
// @ts-expect-error: no action recordPlay
const misspeltAction: StateConfig = { on: { 'engine.pass': { guard: 'moveIsLegal', actions: ['recordPlay'] } } };

/** Every guard and action name a machine's definition uses, operands of and/or/not included. */
function namesUsed(machine: ReturnType<typeof createTableMachine>): { guards: Set<string>; actions: Set<string> } {
  const guards = new Set<string>();
  const actions = new Set<string>();
  const guard = (g: unknown): void => {
    if (typeof g === 'string') guards.add(g);
    else if (
      typeof g === 'object' &&
      g !== null &&
      'type' in g &&
      typeof g.type === 'string' &&
      !g.type.startsWith('xstate.')
    )
      guards.add(g.type);
    else if (typeof g === 'function' && 'guards' in g)
      for (const inner of (g as { guards: unknown[] }).guards) guard(inner);
    else if (typeof g === 'function' && 'guard' in g) guard((g as { guard: unknown }).guard);
  };
  const action = (a: unknown): void => {
    if (typeof a === 'string') actions.add(a);
    else if (typeof a === 'object' && a !== null && 'type' in a && typeof a.type === 'string') actions.add(a.type);
  };
  const walk = (node: typeof machine.root): void => {
    for (const a of [...node.entry, ...node.exit]) action(a);
    for (const t of [...node.transitions.values()].flat().concat(node.always ?? [])) {
      guard(t.guard);
      for (const a of t.actions) action(a);
    }
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root);
  return { guards, actions };
}

it('a misspelt guard or action in a chart config does not compile', () => {
  // The two configs above exist only to be refused by the compiler; they are never built into a machine.
  expect(misspeltGuard.always).toEqual({ guard: 'turnMovesSpnt', target: 'done' });
  expect(misspeltAction.on).toBeDefined();
});

for (const [name, machine] of [
  ['mundane', createTableMachine(mundane)],
  [
    'sandbox (Simultaneous, then Free)',
    createTableMachine(sandbox, {
      phases: [
        { name: 'a', turns: { strategy: 'Simultaneous' } },
        { name: 'b', turns: { strategy: 'Free' } },
      ],
      transitions: [{ name: 'go', from: 'a', to: 'b' }],
    }),
  ],
  ['skirmish', createTableMachine(skirmish)],
] as const) {
  it(`every guard and action ${name}'s chart names is implemented`, () => {
    const { guards, actions } = namesUsed(machine);
    expect(guards.size).toBeGreaterThan(3);
    expect([...guards].filter((g) => !(g in machine.implementations.guards))).toEqual([]);
    expect([...actions].filter((a) => !(a in machine.implementations.actions))).toEqual([]);
  });
}
