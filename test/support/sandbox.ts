import { expect } from 'vitest';
import { sandbox } from '../../src/games/index.js';
import { createTable, replay, restoreTable, type Table, type TableEmitted } from '../../src/index.js';

export { refusalOf } from './refusal.js';

export const FOUR = ['seat:a', 'seat:b', 'seat:c', 'seat:d'];

/** Opens a sandbox table with these options (the rules object itself). */
export function openSandbox(options: object, seats: string[] = FOUR): Table {
  return createTable(sandbox, { table: 'table:lab', seats, seed: 1, options });
}

/** One game phase named main with these turn rules. */
export function withRules(turns: object, more: object = {}): object {
  return { phases: [{ name: 'main', turns }], ...more };
}

/** `seat` plays a plain card and ends its turn. */
export function takeTurn(table: Table, seat: string): void {
  table.play({ type: 'play', seat });
  table.play({ type: 'engine.end-turn', seat });
}

/** Who acts in each of the next `count` turns, each seat playing once and ending its turn. */
export function nextActors(table: Table, count: number): string[] {
  const seen: string[] = [];
  for (let i = 0; i < count; i++) {
    const seat = table.state.activeSeat as string;
    seen.push(seat);
    takeTurn(table, seat);
  }
  return seen;
}

/** Records every event of the given types, in order. */
export function recordEvents(table: Table, types: TableEmitted['type'][]): TableEmitted[] {
  const events: TableEmitted[] = [];
  for (const type of types) table.on(type, (event) => events.push(event));
  return events;
}

/** Plays `moves` on `table`: its state before them and after each. */
export function statesAfter(table: Table, moves: readonly object[]): Table['state'][] {
  const states = [table.state];
  for (const move of moves) {
    table.play(move as never);
    states.push(table.state);
  }
  return states;
}

/**
 * The log is the truth: `table` (a sandbox table whose state after each of its moves is `states`, the opening first)
 * replays to the same state, restores from its persisted snapshot and plays `next` there as it does live, and time
 * travel shows each state again.
 */
export function expectLogIsTruth(table: Table, states: Table['state'][], next: object): void {
  expect(replay(table.log).state).toEqual(table.state);
  const restored = restoreTable(sandbox, JSON.parse(JSON.stringify(table.persist())));
  expect(restored.state).toEqual(table.state);
  restored.play(next as never);
  table.play(next);
  expect(restored.state).toEqual(table.state);
  const all = [...states, table.state];
  for (let n = 0; n < all.length; n++) expect(table.at(n).state, `at(${n})`).toEqual(all[n]);
}
