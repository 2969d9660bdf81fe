/**
 * How the server answers what goes wrong: its own answers (`Answer`: a status,
 * a code and a message), a request body that its schema refuses (400 with the
 * path of the field), and the errors it expects from below (the store out of
 * reach: 503; a table of another rules revision, or whose stored moves were changed: 409). Anything else is a 500.
 */
import type { z } from 'zod';
import { GameNotServed, RulesChanged, TableTampered } from './liveTables.js';
import { unstorable } from './storable.js';
import { isUnavailable } from './store/sql.js';

/** An error answer: `{ code, message }` with its HTTP status. */
export class Answer extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The answer for a table id the store does not hold. */
export const noTable = (id: string) => new Answer(404, 'NOT_FOUND', `no table ${JSON.stringify(id)}`);

/** 404 `UNKNOWN_SEAT`: `seat`, named in a route, is none of the table's seats. */
export const unknownSeat = (table: { readonly id: string; readonly seats: readonly string[] }, seat: string) =>
  new Answer(
    404,
    'UNKNOWN_SEAT',
    `${JSON.stringify(seat.slice(0, 140))} is not a seat of ${table.id}: ${table.seats.join(', ')}`,
    { path: 'seat' },
  );

/** The answer of a server failure: the details go to its log, not to the caller. */
export const INTERNAL = { code: 'INTERNAL', message: 'the server failed; see its log' } as const;

/** The status and body of an error the server expects: its own answers, and the store out of reach (503). */
export function knownAnswer(error: unknown): { status: number; body: Record<string, unknown> } | null {
  if (error instanceof Answer)
    return { status: error.status, body: { code: error.code, message: error.message, ...error.extra } };
  if (isUnavailable(error))
    return { status: 503, body: { code: 'STORE_UNAVAILABLE', message: 'the store cannot be reached now; try again' } };
  if (error instanceof RulesChanged) return { status: 409, body: { code: 'RULES_REVISION', message: error.message } };
  if (error instanceof GameNotServed) return { status: 409, body: { code: 'UNKNOWN_GAME', message: error.message } };
  if (error instanceof TableTampered) return { status: 409, body: { code: 'TAMPERED', message: error.message } };
  return null;
}

/**
 * `body` read by `schema`, or a 400 `BAD_REQUEST` naming the first field it refuses (text the store cannot keep
 * included: U+0000, a lone surrogate).
 *
 * @example
 * parse(playSchema, { move: {}, expect: -1 }) // throws Answer 400 "expect: Too small: expected number to be >=0"
 */
export function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const text = unstorable(body);
  if (text !== null) throw new Answer(400, 'BAD_REQUEST', `${text.path}: ${text.problem}`, { path: text.path });
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue && issue.path.length > 0 ? issue.path.join('.') : 'body';
    throw new Answer(400, 'BAD_REQUEST', `${path}: ${issue?.message ?? 'malformed'}`, { path });
  }
  return parsed.data;
}

/** A key that would reach an object's prototype. */
class PrototypeKey extends Error {}

/** A JSON.parse reviver refusing `__proto__` and `constructor.prototype` keys. */
function refusePrototypeKeys(key: string, value: unknown): unknown {
  if (
    key === '__proto__' ||
    (key === 'constructor' && typeof value === 'object' && value !== null && 'prototype' in value)
  )
    throw new PrototypeKey(`a key ${JSON.stringify(key)} that would reach an object's prototype`);
  return value;
}

/**
 * A request body's JSON text read, the same for HTTP and the stream, or a 400 `BAD_REQUEST` saying why it cannot be:
 * not JSON, or a key that would reach an object's prototype.
 *
 * @example
 * readBody('{"move":{}}') // { move: {} }
 * readBody('{"__proto__":{}}') // throws Answer 400 "body: a key "__proto__" that would reach an object's prototype"
 */
export function readBody(text: string): unknown {
  try {
    return JSON.parse(text, refusePrototypeKeys);
  } catch (error) {
    const why = error instanceof PrototypeKey ? error.message : `not JSON: ${(error as Error).message}`;
    throw new Answer(400, 'BAD_REQUEST', `body: ${why}`, { path: 'body' });
  }
}
