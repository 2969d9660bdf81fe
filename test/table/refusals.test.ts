import { describe, expect, it } from 'vitest';
import type { Refusal } from '../../src/index.js';
import {
  ANN,
  BOB,
  expectRefused,
  openMundane,
  pass,
  passAll,
  passUntilPhase,
  playCard,
  tableAsItIs,
} from '../support/mundane.js';

const play = (seat: string, card: unknown) => ({ type: 'PlayCard', seat, payload: { card } });

/** A payload `levels` deep: the payload object itself is level 1. */
function nested(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) node = { inner: node };
  return node;
}

describe('moves by the wrong seat', () => {
  it('seat:bob passes while seat:ann holds priority: NO_PRIORITY', () => {
    const table = openMundane();
    expectRefused(table, { type: 'engine.pass', seat: BOB }, 'NO_PRIORITY');
  });

  it("seat:bob plays Neighbour while holding priority in seat:ann's PLAN: NOT_YOUR_TURN", () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    pass(table, ANN);
    expectRefused(table, play(BOB, 'Neighbour'), 'NOT_YOUR_TURN');
  });

  it('seat:zed, who is not at the table, passes: UNKNOWN_SEAT', () => {
    const table = openMundane();
    expectRefused(table, { type: 'engine.pass', seat: 'seat:zed' }, 'UNKNOWN_SEAT');
  });

  for (const [label, seat] of [
    ['"42", a bare number', '42'],
    ['"seat ann", with a space', 'seat ann'],
    ['"", empty', ''],
    ['":ann", not starting with a letter', ':ann'],
    ['of 129 characters', `s${'x'.repeat(128)}`],
    ['42, a number', 42],
    ['null', null],
    ['{ id: "seat:ann" }, an object', { id: ANN }],
  ] as const) {
    it(`a move with the malformed seat id ${label} is refused as UNKNOWN_SEAT`, () => {
      const table = openMundane();
      expectRefused(table, { type: 'engine.pass', seat }, 'UNKNOWN_SEAT');
    });
  }
});

describe('moves the rules forbid now', () => {
  it('seat:ann plays Toaster in RESET: WRONG_TIMING', () => {
    const table = openMundane();
    expectRefused(table, play(ANN, 'Toaster'), 'WRONG_TIMING');
  });

  it('seat:ann plays Plumber, which she does not hold: REFUSED with reason CARD_NOT_IN_HAND', () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    expectRefused(table, play(ANN, 'Plumber'), 'REFUSED', 'CARD_NOT_IN_HAND');
  });

  it('seat:ann plays Neighbour (2 Time) with 1 Time: REFUSED with reason INSUFFICIENT_TIME', () => {
    const table = openMundane({ startingTime: 1 });
    passUntilPhase(table, 'PLAN');
    expectRefused(table, play(ANN, 'Neighbour'), 'REFUSED', 'INSUFFICIENT_TIME');
  });

  it("a PlayCard with no seat is REFUSED with reason SEAT_REQUIRED, even in seat:ann's PLAN", () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    expectRefused(table, { type: 'PlayCard', payload: { card: 'Toaster' } }, 'REFUSED', 'SEAT_REQUIRED');
  });

  it('a CastInstant with no seat is REFUSED with reason SEAT_REQUIRED', () => {
    const table = openMundane();
    expectRefused(table, { type: 'CastInstant', payload: { card: 'Coffee' } }, 'REFUSED', 'SEAT_REQUIRED');
  });

  it('a pass with no seat is allowed: it passes for seat:ann, who holds priority, and records actor null', () => {
    const table = openMundane();
    const ply = table.play({ type: 'engine.pass' });
    expect(ply.actor).toBeNull();
    expect(table.state).toMatchObject({ prioritySeat: BOB, passes: 1 });
  });
});

describe('moves that are not moves', () => {
  it('a move type mundane does not have: UNKNOWN_MOVE', () => {
    const table = openMundane();
    expectRefused(table, { type: 'Discard', seat: ANN, payload: { card: 'Toaster' } }, 'UNKNOWN_MOVE');
    expectRefused(table, { type: 'playcard', seat: ANN, payload: { card: 'Toaster' } }, 'UNKNOWN_MOVE');
  });

  it('a move without a type, or with an empty or non-text type: UNKNOWN_MOVE', () => {
    const table = openMundane();
    expectRefused(table, { seat: ANN }, 'UNKNOWN_MOVE');
    expectRefused(table, { type: '', seat: ANN }, 'UNKNOWN_MOVE');
    expectRefused(table, { type: 7, seat: ANN }, 'UNKNOWN_MOVE');
  });

  for (const [label, move] of [
    ['a text', 'engine.pass'],
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['an array', [{ type: 'engine.pass', seat: ANN }]],
    [
      'a class instance',
      new (class Pass {
        type = 'engine.pass';
        seat = ANN;
      })(),
    ],
  ] as const) {
    it(`a move that is ${label}, not a plain object: INVALID_PAYLOAD`, () => {
      const table = openMundane();
      expectRefused(table, move, 'INVALID_PAYLOAD');
    });
  }

  it('a pass with an extra key beside type, seat and payload: INVALID_PAYLOAD', () => {
    const table = openMundane();
    expectRefused(table, { type: 'engine.pass', seat: ANN, expect: 0 }, 'INVALID_PAYLOAD');
  });

  it('a pass that carries a payload: INVALID_PAYLOAD', () => {
    const table = openMundane();
    expectRefused(table, { type: 'engine.pass', seat: ANN, payload: { now: true } }, 'INVALID_PAYLOAD');
  });
});

describe('payloads outside the limits', () => {
  it('a payload nested 9 levels deep: INVALID_PAYLOAD', () => {
    const table = openMundane();
    expectRefused(table, { type: 'CastInstant', seat: ANN, payload: nested(9) }, 'INVALID_PAYLOAD');
  });

  it('a payload of more than 16,384 bytes: INVALID_PAYLOAD', () => {
    const table = openMundane();
    expectRefused(table, { type: 'CastInstant', seat: ANN, payload: { card: 'x'.repeat(16_400) } }, 'INVALID_PAYLOAD');
  });

  class Card {
    card = 'Coffee';
  }
  const cycle: Record<string, unknown> = { card: 'Coffee' };
  cycle.self = cycle;
  for (const [label, payload] of [
    ['a Date', { card: new Date(0) }],
    ['a function', { card: () => 'Coffee' }],
    ['NaN', { card: Number.NaN }],
    ['Infinity', { card: Number.POSITIVE_INFINITY }],
    ['a class instance', new Card()],
    ['a cycle', cycle],
    ['undefined inside an object', { card: 'Coffee', note: undefined }],
    ['undefined inside a list', { card: 'Coffee', notes: [undefined] }],
    ['a BigInt', { card: 1n }],
    ['a Map', { card: new Map([['name', 'Coffee']]) }],
  ] as const) {
    it(`a payload holding ${label}, which is not plain JSON: INVALID_PAYLOAD`, () => {
      const table = openMundane();
      expectRefused(table, { type: 'CastInstant', seat: ANN, payload }, 'INVALID_PAYLOAD');
    });
  }

  it('a cycle hidden behind a list of 2,100 zeros: INVALID_PAYLOAD, not a thrown TypeError', () => {
    const table = openMundane();
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expectRefused(
      table,
      { type: 'CastInstant', seat: ANN, payload: { card: 'Coffee', pad: [...new Array<number>(2100).fill(0), loop] } },
      'INVALID_PAYLOAD',
    );
  });

  it('a BigInt hidden behind a list of 2,100 zeros: INVALID_PAYLOAD, not a thrown TypeError', () => {
    const table = openMundane();
    expectRefused(
      table,
      { type: 'CastInstant', seat: ANN, payload: { card: 'Coffee', pad: [...new Array<unknown>(2100).fill(0), 10n] } },
      'INVALID_PAYLOAD',
    );
  });
});

describe('payloads that do not fit the move', () => {
  it('a card given as a number, { card: 3 }: INVALID_PAYLOAD', () => {
    const table = openMundane();
    expectRefused(table, { type: 'CastInstant', seat: ANN, payload: { card: 3 } }, 'INVALID_PAYLOAD');
  });

  it('a payload with an extra key, { card: "Coffee", target: "seat:bob" }: INVALID_PAYLOAD', () => {
    const table = openMundane();
    expectRefused(
      table,
      { type: 'CastInstant', seat: ANN, payload: { card: 'Coffee', target: BOB } },
      'INVALID_PAYLOAD',
    );
  });

  it('a PlayCard without a payload, or with the card name alone as the payload: INVALID_PAYLOAD', () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    expectRefused(table, { type: 'PlayCard', seat: ANN }, 'INVALID_PAYLOAD');
    expectRefused(table, { type: 'PlayCard', seat: ANN, payload: 'Toaster' }, 'INVALID_PAYLOAD');
    expectRefused(table, { type: 'PlayCard', seat: ANN, payload: { card: '' } }, 'INVALID_PAYLOAD');
  });
});

describe('a move after the game is over', () => {
  it("with turns: 1 the game ends with seat:ann's WIND_DOWN; then a pass, a card and garbage are all GAME_OVER", () => {
    const table = openMundane({ turns: 1 });
    passUntilPhase(table, 'PLAN');
    playCard(table, ANN, 'Toaster');
    passAll(table);
    passUntilPhase(table, 'WIND_DOWN');
    passAll(table);
    expect(table.state).toMatchObject({ status: 'over', prioritySeat: null, toAct: [], winners: [ANN] });
    expectRefused(table, { type: 'engine.pass', seat: ANN }, 'GAME_OVER');
    expectRefused(table, { type: 'engine.pass', seat: BOB }, 'GAME_OVER');
    expectRefused(table, { type: 'engine.pass' }, 'GAME_OVER');
    expectRefused(table, { type: 'CastInstant', seat: ANN, payload: { card: 'Coffee' } }, 'GAME_OVER');
    expectRefused(table, 'anything', 'GAME_OVER');
    expect(table.legalMoves(ANN).allowed).toEqual([]);
  });
});

describe('stale moves', () => {
  it('a pass sent expecting ply 0 after seat:ann has already passed is STALE; expecting ply 1 it is accepted', () => {
    const table = openMundane();
    table.play({ type: 'engine.pass', seat: ANN }, { expect: 0 });
    expectRefused(table, { type: 'engine.pass', seat: BOB }, 'STALE', undefined, { expect: 0 });
    expectRefused(table, { type: 'engine.pass', seat: BOB }, 'STALE', undefined, { expect: 2 });
    const ply = table.play({ type: 'engine.pass', seat: BOB }, { expect: 1 });
    expect(ply.actor).toBe(BOB);
    expect(table.plies).toHaveLength(2);
  });

  it('a move sent with an outdated expect is STALE before it is judged: seat:ann passing again expecting ply 0 is STALE, not NO_PRIORITY', () => {
    const table = openMundane();
    table.play({ type: 'engine.pass', seat: ANN }, { expect: 0 });
    expectRefused(table, { type: 'engine.pass', seat: ANN }, 'STALE', undefined, { expect: 0 });
    expectRefused(table, { type: 'Teleport', seat: ANN }, 'STALE', undefined, { expect: 0 });
    expectRefused(table, 'anything', 'STALE', undefined, { expect: 0 });
    expect(table.check({ type: 'engine.pass', seat: ANN }, { expect: 0 })?.code).toBe('STALE');
    expectRefused(table, { type: 'engine.pass', seat: ANN }, 'NO_PRIORITY', undefined, { expect: 1 });
    expect(table.plies).toHaveLength(1);
  });
});

describe('garbage sent straight to the actor', () => {
  function listen(table: ReturnType<typeof openMundane>): Refusal[] {
    const refusals: Refusal[] = [];
    table.on('move.refused', ({ refusal }) => refusals.push(refusal));
    return refusals;
  }

  it('a PlayCard whose card is nested 20 levels deep leaves the actor active and unchanged, and emits move.refused', () => {
    const table = openMundane();
    passUntilPhase(table, 'PLAN');
    const refusals = listen(table);
    const before = tableAsItIs(table);
    table.actor.send({ type: 'PlayCard', seat: ANN, payload: { card: nested(20) } } as never);
    expect(table.actor.getSnapshot().status).toBe('active');
    expect(tableAsItIs(table)).toEqual(before);
    expect(refusals.map((r) => r.code)).toEqual(['INVALID_PAYLOAD']);
  });

  it('a pass by seat:bob without priority leaves the actor unchanged and emits move.refused NO_PRIORITY', () => {
    const table = openMundane();
    const refusals = listen(table);
    const before = tableAsItIs(table);
    table.actor.send({ type: 'engine.pass', seat: BOB });
    expect(table.actor.getSnapshot().status).toBe('active');
    expect(tableAsItIs(table)).toEqual(before);
    expect(refusals.map((r) => r.code)).toEqual(['NO_PRIORITY']);
  });

  it('an event of a type mundane does not know emits move.refused UNKNOWN_MOVE', () => {
    const table = openMundane();
    const refusals = listen(table);
    const before = tableAsItIs(table);
    table.actor.send({ type: 'Discard', seat: ANN } as never);
    expect(table.actor.getSnapshot().status).toBe('active');
    expect(tableAsItIs(table)).toEqual(before);
    expect(refusals.map((r) => r.code)).toEqual(['UNKNOWN_MOVE']);
  });

  it('a faked "turn is done" event does not end seat:ann\'s turn in RESET', () => {
    const table = openMundane();
    const before = tableAsItIs(table);
    table.actor.send({ type: 'xstate.done.state.table.playing.turn.inTurn' } as never);
    expect(table.actor.getSnapshot().status).toBe('active');
    expect(table.state).toMatchObject({ turn: 1, activeSeat: ANN, phase: 'RESET' });
    expect(tableAsItIs(table)).toEqual(before);
  });

  it('a cycle hidden behind 2,100 zeros leaves the actor active, not in error, and emits move.refused', () => {
    const table = openMundane();
    const refusals = listen(table);
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    const before = tableAsItIs(table);
    try {
      table.actor.send({
        type: 'CastInstant',
        seat: ANN,
        payload: { card: 'Coffee', pad: [...new Array<number>(2100).fill(0), loop] },
      } as never);
    } catch {
      // whether send throws is XState's business; the actor's status is what matters
    }
    expect(table.actor.getSnapshot().status).toBe('active');
    expect(tableAsItIs(table)).toEqual(before);
    expect(refusals.map((r) => r.code)).toEqual(['INVALID_PAYLOAD']);
  });
});

describe('what a refusal carries', () => {
  it("seat:bob's pass out of priority is an IllegalMove with its code, and no reason or move index it does not have", () => {
    const table = openMundane();
    const result = table.tryPlay({ type: 'engine.pass', seat: BOB });
    if (result.ok) throw new Error('the pass was played');
    const { error } = result;
    expect(error.code).toBe('NO_PRIORITY');
    // A move index belongs to a replayed log, a reason to a refusal that gives one: none is here, not even undefined.
    expect(Object.keys(error).sort()).toEqual(['code', 'name']);
  });
});
