/**
 * Selecting from the actor: an application's component reads a table through
 * `tableSelectors(game)` over `table.actor`'s snapshot alone, and gets what the
 * table's own methods give; a slice that did not change is the same object,
 * so a subscriber that compares by identity wakes only when it changed.
 */
import { describe, expect, it } from 'vitest';
import { mundane } from '../../src/games/index.js';
import { createTable, tableSelectors } from '../../src/index.js';

const open = () => createTable(mundane, { table: 'table:ui', seats: ['seat:ann', 'seat:bob'], seed: 7 });
const castable = (table: ReturnType<typeof open>) =>
  table.legalMoves('seat:ann').allowed.find((move) => move.type === 'CastInstant')!;

describe('tableSelectors over the actor', () => {
  it("gives what the table's own methods give, for each viewer and seat", () => {
    const table = open();
    const select = tableSelectors(mundane);
    table.play({ type: 'engine.pass', seat: 'seat:ann' });
    table.play(castable(table) ?? { type: 'engine.pass', seat: 'seat:bob' });
    const snapshot = table.actor.getSnapshot();
    for (const viewer of ['seat:ann', 'seat:bob', null])
      expect(select.view(snapshot, viewer)).toEqual(table.stateFor(viewer));
    // Each seat sees its own hand by name, and the other's as the game hides it.
    expect(select.view(snapshot, 'seat:ann').seats['seat:ann']?.hand).toEqual(table.state.seats['seat:ann']?.hand);
    expect(select.view(snapshot, 'seat:ann').seats['seat:bob']?.hand).not.toEqual(table.state.seats['seat:bob']?.hand);
    expect(select.toAct(snapshot)).toEqual(table.toAct());
    for (const seat of ['seat:ann', 'seat:bob'])
      expect(select.legalMoves(snapshot, seat)).toEqual(table.legalMoves(seat));
    expect(select.stack(snapshot)).toEqual(table.state.stack);
    expect(() => select.view(snapshot, 'seat:zed')).toThrow(/seat:zed is not at table:ui/);
  });

  it('gives back the same object while its slice is unchanged, and a new one once it changes', () => {
    const table = open();
    const select = tableSelectors(mundane);
    const first = table.actor.getSnapshot();
    const toAct = select.toAct(first);
    const bobsMoves = select.legalMoves(first, 'seat:bob');
    const stack = select.stack(first);
    const annSees = select.view(first, 'seat:ann');

    // Another table of the same seed, at its opening: another snapshot, the same slices.
    const twin = open();
    expect(twin.actor.getSnapshot()).not.toBe(first);
    expect(select.legalMoves(twin.actor.getSnapshot(), 'seat:bob')).toBe(bobsMoves);
    expect(select.view(twin.actor.getSnapshot(), 'seat:ann')).toBe(annSees);

    // Ann casts an instant: she keeps priority, but the stack, what ann sees and what bob may do (wait for the stack
    // to resolve) change.
    table.play(castable(table));
    const cast = table.actor.getSnapshot();
    expect(cast).not.toBe(first);
    expect(select.toAct(cast)).toBe(toAct);
    expect(select.legalMoves(cast, 'seat:bob')).not.toBe(bobsMoves);
    expect(select.stack(cast)).not.toBe(stack);
    expect(select.stack(cast)).toHaveLength(1);
    expect(select.view(cast, 'seat:ann')).not.toBe(annSees);

    // Ann passes: priority goes to bob.
    table.play({ type: 'engine.pass', seat: 'seat:ann' });
    const passed = table.actor.getSnapshot();
    expect(select.toAct(passed)).not.toBe(toAct);
    expect(select.toAct(passed)).toEqual(['seat:bob']);
    expect(select.stack(passed)).toBe(select.stack(cast));
  });

  it('a plain subscription to the actor wakes a reader only when its slice changes', () => {
    const table = open();
    const select = tableSelectors(mundane);
    const seen: (readonly string[])[] = [];
    let last = select.toAct(table.actor.getSnapshot());
    const subscription = table.actor.subscribe((snapshot) => {
      const now = select.toAct(snapshot);
      if (now !== last) seen.push(now);
      last = now;
    });
    table.play(castable(table)); // ann keeps priority
    table.play({ type: 'engine.pass', seat: 'seat:ann' }); // bob gets it
    table.play({ type: 'engine.pass', seat: 'seat:bob' }); // the instant resolves; ann has priority again
    subscription.unsubscribe();
    expect(seen).toEqual([['seat:bob'], ['seat:ann']]);
  });
});
