import { describe, expect, it } from 'vitest';
import { isValidId, MAX_PAYLOAD_BYTES, MAX_PAYLOAD_DEPTH, payloadProblem, readMove } from '../../src/core/move.js';

/** Objects nested `levels` deep: the outermost is level 1. */
function nestedObjects(levels: number): unknown {
  let node: unknown = {};
  for (let i = 1; i < levels; i++) node = { inner: node };
  return node;
}

/** Lists nested `levels` deep, with a number at the bottom. */
function nestedLists(levels: number): unknown {
  let node: unknown = [1];
  for (let i = 1; i < levels; i++) node = [node];
  return node;
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** 2,100 zeros: little JSON text (4 kB), but many values in front of whatever follows. */
const zeros = () => new Array<unknown>(2100).fill(0);

describe('payload depth', () => {
  it('the limits are 8 levels and 16,384 bytes', () => {
    expect(MAX_PAYLOAD_DEPTH).toBe(8);
    expect(MAX_PAYLOAD_BYTES).toBe(16_384);
  });

  it('objects nested exactly 8 levels deep are allowed; 9 are refused', () => {
    expect(payloadProblem(nestedObjects(8))).toBeNull();
    expect(payloadProblem(nestedObjects(9))).toEqual(expect.any(String));
  });

  it('lists nested exactly 8 levels deep are allowed; 9 are refused', () => {
    expect(payloadProblem(nestedLists(8))).toBeNull();
    expect(payloadProblem(nestedLists(9))).toEqual(expect.any(String));
  });

  it('objects and lists count alike: 4 of each, alternating, are allowed; one more is refused', () => {
    let node: unknown = 'leaf';
    for (let i = 0; i < 8; i++) node = i % 2 === 0 ? [node] : { k: node };
    expect(payloadProblem(node)).toBeNull();
    expect(payloadProblem({ k: node })).toEqual(expect.any(String));
  });

  it('a plain value is a payload of no depth at all', () => {
    expect(payloadProblem('Toaster')).toBeNull();
    expect(payloadProblem(3)).toBeNull();
    expect(payloadProblem(null)).toBeNull();
    expect(payloadProblem(false)).toBeNull();
  });
});

describe('payload size', () => {
  it('a payload of exactly 16,384 bytes of JSON is allowed; one byte more is refused', () => {
    const exact = { card: 'x'.repeat(16_384 - 11) };
    expect(bytes(exact)).toBe(16_384);
    expect(payloadProblem(exact)).toBeNull();
    const over = { card: 'x'.repeat(16_384 - 10) };
    expect(bytes(over)).toBe(16_385);
    expect(payloadProblem(over)).toEqual(expect.any(String));
  });

  it('bytes are counted in UTF-8: 8,190 "é" are fewer than 16,384 characters but more bytes, and refused', () => {
    const payload = { t: 'é'.repeat(8190) };
    expect(JSON.stringify(payload).length).toBeLessThan(16_384);
    expect(bytes(payload)).toBeGreaterThan(16_384);
    expect(payloadProblem(payload)).toEqual(expect.any(String));
  });

  it('escapes count: 8,200 quote marks become 16,400 bytes of JSON, and are refused', () => {
    const payload = { t: '"'.repeat(8200) };
    expect(bytes(payload)).toBeGreaterThan(16_384);
    expect(payloadProblem(payload)).toEqual(expect.any(String));
  });

  it('a list of 4,000 small numbers is under the limit in JSON text and allowed', () => {
    const payload = new Array<number>(4000).fill(7);
    expect(bytes(payload)).toBeLessThan(16_384);
    expect(payloadProblem(payload)).toBeNull();
  });
});

describe('plain JSON only', () => {
  class Card {
    name = 'Toaster';
  }
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  for (const [label, payload] of [
    ['a Date', { at: new Date(0) }],
    ['a function', { run: () => 1 }],
    ['NaN', { n: Number.NaN }],
    ['Infinity', { n: Number.POSITIVE_INFINITY }],
    ['-Infinity', [Number.NEGATIVE_INFINITY]],
    ['a class instance', new Card()],
    ['a class instance inside', { card: new Card() }],
    ['a Map', new Map()],
    ['a Set', { s: new Set([1]) }],
    ['undefined inside an object', { a: undefined }],
    ['undefined inside a list', [1, undefined]],
    ['a symbol', { s: Symbol('x') }],
    ['a BigInt', { n: 1n }],
    ['a cycle', cycle],
    ['undefined itself', undefined],
  ] as const) {
    it(`a payload holding ${label} is refused`, () => {
      expect(payloadProblem(payload)).toEqual(expect.any(String));
    });
  }

  it('strings, finite numbers, booleans, null, lists and plain objects are allowed, also an object without prototype', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.card = 'Toaster';
    expect(
      payloadProblem({ s: 'x', n: -1.5, t: true, f: false, z: null, list: [1, 'two', [3]], o: { p: {} } }),
    ).toBeNull();
    expect(payloadProblem(bare)).toBeNull();
  });

  it('NaN hidden behind 2,100 zeros is still refused', () => {
    expect(payloadProblem([...zeros(), Number.NaN])).toEqual(expect.any(String));
  });

  it('a Date hidden behind 2,100 zeros is still refused', () => {
    expect(payloadProblem([...zeros(), new Date(0)])).toEqual(expect.any(String));
  });

  it('objects nested 12 deep hidden behind 2,100 zeros are still refused', () => {
    expect(payloadProblem([...zeros(), nestedObjects(12)])).toEqual(expect.any(String));
  });

  it('a cycle hidden behind 2,100 zeros is refused, not thrown', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    let problem: unknown;
    expect(() => (problem = payloadProblem([...zeros(), loop]))).not.toThrow();
    expect(problem).toEqual(expect.any(String));
  });
});

describe('readMove', () => {
  it('reads a pass by seat:ann as it is', () => {
    expect(readMove({ type: 'engine.pass', seat: 'seat:ann' })).toEqual({
      ok: true,
      move: { type: 'engine.pass', seat: 'seat:ann' },
    });
  });

  it('reads a move without a seat and without a payload with neither key', () => {
    const read = readMove({ type: 'engine.pass' });
    expect(read.ok && Object.keys(read.move)).toEqual(['type']);
  });

  it('gives a frozen copy: changing the original payload afterwards changes nothing in the move read', () => {
    const raw = { type: 'PlayCard', seat: 'seat:ann', payload: { card: 'Toaster', tags: ['a'] } };
    const read = readMove(raw);
    raw.payload.card = 'Plumber';
    raw.payload.tags.push('b');
    expect(read.ok && read.move.payload).toEqual({ card: 'Toaster', tags: ['a'] });
    expect(read.ok && Object.isFrozen(read.move)).toBe(true);
    expect(read.ok && Object.isFrozen((read.move.payload as { tags: string[] }).tags)).toBe(true);
  });

  for (const [label, raw] of [
    ['a text', 'engine.pass'],
    ['null', null],
    ['a list', [{ type: 'engine.pass' }]],
    [
      'a class instance',
      new (class Move {
        type = 'engine.pass';
      })(),
    ],
  ] as const) {
    it(`refuses ${label}, which is not a plain object: INVALID_PAYLOAD`, () => {
      expect(readMove(raw)).toMatchObject({ ok: false, refusal: { code: 'INVALID_PAYLOAD' } });
    });
  }

  it('refuses a move with a key beside type, seat and payload: INVALID_PAYLOAD', () => {
    expect(readMove({ type: 'engine.pass', seat: 'seat:ann', at: 3 })).toMatchObject({
      ok: false,
      refusal: { code: 'INVALID_PAYLOAD' },
    });
  });

  it('refuses a move without a text type: UNKNOWN_MOVE', () => {
    expect(readMove({ seat: 'seat:ann' })).toMatchObject({ ok: false, refusal: { code: 'UNKNOWN_MOVE' } });
    expect(readMove({ type: '' })).toMatchObject({ ok: false, refusal: { code: 'UNKNOWN_MOVE' } });
    expect(readMove({ type: 'x'.repeat(129) })).toMatchObject({ ok: false, refusal: { code: 'UNKNOWN_MOVE' } });
  });

  it('refuses a malformed seat id: UNKNOWN_SEAT', () => {
    expect(readMove({ type: 'engine.pass', seat: '7' })).toMatchObject({
      ok: false,
      refusal: { code: 'UNKNOWN_SEAT' },
    });
    expect(readMove({ type: 'engine.pass', seat: 7 })).toMatchObject({ ok: false, refusal: { code: 'UNKNOWN_SEAT' } });
  });

  it('refuses a payload beyond the limits: INVALID_PAYLOAD', () => {
    expect(readMove({ type: 'PlayCard', seat: 'seat:ann', payload: nestedObjects(9) })).toMatchObject({
      ok: false,
      refusal: { code: 'INVALID_PAYLOAD' },
    });
    expect(readMove({ type: 'PlayCard', seat: 'seat:ann', payload: { card: Number.NaN } })).toMatchObject({
      ok: false,
      refusal: { code: 'INVALID_PAYLOAD' },
    });
  });

  it('accepts a payload at exactly 8 levels and exactly 16,384 bytes', () => {
    expect(readMove({ type: 'X', payload: nestedObjects(8) }).ok).toBe(true);
    expect(readMove({ type: 'X', payload: { card: 'x'.repeat(16_373) } }).ok).toBe(true);
  });
});

describe('ids', () => {
  it('seat:ann, member:44, a single letter and 128 characters are ids', () => {
    for (const id of ['seat:ann', 'member:44', 'a', 'A.b_c-d:9', `s${'x'.repeat(127)}`])
      expect(isValidId(id)).toBe(true);
  });

  it('a bare number, a leading digit or colon, spaces, non-ASCII letters, 129 characters and non-texts are not', () => {
    for (const id of ['42', '1a', ':a', 'a b', 'seät', '', `s${'x'.repeat(128)}`, 42, null, undefined])
      expect(isValidId(id)).toBe(false);
  });
});
