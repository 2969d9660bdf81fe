/**
 * Stack items that target other stack items. A move's outcome may name an item
 * on the stack as its item's `target`; a resolution may take items beneath it
 * off the stack unresolved (`counter`); and an item whose target left the
 * stack before it resolves fizzles (the default), or resolves with `target`
 * null (`targetGone: 'resolve'`). Played on a small duel: bolts hurt the other
 * seat, counters counter, and the pieces record what resolved. An item put on
 * the stack gives ann, the active seat, priority; every seat passing in a row
 * resolves the top item.
 */

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTable, defineGame, replay, type TableEvent } from '../../src/index.js';

const ANN = 'seat:ann';
const BOB = 'seat:bob';

type Duel = { life: Record<string, number>; resolved: string[] };

function duel(targetGone?: 'fizzle' | 'resolve') {
  return defineGame({
    id: 'duel',
    seats: { min: 2, max: 2 },
    structure: { phases: [{ name: 'duel', turns: { strategy: 'PerRound' }, turnPhases: [{ name: 'MAIN' }] }] },
    ...(targetGone === undefined ? {} : { targetGone }),
    setup: ({ seats }): Duel => ({ life: Object.fromEntries(seats.map((seat) => [seat, 3])), resolved: [] }),
    moves: {
      bolt: { play: ({ game }) => ({ game, stack: { card: 'bolt', type: 'BOLT' } }) },
      counter: {
        payload: z.object({ target: z.number().int() }).strict(),
        check: ({ payload, stack }) =>
          stack.some((item) => item.id === payload.target) ? null : { reason: 'NO_TARGET', message: 'no such item' },
        play: ({ game, payload }) => ({ game, stack: { card: 'counter', type: 'COUNTER', target: payload.target } }),
        candidates: ({ stack }) => stack.map((item) => ({ target: item.id })),
      },
      // Game code with a bug: it names an item that is not on the stack.
      miscast: { play: ({ game }) => ({ game, stack: { card: 'miscast', type: 'COUNTER', target: 99 } }) },
      // Game code with a bug in its resolution: it counters an item that is not beneath it.
      misfire: { play: ({ game }) => ({ game, stack: { card: 'misfire', type: 'MISFIRE' } }) },
    },
    resolve: ({ game, item, target, seating }) => {
      const resolved = [...game.resolved, `${item.card}#${item.id}→${target === null ? '-' : `#${target.id}`}`];
      if (item.type === 'COUNTER') return { game: { ...game, resolved }, counter: target === null ? [] : [target.id] };
      if (item.type === 'MISFIRE') return { game: { ...game, resolved }, counter: [99] };
      const victim = seating.seats.find((seat) => seat !== item.seat) as string;
      return { game: { resolved, life: { ...game.life, [victim]: (game.life[victim] ?? 0) - 1 } } };
    },
    publicView: ({ game }) => ({ life: game.life, resolved: game.resolved }),
  });
}

/** A duel table with what it emits about the stack, in order. */
function open(targetGone?: 'fizzle' | 'resolve') {
  const table = createTable(duel(targetGone), { table: 'table:duel', seats: [ANN, BOB], seed: 1 });
  const heard: string[] = [];
  const hear = (event: TableEvent) => {
    if (event.type === 'stack.countered') heard.push(`countered #${event.item.id} by #${event.by.id}`);
    else if (event.type === 'stack.fizzled') heard.push(`fizzled #${event.item.id}`);
    else if (event.type === 'stack.resolved') heard.push(`resolved #${event.item.id}`);
  };
  for (const type of ['stack.resolved', 'stack.countered', 'stack.fizzled'] as const) table.on(type, hear);
  const pass = (seat: string) => table.play({ type: 'engine.pass', seat });
  return { table, heard, pass };
}

describe('a stack item that targets another', () => {
  it("bob's counter names ann's bolt; when it resolves it takes the bolt off unresolved, and bob keeps his life", () => {
    const { table, heard, pass } = open();
    table.play({ type: 'bolt', seat: ANN });
    pass(ANN);
    const bolt = table.state.stack[0]?.id as number;
    // The counter's candidates are the items on the stack.
    expect(table.legalMoves(BOB).allowed.filter((m) => m.type === 'counter')).toEqual([
      { type: 'counter', seat: BOB, payload: { target: bolt } },
    ]);
    table.play({ type: 'counter', seat: BOB, payload: { target: bolt } });
    expect(table.state.stack.map((item) => [item.card, item.target])).toEqual([
      ['bolt', undefined],
      ['counter', bolt],
    ]);
    pass(ANN);
    pass(BOB);
    expect(table.state.stack).toEqual([]);
    expect(heard).toEqual([`resolved #${bolt + 1}`, `countered #${bolt} by #${bolt + 1}`]);
    expect(table.state.game.resolved).toEqual([`counter#${bolt + 1}→#${bolt}`]);
    expect(table.state.game.life).toEqual({ [ANN]: 3, [BOB]: 3 });
  });

  it('two counters on one bolt: the top one takes the bolt, the one beneath has no target left and fizzles unresolved', () => {
    const { table, heard, pass } = open();
    table.play({ type: 'bolt', seat: ANN });
    const bolt = table.state.stack[0]?.id as number;
    table.play({ type: 'counter', seat: ANN, payload: { target: bolt } });
    pass(ANN);
    table.play({ type: 'counter', seat: BOB, payload: { target: bolt } });
    pass(ANN);
    pass(BOB);
    // bob's counter resolved and took the bolt; ann's is on top now, its target gone.
    expect(table.state.stack.map((item) => item.id)).toEqual([bolt + 1]);
    pass(ANN);
    pass(BOB);
    expect(table.state.stack).toEqual([]);
    expect(heard).toEqual([`resolved #${bolt + 2}`, `countered #${bolt} by #${bolt + 2}`, `fizzled #${bolt + 1}`]);
    // The game's resolve ran once: a fizzled item is not resolved.
    expect(table.state.game.resolved).toEqual([`counter#${bolt + 2}→#${bolt}`]);
    expect(table.state.game.life).toEqual({ [ANN]: 3, [BOB]: 3 });
  });

  it("with targetGone 'resolve', the counter whose target left resolves all the same, reading target null", () => {
    const { table, heard, pass } = open('resolve');
    table.play({ type: 'bolt', seat: ANN });
    const bolt = table.state.stack[0]?.id as number;
    table.play({ type: 'counter', seat: ANN, payload: { target: bolt } });
    table.play({ type: 'counter', seat: ANN, payload: { target: bolt } });
    for (const seat of [ANN, BOB, ANN, BOB]) pass(seat);
    expect(heard).toEqual([`resolved #${bolt + 2}`, `countered #${bolt} by #${bolt + 2}`, `resolved #${bolt + 1}`]);
    expect(table.state.game.resolved).toEqual([`counter#${bolt + 2}→#${bolt}`, `counter#${bolt + 1}→-`]);
  });

  it('a counter on a counter: the bolt survives its counter and hits bob', () => {
    const { table, heard, pass } = open();
    table.play({ type: 'bolt', seat: ANN });
    const bolt = table.state.stack[0]?.id as number;
    pass(ANN);
    table.play({ type: 'counter', seat: BOB, payload: { target: bolt } });
    pass(ANN);
    table.play({ type: 'counter', seat: BOB, payload: { target: bolt + 1 } });
    for (const seat of [ANN, BOB, ANN, BOB]) pass(seat);
    expect(heard).toEqual([`resolved #${bolt + 2}`, `countered #${bolt + 1} by #${bolt + 2}`, `resolved #${bolt}`]);
    expect(table.state.game.life).toEqual({ [ANN]: 3, [BOB]: 2 });
  });

  it("a counter with nothing to counter is the game's refusal, as its check says", () => {
    const { table } = open();
    expect(table.legalMoves(ANN).allowed.some((m) => m.type === 'counter')).toBe(false);
    expect(table.tryPlay({ type: 'counter', seat: ANN, payload: { target: 1 } })).toMatchObject({
      ok: false,
      error: { code: 'REFUSED', reason: 'NO_TARGET' },
    });
  });

  it('game code that names an item not on the stack, or counters one not beneath, is GAME_ERROR and changes nothing', () => {
    const { table, pass } = open();
    table.play({ type: 'bolt', seat: ANN });
    const before = table.log;
    const state = table.state;
    const miscast = table.tryPlay({ type: 'miscast', seat: ANN });
    expect(miscast).toMatchObject({ ok: false, error: { code: 'GAME_ERROR' } });
    expect(miscast.ok ? '' : miscast.error.message).toMatch(/stack\.target 99 is no item on the stack/);
    expect(table.log).toEqual(before);
    expect(table.state).toEqual(state);
    table.play({ type: 'misfire', seat: ANN });
    pass(ANN);
    const afterMisfire = table.state;
    // bob's pass would resolve the misfire, whose resolution counters #99: refused, the table as it was.
    const refused = table.tryPlay({ type: 'engine.pass', seat: BOB });
    expect(refused).toMatchObject({ ok: false, error: { code: 'GAME_ERROR' } });
    expect(refused.ok ? '' : refused.error.message).toMatch(/counter names 99, no item beneath/);
    expect(table.state).toEqual(afterMisfire);
    expect(table.actor.getSnapshot().status).toBe('active');
  });

  it('the log replays to the same stack and pieces, and the fast path plays the same as the chart', () => {
    const { table, pass } = open();
    table.play({ type: 'bolt', seat: ANN });
    const bolt = table.state.stack[0]?.id as number;
    table.play({ type: 'counter', seat: ANN, payload: { target: bolt } });
    pass(ANN);
    table.play({ type: 'counter', seat: BOB, payload: { target: bolt } });
    const copy = table.simulate();
    for (const seat of [ANN, BOB, ANN, BOB]) {
      pass(seat);
      expect(copy.tryPlay({ type: 'engine.pass', seat }).ok).toBe(true);
    }
    expect(copy.state).toEqual(table.state);
    expect(replay(table.log, { games: { duel: duel() } }).state).toEqual(table.state);
  });
});
