/**
 * Untrusted values as plain JSON: read once into a fresh copy (a getter or a
 * Proxy is asked for each value exactly once, so it cannot answer one thing to
 * a check and another to the table), within limits of depth and size that are
 * measured while copying, without serialising the whole input first.
 */

/** The limits a value is held to. */
export interface JsonLimits {
  /** Deepest nesting; the value itself is level 1. */
  readonly depth: number;
  /** Largest size, in bytes of its JSON text. */
  readonly bytes: number;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Why a value is not plain JSON within the limits: the message and where. */
class NotJson extends Error {}

/** UTF-8 bytes of a string's JSON text, quotes and escapes included; stops counting once past `max`. */
function stringBytes(text: string, max: number): number {
  let bytes = 2;
  for (let i = 0; i < text.length && bytes <= max; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22 || code === 0x5c) bytes += 2;
    else if (code < 0x20)
      bytes += code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d ? 2 : 6;
    else if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3; // a lone surrogate is written as \uXXXX by JSON.stringify: 6 bytes, counted as 3 here at least
  }
  return bytes;
}

/**
 * A fresh plain-JSON copy of `value`, or why it is not one: strings, finite
 * numbers, booleans, null, arrays and plain objects only, at most
 * `limits.depth` levels deep and `limits.bytes` bytes of JSON. `where` names
 * the value in messages (`payload`, `options`). Never throws, whatever the
 * input does (a throwing getter or Proxy trap is a refusal).
 *
 * @example
 * readJson({ card: 'Toaster' }, { depth: 8, bytes: 16_384 }, 'payload') // { ok: true, value: { card: 'Toaster' } }
 * readJson({ when: new Date() }, { depth: 8, bytes: 16_384 }, 'payload') // { ok: false, problem: 'payload.when is not plain JSON (Date)' }
 */
export function readJson(
  value: unknown,
  limits: JsonLimits,
  where: string,
): { ok: true; value: Json } | { ok: false; problem: string } {
  let bytes = 0;
  const tooLarge = () => new NotJson(`${where} is more than ${limits.bytes} bytes of JSON`);
  const add = (n: number) => {
    bytes += n;
    if (bytes > limits.bytes) throw tooLarge();
  };
  const copy = (node: unknown, depth: number, path: string): Json => {
    switch (typeof node) {
      case 'string':
        add(stringBytes(node, limits.bytes - bytes));
        return node;
      case 'boolean':
        add(node ? 4 : 5);
        return node;
      case 'number':
        if (!Number.isFinite(node)) throw new NotJson(`${path} is not a finite number`);
        add(String(node).length);
        return node;
      case 'object': {
        if (node === null) {
          add(4);
          return null;
        }
        if (depth >= limits.depth)
          throw new NotJson(`${where} is nested more than ${limits.depth} levels deep (at ${path})`);
        if (Array.isArray(node)) {
          const length = node.length;
          add(2 + Math.max(0, length - 1));
          const out: Json[] = new Array(length);
          for (let i = 0; i < length; i++) out[i] = copy(node[i], depth + 1, `${path}.${i}`);
          return out;
        }
        const proto = Object.getPrototypeOf(node);
        if (proto !== Object.prototype && proto !== null) {
          const name = typeof proto?.constructor?.name === 'string' ? proto.constructor.name.slice(0, 40) : 'object';
          throw new NotJson(`${path} is not plain JSON (${name})`);
        }
        const keys = Object.keys(node);
        add(2 + Math.max(0, keys.length - 1));
        const out: { [key: string]: Json } = {};
        for (const key of keys) {
          add(stringBytes(key, limits.bytes - bytes) + 1);
          // Assigned, "__proto__" would set a prototype, and schemas drop it silently: it is refused as a key, never lost.
          if (key === '__proto__') throw new NotJson(`${path} has a key "__proto__", which no schema reads: rename it`);
          out[key] = copy(
            (node as Record<string, unknown>)[key],
            depth + 1,
            `${path}.${key.length > 40 ? `${key.slice(0, 40)}…` : key}`,
          );
        }
        return out;
      }
      default:
        throw new NotJson(`${path} is not plain JSON (${typeof node})`);
    }
  };
  try {
    return { ok: true, value: copy(value, 0, where) };
  } catch (error) {
    if (error instanceof NotJson) return { ok: false, problem: error.message };
    // A getter, Proxy trap or toJSON of the input threw, or it nests beyond the stack: refused the same way.
    if (error instanceof RangeError) return { ok: false, problem: `${where} is nested too deeply to read` };
    return {
      ok: false,
      problem: `${where} could not be read: ${error instanceof Error ? error.message.slice(0, 200) : 'it threw'}`,
    };
  }
}

/**
 * Whether two JSON values are the same value: equal numbers, strings, booleans and nulls, arrays item by item,
 * objects member by member whatever their order (a member set to undefined is no member, as JSON writes it).
 *
 * @example
 * sameJson({ type: 'draw', seat: 'seat:ann' }, { seat: 'seat:ann', type: 'draw' }) // true
 * sameJson({ payload: { n: 1 } }, { payload: { n: 2 } }) // false
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  const members = (o: object) => Object.entries(o).filter(([, value]) => value !== undefined);
  const left = members(a);
  const right = new Map(members(b));
  return left.length === right.size && left.every(([key, value]) => right.has(key) && sameJson(value, right.get(key)));
}
