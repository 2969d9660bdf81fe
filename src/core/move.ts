/**
 * Moves and identifiers as CONTRACT.md shapes them: `{ type, seat?, payload? }`,
 * seat ids that stay texts, payloads of plain JSON within fixed limits.
 */
import { z } from 'zod';
import { refusal, type Refusal } from './errors.js';

/** A plain JSON value, as a payload may hold. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A move: `type`, the `seat` making it (absent: the application acting for the table) and a payload. */
export interface Move {
  readonly type: string;
  readonly seat?: string;
  readonly payload?: JsonValue;
}

/** Deepest nesting a payload may have; the payload object itself is level 1. */
export const MAX_PAYLOAD_DEPTH = 8;
/** Largest payload, in bytes of its JSON text. */
export const MAX_PAYLOAD_BYTES = 16_384;

const ID_PATTERN = /^[A-Za-z][A-Za-z0-9:._-]{0,127}$/;

/** Seat and table ids: an ASCII letter, then letters, digits, `:`, `.`, `_` or `-`, 128 characters at most. */
export const idSchema = z.string().regex(ID_PATTERN, {
  message: 'an id starts with an ASCII letter, then letters, digits, ":", ".", "_" or "-", 128 characters at most',
});

/**
 * Whether `value` is a valid seat or table id.
 *
 * @example
 * isValidId('seat:ann') // true
 * isValidId('42')       // false: a bare number would not stay a text as a JSON key
 */
export function isValidId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Why `value` is not a payload within the limits, or `null` when it is one.
 * Walks at most `MAX_PAYLOAD_DEPTH` levels, so a cycle is refused as too deep.
 *
 * @example
 * payloadProblem({ card: 'Toaster' }) // null
 * payloadProblem({ when: new Date() }) // 'payload.when is not plain JSON (Date)'
 */
export function payloadProblem(value: unknown): string | null {
  // `bytes` is a lower bound of the JSON text's size: once it passes the limit the payload is surely too large,
  // so a huge input is refused without walking all of it. Below the limit every node is checked.
  let bytes = 0;
  const tooLarge = () => `payload is more than ${MAX_PAYLOAD_BYTES} bytes of JSON`;
  const walk = (node: unknown, depth: number, path: string): string | null => {
    if (bytes > MAX_PAYLOAD_BYTES) return tooLarge();
    switch (typeof node) {
      case 'string':
        bytes += node.length + 2;
        return null;
      case 'boolean':
        bytes += 4;
        return null;
      case 'number':
        bytes += 1;
        return Number.isFinite(node) ? null : `${path} is not a finite number`;
      case 'object': {
        if (node === null) {
          bytes += 4;
          return null;
        }
        if (depth >= MAX_PAYLOAD_DEPTH) return `payload is nested more than ${MAX_PAYLOAD_DEPTH} levels deep (at ${path})`;
        if (Array.isArray(node)) {
          bytes += 1 + node.length;
          for (let i = 0; i < node.length; i++) {
            const problem = walk(node[i], depth + 1, `${path}.${i}`);
            if (problem !== null) return problem;
          }
          return null;
        }
        if (!isPlainObject(node)) return `${path} is not plain JSON (${node.constructor?.name ?? 'object'})`;
        bytes += 1;
        for (const key of Object.keys(node)) {
          bytes += key.length + 4;
          const problem = walk((node as Record<string, unknown>)[key], depth + 1, `${path}.${key}`);
          if (problem !== null) return problem;
        }
        return null;
      }
      default:
        return `${path} is not plain JSON (${typeof node})`;
    }
  };
  const problem = walk(value, 0, 'payload');
  if (problem !== null) return problem;
  // Every node is plain JSON within the depth limit, so this cannot throw.
  const size = Buffer.byteLength(JSON.stringify(value), 'utf8');
  return size > MAX_PAYLOAD_BYTES ? `payload is ${size} bytes of JSON, more than ${MAX_PAYLOAD_BYTES}` : null;
}

/**
 * Reads an untrusted value as a move: a fresh, frozen copy the caller can no
 * longer change, or the refusal that says what is wrong with it.
 *
 * @example
 * readMove({ type: 'engine.pass', seat: 'seat:ann' }) // { ok: true, move: {...} }
 * readMove('pass')                                     // { ok: false, refusal: { code: 'INVALID_PAYLOAD', ... } }
 */
export function readMove(raw: unknown): { ok: true; move: Move } | { ok: false; refusal: Refusal } {
  // A move this function already produced is frozen and known: reading it again costs nothing.
  if (typeof raw === 'object' && raw !== null && readMoves.has(raw)) return { ok: true, move: raw as Move };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || !isPlainObject(raw)) {
    return { ok: false, refusal: refusal('INVALID_PAYLOAD', 'a move is a plain object { type, seat?, payload? }') };
  }
  const record = raw as Record<string, unknown>;
  const extra = Object.keys(record).find((key) => key !== 'type' && key !== 'seat' && key !== 'payload');
  if (extra !== undefined) {
    return { ok: false, refusal: refusal('INVALID_PAYLOAD', `a move has only type, seat and payload; "${extra}" is not one of them`) };
  }
  if (typeof record.type !== 'string' || record.type.length === 0 || record.type.length > 128) {
    return { ok: false, refusal: refusal('UNKNOWN_MOVE', 'a move needs a type: a text of 1 to 128 characters') };
  }
  if ('seat' in record && record.seat !== undefined && !isValidId(record.seat)) {
    return { ok: false, refusal: refusal('UNKNOWN_SEAT', `${JSON.stringify(record.seat) ?? 'that'} is not a seat id`) };
  }
  if (record.payload !== undefined) {
    const problem = payloadProblem(record.payload);
    if (problem !== null) return { ok: false, refusal: refusal('INVALID_PAYLOAD', problem) };
  }
  const move: Move = {
    type: record.type,
    ...(record.seat !== undefined ? { seat: record.seat as string } : {}),
    ...(record.payload !== undefined ? { payload: deepFreeze(JSON.parse(JSON.stringify(record.payload)) as JsonValue) } : {}),
  };
  readMoves.add(Object.freeze(move));
  return { ok: true, move };
}

/** Moves produced by `readMove`: already checked, copied and frozen. */
const readMoves = new WeakSet<object>();

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
