/**
 * What `plystack replay` prints is safe to print and no more than its reader
 * may see: a log's text (a card name, a payload, a move type) cannot drive the
 * terminal, and `--as SEAT` does not print the seed, from which the shuffle
 * and every hand follow. And a server's tokens never begin with '-', which a
 * command line would take for an option.
 */

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Io } from '../../src/cli/io.js';
import { processIo, run } from '../../src/cli/main.js';
import { jsonText } from '../../src/cli/text.js';
import { mundane } from '../../src/games/index.js';
import { createTable } from '../../src/index.js';
import { newToken } from '../../src/server/tokens.js';

const ESCAPE = '\u001b[2J\u001b[1;1H';
const C1 = '\u009b2J';
// What a terminal acts on (but a newline, which ends a line): C0 controls, DEL and the C1 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters no output may hold raw
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

/** An Io that keeps what the CLI prints, and reads and writes real files. */
function keepingIo() {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { ...processIo, out: (text) => void out.push(text), err: (text) => void err.push(text) };
  return { io, out, err };
}

let folder: string;
const file = (name: string) => join(folder, name);
/** A game whose seats say things: what a seat says is in its view and in the ply's notation. */
const CHAT = join(import.meta.dirname, '../fixtures/chat.mjs');

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'plystack-replay-safety-'));
  const log = {
    game: 'chat',
    version: '1',
    table: 'table:chat',
    seats: ['seat:ann', 'seat:bob'],
    seed: 7,
    options: {},
    moves: [
      { type: 'say', seat: 'seat:ann', payload: { text: `hello${ESCAPE}gone` } },
      { type: 'say', seat: 'seat:bob', payload: { text: `csi${C1}` } },
      { type: `nope${ESCAPE}`, seat: 'seat:bob' },
    ],
  };
  await writeFile(file('chat.json'), JSON.stringify(log));
  const table = createTable(mundane, { table: 'table:deal', seats: ['seat:ann', 'seat:bob'], seed: 'secret-seed-42' });
  table.play({ type: 'engine.pass', seat: 'seat:ann' });
  await writeFile(file('mundane.json'), JSON.stringify(table.log));
  table.stop();
});

describe("a log's text printed by replay", () => {
  it('cannot drive the terminal: control characters in the report and in the refusal are written as escapes', async () => {
    const { io, out, err } = keepingIo();
    const code = await run(['replay', file('chat.json'), '--game', CHAT], io);
    expect(code, err.join('\n')).toBe(1);
    const printed = [...out, ...err].join('\n');
    // Nothing that a terminal acts on is printed raw; what the log said is still there, as escapes.
    expect(printed).not.toMatch(RAW_CONTROL);
    expect(out.join('\n')).toContain('hello\\u001b[2J\\u001b[1;1Hgone');
    expect(out.join('\n')).toContain('csi\\u009b2J');
    expect(err.join('\n')).toContain('nope\\u001b[2J');
  });

  it('as JSON: the C1 controls JSON leaves raw are escaped too, and the document parses back to what the log said', async () => {
    const { io, out } = keepingIo();
    await run(['replay', file('chat.json'), '--game', CHAT, '--json'], io);
    const text = out.join('\n');
    expect(text).not.toMatch(RAW_CONTROL);
    const doc = JSON.parse(text);
    expect(doc.state.seats['seat:bob'].said).toBe(`csi${C1}`);
    expect(doc.state.seats['seat:ann'].said).toBe(`hello${ESCAPE}gone`);
    expect(jsonText({ card: `x${C1}` })).toBe('{\n  "card": "x\\u009b2J"\n}');
  });
});

describe('replay --as SEAT', () => {
  it("prints no seed, in text or in the record; without --as the table's reader sees it", async () => {
    const all = keepingIo();
    expect(await run(['replay', file('mundane.json')], all.io)).toBe(0);
    expect(all.out.join('\n')).toContain('secret-seed-42');
    for (const as of ['seat:ann', 'spectator']) {
      for (const format of [[], ['--json'], ['--record']]) {
        const { io, out, err } = keepingIo();
        expect(await run(['replay', file('mundane.json'), '--as', as, ...format], io), err.join('\n')).toBe(0);
        expect(out.join('\n'), `--as ${as} ${format.join(' ')}`).not.toContain('secret-seed-42');
      }
    }
    const record = keepingIo();
    await run(['replay', file('mundane.json'), '--record'], record.io);
    expect(JSON.parse(record.out.join('\n')).header.seed).toBe('secret-seed-42');
  });
});

describe("a server's tokens", () => {
  it("never begin with '-' (a command line would read `--token -W…` as an option)", () => {
    // One token in 64 would begin with '-' if drawn once: 2,000 tokens would hold about 31 of them.
    const tokens = Array.from({ length: 2000 }, () => newToken());
    expect(tokens.filter((token) => token.startsWith('-'))).toEqual([]);
    expect(new Set(tokens).size).toBe(2000);
    expect(tokens.every((token) => /^[A-Za-z0-9_][A-Za-z0-9_-]{42}$/.test(token))).toBe(true);
  });
});
