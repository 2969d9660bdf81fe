import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Io } from '../../src/cli/io.js';
import { run } from '../../src/cli/main.js';
import { tableReport } from '../../src/cli/summary.js';
import { firstInvalidUtf8, QUOTE_CHARS } from '../../src/cli/text.js';
import { mundane } from '../../src/games/index.js';
import { createTable, exportPlies, type LaidOutRow, moveRecord, moveTableText, replay } from '../../src/index.js';
import { keepingIo } from '../support/cli.js';

const cli = join(import.meta.dirname, '..', '..', 'dist', 'cli', 'main.js');
const seats = ['seat:ann', 'seat:bob'];

/** An Io over files in memory (text or bytes) that keeps each piece the CLI writes; `slow` makes every write wait a tick. */
function memoryIo(files: Record<string, string | Uint8Array> = {}, options: { slow?: boolean } = {}) {
  const pieces: string[] = [];
  const err: string[] = [];
  const written: string[] = [];
  let waiting = 0;
  let mostWaiting = 0;
  const io: Io = {
    out(text) {
      pieces.push(text);
      if (!options.slow) return;
      waiting++;
      mostWaiting = Math.max(mostWaiting, waiting);
      return new Promise<void>((resolve) =>
        setImmediate(() => {
          waiting--;
          resolve();
        }),
      );
    },
    err: (text) => void err.push(text),
    readStdin: async () => files['-'] ?? '',
    readFile: async (path) => {
      const file = files[path];
      if (file === undefined) throw new Error(`ENOENT: no such file ${path}`);
      return file;
    },
    writeFile: async (path, text) => {
      written.push(path);
      files[path] = text;
    },
  };
  return { io, pieces, err, files, written, mostWaiting: () => mostWaiting };
}

/** A mundane log of `count` seatless passes (the application passing for whoever holds priority). */
function passLog(count: number) {
  const table = createTable(mundane, { table: 'table:long', seats, seed: 2 });
  const log = { ...table.log, moves: Array.from({ length: count }, () => ({ type: 'engine.pass' })) };
  table.stop();
  return log;
}

describe('plystack replay at any length', () => {
  it('lays out a move table of 200,000 rows (no argument per row)', () => {
    const rows: LaidOutRow[] = Array.from({ length: 200_000 }, (_, i) => ({
      round: i + 1,
      ply: null,
      cells: ['pass', i % 7 === 0 ? 'cast Coffee' : null],
    }));
    const text = moveTableText(seats, rows);
    const lines = text.split('\n');
    expect(lines).toHaveLength(200_002);
    expect(lines[2]?.split(/\s+/)).toEqual(['1', 'pass', 'cast', 'Coffee']);
    expect(lines[2]?.indexOf('cast Coffee')).toBe(lines[0]?.indexOf('seat:bob'));
  });

  it('writes the move table and the JSON document in pieces, at the pace of the reader, exactly as a whole would be', async () => {
    const log = passLog(3_000);
    const table = replay(log);
    const { io, pieces, mostWaiting } = memoryIo({ 'long.json': JSON.stringify(log) }, { slow: true });
    expect(await run(['replay', 'long.json'], io)).toBe(0);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((piece) => piece.length <= 70_000)).toBe(true);
    expect(mostWaiting()).toBe(1);
    expect(pieces.join('\n')).toBe(tableReport(table));

    const json = memoryIo({ 'long.json': JSON.stringify(log) }, { slow: true });
    expect(await run(['replay', 'long.json', '--json'], json.io)).toBe(0);
    expect(json.pieces.length).toBeGreaterThan(1);
    const whole = {
      ok: true,
      applied: 3_000,
      turnModel: table.turnModel,
      state: table.state,
      plies: exportPlies(table.plies),
      rounds: moveRecord(table.plies, seats, table.turnModel).rounds,
    };
    expect(json.pieces.join('\n')).toBe(JSON.stringify(whole, null, 2));
    table.stop();
  });
});

describe('plystack replay reads strict UTF-8', () => {
  it('finds the first byte that is not UTF-8', () => {
    const at = (...bytes: number[]) => firstInvalidUtf8(Uint8Array.from(bytes));
    expect(at(0x41, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80)).toBe(-1);
    expect(at(0x41, 0xff)).toBe(1);
    expect(at(0x41, 0xc0, 0x80)).toBe(1); // overlong
    expect(at(0xed, 0xa0, 0x80)).toBe(0); // a surrogate
    expect(at(0xf4, 0x90, 0x80, 0x80)).toBe(0); // past U+10FFFF
    expect(at(0x41, 0x42, 0xe2, 0x82)).toBe(2); // cut short
    expect(at(0xc3, 0x41)).toBe(0);
  });

  it('exits 2 naming the byte offset, from a file or standard input, instead of reading U+FFFD', async () => {
    const text = JSON.stringify(passLog(2));
    const offset = text.indexOf('table:long') + 6;
    const bytes = Buffer.from(text);
    bytes[offset] = 0xfe;
    const { io, err, pieces } = memoryIo({ 'bad.json': bytes, '-': bytes });
    expect(await run(['replay', 'bad.json', '--json'], io)).toBe(2);
    expect(await run(['replay', '-'], io)).toBe(2);
    expect(err).toEqual([
      `log: not UTF-8: invalid UTF-8 at byte ${offset}`,
      `log: not UTF-8: invalid UTF-8 at byte ${offset}`,
    ]);
    expect(pieces).toEqual([]);

    const dir = await mkdtemp(join(tmpdir(), 'plystack-utf8-'));
    await writeFile(join(dir, 'bad.json'), bytes);
    // A real file, read as the bin reads it (processIo's readFile, bytes), by the CLI in this process: the bin's own
    // exit code on a refused log is cli.test.ts's.
    const fromDisk = keepingIo();
    expect(await run(['replay', join(dir, 'bad.json')], fromDisk.io)).toBe(2);
    expect(fromDisk.err).toEqual([`log: not UTF-8: invalid UTF-8 at byte ${offset}`]);
    expect(fromDisk.out).toEqual([]);
    // a byte order mark is not an error
    const bom = memoryIo({ 'bom.json': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]) });
    expect(await run(['replay', 'bom.json'], bom.io)).toBe(0);
  });
});

describe('plystack demo --log', () => {
  it('exits 2 naming --log when the folder does not exist, without a stack trace', async () => {
    const failed = await promisify(execFile)(process.execPath, [
      cli,
      'demo',
      '--log',
      '/nonexistent/folder/game.json',
    ]).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toMatch(
      /^--log: cannot write "\/nonexistent\/folder\/game.json": ENOENT/,
    );
    expect((failed as { stderr: string }).stderr).not.toMatch(/\n\s+at /);
  });
});

describe('messages about hostile input stay short', () => {
  const huge = 'a'.repeat(5_000_000);
  const short = (lines: string[]) => lines.every((line) => line.length < 1_000);

  it('quotes at most a couple of hundred characters of a 5 MB seat id, move type, game, command or option', async () => {
    const seatLog = { ...passLog(0), seats: [`seat:${huge}`, 'seat:bob'] };
    const typeLog = { ...passLog(0), moves: [{ type: huge, seat: 'seat:ann' }] };
    const { io, err, pieces } = memoryIo({
      'seat.json': JSON.stringify(seatLog),
      'type.json': JSON.stringify(typeLog),
    });
    const cases: [string[], number][] = [
      [['replay', 'seat.json', '--json'], 2],
      [['replay', 'type.json', '--json'], 1],
      [['replay', 'type.json', '--upto', huge], 2],
      [['replay', huge], 2],
      [['replay', 'seat.json', `--${huge}`], 2],
      [['demo', huge], 2],
      [['paths', huge], 2],
      [[huge], 2],
    ];
    for (const [argv, code] of cases) {
      err.length = 0;
      pieces.length = 0;
      expect(await run(argv, io)).toBe(code);
      expect(
        short(err.flatMap((text) => text.split('\n'))),
        `${argv[0]!.slice(0, 10)} ${argv
          .slice(1)
          .map((a) => a.slice(0, 10))
          .join(' ')}: ${err.join('\n').slice(0, 300)}`,
      ).toBe(true);
      // the CLI's own quotes show the start of the value
      if (argv[0] === 'demo')
        expect(err.join('\n')).toContain(`no game "${'a'.repeat(QUOTE_CHARS)}…" (5000000 characters)`);
      if (code === 1) expect(JSON.parse(pieces.join('\n')).error.message.length).toBeLessThan(1_000);
    }
  });
});

describe('plystack migrate-rules --write', () => {
  it('keeps every member, __proto__ included, and the formatting of what it rewrites (adding the next revision last); leaves unchanged files alone', async () => {
    const indented =
      '{\n    "__proto__": { "note": "kept" },\n    "phases": [\n        { "name": "main", "turns": { "__proto__": 1, "movesPerTurn": 2 } }\n    ]\n}\n';
    const compact = '{"turns":{"movesPerTurn":1},"other":{"turns":{}}}';
    const done = '{ "turns": { "strategy": "Circular" } }';
    const whole = '{"__proto__":{"x":1},"movesPerTurn":3}';
    const files = { 'game.json': indented, 'compact.json': compact, 'done.json': done, 'combat.rules.json': whole };
    const { io, written, err } = memoryIo(files);
    const dir = await mkdtemp(join(tmpdir(), 'plystack-migrate-'));
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    const real = {
      ...io,
      readFile: (path: string) => readFile(path),
      writeFile: async (path: string, text: string) => {
        written.push(path);
        await writeFile(path, text);
      },
    };
    expect(await run(['migrate-rules', dir, '--write'], real)).toBe(0);
    expect(err).toEqual([]);
    expect(written.map((path) => path.slice(dir.length + 1)).sort()).toEqual([
      'combat.rules.json',
      'compact.json',
      'game.json',
    ]);
    const read = (name: string) => readFile(join(dir, name), 'utf8');
    expect(await read('game.json')).toBe(
      '{\n    "__proto__": { "note": "kept" },\n    "phases": [\n        { "name": "main", "turns": { "strategy": "PerRound", "__proto__": 1, "movesPerTurn": 2, "revision": 2 } }\n    ]\n}\n',
    );
    expect(await read('compact.json')).toBe(
      '{"turns":{"strategy":"PerRound","movesPerTurn":1,"revision":2},"other":{"turns":{"strategy": "PerRound","revision": 2}}}',
    );
    expect(await read('combat.rules.json')).toBe(
      '{"strategy":"PerRound","__proto__":{"x":1},"movesPerTurn":3,"revision":2}',
    );
    expect(await read('done.json')).toBe(done);
    const members = JSON.parse(await read('game.json'));
    expect(Object.keys(members)).toEqual(['__proto__', 'phases']);
    expect(Object.getPrototypeOf(members)).toBe(Object.prototype);
  });
});
