/**
 * Text the CLI prints about input it did not accept: offending values are
 * quoted short, and input is read as strict UTF-8.
 */

/** The most characters of an offending value a message quotes. */
export const QUOTE_CHARS = 200;

/**
 * A value quoted for a message: JSON, cut to `QUOTE_CHARS` characters with
 * its full length after it.
 *
 * @example
 * quote('x'.repeat(5_000_000)) // '"xxx…" (5000000 characters)'
 */
export function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  if (text.length <= QUOTE_CHARS) return JSON.stringify(text);
  return `${JSON.stringify(`${text.slice(0, QUOTE_CHARS)}…`)} (${text.length} characters)`;
}

/**
 * A message with every quoted string and every run of characters without a
 * space (a seat id, a path, a type) much longer than `QUOTE_CHARS` cut to
 * that length, so a message about a 5 MB value stays short whoever wrote it.
 *
 * @example
 * clip(`no seat ${'a'.repeat(1000)} here`) // 'no seat aaa…(1000 characters) here', with 200 a's
 */
export function clip(message: string): string {
  if (message.length <= QUOTE_CHARS) return message;
  const space = (i: number) => message.charCodeAt(i) <= 32;
  let out = '';
  let i = 0;
  while (i < message.length) {
    if (space(i)) {
      out += message[i++];
      continue;
    }
    let end = i;
    if (message[i] === '"') {
      end++;
      while (end < message.length && message[end] !== '"' && message[end] !== '\n')
        end += message[end] === '\\' ? 2 : 1;
      end = Math.min(end + 1, message.length);
    } else {
      while (end < message.length && !space(end)) end++;
    }
    const run = message.slice(i, end);
    // some slack, so that what `quote` made is left as it is
    out += run.length > QUOTE_CHARS + 40 ? `${run.slice(0, QUOTE_CHARS)}…(${run.length} characters)` : run;
    i = end;
  }
  return out;
}

/** Input that is not UTF-8: the offset of its first bad byte. */
export class InvalidUtf8 extends Error {
  constructor(readonly offset: number) {
    super(`invalid UTF-8 at byte ${offset}`);
    this.name = 'InvalidUtf8';
  }
}

/** The offset of the first byte that is not part of a well-formed UTF-8 sequence, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    // the length of the sequence and the range its second byte must fall in (no overlongs, surrogates or past U+10FFFF)
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) low = 0xa0;
      else if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) low = 0x90;
      else if (b === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined) return i;
      if (k === 1 ? next < low || next > high : next < 0x80 || next > 0xbf) return i;
    }
    i += length;
  }
  return -1;
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Bytes read as UTF-8 text (a leading byte order mark dropped); a string is
 * taken as already decoded. Throws `InvalidUtf8` naming the offset of the
 * first bad byte instead of turning it into U+FFFD.
 *
 * @example
 * decodeUtf8(Buffer.from([0x7b, 0xff, 0x7d])) // throws InvalidUtf8, offset 1
 */
export function decodeUtf8(input: string | Uint8Array): string {
  if (typeof input === 'string') return input;
  try {
    return decoder.decode(input);
  } catch {
    throw new InvalidUtf8(Math.max(0, firstInvalidUtf8(input)));
  }
}

// C0 and C1 controls, DEL, and the bidirectional overrides and isolates, which move or hide the text around them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from a game or a user's module made safe for a terminal line: every control character (a newline, an escape
 * that would recolour or move the cursor) written as its escape, so what is printed is what the text holds.
 *
 * @example
 * printable('life\n\x1b[2Jgone') // 'life\\n\\u001b[2Jgone'
 */
export function printable(text: string): string {
  return text.replace(CONTROL, (c) => {
    const named = JSON.stringify(c).slice(1, -1);
    return named.length === 2 ? named : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** What JSON leaves raw that a terminal may still act on: C1 controls and the bidirectional overrides. */
const RAW_IN_JSON = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `value` as indented JSON that is safe to print: the characters JSON.stringify leaves raw and a terminal would act on
 * (a C1 control such as U+009B, a bidirectional override) written as `\uXXXX` escapes, which parse back to themselves.
 *
 * @example
 * jsonText({ card: 'x\u009b2J' }) // '{\n  "card": "x\\u009b2J"\n}'
 */
export function jsonText(value: unknown): string {
  return (JSON.stringify(value, null, 2) ?? 'null').replace(
    RAW_IN_JSON,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
