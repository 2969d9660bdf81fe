/**
 * Schemas, read one way. A game's payload and options schemas may be built
 * with zod's classic API (`import { z } from 'zod'`) or with `zod/mini`: both
 * are zod schemas underneath, and plystack reads them only through this
 * module. plystack's own schemas are built with `zod/mini`, whose checks a
 * bundler can leave out when nothing uses them, so a web page that opens a
 * table carries only the parts of zod it needs (docs/api.md, "In a browser").
 *
 * Every refusal gives plystack's English messages (schemaMessages.ts), passed
 * with the parse rather than set in zod's global configuration, which belongs
 * to the application (a refused value is parsed a second time, with them).
 */
import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import { issueMessage } from './schemaMessages.js';

export { z };

/** A zod schema of either API, classic or mini. */
export type Schema<O = unknown, I = unknown> = core.$ZodType<O, I>;
/** What a schema gives when it accepts a value. */
export type SchemaOutput<S> = core.output<S>;
/** What a schema accepts. */
export type SchemaInput<S> = core.input<S>;
/** One problem a schema found: a path into the value and a message. */
export type SchemaIssue = core.$ZodIssue;

/** What `parseSchema` answers: the parsed value, or the issues in the order the schema found them. */
export type Parsed<T> = { success: true; data: T } | { success: false; issues: SchemaIssue[] };

/**
 * Parses `value` with `schema` (classic or mini) and never throws for a value the schema refuses.
 *
 * @example
 * parseSchema(z.int(), 3) // { success: true, data: 3 }
 * parseSchema(z.int(), 'x') // { success: false, issues: [{ message: 'expected int, received string', … }] }
 */
export function parseSchema<S extends Schema>(schema: S, value: unknown): Parsed<SchemaOutput<S>> {
  // Parse params are copied on every parse (several times the cost of a small schema's own work), and the messages
  // are needed only for a refused value: parse plainly, and again with the messages when it is refused.
  const plain = z.safeParse(schema, value);
  if (plain.success) return { success: true, data: plain.data as SchemaOutput<S> };
  const result = z.safeParse(schema, value, { error: issueMessage });
  return result.success
    ? { success: true, data: result.data as SchemaOutput<S> }
    : { success: false, issues: result.error.issues };
}

/**
 * Whether `value` is a zod schema of either API.
 *
 * @example
 * isSchema(z.string()) // true
 * isSchema({ type: 'string' }) // false
 */
export function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && '_zod' in value && typeof value._zod === 'object';
}
