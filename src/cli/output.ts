/**
 * Output written as it is made: lines gathered into pieces of about 64 KB
 * and handed to `io.out` at the pace the reader takes them, and JSON written
 * member by member, so a document of a million plies is never one string.
 */
import { EXIT } from './commands.js';
import type { Io } from './io.js';
import { jsonText, printable } from './text.js';

const PIECE_CHARS = 64 * 1024;

/** Text on its way to `io.out`; `end()` writes what is left. */
export class Output {
  private pending = '';
  constructor(private readonly io: Io) {}

  /** Adds text; returns a promise only when the reader must be waited for. */
  write(text: string): Promise<void> | undefined {
    this.pending += text;
    return this.pending.length >= PIECE_CHARS ? this.flush() : undefined;
  }

  /** Adds a line of text, its control characters written as escapes (`printable`): a log's text cannot drive the terminal. */
  line(text: string): Promise<void> | undefined {
    return this.write(`${printable(text)}\n`);
  }

  /** Writes what is left; text after the last newline gets one. */
  async end(): Promise<void> {
    await this.flush();
    if (this.pending !== '') await this.io.out(this.pending);
    this.pending = '';
  }

  private async flush(): Promise<void> {
    const cut = this.pending.lastIndexOf('\n');
    if (cut < 0) return;
    const head = this.pending.slice(0, cut);
    this.pending = this.pending.slice(cut + 1);
    await this.io.out(head);
  }
}

/** An array member of `writeJsonObject` written item by item. */
export class JsonItems {
  constructor(readonly items: Iterable<unknown>) {}
}

/**
 * Writes an object exactly as `JSON.stringify(object, null, 2)` would, with
 * `JsonItems` members written one item at a time. Members whose value is
 * `undefined` are left out, as JSON leaves them.
 *
 * @example
 * await writeJsonObject(out, [['ok', true], ['plies', new JsonItems(plies)]])
 */
export async function writeJsonObject(out: Output, members: readonly (readonly [string, unknown])[]): Promise<void> {
  const nested = (value: unknown, pad: string) => jsonText(value).replace(/\n/g, `\n${pad}`);
  let first = true;
  for (const [key, value] of members) {
    if (value === undefined) continue;
    await out.write(`${first ? '{' : ','}\n  ${JSON.stringify(key)}: `);
    first = false;
    if (!(value instanceof JsonItems)) {
      await out.write(nested(value, '  '));
      continue;
    }
    let empty = true;
    for (const item of value.items) {
      const waiting = out.write(`${empty ? '[' : ','}\n    ${nested(item, '    ')}`);
      if (waiting !== undefined) await waiting;
      empty = false;
    }
    await out.write(empty ? '[]' : '\n  ]');
  }
  await out.write(first ? '{}' : '\n}');
}

/**
 * `items` mapped lazily.
 *
 * @example
 * [...mapped([1, 2], (n) => n * 2)] // [2, 4]
 */
export function* mapped<T, U>(items: Iterable<T>, map: (item: T) => U): Generator<U> {
  for (const item of items) yield map(item);
}

/**
 * Writes `message` to standard error and gives the exit code of invalid input,
 * for a command to return.
 *
 * @example
 * if (seats === null) return fail(io, '--seats: a whole number of seats');
 */
export function fail(io: Io, message: string): typeof EXIT.invalid {
  io.err(message);
  return EXIT.invalid;
}
