/**
 * Fuzzing `plystack replay` with logs: the example logs with bytes flipped,
 * cut or made invalid UTF-8, and with fields and moves replaced by hostile
 * values (huge texts, `__proto__` keys, deep nesting, wrong types). Whatever
 * the log, the command ends with exit 0, 1 or 2 and never throws, its
 * messages stay short, its JSON parses and agrees with its exit code, and a
 * log that is not UTF-8 is refused at the offset of its first bad byte.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import type { Io } from '../../src/cli/io.js';
import { run } from '../../src/cli/main.js';
import { fuzzTest, type Random } from './runner.js';

const examples = join(import.meta.dirname, '..', '..', 'examples');
const LOGS = readdirSync(examples)
  .filter((name) => name.endsWith('.json'))
  .map((name) => readFileSync(join(examples, name), 'utf8'));

type Case = { readonly bytes: Uint8Array; readonly args: string[]; readonly what: string[] };

/** A hostile value: huge, deep, of the wrong type, or named like Object.prototype's members. */
function hostile(random: Random): unknown {
  switch (random.int(9)) {
    case 0:
      return 'x'.repeat(random.pick([129, 1_000, 100_000, 1_000_000]));
    case 1:
      return random.pick(['__proto__', 'constructor', 'toString', 'hasOwnProperty', '', ' ', '12', 'seat:ann']);
    case 2:
      return random.pick([-1, 1.5, 1e308, 2 ** 53 + 1, 0, Number.MAX_SAFE_INTEGER]);
    case 3:
      return random.pick([null, true, false, [], {}]);
    case 4: {
      let deep: unknown = 'bottom';
      for (let i = random.pick([9, 50, 2_000]); i > 0; i--) deep = random.chance(0.5) ? [deep] : { d: deep };
      return deep;
    }
    case 5:
      return Array.from({ length: random.pick([2, 100, 10_000]) }, (_, i) => `seat:s${i}`);
    case 6:
      return {
        type: random.pick(['engine.pass', 'PlayCard', 'CastInstant', 'engine.undo', 'xstate.stop', '__proto__']),
        seat: random.pick(['seat:ann', 'seat:bob', '__proto__', 5]),
        payload: hostile(random),
      };
    case 7:
      return JSON.parse(
        `{"__proto__": ${JSON.stringify(random.pick([{ polluted: true }, 1, 'x', null]))}, "card": "Coffee"}`,
      );
    default:
      return random.string(random.size(300), 'abc:é😀\u0000"\\');
  }
}

/** Replaces a random member somewhere in `value` with a hostile value (in place); returns where. */
function replaceSomewhere(random: Random, value: unknown, path = ''): string {
  if (typeof value !== 'object' || value === null) return path;
  const keys = Object.keys(value);
  if (keys.length === 0) return path;
  const key = random.pick(keys);
  const child = (value as Record<string, unknown>)[key];
  if (random.chance(0.4) || typeof child !== 'object' || child === null) {
    // defineProperty: an own member even when the key is "__proto__"
    Object.defineProperty(value, key, { value: hostile(random), enumerable: true, writable: true, configurable: true });
    return `${path}.${key}`;
  }
  return replaceSomewhere(random, child, `${path}.${key}`);
}

function makeCase(random: Random): Case {
  const log = JSON.parse(random.pick(LOGS)) as Record<string, unknown>;
  const what: string[] = [];
  for (let i = random.int(3); i > 0; i--) what.push(`replaced ${replaceSomewhere(random, log)}`);
  if (random.chance(0.2) && Array.isArray(log.moves)) {
    log.moves = Array.from({ length: random.size(200) }, () =>
      random.chance(0.5) ? random.pick(log.moves as unknown[]) : hostile(random),
    );
    what.push('moves reshuffled');
  }
  let bytes: Uint8Array = Buffer.from(JSON.stringify(log));
  if (random.chance(0.3)) {
    bytes = Uint8Array.from(bytes);
    for (let i = random.size(4) + 1; i > 0; i--)
      bytes[random.int(bytes.length)] = random.pick([0xff, 0xc0, 0xed, 0xf4, 0x80, random.int(256)]);
    what.push('bytes flipped');
  }
  if (random.chance(0.1)) {
    bytes = bytes.subarray(0, random.int(bytes.length));
    what.push('cut short');
  }
  const args = random.pick([
    ['--json'],
    ['--json'],
    [],
    ['--record'],
    ['--json', '--upto', String(random.int(50))],
    ['--upto', random.pick(['-1', '1.5', 'x', '99999999999999999999'])],
  ]);
  return { bytes, args, what };
}

function io(bytes: Uint8Array) {
  const out: string[] = [];
  const err: string[] = [];
  const memory: Io = {
    out: (text) => void out.push(text),
    err: (text) => void err.push(text),
    readStdin: async () => bytes,
    readFile: async () => bytes,
    writeFile: async () => undefined,
  };
  return { memory, out, err };
}

async function check({ bytes, args }: Case): Promise<void> {
  const { memory, out, err } = io(bytes);
  const code = await run(['replay', 'log.json', ...args], memory);
  expect([0, 1, 2]).toContain(code);
  for (const line of err.flatMap((text) => text.split('\n'))) expect(line.length).toBeLessThan(1_000);
  if (code === 2) expect(out).toEqual([]);
  if (code !== 2 && args.includes('--json')) {
    const doc = JSON.parse(out.join('\n')) as {
      ok: boolean;
      applied: number;
      error?: { code: string; message: string; move: number };
    };
    expect(doc.ok).toBe(code === 0);
    if (code === 1) expect(doc.error?.move).toBe(doc.applied);
    if (code === 1) expect(doc.error?.message.length).toBeLessThan(1_000);
  }
  let utf8 = true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    utf8 = false;
  }
  const upto = args.includes('--upto') ? (args[args.indexOf('--upto') + 1] as string) : '0';
  const usable = /^\d+$/.test(upto) && Number.isSafeInteger(Number(upto));
  if (!utf8 && usable) {
    expect(code).toBe(2);
    const offset = Number(/invalid UTF-8 at byte (\d+)/.exec(err.join('\n'))?.[1]);
    // everything before the offset is UTF-8, and the sequence starting there is not
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, offset))).not.toThrow();
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, offset + 4))).toThrow();
  }
}

describe('fuzz: plystack replay', () => {
  fuzzTest<Case>(
    'logs fed to the CLI',
    {
      make: makeCase,
      check,
      describe: (c) => `${c.what.join('; ') || 'unchanged'} args ${JSON.stringify(c.args)} (${c.bytes.length} bytes)`,
    },
    { defaultSeconds: 3, minCases: 10 },
  );
});
