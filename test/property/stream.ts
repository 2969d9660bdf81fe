/**
 * Random move streams for property tests: an interpreter that turns the
 * commands fast-check generates and shrinks (./arbitraries.ts) into moves on a
 * live table (a legal move picked from `table.legalMoves`, or a bad move of
 * some kind), the invariants checked as it goes, and the counterexample
 * written as a log that `plystack replay` reads.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fc } from '@fast-check/vitest';
import { expect } from 'vitest';
import * as z from 'zod/mini';
import {
  type AnyGame,
  createTable,
  ENGINE_MOVES,
  type IllegalMoveCode,
  type Move,
  replay,
  restoreTable,
  type StackItem,
  type Table,
  type TableLog,
} from '../../src/index.js';
import { type Command, type Opening, reserved, SEAT_NAMES } from './arbitraries.js';

/** The refusal codes of docs/contract.md, "Refusals". */
export const CONTRACT_CODES: readonly IllegalMoveCode[] = [
  'GAME_OVER',
  'UNKNOWN_SEAT',
  'UNKNOWN_MOVE',
  'INVALID_PAYLOAD',
  'NOT_YOUR_TURN',
  'NO_PRIORITY',
  'WRONG_TIMING',
  'OBLIGATION_PENDING',
  'NO_ELIGIBLE_SEAT',
  'STALE',
  'REFUSED',
];

/** How much checking a stream does. */
export interface StreamChecks {
  /** Replay the log after every move (short streams) or only at the end (long ones). */
  readonly replayEveryMove: boolean;
  /** Persist and restore after this many commands (modulo the stream's length), then play the rest on both tables. */
  readonly restoreAt: number;
}

/** What a stream reached, to show the generators are not idle: the moves of each kind it made, refusals, stack, end. */
export interface StreamStats {
  readonly kinds: Record<string, number>;
  refused: number;
  maxStack: number;
  over: boolean;
  restored: boolean;
  /**
   * What the flow of the game did: `window NAME` (a response window open after a move), `window closed`,
   * `played TYPE` (an accepted move), `refused REASON`, `phase NAME` (a game phase entered), `hook eliminated` (a
   * seat out after a move that is neither eliminate nor engine.leave: a routine took it out).
   */
  readonly seen: Set<string>;
}

/** What a stream did, kept for the counterexample even when a check throws half-way. */
export interface StreamTrace {
  log: TableLog | null;
  /** The move being played when the stream stopped, when the table did not accept it. */
  pending: Move | null;
}

const pass = (seat: string): Move => ({ type: 'engine.pass', seat });

/** More microsteps than any move of a built-in game takes: a move that goes past it is a chart looping on itself. */
const RUNAWAY = 2_000;

/**
 * Stops a move whose microsteps never end (eventless transitions or a turn's
 * done event taken over and over): without it such a move fills the memory
 * and kills the test worker before fast-check can shrink anything. The
 * inspector throws, XState puts the actor in its `error` status, and the
 * stream fails on that move like on any other broken invariant.
 */
function guardRunaway(table: Table): { reset(): void } {
  let microsteps = 0;
  table.actor.system.inspect((event) => {
    if (event.type !== '@xstate.microstep' || ++microsteps <= RUNAWAY) return;
    const taken = event._transitions.map((t) => `${t.source.id} on ${t.eventType || 'always'}`).join(', ');
    throw new Error(`runaway: more than ${RUNAWAY} microsteps on one move, still taking ${taken}`);
  });
  return { reset: () => (microsteps = 0) };
}
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The move a command stands for on `table` now, and whether the table must refuse it. */
function moveFor(
  game: AnyGame,
  table: Table,
  command: Command,
): { move: Move; mustRefuse: boolean | null; code?: IllegalMoveCode } | null {
  const seats = table.log.seats;
  const toAct = table.toAct();
  const allowedFor = (seat: string) => table.legalMoves(seat).allowed;
  switch (command.kind) {
    case 'legal': {
      const moves = seats.flatMap(allowedFor);
      return moves.length === 0 ? null : { move: moves[command.pick % moves.length] as Move, mustRefuse: false };
    }
    case 'wrong-seat': {
      const waiting = seats.filter((seat) => !toAct.includes(seat));
      if (waiting.length === 0) return null;
      const seat = waiting[command.pick % waiting.length] as string;
      const legal = toAct.flatMap(allowedFor);
      const model = legal.length === 0 ? pass(seat) : (legal[command.pick % legal.length] as Move);
      const move = { ...model, seat };
      // The oracle is the waiting seat's own list: a rule may let a seat act out of turn (an auto-pass, a reaction).
      return { move, mustRefuse: !allowedFor(seat).some((legal) => same(legal, move)) };
    }
    case 'unknown-seat':
      return { move: { type: 'engine.pass', seat: `seat:nobody-${command.pick}` }, mustRefuse: true };
    case 'unknown-type':
      return {
        move: { type: command.type, seat: seats[command.pick % seats.length] as string },
        mustRefuse: true,
        code: table.state.status === 'over' ? 'GAME_OVER' : 'UNKNOWN_MOVE',
      };
    case 'junk-payload': {
      const types = [...ENGINE_MOVES, ...Object.keys(game.moves)];
      const seat = (toAct.length > 0 ? toAct : seats)[
        command.pick % (toAct.length > 0 ? toAct.length : seats.length)
      ] as string;
      const move = { type: types[command.pick % types.length] as string, seat, payload: command.payload } as Move;
      // The oracle: a pass takes no payload, and a game move's payload is what its schema reads. Anything else (an
      // engine move's payload, a junk value the schema happens to accept) is held to the table's own check.
      const definition = Object.hasOwn(game.moves, move.type) ? game.moves[move.type] : undefined;
      if (move.type === 'engine.pass') return { move, mustRefuse: true };
      if (
        definition !== undefined &&
        (definition.payload === null
          ? command.payload !== undefined
          : !z.safeParse(definition.payload, command.payload).success)
      ) {
        return { move, mustRefuse: true };
      }
      return { move, mustRefuse: null };
    }
    case 'table': {
      const types = ['engine.pass', 'engine.end-turn'];
      return { move: { type: types[command.pick % types.length] as string }, mustRefuse: null };
    }
  }
}

/** The table and a replay of its log (through JSON, as a file would carry it) agree on everything. */
function expectReplayEquals(game: AnyGame, table: Table, where: string): void {
  const again = replay(JSON.parse(JSON.stringify(table.log)), { games: { [game.id]: game } });
  try {
    expect(again.state, `${where}: replay(log).state`).toEqual(table.state);
    expect(again.plies, `${where}: replay(log).plies`).toEqual(table.plies);
  } finally {
    again.stop();
  }
}

/**
 * Plays `commands` on a new table of `game` and checks, after every command:
 * the actor never reaches XState's `error` status; plies = accepted moves
 * (and `ply.recorded` fired once for each, in order); the stack is LIFO (every
 * `stack.resolved` item is the top of the stack rebuilt from `stack.pushed`,
 * and the table shows that stack); the consecutive-pass counter stays below
 * the seat count at rest; someone can always move while the game is on; a bad
 * move is refused with a code of docs/contract.md and changes nothing, neither
 * through `table.play` nor sent straight to the actor; `replay(log)` equals
 * the live table; and a table restored from a persisted snapshot, given the
 * same moves from then on, makes the same plies.
 */
export function playStream(
  game: AnyGame,
  opening: Opening,
  commands: readonly Command[],
  checks: StreamChecks,
  trace: StreamTrace,
): StreamStats {
  const stats: StreamStats = { kinds: {}, refused: 0, maxStack: 0, over: false, restored: false, seen: new Set() };
  const seats = SEAT_NAMES.slice(0, opening.seats);
  const table = createTable(game, { table: 'table:property', seats, seed: opening.seed, options: opening.options });
  let restored: Table | null = null;
  const restoreAt = commands.length === 0 ? -1 : checks.restoreAt % commands.length;
  const accepted: Move[] = [];
  const recorded: number[] = [];
  const stack: StackItem[] = [];
  const lifo: string[] = [];
  let actorFailure: unknown = null;
  table.actor.subscribe({ error: (error) => (actorFailure = error) });
  const runaway = guardRunaway(table);
  let restoredRunaway: { reset(): void } | null = null;
  table.on('ply.recorded', (e) => recorded.push(e.index));
  table.on('stack.pushed', (e) => stack.push(e.item));
  table.on('stack.resolved', (e) => {
    const top = stack.pop();
    if (!same(e.item, top)) lifo.push(`resolved ${JSON.stringify(e.item)} while the top was ${JSON.stringify(top)}`);
  });
  // an undo takes its card back off the top without resolving it
  table.on('stack.withdrawn', (e) => {
    const top = stack.pop();
    if (!same(e.item, top)) lifo.push(`withdrew ${JSON.stringify(e.item)} while the top was ${JSON.stringify(top)}`);
  });
  trace.log = table.log;
  try {
    commands.forEach((command, i) => {
      if (i === restoreAt) {
        restored = restoreTable(game, JSON.parse(JSON.stringify(table.persist())));
        restoredRunaway = guardRunaway(restored);
        stats.restored = true;
        expect(restored.state, 'restored at once').toEqual(table.state);
      }
      const chosen = moveFor(game, table, command);
      if (chosen === null) return;
      const { move, mustRefuse, code } = chosen;
      const where = `command ${i} (${command.kind}) ${JSON.stringify(move)}`;
      trace.pending = move;
      const before = table.actor.getSnapshot();
      const was = table.state;
      runaway.reset();
      const checked = table.check(move);
      const result = table.tryPlay(move);
      expect(result.ok ? null : result.error.code, `${where}: check and play agree`).toEqual(checked?.code ?? null);
      if (mustRefuse ?? checked !== null) {
        expect(result.ok, `${where}: a bad move must be refused`).toBe(false);
        if (!result.ok) {
          expect(CONTRACT_CODES, where).toContain(result.error.code);
          if (code !== undefined) expect(result.error.code, where).toBe(code);
          if (result.error.code === 'REFUSED')
            expect(result.error.reason, `${where}: REFUSED names the game's reason`).toMatch(/^\S+$/);
        }
        expect(table.actor.getSnapshot(), `${where}: a refused move must not reach the actor`).toBe(before);
        if (typeof move.type !== 'string' || !reserved(move.type)) {
          // Sent straight to the actor, the same gate refuses it and changes nothing.
          const codes: string[] = [];
          const listener = table.on('move.refused', (e) => codes.push(e.refusal.code));
          table.actor.send(move as never);
          listener.unsubscribe();
          expect(codes, `${where}: the chart refuses it with the same code`).toEqual([
            result.ok ? null : result.error.code,
          ]);
          expect(table.actor.getSnapshot().value, where).toEqual(before.value);
          expect(table.actor.getSnapshot().context, where).toBe(before.context);
        }
      } else {
        expect(
          result.ok ? null : `${result.error.code}: ${result.error.message}`,
          `${where}: a legal move must be accepted`,
        ).toBeNull();
      }
      if (result.ok) accepted.push(result.ply.move);
      if (result.ok) trace.pending = null;
      stats.kinds[command.kind] = (stats.kinds[command.kind] ?? 0) + 1;
      if (!result.ok) stats.refused++;
      if (!result.ok && result.error.code === 'REFUSED') stats.seen.add(`refused ${result.error.reason}`);
      if (result.ok) {
        const now = table.state;
        stats.seen.add(`played ${move.type}`);
        if (now.window !== null) stats.seen.add(`window ${now.window.name}`);
        if (was.window !== null && now.window === null) stats.seen.add('window closed');
        if (now.gamePhase !== was.gamePhase) stats.seen.add(`phase ${now.gamePhase}`);
        if (now.out.length > was.out.length && move.type !== 'eliminate' && move.type !== 'engine.leave')
          stats.seen.add('hook eliminated');
      }
      stats.maxStack = Math.max(stats.maxStack, table.state.stack.length);
      stats.over ||= table.state.status === 'over';
      trace.log = table.log;
      if (restored !== null) {
        restoredRunaway?.reset();
        const again = (restored as Table).tryPlay(move);
        expect(again.ok ? null : again.error.code, `${where}: the restored table decides the same`).toEqual(
          result.ok ? null : result.error.code,
        );
      }

      expect(actorFailure, where).toBeNull();
      expect(table.actor.getSnapshot().status, where).not.toBe('error');
      // No ply lost: the log's moves are the accepted moves, in order, and so are the plies (but for the passes the
      // engine makes itself for a seat's auto-pass, marked automatic, which a replay makes again).
      const plies = table.plies;
      expect(table.log.moves, `${where}: the log holds every accepted move`).toEqual(accepted);
      expect(
        plies.filter((p) => (p as { automatic?: boolean }).automatic !== true).map((p) => p.move),
        `${where}: plies = accepted moves`,
      ).toEqual(accepted);
      expect(recorded, `${where}: one ply.recorded per ply, in order`).toEqual([...plies.keys()]);
      expect(lifo, `${where}: the item resolved is always the top one`).toEqual([]);
      expect(table.state.stack, `${where}: the stack as stack.pushed and stack.resolved built it`).toEqual(stack);
      if (table.state.status === 'playing') {
        expect(table.state.passes, `${where}: passes at rest`).toBeLessThan(seats.length);
        expect(
          table.toAct().some((seat) => table.legalMoves(seat).allowed.length > 0),
          `${where}: someone can move`,
        ).toBe(true);
      }
      if (checks.replayEveryMove) expectReplayEquals(game, table, where);
    });
    if (!checks.replayEveryMove) expectReplayEquals(game, table, 'at the end');
    if (restored !== null) {
      const r = restored as Table;
      expect(r.plies, 'the restored table made the same plies').toEqual(table.plies);
      expect(r.state, 'and shows the same state').toEqual(table.state);
    }
    return stats;
  } finally {
    table.stop();
    (restored as Table | null)?.stop();
  }
}

/** Where the counterexample of the property `name` is written. */
export function counterexampleFile(name: string): string {
  return join(
    import.meta.dirname,
    '..',
    '..',
    'test-output',
    `counterexample-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}.json`,
  );
}

/**
 * The log of a failing stream, for a person: every accepted move, then the
 * move the table was playing when it failed, if it did not accept it (so
 * `plystack replay` stops right there). Written to test-output/.
 */
export function writeCounterexample(name: string, trace: StreamTrace): { file: string; log: TableLog } | null {
  if (trace.log === null) return null;
  const log: TableLog = {
    ...trace.log,
    moves: [...trace.log.moves, ...(trace.pending !== null ? [trace.pending] : [])],
  };
  const file = counterexampleFile(name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(log, null, 2)}\n`);
  return { file, log };
}

/**
 * A fast-check reporter that, on failure, runs the shrunk counterexample once
 * more to capture its log, writes it (`writeCounterexample`), and throws
 * fast-check's report with the log and the command that replays it.
 */
export function counterexampleReporter<T extends unknown[]>(
  name: string,
  rerun: (trace: StreamTrace, ...args: T) => void,
) {
  return (details: fc.RunDetails<T>): void => {
    if (!details.failed) {
      // A counterexample from an earlier run that fails no more must not linger beside the ones that do.
      rmSync(counterexampleFile(name), { force: true });
      return;
    }
    let written: { file: string; log: TableLog } | null = null;
    if (details.counterexample !== null) {
      const trace: StreamTrace = { log: null, pending: null };
      try {
        rerun(trace, ...details.counterexample);
      } catch {
        // It fails again, as it should: the trace holds its log up to the failure.
      }
      written = writeCounterexample(name, trace);
    }
    const replayHint =
      written === null
        ? ''
        : `\n\nThe smallest failing move list, as a log (${written.log.moves.length} moves), is in ${written.file}.\nReplay it with: npx plystack replay ${written.file}\n${JSON.stringify(written.log)}`;
    const cause = details.errorInstance instanceof Error ? details.errorInstance : null;
    const why = cause === null ? '' : `\n\nWhat failed: ${cause.message}`;
    throw new Error(`${fc.defaultReportMessage(details)}${why}${replayHint}`, { cause });
  };
}
