import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Io } from '../../src/cli/io.js';
import { run } from '../../src/cli/main.js';
import { mundane } from '../../src/games/index.js';
import { createTable } from '../../src/index.js';
import { replayJson, runCli } from '../support/cli.js';

/** An Io that keeps what the CLI prints, and serves files from a map. */
function memoryIo(files: Record<string, string> = {}, stdin = '') {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = {
    out: (text) => void out.push(text),
    err: (text) => void err.push(text),
    readStdin: async () => stdin,
    readFile: async (path) => {
      if (!(path in files)) throw new Error(`ENOENT: no such file ${path}`);
      return files[path] as string;
    },
    writeFile: async (path, text) => {
      files[path] = text;
    },
  };
  return { io, out, err, files };
}

const card = (name: string, type: 'PERSON' | 'APPLIANCE' | 'HABIT' | 'TASK' | 'INSTANT', time = 0) => ({
  name,
  type,
  time,
});

/** A two-seat table where ann plays a Toaster in PLAN and bob answers with a Coffee. */
function scriptedLog() {
  const table = createTable(mundane, {
    table: 'table:cli',
    seats: ['seat:ann', 'seat:bob'],
    seed: 3,
    options: {
      decks: {
        'seat:ann': [card('Toaster', 'APPLIANCE', 1), card('Laundry', 'TASK', 1)],
        'seat:bob': [card('Coffee', 'INSTANT'), card('Nap', 'INSTANT', 2)],
      },
      openingHand: 2,
    },
  });
  const pass = (seat: string) => table.play({ type: 'engine.pass', seat });
  // RESET and WAKE_UP go by with both seats passing
  pass('seat:ann');
  pass('seat:bob');
  pass('seat:ann');
  pass('seat:bob');
  table.play({ type: 'PlayCard', seat: 'seat:ann', payload: { card: 'Toaster' } });
  pass('seat:ann');
  table.play({ type: 'CastInstant', seat: 'seat:bob', payload: { card: 'Coffee' } });
  return table.log;
}

describe('plystack replay', () => {
  it('prints the JSON document of docs/contract.md for a log whose every move applies', async () => {
    const { io, out, err } = memoryIo({ 'game.json': JSON.stringify(scriptedLog()) });
    expect(await run(['replay', 'game.json', '--json'], io)).toBe(0);
    expect(err).toEqual([]);
    const doc = JSON.parse(out.join('\n'));
    expect(doc.ok).toBe(true);
    expect(doc.applied).toBe(7);
    expect(doc.turnModel).toBe('sequenced');
    expect(doc.state).toMatchObject({
      status: 'playing',
      phase: 'PLAN',
      turn: 1,
      round: 1,
      activeSeat: 'seat:ann',
      prioritySeat: 'seat:ann',
      passes: 0,
      direction: 1,
      toAct: ['seat:ann'],
    });
    // Coffee answers the Toaster and sits on top of it
    expect(doc.state.stack).toEqual([
      { id: 1, seat: 'seat:ann', card: 'Toaster', type: 'APPLIANCE' },
      { id: 2, seat: 'seat:bob', card: 'Coffee', type: 'INSTANT' },
    ]);
    expect(doc.state.seats['seat:ann']).toEqual({ time: 4, hand: ['Laundry'], deck: 0, board: [], discard: [] });
    expect(
      doc.plies.map((p: { actor: string; notation: string; playOrder: number }) => [p.actor, p.notation, p.playOrder]),
    ).toEqual([
      ['seat:ann', 'pass', 1],
      ['seat:bob', 'pass', 2],
      ['seat:ann', 'pass', 3],
      ['seat:bob', 'pass', 4],
      ['seat:ann', 'play Toaster', 5],
      ['seat:ann', 'pass', 6],
      ['seat:bob', 'cast Coffee', 7],
    ]);
    expect(doc.rounds[0]).toEqual(['pass', null]);
    expect(doc.rounds[1]).toEqual([null, 'pass']);
    expect(doc.rounds[4]).toEqual([{ move: 'play Toaster', sequence: 5 }, null]);
    expect(doc.rounds).toHaveLength(7);
  });

  it('stops at a refused move with exit 1, names it on stderr, and still prints the document', async () => {
    const log = scriptedLog();
    const bad = {
      ...log,
      moves: [
        ...log.moves.slice(0, 2),
        { type: 'PlayCard', seat: 'seat:bob', payload: { card: 'Coffee' } },
        ...log.moves.slice(2),
      ],
    };
    const { io, out, err } = memoryIo({ 'bad.json': JSON.stringify(bad) });
    expect(await run(['replay', 'bad.json', '--json'], io)).toBe(1);
    expect(err.join('\n')).toMatch(/^move 2: NO_PRIORITY: /);
    const doc = JSON.parse(out.join('\n'));
    expect(doc.ok).toBe(false);
    expect(doc.error).toMatchObject({ code: 'NO_PRIORITY', move: 2 });
    expect(doc.applied).toBe(2);
    expect(doc.plies).toHaveLength(2);
  });

  it('replays only the first N moves with --upto', async () => {
    const { io, out } = memoryIo({ 'game.json': JSON.stringify(scriptedLog()) });
    expect(await run(['replay', 'game.json', '--json', '--upto', '4'], io)).toBe(0);
    const doc = JSON.parse(out.join('\n'));
    expect(doc.applied).toBe(4);
    expect(doc.state.phase).toBe('PLAN');
    expect(doc.state.stack).toEqual([]);
  });

  it('reads the log from standard input with -', async () => {
    const { io, out } = memoryIo({}, JSON.stringify(scriptedLog()));
    expect(await run(['replay', '-'], io)).toBe(0);
    const text = out.join('\n');
    expect(text).toContain('seat:ann');
    expect(text).toContain('play Toaster');
    expect(text).toMatch(/playing · turn 1 · round 1 · PLAN/);
  });

  it.each([
    ['a file that is not JSON', '{ nope', /^log: not JSON/],
    [
      'an unknown game',
      JSON.stringify({ game: 'chess', table: 'table:1', seats: ['seat:a', 'seat:b'], seed: 1, moves: [] }),
      /^game: UNKNOWN_GAME/,
    ],
    [
      'another version',
      JSON.stringify({
        game: 'mundane',
        version: '0',
        table: 'table:1',
        seats: ['seat:a', 'seat:b'],
        seed: 1,
        moves: [],
      }),
      /^version: VERSION_MISMATCH/,
    ],
    [
      'a bad seat id',
      JSON.stringify({ game: 'mundane', table: 'table:1', seats: ['seat:a', '7'], seed: 1, moves: [] }),
      /^seats\.1: INVALID_SEAT_ID/,
    ],
    [
      'a duplicate seat',
      JSON.stringify({ game: 'mundane', table: 'table:1', seats: ['seat:a', 'seat:a'], seed: 1, moves: [] }),
      /^seats\.1: DUPLICATE_SEAT/,
    ],
    [
      'one seat too few',
      JSON.stringify({ game: 'mundane', table: 'table:1', seats: ['seat:a'], seed: 1, moves: [] }),
      /^seats: SEAT_COUNT/,
    ],
    [
      'bad options',
      JSON.stringify({
        game: 'mundane',
        table: 'table:1',
        seats: ['seat:a', 'seat:b'],
        seed: 1,
        options: { openingHand: -1 },
        moves: [],
      }),
      /^options\.openingHand: INVALID_OPTIONS/,
    ],
    [
      'no moves list',
      JSON.stringify({ game: 'mundane', table: 'table:1', seats: ['seat:a', 'seat:b'], seed: 1 }),
      /^moves: INVALID_LOG/,
    ],
  ])('exits 2 naming the field for %s', async (_name, text, message) => {
    const { io, out, err } = memoryIo({ 'log.json': text });
    expect(await run(['replay', 'log.json', '--json'], io)).toBe(2);
    expect(out).toEqual([]);
    expect(err.join('\n')).toMatch(message);
  });

  it('exits 2 on wrong usage: no file, an unknown flag, a bad --upto, a missing file', async () => {
    for (const argv of [
      ['replay'],
      ['replay', 'x.json', '--fast'],
      ['replay', 'x.json', '--upto', 'two'],
      ['replay', 'missing.json'],
      ['unknown'],
    ]) {
      const { io, err } = memoryIo({ 'x.json': JSON.stringify(scriptedLog()) });
      expect(await run(argv, io), argv.join(' ')).toBe(2);
      expect(err.join('\n').length).toBeGreaterThan(0);
    }
  });
});

describe('plystack demo', () => {
  it('plays the same game for the same seed and writes a log that replays to the same end', async () => {
    const first = memoryIo();
    expect(await run(['demo', 'mundane', '--seed', '9', '--turns', '4', '--log', 'demo.json'], first.io)).toBe(0);
    const second = memoryIo();
    expect(await run(['demo', 'mundane', '--seed', '9', '--turns', '4'], second.io)).toBe(0);
    expect(second.out[0]).toBe(first.out[0]);
    expect(first.out[0]).toMatch(/over after turn 4/);

    const replayed = memoryIo({ 'demo.json': first.files['demo.json'] as string });
    expect(await run(['replay', 'demo.json', '--json'], replayed.io)).toBe(0);
    const doc = JSON.parse(replayed.out.join('\n'));
    expect(doc.state.status).toBe('over');
    expect(doc.state.turn).toBe(4);
    expect(doc.applied).toBe(JSON.parse(first.files['demo.json'] as string).moves.length);
  });

  it('refuses an unknown game and a seat count outside the game with exit 2', async () => {
    expect(await run(['demo', 'chess'], memoryIo().io)).toBe(2);
    expect(await run(['demo', 'mundane', '--seats', '9'], memoryIo().io)).toBe(2);
  });
});

describe('the plystack bin', () => {
  it('runs from the build as a program, with exit codes a shell can read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'plystack-'));
    const file = join(dir, 'log.json');
    const notALog = join(dir, 'not-a-log.json');
    await writeFile(file, JSON.stringify(scriptedLog()));
    await writeFile(notALog, '[]');
    const bin = join(import.meta.dirname, '..', '..', 'dist', 'cli', 'main.js');
    // Two processes at once, each on its own file.
    const [{ stdout }, failed] = await Promise.all([
      promisify(execFile)('node', [bin, 'replay', file, '--json']),
      promisify(execFile)('node', [bin, 'replay', notALog]).catch((error: { code: number; stderr: string }) => error),
    ]);
    expect(JSON.parse(stdout).applied).toBe(7);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toMatch(/INVALID_LOG/);
    expect(await readFile(notALog, 'utf8')).toBe('[]');
  });
});

describe('plystack replay --as: what one viewer may see', () => {
  // In this process, on the real file: the bin's own process is tested above.
  const example = join(import.meta.dirname, '..', '..', 'examples', 'mundane-rules.json');
  const replayAs = async (...args: string[]) => {
    const { code, doc, err } = await replayJson(example, ...args);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    return doc;
  };

  it('--as spectator shows no card name of any hand, only how many each holds', async () => {
    const everything = await replayAs();
    const spectator = await replayAs('--as', 'spectator');
    for (const seat of ['seat:ann', 'seat:bob']) {
      const hand = everything.state.seats[seat].hand as string[];
      expect(spectator.state.seats[seat].hand).toBe(hand.length);
    }
    // The rest of the document is the same: plies (mundane has no secret payloads), rounds, the outcome.
    expect(spectator.plies).toEqual(everything.plies);
    expect(spectator.applied).toBe(everything.applied);
  });

  it("--as seat:ann shows ann's hand and only the count of bob's", async () => {
    const everything = await replayAs();
    const ann = await replayAs('--as', 'seat:ann');
    expect(ann.state.seats['seat:ann'].hand).toEqual(everything.state.seats['seat:ann'].hand);
    expect(ann.state.seats['seat:bob'].hand).toBe(everything.state.seats['seat:bob'].hand.length);
  });

  it('the text view follows the viewer too, and a viewer not at the table is exit 2 naming --as', async () => {
    const seen = await runCli(['replay', example, '--as', 'spectator']);
    expect(seen.code).toBe(0);
    expect(seen.out.join('\n')).not.toMatch(/Neighbour/);
    // What the spectator does not see is there for the whole table.
    expect((await runCli(['replay', example])).out.join('\n')).toMatch(/Neighbour/);
    const failed = await runCli(['replay', example, '--as', 'seat:eve']);
    expect(failed.code).toBe(2);
    expect(failed.err.join('\n')).toMatch(/^--as: /);
  });
});

describe('plystack replay: the stack in the text summary', () => {
  it('says which end is the top: bottom first, "(top last)"', async () => {
    const example = join(import.meta.dirname, '..', '..', 'examples', 'mundane-rules.json');
    const { code, out } = await runCli(['replay', example, '--upto', '5']);
    expect(code).toBe(0);
    // ann's Coffee went on first, bob's Excuse answers it on top.
    expect(out.join('\n')).toContain('stack #1 Coffee, #2 Excuse (top last)');
  });
});
