/**
 * Property tests: random streams of legal moves (picked from
 * `table.legalMoves`) with bad moves mixed in, for every built-in game, checked
 * after every move (see `playStream` in ./stream.ts for the list). Short
 * streams replay the log after every move; long ones replay it at the end. A
 * failure is shrunk by fast-check to a minimal command list and written as a
 * log to test-output/counterexample-*.json, printed with the `plystack replay`
 * command that replays it.
 */

import { readFileSync } from 'node:fs';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { Io } from '../../src/cli/io.js';
import { run } from '../../src/cli/main.js';
import { builtInGames, mundane, sandbox } from '../../src/games/index.js';
import { type AnyGame, createTable, replay, replayLog } from '../../src/index.js';
import { propertyRuns } from '../support/budget.js';
import { type Command, commandArb, flowOpeningArb, type Opening, openingArb } from './arbitraries.js';
import { counterexampleReporter, playStream, type StreamTrace } from './stream.js';

const GAMES: AnyGame[] = Object.values(builtInGames);

const short = (trace: StreamTrace, game: AnyGame, opening: Opening, commands: Command[], restoreAt: number) =>
  playStream(game, opening, commands, { replayEveryMove: true, restoreAt }, trace);
const long = (trace: StreamTrace, game: AnyGame, opening: Opening, commands: Command[], restoreAt: number) =>
  playStream(game, opening, commands, { replayEveryMove: false, restoreAt }, trace);
// `short` and `long` return what the stream reached; a property only needs them not to throw.

describe.each(GAMES.map((game) => ({ id: game.id, game })))('$id: random move streams', ({ id, game }) => {
  test.prop([openingArb(game), fc.array(commandArb(game), { maxLength: 30, size: 'max' }), fc.nat()], {
    numRuns: propertyRuns(20, 100),
    reporter: counterexampleReporter(`${id}-short`, (trace, opening: Opening, commands: Command[], restoreAt: number) =>
      short(trace, game, opening, commands, restoreAt),
    ),
  })('short streams keep every invariant after every move, replay included', (opening, commands, restoreAt) => {
    short({ log: null, pending: null }, game, opening, commands, restoreAt);
  });

  test.prop([openingArb(game), fc.array(commandArb(game), { minLength: 100, maxLength: 400, size: 'max' }), fc.nat()], {
    numRuns: propertyRuns(4, 20),
    reporter: counterexampleReporter(`${id}-long`, (trace, opening: Opening, commands: Command[], restoreAt: number) =>
      long(trace, game, opening, commands, restoreAt),
    ),
  })(
    'long streams keep every invariant after every move, and replay to the same table at the end',
    (opening, commands, restoreAt) => {
      long({ log: null, pending: null }, game, opening, commands, restoreAt);
    },
  );
});

describe('sandbox: the flow the game decides (windows, orders, hooks, a minimum of moves, end conditions)', () => {
  test.prop([flowOpeningArb(), fc.array(commandArb(sandbox), { maxLength: 40, size: 'max' }), fc.nat()], {
    numRuns: propertyRuns(15, 60),
    reporter: counterexampleReporter('sandbox-flow-short', (trace, opening: Opening, commands: Command[], at: number) =>
      short(trace, sandbox, opening, commands, at),
    ),
  })('short streams keep every invariant after every move, replay included', (opening, commands, restoreAt) => {
    short({ log: null, pending: null }, sandbox, opening, commands, restoreAt);
  });

  test.prop(
    [flowOpeningArb(), fc.array(commandArb(sandbox), { minLength: 100, maxLength: 300, size: 'max' }), fc.nat()],
    {
      numRuns: propertyRuns(5, 15),
      reporter: counterexampleReporter(
        'sandbox-flow-long',
        (trace, opening: Opening, commands: Command[], at: number) => long(trace, sandbox, opening, commands, at),
      ),
    },
  )('long streams keep every invariant, and replay and restore to the same table', (opening, commands, restoreAt) => {
    long({ log: null, pending: null }, sandbox, opening, commands, restoreAt);
  });

  it('the streams open and close windows of each kind, name seats, ask the order, and eliminate by a hook', () => {
    const samples = fc.sample(
      fc.tuple(flowOpeningArb(), fc.array(commandArb(sandbox), { minLength: 100, maxLength: 200 })),
      { seed: 7, numRuns: 40 },
    );
    const seen = new Set<string>();
    const whoOpened = new Set<string>();
    const wanted = [
      'window militia',
      'window everyone',
      'window closed',
      'played call',
      'played pass-to',
      'played finish',
      'played advance',
      'phase main',
      'phase draft',
      'hook eliminated',
    ];
    const opened = () => new Set([...whoOpened].map((w) => w.split(' ')[1]));
    for (const [opening, commands] of samples) {
      // Played until every kind has shown (at most all 40 samples): the claim is that the streams reach them.
      if (wanted.every((what) => seen.has(what)) && opened().size === 3) break;
      const stats = long({ log: null, pending: null }, sandbox, opening, commands, 50);
      for (const what of stats.seen) seen.add(what);
      const phases = (opening.options as { phases: { windows: { who: string }[] }[] }).phases;
      if (stats.seen.has('window militia')) whoOpened.add(`militia ${phases[0]?.windows[0]?.who}`);
      if (stats.seen.has('window everyone')) whoOpened.add(`everyone ${phases[1]?.windows[0]?.who}`);
    }
    for (const what of wanted) expect(seen, what).toContain(what);
    // every kind of window opened in some stream
    expect(opened()).toEqual(new Set(['others', 'all', 'active']));
  });
});

/**
 * What the openings generated for a game make reachable, for the games whose
 * options ./arbitraries.ts knows (an end, priority windows); any other game
 * is held to every kind of command and some refusals.
 */
const REACHABLE: Readonly<Record<string, { readonly stackDepth: number; readonly over: boolean }>> = {
  mundane: { stackDepth: 2, over: true },
  sandbox: { stackDepth: 2, over: true },
};

describe('the streams reach what they are meant to test', () => {
  it.each(GAMES.map((game) => ({ id: game.id, game })))(
    '$id: every kind of command, refusals, and the stack and the end where its options make them',
    ({ id, game }) => {
      const samples = fc.sample(
        fc.tuple(openingArb(game), fc.array(commandArb(game), { minLength: 100, maxLength: 200 })),
        { seed: 7, numRuns: 60 },
      );
      const kinds = new Set<string>();
      let refused = 0;
      let deepest = 0;
      let over = 0;
      let restored = 0;
      const failures: string[] = [];
      const reachable = REACHABLE[id];
      const kindsMade = ['junk-payload', 'legal', 'table', 'unknown-seat', 'unknown-type', 'wrong-seat'];
      // The samples are played until they have shown everything below (at most all 60): the claim is that the
      // generators reach it, not how often.
      const shown = () =>
        kinds.size === kindsMade.length &&
        refused > 100 &&
        restored > 0 &&
        (reachable === undefined || (deepest >= reachable.stackDepth && over > 0 === reachable.over));
      for (const [i, [opening, commands]] of samples.entries()) {
        if (shown()) break;
        let stats: ReturnType<typeof long>;
        try {
          stats = long({ log: null, pending: null }, game, opening, commands, 50);
        } catch (error) {
          // Every sampled stream must hold the properties too: a failure here is a defect, named with its sample.
          failures.push(`sample ${i}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
          continue;
        }
        for (const kind of Object.keys(stats.kinds)) kinds.add(kind);
        refused += stats.refused;
        deepest = Math.max(deepest, stats.maxStack);
        over += stats.over ? 1 : 0;
        restored += stats.restored ? 1 : 0;
      }
      expect(failures).toEqual([]);
      expect([...kinds].sort()).toEqual(kindsMade);
      expect(refused).toBeGreaterThan(100);
      expect(restored).toBeGreaterThan(0);
      if (reachable !== undefined) {
        expect(deepest).toBeGreaterThanOrEqual(reachable.stackDepth);
        expect(over > 0).toBe(reachable.over);
      }
    },
  );
});

describe('bad moves, one by one', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', '*', 'xstate.stop', 'xstate.init'])(
    'a move type named like a property every object inherits or an event XState keeps (%s) is UNKNOWN_MOVE, like any other unknown type',
    (type) => {
      for (const game of GAMES) {
        const table = createTable(game, { table: 'table:property', seats: ['seat:ann', 'seat:bob'], seed: 1 });
        const result = table.tryPlay({ type, seat: 'seat:ann' });
        expect(result.ok ? null : { code: result.error.code, message: typeof result.error.message }).toEqual({
          code: 'UNKNOWN_MOVE',
          message: 'string',
        });
        expect(table.actor.getSnapshot().status).toBe('active');
        table.stop();
      }
    },
  );
});

describe('a failing property gives a log a person can replay', () => {
  /** A claim that is false: a game of mundane never reaches its second turn. */
  const falseClaim = (trace: StreamTrace, opening: Opening, commands: Command[]) => {
    long(trace, mundane, opening, commands, 0);
    const end = replay(trace.log);
    const turn = end.state.turn;
    end.stop();
    if (turn >= 2) throw new Error(`reached turn ${turn}`);
  };

  it('is shrunk to a short game that just reaches turn 2, written to test-output/, and plystack replay plays it', async () => {
    const legalOnly: fc.Arbitrary<Command[]> = fc.array(
      fc.record({ kind: fc.constant('legal' as const), pick: fc.nat({ max: 1_000 }) }),
      { maxLength: 40, size: 'max' },
    );
    const details = await fc.check(
      fc.asyncProperty(openingArb(mundane), legalOnly, async (opening, commands) =>
        falseClaim({ log: null, pending: null }, opening, commands),
      ),
      { seed: 42, numRuns: 300 },
    );
    expect(details.failed).toBe(true);
    let message = '';
    try {
      counterexampleReporter('meta-second-turn', falseClaim)(details);
    } catch (error) {
      message = (error as Error).message;
    }
    const file = /Replay it with: npx plystack replay (\S+counterexample-meta-second-turn\.json)/.exec(message)?.[1];
    expect(file, message).toBeDefined();
    const log = JSON.parse(readFileSync(file!, 'utf8'));
    // Shrunk: the fewest seats, every move accepted, and the last move is the one that starts turn 2.
    expect(log.seats).toHaveLength(2);
    const outcome = replayLog(log);
    expect([outcome.error, outcome.table.state.turn]).toEqual([null, 2]);
    outcome.table.stop();
    const before = replayLog({ ...log, moves: log.moves.slice(0, -1) });
    expect(before.table.state.turn).toBe(1);
    before.table.stop();

    const out: string[] = [];
    const io: Io = {
      out: (t) => void out.push(t),
      err: (t) => void out.push(t),
      readStdin: async () => '',
      readFile: async (p) => readFileSync(p, 'utf8'),
      writeFile: async () => {},
    };
    expect(await run(['replay', file!], io)).toBe(0);
    expect(out.join('\n')).toMatch(/turn 2/);
  });
});
