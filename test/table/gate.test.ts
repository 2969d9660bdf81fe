/**
 * The one gate a move passes: read and checked once against one table state, into a checked move the chart takes as
 * given. A checked move is trusted only by the state it was checked against; anything else is checked afresh, and an
 * actor made straight from the machine checks what it is sent at the chart's own door.
 */

import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { CheckedMove, gate } from '../../src/engine/gate.js';
import { mundane } from '../../src/games/index.js';
import { createTable, createTableMachine, type TableEmitted } from '../../src/index.js';
import { countingGame } from '../support/countingGame.js';

const A = 'seat:a';
const B = 'seat:b';

describe('one gate', () => {
  it('a move offered by legal moves and played on the same state is not read again: its payload was parsed once', () => {
    const { game, counter } = countingGame();
    const table = createTable(game, { table: 'table:g', seats: [A], seed: 1 });
    const offered = table.legalMoves(A).allowed.find((m) => m.type === 'add');
    expect(counter.parses).toBe(1);
    table.play(offered as never);
    expect(counter.parses).toBe(1);
    expect(table.context.game).toEqual({ total: 1 });
    // The table has moved on: the same move object is checked afresh against the new state (and is still legal).
    table.play(offered as never);
    expect(counter.parses).toBe(2);
    expect(table.context.game).toEqual({ total: 2 });
  });

  it('a checked move kept past its state is checked again: a pass checked while ann held priority is refused after it', () => {
    const table = createTable(mundane, { table: 'table:g', seats: [A, B], seed: 1 });
    const pass = table.legalMoves(A).allowed.find((m) => m.type === 'engine.pass');
    expect(pass).toBeInstanceOf(CheckedMove);
    table.play(pass as never);
    const before = table.context;
    expect(table.submit(pass)).toMatchObject({ ok: false, error: { code: 'NO_PRIORITY' } });
    expect(table.context).toBe(before);
  });

  it('a copy of a checked move is the plain move again: the same JSON, and checked afresh when played', () => {
    const { game, counter } = countingGame();
    const table = createTable(game, { table: 'table:g', seats: [A], seed: 1 });
    const verdict = gate(game, table.context, { type: 'add', seat: A, payload: { n: 3 } });
    if (!verdict.ok) throw new Error('add 3 is legal');
    const checked = verdict.move;
    expect(JSON.parse(JSON.stringify(checked))).toEqual({ type: 'add', seat: A, payload: { n: 3 } });
    const copy = structuredClone(checked);
    expect(copy).not.toBeInstanceOf(CheckedMove);
    expect(copy).toEqual({ type: 'add', seat: A, payload: { n: 3 } });
    expect(counter.parses).toBe(1);
    table.play(copy as never);
    expect(counter.parses).toBe(2);
  });

  it('only the gate makes a checked move', () => {
    const forged = () =>
      new CheckedMove(
        Symbol('gate') as never,
        { move: { type: 'engine.pass' }, definition: undefined, engine: undefined, parsed: undefined },
        {} as never,
      );
    expect(forged).toThrow(TypeError);
  });

  it('a bare actor checks a move at the chart door and plays it as table.play does; a refused one changes nothing', () => {
    const input = { table: 'table:g', seats: [A, B], seed: 1 };
    const table = createTable(mundane, input);
    const actor = createActor(createTableMachine(mundane), { input }).start();
    const heard: TableEmitted[] = [];
    actor.on('*', (event) => heard.push(event as TableEmitted));
    actor.send({ type: 'engine.pass', seat: A });
    table.play({ type: 'engine.pass', seat: A });
    expect(actor.getSnapshot().value).toEqual(table.actor.getSnapshot().value);
    expect(actor.getSnapshot().context).toEqual(table.context);
    expect(heard.some((e) => e.type === 'move.refused')).toBe(false);
    const before = actor.getSnapshot().context;
    actor.send({ type: 'engine.pass', seat: A });
    expect(heard.filter((e) => e.type === 'move.refused')).toMatchObject([{ refusal: { code: 'NO_PRIORITY' } }]);
    expect(actor.getSnapshot().context).toBe(before);
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });

  it('hostile input at a bare actor door is refused with its code and changes nothing; the actor stays active', () => {
    const actor = createActor(createTableMachine(mundane), { input: { table: 'table:g', seats: [A, B], seed: 1 } });
    actor.start();
    const codes: string[] = [];
    actor.on('move.refused', (e) => codes.push(e.refusal.code));
    const before = actor.getSnapshot().context;
    const throwing = {
      type: 'PlayCard',
      seat: A,
      get payload() {
        throw new Error('boom');
      },
    };
    actor.send(throwing as never);
    actor.send({ type: 'PlayCard', seat: A, payload: { card: new Date() } } as never);
    actor.send({ type: 'NoSuchMove', seat: A } as never);
    actor.send({ type: 'engine.pass', seat: 'seat:nobody' } as never);
    actor.send({ type: 'engine.pass', seat: A, payload: { extra: true } } as never);
    expect(codes).toEqual(['INVALID_PAYLOAD', 'INVALID_PAYLOAD', 'UNKNOWN_MOVE', 'UNKNOWN_SEAT', 'INVALID_PAYLOAD']);
    expect(actor.getSnapshot().context).toBe(before);
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });
});
