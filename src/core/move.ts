/**
 * Moves and identifiers as docs/contract.md shapes them: `{ type, seat?, payload? }`,
 * seat ids that stay texts, payloads of plain JSON within fixed limits.
 */

import { quote, type Refusal, refusal } from './errors.js';
import { type JsonLimits, readJson } from './json.js';
import { z } from './schema.js';

/** A plain JSON value, as a payload may hold. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object, as views show pieces. */
export type JsonObject = { [key: string]: JsonValue };

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
export const idSchema = z.string().check(
  z.regex(ID_PATTERN, {
    message: 'an id starts with an ASCII letter, then letters, digits, ":", ".", "_" or "-", 128 characters at most',
  }),
);

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

/** The limits a payload is held to (docs/contract.md). */
export const PAYLOAD_LIMITS: JsonLimits = { depth: MAX_PAYLOAD_DEPTH, bytes: MAX_PAYLOAD_BYTES };

/**
 * Why `value` is not a payload within the limits, or `null` when it is one.
 *
 * @example
 * payloadProblem({ card: 'Toaster' }) // null
 * payloadProblem({ when: new Date() }) // 'payload.when is not plain JSON (Date)'
 */
export function payloadProblem(value: unknown): string | null {
  const read = readJson(value, PAYLOAD_LIMITS, 'payload');
  return read.ok ? null : read.problem;
}

/**
 * Reads an untrusted value as a move: a fresh, frozen copy the caller can no
 * longer change, or the refusal that says what is wrong with it. Each field of
 * the input is read exactly once (a getter or Proxy cannot answer one thing to
 * the checks and another to the table), and nothing it does can throw out.
 *
 * @example
 * readMove({ type: 'engine.pass', seat: 'seat:ann' }) // { ok: true, move: {...} }
 * readMove('pass')                                     // { ok: false, refusal: { code: 'INVALID_PAYLOAD', ... } }
 */
export function readMove(raw: unknown): { ok: true; move: Move } | { ok: false; refusal: Refusal } {
  let type: unknown;
  let seat: unknown;
  let payload: unknown;
  try {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return { ok: false, refusal: refusal('INVALID_PAYLOAD', 'a move is a plain object { type, seat?, payload? }') };
    }
    const proto = Object.getPrototypeOf(raw);
    if (proto !== Object.prototype && proto !== null)
      return { ok: false, refusal: refusal('INVALID_PAYLOAD', 'a move is a plain object { type, seat?, payload? }') };
    let hasType = false;
    let hasSeat = false;
    let hasPayload = false;
    for (const key of Object.keys(raw)) {
      if (key === 'type') hasType = true;
      else if (key === 'seat') hasSeat = true;
      else if (key === 'payload') hasPayload = true;
      else
        return {
          ok: false,
          refusal: refusal(
            'INVALID_PAYLOAD',
            `a move has only type, seat and payload; ${JSON.stringify(quote(key, 80))} is not one of them`,
          ),
        };
    }
    const record = raw as Record<string, unknown>;
    type = hasType ? record.type : undefined;
    seat = hasSeat ? record.seat : undefined;
    payload = hasPayload ? record.payload : undefined;
  } catch (error) {
    return {
      ok: false,
      refusal: refusal(
        'INVALID_PAYLOAD',
        `the move could not be read: ${error instanceof Error ? quote(error.message) : 'it threw'}`,
      ),
    };
  }
  if (typeof type !== 'string' || type.length === 0 || type.length > 128) {
    return { ok: false, refusal: refusal('UNKNOWN_MOVE', 'a move needs a type: a text of 1 to 128 characters') };
  }
  if (seat !== undefined && !isValidId(seat)) {
    const shown =
      typeof seat === 'string' ? JSON.stringify(quote(seat, 140)) : `a ${seat === null ? 'null' : typeof seat}`;
    return { ok: false, refusal: refusal('UNKNOWN_SEAT', `${shown} is not a seat id`) };
  }
  let copied: JsonValue | undefined;
  if (payload !== undefined) {
    const read = readJson(payload, PAYLOAD_LIMITS, 'payload');
    if (!read.ok) return { ok: false, refusal: refusal('INVALID_PAYLOAD', read.problem) };
    copied = deepFreeze(read.value);
  }
  // Built field by field, not with conditional spreads: V8 copies a second spread into an object literal through its
  // runtime, and every move is read here.
  const move: { type: string; seat?: string; payload?: JsonValue } = { type };
  if (seat !== undefined) move.seat = seat as string;
  if (copied !== undefined) move.payload = copied;
  return { ok: true, move: Object.freeze(move) };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
