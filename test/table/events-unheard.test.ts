/**
 * An event nobody hears costs nothing: a table's chart works out and emits its
 * events only while a `table.on` handler or an `actor.on` subscription is
 * there. What the chart emits is seen through XState's inspection of the
 * actor's system (each emit is an `xstate.emit` action).
 */
import { describe, expect, it } from 'vitest';
import type { Table } from '../../src/index.js';
import { ANN, BOB, castInstant, openMundane, pass, passAll } from '../support/mundane.js';

/** Counts the events the table's actor emits from now on (an actor made after a roll-back is not watched). */
function emitsOf(table: Table): { count: number } {
  const seen = { count: 0 };
  table.actor.system.inspect((event) => {
    if (event.type === '@xstate.action' && event.action.type === 'xstate.emit') seen.count++;
  });
  return seen;
}

/** A few moves of every kind the bench plays: passes, a cast, its resolution, phases and a turn passing. */
function playSome(table: Table): void {
  castInstant(table, ANN, 'Coffee');
  passAll(table);
  for (let i = 0; i < 12; i++) pass(table, table.state.prioritySeat ?? undefined);
}

describe('events nobody listens to', () => {
  it('a table without handlers emits nothing while it plays, and plays the same moves to the same state', () => {
    const quiet = openMundane();
    const heard = openMundane();
    heard.on('ply.recorded', () => {});
    const emitted = emitsOf(quiet);
    playSome(quiet);
    playSome(heard);
    expect(emitted.count).toBe(0);
    expect(quiet.state).toEqual(heard.state);
    expect(quiet.plies).toEqual(heard.plies);
  });

  it('a table.on handler turns the events on; once it unsubscribes they are off again', () => {
    const table = openMundane();
    const emitted = emitsOf(table);
    const indexes: number[] = [];
    const listener = table.on('ply.recorded', (event) => indexes.push(event.index));
    pass(table, ANN);
    pass(table, BOB);
    expect(indexes).toEqual([0, 1]);
    expect(emitted.count).toBeGreaterThan(0);
    listener.unsubscribe();
    emitted.count = 0;
    playSome(table);
    expect(emitted.count).toBe(0);
    expect(indexes).toEqual([0, 1]);
  });

  it("an app's actor.on subscription hears every event the table's handlers would, until it unsubscribes", () => {
    const table = openMundane();
    const direct: string[] = [];
    const viaTable: string[] = [];
    const subscription = table.actor.on('*', (event) => direct.push(event.type));
    castInstant(table, ANN, 'Coffee');
    passAll(table);
    table.on('stack.resolved', (event) => viaTable.push(event.type));
    table.on('ply.recorded', (event) => viaTable.push(event.type));
    pass(table, ANN);
    expect(direct).toContain('stack.pushed');
    expect(direct).toContain('stack.resolved');
    expect(viaTable).toEqual(['ply.recorded']);
    subscription.unsubscribe();
    subscription.unsubscribe(); // twice is harmless
    const before = direct.length;
    pass(table, BOB);
    expect(direct.length).toBe(before);
    expect(viaTable).toEqual(['ply.recorded', 'ply.recorded']);
  });

  it('a listener.failed handler alone does not turn the events on', () => {
    const table = openMundane();
    const emitted = emitsOf(table);
    table.on('listener.failed', () => {});
    playSome(table);
    expect(emitted.count).toBe(0);
  });

  it('a branch starts without handlers whatever its parent had, and emits once one subscribes', () => {
    const table = openMundane();
    table.on('ply.recorded', () => {});
    playSome(table);
    const branch = table.branch(3);
    const emitted = emitsOf(branch);
    pass(branch, branch.state.prioritySeat ?? undefined);
    expect(emitted.count).toBe(0);
    const seen: number[] = [];
    branch.on('ply.recorded', (event) => seen.push(event.index));
    pass(branch, branch.state.prioritySeat ?? undefined);
    expect(emitted.count).toBeGreaterThan(0);
    expect(seen).toEqual([4]);
  });
});
