/**
 * A table: the actor of the table machine behind a small, typed API that is
 * safe on bad input. A refused move throws `IllegalMove` (or comes back as a
 * value from `tryPlay`) and never reaches the actor, so the table stays
 * exactly as it was.
 */
import { createActor, type Actor, type Snapshot } from 'xstate';
import { IllegalMove, InvalidTable, refusal, type Refusal } from '../core/errors.js';
import type { AnyGame, TurnModel } from '../core/game.js';
import { readMove } from '../core/move.js';
import type { Ply, TableContext } from '../engine/context.js';
import type { TableInput } from '../engine/input.js';
import { legalMovesFor, seatsToAct, type LegalMoves } from '../engine/legalMoves.js';
import { checkMove } from '../engine/rules.js';
import { at, size, toArray } from '../log/plyLog.js';
import { createTableMachine, machineOfSnapshot, type TableEmitted, type TableMachine } from '../machines/tableMachine.js';
import { logView, stateView, type TableLog, type TableState } from './view.js';
import { timeline, type History, type TableCursor, type TableView } from './timeTravel.js';

/** Options of a single `play`. */
export interface PlayOptions {
  /**
   * The ply index the caller expects this move to take (the number of plies
   * so far). A move sent against an older view of the table is refused: STALE.
   */
  readonly expect?: number;
}

/** The outcome of `tryPlay`: the ply, or the refusal. */
export type PlayResult = { readonly ok: true; readonly ply: Ply } | { readonly ok: false; readonly error: IllegalMove };

/** A table of a game, open for moves. */
export interface Table {
  readonly game: AnyGame;
  /** The XState actor, for inspection and for `actor.on(...)` subscriptions. */
  readonly actor: Actor<TableMachine>;
  /** Plays a move. Throws `IllegalMove` (the table unchanged) when it is refused. */
  play(move: unknown, options?: PlayOptions): Ply;
  /** Plays a move, returning the refusal instead of throwing it. */
  tryPlay(move: unknown, options?: PlayOptions): PlayResult;
  /** Why `move` would be refused now, or null. Changes nothing. */
  check(move: unknown, options?: PlayOptions): Refusal | null;
  /** What `seat` may do now, and each other move type with the code and reason it is blocked. */
  legalMoves(seat: string): LegalMoves;
  /** The seats that may act now. */
  toAct(): string[];
  /** Subscribes to what the table emits (`turn.started`, `stack.pushed`, …). */
  on<T extends TableEmitted['type']>(type: T, handler: (event: Extract<TableEmitted, { type: T }>) => void): { unsubscribe(): void };
  /** The log: the table's truth. */
  readonly log: TableLog;
  /** The public state. */
  readonly state: TableState;
  /** Every ply so far, in order. */
  readonly plies: Ply[];
  /** The move-table layout of this table's game with its options (CONTRACT.md's `turnModel`). */
  readonly turnModel: TurnModel;
  /** The machine's context (read-only): for tools and tests. */
  readonly context: TableContext;
  /** XState's persisted snapshot: give it to `restoreTable` to continue. */
  persist(): Snapshot<unknown>;
  /** The table after `n` plies, read-only. Throws `RangeError` unless n is from 0 to the plies so far. */
  at(n: number): TableView;
  /**
   * The table after exactly `k` plies, the engine's automatic passes included
   * (`plies[k - 1]` is its last ply; `at(n)` counts the log's moves instead).
   * Throws `RangeError` unless k is from 0 to `plies.length`.
   */
  atPly(k: number): TableView;
  /** A cursor that steps through the plies, standing after `n` plies (by default the latest). */
  cursor(n?: number): TableCursor;
  /** A new live table whose log is the first `n` moves of this one; it plays on independently and this table never changes. */
  branch(n: number): Table;
  /** Stops the actor. */
  stop(): void;
}

function wrap(game: AnyGame, actor: Actor<TableMachine>, history?: History): Table {
  let failure: unknown = null;
  actor.subscribe({ error: (error) => (failure = error) });
  actor.start();
  const context = (): TableContext => actor.getSnapshot().context;
  if (context().opening.problem !== null) {
    actor.stop();
    throw new InvalidTable(context().opening.problem!);
  }
  const travel = timeline(game, actor, history);

  const check = (move: unknown, options?: PlayOptions): Refusal | null => {
    const refused = checkMove(game, context(), move);
    if (refused !== null) return refused;
    const plies = size(context().plies);
    if (options?.expect !== undefined && options.expect !== plies) {
      return refusal('STALE', `the move expected ply ${options.expect}, and the table is at ply ${plies}`);
    }
    return null;
  };

  const tryPlay = (move: unknown, options?: PlayOptions): PlayResult => {
    // Read (and copy) the raw move once: every later read of the copy is free.
    const read = readMove(move);
    const refused = check(read.ok ? read.move : move, options);
    if (refused !== null) return { ok: false, error: new IllegalMove(refused) };
    if (!read.ok) return { ok: false, error: new IllegalMove(read.refusal) };
    const before = size(context().plies);
    actor.send(read.move);
    if (actor.getSnapshot().status === 'error' || failure !== null) {
      throw new Error(`plystack bug: the table machine failed on ${read.move.type}: ${String(failure)}`);
    }
    // The move's own ply is the first one recorded; automatic passes it set off may follow it.
    const ply = at(context().plies, before);
    if (ply === undefined || ply.automatic) {
      throw new Error(`plystack bug: ${read.move.type} passed every check but the machine recorded no ply`);
    }
    return { ok: true, ply };
  };

  let viewOf: { ctx: TableContext; state: TableState } | null = null;
  let logOf: { ctx: TableContext; log: TableLog } | null = null;

  return {
    game,
    actor,
    play(move, options) {
      const result = tryPlay(move, options);
      if (!result.ok) throw result.error;
      return result.ply;
    },
    tryPlay,
    check,
    legalMoves: (seat) => legalMovesFor(game, context(), seat),
    toAct: () => seatsToAct(context()),
    on: (type, handler) => actor.on(type, handler as never),
    get log() {
      const ctx = context();
      if (logOf?.ctx !== ctx) logOf = { ctx, log: logView(game, ctx) };
      return logOf.log;
    },
    get state() {
      const ctx = context();
      if (viewOf?.ctx !== ctx) viewOf = { ctx, state: stateView(game, ctx) };
      return viewOf.state;
    },
    get plies() {
      return toArray(context().plies);
    },
    get context() {
      return context();
    },
    get turnModel() {
      return game.turnModel(context().opening.options);
    },
    persist: () => actor.getPersistedSnapshot(),
    at: (n) => travel.at(n),
    atPly: (k) => travel.atPly(k),
    cursor: (n) => travel.cursor(n),
    branch(n) {
      const from = travel.branchPoint(n);
      return wrap(game, createActor(machineOfSnapshot(game, from.persisted), { snapshot: from.persisted as never }), from.history);
    },
    stop: () => actor.stop(),
  };
}

/**
 * Opens a table of `game`. Throws `InvalidTable` naming the field that is
 * wrong (seat ids, duplicates, seat count, options).
 *
 * @example
 * const table = createTable(mundane, { table: 'table:1', seats: ['seat:ann', 'seat:bob'], seed: 7 })
 * table.play({ type: 'engine.pass', seat: 'seat:ann' })
 */
export function createTable(game: AnyGame, input: TableInput): Table {
  return wrap(game, createActor(createTableMachine(game, input?.options, input?.seats), { input }));
}

/**
 * Continues a table from XState's persisted snapshot (`table.persist()`), as
 * the original would have.
 *
 * @example
 * const again = restoreTable(mundane, JSON.parse(JSON.stringify(table.persist())))
 */
export function restoreTable(game: AnyGame, persisted: Snapshot<unknown>): Table {
  return wrap(game, createActor(machineOfSnapshot(game, persisted), { snapshot: persisted as never }));
}
