/**
 * The English message of a problem a schema found, for every parse plystack
 * makes (payloads, options, turn rules): what was expected, and for a wrong
 * type what came instead. Written here rather than taken from zod's locale,
 * which names every format and type zod knows: a web page that opens a table
 * carries these few lines instead.
 *
 * @example
 * issueMessage({ code: 'invalid_type', expected: 'string', input: 3 }) // 'expected string, received number'
 * issueMessage({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true }) // 'expected string of size >= 1'
 */
import type * as core from 'zod/v4/core';

/** The message of `issue`, or undefined for zod's own ("Invalid input") where plystack's schemas never look. */
export function issueMessage(issue: core.$ZodRawIssue): string | undefined {
  const i = issue as core.$ZodRawIssue & {
    expected?: string;
    origin?: string;
    minimum?: unknown;
    maximum?: unknown;
    inclusive?: boolean;
    values?: unknown[];
    keys?: string[];
  };
  const input = i.input;
  switch (i.code) {
    case 'invalid_type':
      return `expected ${i.expected}, received ${input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input}`;
    case 'too_small':
    case 'too_big': {
      const size = i.origin === 'number' || i.origin === 'int' ? '' : ' of size';
      const op = i.code === 'too_small' ? (i.inclusive ? '>=' : '>') : i.inclusive ? '<=' : '<';
      return `expected ${i.origin}${size} ${op} ${String(i.minimum ?? i.maximum)}`;
    }
    case 'invalid_value':
      return `expected ${(i.values ?? []).map((v) => JSON.stringify(v)).join(' or ')}`;
    case 'unrecognized_keys':
      return `unknown key ${(i.keys ?? []).join(', ')}`;
    default:
      return undefined;
  }
}
