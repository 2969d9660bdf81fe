/**
 * A log read without holding it parsed: the bytes are checked as strict
 * UTF-8, the top-level object's members are found by a scan of its structure,
 * and the moves are parsed one at a time as the replay asks for them, so a
 * log of a million moves never exists as a million objects at once.
 *
 * What it accepts and refuses is exactly what `JSON.parse` of the whole text
 * accepts and refuses: every piece the scan cuts out is parsed by
 * `JSON.parse` itself, and on anything the scan does not expect it hands the
 * whole text to `JSON.parse`, whose answer (its value, or its error message)
 * is then the answer.
 */
import { isUtf8 } from 'node:buffer';
import { decodeUtf8 } from './text.js';

/** The log is not JSON; the message is `JSON.parse`'s own. */
export class LogNotJson extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LogNotJson';
  }
}

/** A log as read: its members other than the moves (with `moves: []`) and its moves, parsed one at a time; or, when it is not an object with a moves array, the whole value. */
export type ReadLog =
  | { readonly kind: 'stream'; readonly header: unknown; readonly moves: Iterator<unknown> }
  | { readonly kind: 'whole'; readonly log: unknown };

/** Thrown by the scan where the text is not what a JSON object of members is; the whole text is then left to `JSON.parse`. */
class Unexpected extends Error {}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;

/** Code units of the input: bytes of UTF-8, or UTF-16 units of text. JSON's structure is all ASCII, so one scan reads both. */
interface Units {
  readonly length: number;
  at(i: number): number;
  /** The text of units `from` to `to`. */
  text(from: number, to: number): string;
}

function unitsOf(input: string | Uint8Array): Units {
  if (typeof input === 'string')
    return { length: input.length, at: (i) => input.charCodeAt(i), text: (from, to) => input.slice(from, to) };
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  return { length: bytes.length, at: (i) => bytes[i] as number, text: (from, to) => bytes.toString('utf8', from, to) };
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

function skipSpace(u: Units, i: number): number {
  while (i < u.length && isSpace(u.at(i))) i++;
  return i;
}

/** The end of the string that opens at `i` (just past its closing quote). */
function skipString(u: Units, i: number): number {
  for (i++; i < u.length; i++) {
    const c = u.at(i);
    if (c === QUOTE) return i + 1;
    if (c === BACKSLASH) i++;
  }
  throw new Unexpected();
}

/** The end of the value that starts at `i`: a string, an object or array (brackets counted outside strings), or a scalar up to the next delimiter. */
function skipValue(u: Units, i: number): number {
  const first = u.at(i);
  if (first === QUOTE) return skipString(u, i);
  if (first === 0x7b || first === 0x5b) {
    let depth = 0;
    for (; i < u.length; i++) {
      const c = u.at(i);
      if (c === QUOTE) i = skipString(u, i) - 1;
      else if (c === 0x7b || c === 0x5b) depth++;
      else if (c === 0x7d || c === 0x5d) if (--depth === 0) return i + 1;
    }
    throw new Unexpected();
  }
  const start = i;
  while (i < u.length) {
    const c = u.at(i);
    if (c === COMMA || c === 0x7d || c === 0x5d || isSpace(c)) break;
    i++;
  }
  if (i === start) throw new Unexpected();
  return i;
}

interface Member {
  readonly key: string;
  readonly keyText: [number, number];
  readonly value: [number, number];
}

/** The top-level object's members, in order; throws `Unexpected` when the text is not an object of members. */
function membersOf(u: Units, start: number): Member[] {
  let i = skipSpace(u, start);
  if (u.at(i) !== 0x7b) throw new Unexpected();
  const members: Member[] = [];
  i = skipSpace(u, i + 1);
  if (u.at(i) === 0x7d) {
    endOfText(u, i + 1);
    return members;
  }
  for (;;) {
    if (u.at(i) !== QUOTE) throw new Unexpected();
    const keyEnd = skipString(u, i);
    const key = JSON.parse(u.text(i, keyEnd)) as string;
    const keyText: [number, number] = [i, keyEnd];
    i = skipSpace(u, keyEnd);
    if (u.at(i) !== COLON) throw new Unexpected();
    i = skipSpace(u, i + 1);
    if (i >= u.length) throw new Unexpected();
    const valueEnd = skipValue(u, i);
    members.push({ key, keyText, value: [i, valueEnd] });
    i = skipSpace(u, valueEnd);
    const c = u.at(i);
    if (c === 0x7d) {
      endOfText(u, i + 1);
      return members;
    }
    if (c !== COMMA) throw new Unexpected();
    i = skipSpace(u, i + 1);
  }
}

function endOfText(u: Units, i: number): void {
  if (skipSpace(u, i) !== u.length) throw new Unexpected();
}

/** The elements of the array at `[from, to)`, parsed one at a time. */
function* elementsOf(u: Units, from: number, to: number): Generator<unknown> {
  let i = skipSpace(u, from + 1);
  if (u.at(i) === 0x5d) return;
  for (;;) {
    const end = skipValue(u, i);
    yield JSON.parse(u.text(i, end));
    i = skipSpace(u, end);
    const c = u.at(i);
    if (c === 0x5d && i === to - 1) return;
    if (c !== COMMA) throw new Unexpected();
    i = skipSpace(u, i + 1);
  }
}

/** `JSON.parse` of the whole input: its value, or `LogNotJson` with its message. */
function parseWhole(input: string | Uint8Array): unknown {
  try {
    return JSON.parse(decodeUtf8(input));
  } catch (error) {
    throw new LogNotJson((error as Error).message);
  }
}

/**
 * Reads a log from its bytes (or text already decoded). Throws `InvalidUtf8`
 * for bytes that are not UTF-8, and `LogNotJson` for text that is not JSON;
 * the moves iterator throws `LogNotJson` when it reaches a move that is not.
 *
 * @example
 * const read = readLog(bytes)
 * if (read.kind === 'stream') for (let next = read.moves.next(); !next.done; next = read.moves.next()) play(next.value)
 */
export function readLog(input: string | Uint8Array): ReadLog {
  // Checked whole before anything is parsed, so a bad byte is reported by its offset whatever else is wrong.
  if (typeof input !== 'string') decodeUtf8Check(input);
  const u = unitsOf(input);
  const bom = typeof input !== 'string' && input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? 3 : 0;
  let members: Member[];
  try {
    members = membersOf(u, bom);
  } catch (error) {
    if (!(error instanceof Unexpected) && !(error instanceof SyntaxError)) throw error;
    return { kind: 'whole', log: parseWhole(input) };
  }
  // As JSON.parse does, the last of members with the same name counts.
  const moves = members.findLast((member) => member.key === 'moves');
  if (moves === undefined || u.at(moves.value[0]) !== 0x5b) return { kind: 'whole', log: parseWhole(input) };
  const pieces = members.map(
    (member) => `${u.text(...member.keyText)}:${member === moves ? '[]' : u.text(...member.value)}`,
  );
  let header: unknown;
  try {
    header = JSON.parse(`{${pieces.join(',')}}`);
  } catch {
    return { kind: 'whole', log: parseWhole(input) };
  }
  const elements = elementsOf(u, moves.value[0], moves.value[1]);
  const iterator: Iterator<unknown> = {
    next() {
      try {
        return elements.next();
      } catch (error) {
        if (!(error instanceof Unexpected) && !(error instanceof SyntaxError)) throw error;
        // A piece the scan cut out is not JSON: the whole text's own error says where.
        parseWhole(input);
        throw new LogNotJson('a move of the log is not JSON');
      }
    },
  };
  return { kind: 'stream', header, moves: iterator };
}

/** Throws `InvalidUtf8` unless `bytes` are well-formed UTF-8, without decoding them into a string. */
function decodeUtf8Check(bytes: Uint8Array): void {
  if (isUtf8(bytes)) return;
  decodeUtf8(bytes);
}
