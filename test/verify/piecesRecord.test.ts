/**
 * A record of the pieces answers as comparing their JSON then and now does:
 * a write into them counts, a write that leaves an equal value does not,
 * and pieces JSON does not read member by member (a Date, `toJSON`, a class)
 * are compared by their JSON text.
 */
import { fc } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { PiecesRecord } from '../../src/verify/piecesRecord.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The objects and lists of a value, the value first. */
function containers(value: unknown, out: object[] = []): object[] {
  if (value === null || typeof value !== 'object') return out;
  out.push(value);
  for (const member of Object.values(value)) containers(member, out);
  return out;
}

/** Writes into `value` in place, by one of a few kinds of writes, at the container `pick` chooses. */
function writeInto(value: unknown, pick: number, kind: number, fresh: Json): void {
  const all = containers(value);
  if (all.length === 0) return;
  const target = all[pick % all.length] as Record<string, unknown> | unknown[];
  const keys = Object.keys(target);
  const key = keys.length === 0 ? '0' : (keys[pick % keys.length] as string);
  const record = target as Record<string, unknown>;
  switch (kind % 5) {
    case 0:
      record[key] = fresh;
      break;
    case 1:
      // An equal value in a new object: JSON reads no change.
      record[key] = JSON.parse(JSON.stringify(record[key] ?? null));
      break;
    case 2:
      if (Array.isArray(target)) target.push(fresh);
      else record[`${key}+`] = fresh;
      break;
    case 3:
      if (Array.isArray(target)) target.pop();
      else delete record[key];
      break;
    default: {
      // The same value written again.
      const same = record[key];
      record[key] = same;
    }
  }
}

describe('a record of the pieces', () => {
  /** One record written again for each case, as the judge writes its one record again for each state. */
  const shared = new PiecesRecord(null);

  it('tells a write into the pieces exactly when their JSON changed', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4 }),
        fc.nat(),
        fc.nat(),
        fc.jsonValue({ maxDepth: 2 }),
        (pieces, pick, kind, fresh) => {
          const before = JSON.stringify(pieces);
          const record = shared.rewrite(pieces);
          expect(record.unchanged(pieces)).toBe(true);
          writeInto(pieces, pick, kind, fresh as Json);
          expect(record.unchanged(pieces)).toBe(JSON.stringify(pieces) === before);
          // Asked twice, the same answer.
          expect(record.unchanged(pieces)).toBe(JSON.stringify(pieces) === before);
        },
      ),
      { numRuns: 2000, seed: 7 },
    );
  });

  it('written again, a record reads only the new pieces (the room left by larger ones is not read)', () => {
    const record = new PiecesRecord({ a: [1, 2, 3], b: { c: [] } });
    for (const pieces of [{ a: [1] }, [], { a: [] }, { b: { c: [] } }, 1, { a: [1, 2, 3], b: { c: [] } }]) {
      record.rewrite(pieces);
      expect(record.unchanged(pieces)).toBe(true);
      expect(record.unchanged({ ...(pieces as object), d: 1 })).toBe(false);
      expect(record.unchanged(JSON.parse(JSON.stringify(pieces)))).toBe(true);
    }
    const small = { a: [] as number[] };
    record.rewrite(small);
    small.a.push(0);
    expect(record.unchanged(small)).toBe(false);
  });

  it('reads the pieces as JSON does: undefined members, holes, __proto__ as a key, a number for a text', () => {
    const pieces: Record<string, unknown> = JSON.parse('{"a":[1,2],"__proto__":{"x":1},"b":"2"}');
    const record = new PiecesRecord(pieces);
    pieces.c = undefined;
    expect(record.unchanged(pieces)).toBe(true);
    (pieces.a as unknown[])[3] = undefined;
    expect(record.unchanged(pieces)).toBe(false);
    (pieces.a as unknown[]).length = 2;
    expect(record.unchanged(pieces)).toBe(true);
    pieces.b = 2;
    expect(record.unchanged(pieces)).toBe(false);
    pieces.b = '2';
    (Object.getOwnPropertyDescriptor(pieces, '__proto__')?.value as { x: number }).x = 2;
    expect(record.unchanged(pieces)).toBe(false);
  });

  it('compares pieces that JSON does not read member by member by their text', () => {
    const when = new Date(0);
    const dated = { when };
    const record = new PiecesRecord(dated);
    when.setTime(1000);
    expect(record.unchanged(dated)).toBe(false);
    class Hand {
      cards = ['bolt'];
    }
    const hand = { hand: new Hand() };
    const handRecord = new PiecesRecord(hand);
    hand.hand.cards = ['bolt'];
    expect(handRecord.unchanged(hand)).toBe(true);
    hand.hand.cards.push('counter');
    expect(handRecord.unchanged(hand)).toBe(false);
    const counted = { n: 1, toJSON: () => 'same' };
    const countedRecord = new PiecesRecord(counted);
    counted.n = 2;
    expect(countedRecord.unchanged(counted)).toBe(true);
  });

  it('fails on pieces that hold themselves, as JSON does', () => {
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    expect(() => new PiecesRecord(loop)).toThrow(/circular/);
  });
});
