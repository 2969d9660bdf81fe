/**
 * A table runs its chart on the fast runner until someone asks for its actor
 * (`table.actor`); the actor is then made at the table's state of the moment
 * and every later move goes through it. Two tables of the same game and
 * moves, one that had its actor from the opening and one that is asked for it
 * midway, are the same table throughout: state, plies, events, time travel,
 * persisted snapshot.
 */
import { describe, expect, it } from 'vitest';
import type { Move, Table, TableEmitted } from '../../src/index.js';
import { ANN, BOB, openMundane } from '../support/mundane.js';

/** The `pick`-th legal move of whoever may act (the seats in order), or null when nobody may. */
function legal(table: Table, pick: number): Move | null {
  const moves = table.log.seats.flatMap((seat) => table.legalMoves(seat).allowed);
  return moves.length === 0 ? null : (moves[pick % moves.length] as Move);
}

/** Every event a table.on handler hears, in order. */
function heard(table: Table): TableEmitted[] {
  const events: TableEmitted[] = [];
  for (const type of ['ply.recorded', 'priority.changed', 'phase.changed', 'turn.started', 'stack.pushed'] as const)
    table.on(type, (event) => events.push(event));
  return events;
}

/** Plays the same `count` legal moves on both tables (chosen on the first); the number played. */
function playBoth(first: Table, second: Table, count: number, seed: number): number {
  let played = 0;
  for (let i = 0; i < count; i++) {
    const move = legal(first, (seed * 7919 + i * 104729) % 1009);
    if (move === null) break;
    first.play(move as never);
    second.play(move as never);
    played++;
  }
  return played;
}

describe("a table's actor, made when asked for", () => {
  it('holds the table as it stood when asked for, and every later move goes through it: the table ends as one that always had its actor', () => {
    const always = openMundane({ seed: 11 });
    const late = openMundane({ seed: 11 });
    expect(always.actor.getSnapshot().status).toBe('active');
    const alwaysHeard = heard(always);
    const lateHeard = heard(late);

    expect(playBoth(always, late, 40, 3)).toBe(40);
    const actor = late.actor;
    // Made at the state of the moment: the same state value and context as the actor that saw every move.
    expect(actor.getSnapshot().value).toEqual(always.actor.getSnapshot().value);
    expect(actor.getSnapshot().context).toEqual(always.actor.getSnapshot().context);
    expect(late.actor).toBe(actor);

    // From now on the moves go through it: a subscriber of the actor sees each one.
    const seen: number[] = [];
    const subscription = actor.subscribe((snapshot) => seen.push(snapshot.context.plies.size));
    const more = playBoth(always, late, 40, 5);
    subscription.unsubscribe();
    expect(more).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe(late.plies.length);
    expect(actor.getSnapshot().context).toEqual(always.actor.getSnapshot().context);

    expect(late.state).toEqual(always.state);
    expect(late.plies).toEqual(always.plies);
    expect(lateHeard).toEqual(alwaysHeard);
    expect(JSON.parse(JSON.stringify(late.persist()))).toEqual(JSON.parse(JSON.stringify(always.persist())));
  });

  it('time travels across the moment the actor was made as a table that always had one', () => {
    const always = openMundane({ seed: 4 });
    const late = openMundane({ seed: 4 });
    void always.actor;
    playBoth(always, late, 70, 9);
    void late.actor;
    const total = playBoth(always, late, 70, 13) + 70;
    expect(late.log.moves).toHaveLength(always.log.moves.length);
    for (let n = 0; n <= late.log.moves.length; n += 7) expect(late.at(n).state).toEqual(always.at(n).state);
    expect(late.at(total).state).toEqual(always.state);
    for (let k = 0; k <= late.plies.length; k += 11) expect(late.atPly(k).state).toEqual(always.atPly(k).state);
  });

  it('a persisted snapshot from the fast runner restores to the table that went on through its actor', () => {
    const table = openMundane({ seed: 8 });
    const twin = openMundane({ seed: 8 });
    playBoth(table, twin, 30, 2);
    const persisted = table.persist();
    void twin.actor;
    expect(JSON.parse(JSON.stringify(persisted))).toEqual(JSON.parse(JSON.stringify(twin.persist())));
  });
});

describe('a stopped table', () => {
  it.each([
    ['on the fast runner', false],
    ['with its actor', true],
  ])('refuses moves %s with REFUSED (TABLE_STOPPED) and stays as it was', (_how, withActor) => {
    const table = openMundane({ seed: 2 });
    if (withActor) void table.actor;
    table.play({ type: 'engine.pass', seat: ANN });
    table.stop();
    const before = { plies: table.plies, context: table.context };
    const result = table.submit({ type: 'engine.pass', seat: BOB });
    expect(result).toMatchObject({ ok: false, error: { code: 'REFUSED', reason: 'TABLE_STOPPED' } });
    expect({ plies: table.plies, context: table.context }).toEqual(before);
    // An actor asked for after the stop is stopped too.
    expect(table.actor.getSnapshot().status).toBe('stopped');
  });
});
