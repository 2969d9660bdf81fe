/**
 * A table: the table machine behind a small, typed API that is safe on bad
 * input. A refused move throws `IllegalMove` (or comes back as a value from
 * `tryPlay` / `submit`) and never reaches the chart, so the table stays
 * exactly as it was. A game's code that throws while a move is applied is
 * refused the same way (GAME_ERROR): the table goes back to its state before
 * the move, alive. Events reach `table.on` handlers after the move is applied,
 * in order; a handler that throws is reported, never rethrown.
 *
 * The chart opens in an XState actor; after that, it runs on the fast runner
 * (src/fast/chartRunner.ts: the same state nodes, guards and actions, stepped
 * without snapshots or inspection events, proven equal to the actor by the
 * differential test in test/fast/) until someone asks for the actor
 * (`table.actor`): it is then made at the table's state of the moment, and
 * every move from then on goes through it, for inspectors and subscribers to
 * see. A server's or a bot's table that nobody inspects never pays for one.
 */

import { type Actor, createActor, type Snapshot } from 'xstate';
import { GameCodeError, IllegalMove, InvalidTable, quote, type Refusal, refusal } from '../core/errors.js';
import { type Move, readMove } from '../core/move.js';
import { isGame } from '../definition/defineGame.js';
import type { AnyGame, MoveOf, OptionsOf, SeatViewOf, TurnModel, ViewedSeatOf } from '../definition/game.js';
import type { Ply, TableState } from '../definition/records.js';
import type { TableContext } from '../engine/context.js';
import { checkMove, gate, type Verdict } from '../engine/gate.js';
import { readTableInput, type TableInput } from '../engine/input.js';
import { type LegalMoves, legalMovesFor, seatsToAct } from '../engine/legalMoves.js';
import {
  checkViewer as checkSeatViewer,
  logView,
  plyView,
  stateFor,
  stateView,
  type TableLog,
  type TableViewFor,
  type Viewer,
  viewFor,
} from '../engine/view.js';
import { turnModelOf } from '../export/turnModel.js';
import { type ChartState, chartStateOf } from '../fast/chartRunner.js';
import { persistedOf, runnerOf, type Simulation, simulation } from '../fast/simulation.js';
import { at, CHUNK, emptyLog, size, toArray } from '../log/plyLog.js';
import {
  createTableMachine,
  machineOfSnapshot,
  type TableEmitted,
  type TableMachine,
} from '../machines/tableMachine.js';
import { hearEvents } from '../machines/tableSetup.js';
import { restorable, snapshotProblem } from './snapshot.js';
import { type History, type TableCursor, type TableView, timeline } from './timeTravel.js';

export type { TableViewFor } from '../engine/view.js';

/** Options of a single `play`. */
export interface PlayOptions {
  /**
   * The ply index the caller expects this move to take (the number of plies
   * so far). A move sent against an older view of the table is refused STALE, before it is checked.
   */
  readonly expect?: number;
}

/** The outcome of `tryPlay`: the ply, or the refusal. */
export type PlayResult = { readonly ok: true; readonly ply: Ply } | { readonly ok: false; readonly error: IllegalMove };

/** A handler of `table.on` threw: reported once, to `table.on('listener.failed')` handlers or the `onListenerError` option. */
export interface ListenerFailure {
  readonly type: 'listener.failed';
  /** The event the handler was given. */
  readonly event: TableEmitted['type'];
  readonly error: unknown;
}

/** What `table.on` delivers: the table's events, and reports of handlers that threw. */
export type TableEvent = TableEmitted | ListenerFailure;

/** A table of game `Gm`, open for moves. */
export interface Table<Gm extends AnyGame = AnyGame> {
  readonly game: Gm;
  /**
   * The XState actor, for inspection: made the first time it is read, at the table's state then, and every move goes
   * through it from then on (until then the table runs its chart on the fast runner, which is cheaper). Send moves
   * through `play`, never straight to the actor.
   */
  readonly actor: Actor<TableMachine>;
  /** Plays a move of this game. Throws `IllegalMove` (the table unchanged) when it is refused. */
  play(move: MoveOf<Gm>, options?: PlayOptions): Ply;
  /** Plays a move, returning the refusal instead of throwing it. */
  tryPlay(move: MoveOf<Gm>, options?: PlayOptions): PlayResult;
  /**
   * Plays untrusted input (a move parsed from JSON off a network): checked
   * entirely at run time, never throws for anything the input holds.
   */
  submit(raw: unknown, options?: PlayOptions): PlayResult;
  /** Why `move` would be refused now, or null. Changes nothing. Untrusted input is fine here. */
  check(move: MoveOf<Gm> | unknown, options?: PlayOptions): Refusal | null;
  /** What `seat` may do now, and each other move type with the code and reason it is blocked. */
  legalMoves(seat: string): LegalMoves<MoveOf<Gm> & Move>;
  /** The seats that may act now. */
  toAct(): string[];
  /** Subscribes to what the table emits (`turn.started`, `stack.pushed`, …), delivered once the move is applied. */
  on<T extends TableEvent['type']>(
    type: T,
    handler: (event: Extract<TableEvent, { type: T }>) => void,
  ): { unsubscribe(): void };
  /** The log: the table's truth (omniscient: its seed decides every hidden card). */
  readonly log: TableLog;
  /** The omniscient state. */
  readonly state: TableState<SeatViewOf<Gm>>;
  /** Every ply so far, in order, secret payloads included. */
  readonly plies: Ply[];
  /** The state and plies as `viewer` (a seat id, or null for a spectator) may see them. */
  viewFor(viewer: Viewer): TableViewFor<ViewedSeatOf<Gm>>;
  /** The state as `viewer` may see it. */
  stateFor(viewer: Viewer): TableState<ViewedSeatOf<Gm>>;
  /** Plies `from` (default 0) up to `to` (default all) as `viewer` may see them: costs only the plies asked for. */
  pliesFor(viewer: Viewer, from?: number, to?: number): Ply[];
  /** The move-table layout of this table's game with its options. */
  readonly turnModel: TurnModel;
  /** The machine's context (read-only): for tools and tests. */
  readonly context: TableContext;
  /** XState's persisted snapshot: give it to `restoreTable` to continue. */
  persist(): Snapshot<unknown>;
  /** The table after `n` moves of the log, read-only. Throws `RangeError` unless n is from 0 to the moves so far. */
  at(n: number): TableView<Gm>;
  /**
   * The table after exactly `k` plies, the engine's automatic passes included
   * (`plies[k - 1]` is its last ply; `at(n)` counts the log's moves instead).
   * Throws `RangeError` unless k is from 0 to `plies.length`.
   */
  atPly(k: number): TableView<Gm>;
  /** A cursor that steps through the moves, standing after `n` (by default the latest). */
  cursor(n?: number): TableCursor<Gm>;
  /** A new live table whose log is the first `n` moves of this one; it plays on independently and this table never changes. */
  branch(n: number): Table<Gm>;
  /** A detached copy for look-ahead (bots, what-ifs): it plays moves on the fast path without an actor, checked as here; this table never changes. */
  simulate(): Simulation<Gm>;
  /** Stops the table (and its actor, if one was made): moves sent after are refused (REFUSED, reason TABLE_STOPPED). */
  stop(): void;
}

/** Options of `createTable` and `restoreTable` beyond the opening. */
export interface TableOptions {
  /** Called when a `table.on` handler throws (default: reported to `listener.failed` handlers, else to `console.error`). */
  readonly onListenerError?: (failure: ListenerFailure) => void;
}

type Listener = (event: TableEvent) => void;

/** What a table's getters read, kept on the table under a symbol. */
const READS = Symbol('table reads');

interface TableReads {
  actor(): Actor<TableMachine>;
  log(): TableLog;
  state(): TableState;
  plies(): Ply[];
  context(): TableContext;
  turnModel(): TurnModel;
}

const readsOf = (table: unknown): TableReads => (table as { [READS]: TableReads })[READS];

/**
 * The tables' getters, once for every table: an object literal with getters of its own is a dictionary-mode object in
 * V8, which costs every idle table over a kilobyte more than the same table whose getters live on its prototype.
 */
const TABLE_GETTERS = Object.freeze({
  get actor() {
    return readsOf(this).actor();
  },
  get log() {
    return readsOf(this).log();
  },
  get state() {
    return readsOf(this).state();
  },
  get plies() {
    return readsOf(this).plies();
  },
  get context() {
    return readsOf(this).context();
  },
  get turnModel() {
    return readsOf(this).turnModel();
  },
});

function requireGame(game: unknown): asserts game is AnyGame {
  if (!isGame(game)) throw new TypeError('not a plystack game: build it with defineGame({ ... })');
}

function wrap<Gm extends AnyGame>(
  game: Gm,
  start: Actor<TableMachine>,
  history: History | undefined,
  settings: TableOptions,
): Table<Gm> {
  const machine = start.logic;
  const runner = runnerOf(game, machine);
  // The actor once someone asked for it (`table.actor`); until then the chart's state is `running`, stepped by `runner`.
  let actor: Actor<TableMachine> | null = null;
  let running: ChartState | null = null;
  let stopped = false;
  let failure: unknown = null;
  const pending: TableEmitted[] = [];
  const listeners = new Map<string, Set<Listener>>();
  let sending = false;
  let delivering = false;

  // An event nobody hears costs nothing: the actor works its events out only while a table.on handler (of anything but
  // listener.failed, which only hears of handlers) or an actor.on subscription of the app's is there.
  const tableHears = () => {
    for (const [type, handlers] of listeners) if (type !== 'listener.failed' && handlers.size > 0) return true;
    return false;
  };
  let hear = () => {};

  const attach = (a: Actor<TableMachine>) => {
    a.subscribe({ error: (error) => (failure = error) });
    const on = a.on.bind(a);
    let direct = 0;
    hear = () => hearEvents(a, direct > 0 || tableHears());
    hear();
    a.on = ((type: TableEmitted['type'] | '*', handler: (event: TableEmitted) => void) => {
      const subscription = on(type, handler);
      let live = true;
      direct++;
      hearEvents(a, true);
      return {
        unsubscribe() {
          subscription.unsubscribe();
          if (!live) return;
          live = false;
          direct--;
          hearEvents(a, direct > 0 || tableHears());
        },
      };
    }) as typeof a.on;
    // A move sent straight to the table's actor passes the same gate as table.play: a checked move is sent on, and a
    // refused one never reaches the actor (it is reported as move.refused, as the chart would). What is not a move event
    // would put XState in its error status, and XState's own events (`xstate.stop`, …) are not the app's to send.
    const send = a.send.bind(a);
    a.send = (event: unknown) => {
      const read = readMove(event);
      const verdict: Verdict =
        read.ok && read.move.type.startsWith('xstate.')
          ? {
              ok: false,
              refusal: refusal('INVALID_PAYLOAD', `${quote(read.move.type, 80)} is XState's own event, not a move`),
            }
          : gate(game, a.getSnapshot().context, read.ok ? read.move : event);
      if (verdict.ok) return send(verdict.move as never);
      pending.push({ type: 'move.refused', refusal: verdict.refusal });
      if (!sending) deliver();
    };
    on('*', (event) => {
      pending.push(event as TableEmitted);
      // A move sent straight to the actor (not through the table) is reported as it happens; the actor is still busy.
      if (!sending) {
        sending = true;
        try {
          deliver();
        } finally {
          sending = false;
        }
      }
    });
  };

  const report = (failureReport: ListenerFailure) => {
    const handlers = listeners.get('listener.failed');
    if (settings.onListenerError !== undefined) settings.onListenerError(failureReport);
    else if (handlers !== undefined && handlers.size > 0)
      for (const handler of handlers) safely(handler, failureReport, true);
    else console.error(`plystack: a table.on('${failureReport.event}') handler threw:`, failureReport.error);
  };
  const safely = (handler: Listener, event: TableEvent, isReport = false) => {
    try {
      handler(event);
    } catch (error) {
      if (!isReport) report({ type: 'listener.failed', event: event.type as TableEmitted['type'], error });
    }
  };
  // Events are handed out after the move that made them, in order; a move played from a handler queues its own behind them.
  const deliver = () => {
    if (delivering) return;
    delivering = true;
    try {
      while (pending.length > 0) {
        const event = pending.shift() as TableEmitted;
        const handlers = listeners.get(event.type);
        if (handlers !== undefined) for (const handler of [...handlers]) safely(handler, event);
      }
    } finally {
      delivering = false;
    }
  };

  attach(start);
  start.start();
  const opened = start.getSnapshot();
  if (opened.status === 'error' || opened.context.opening.problem !== null) {
    const problem = opened.context?.opening?.problem ?? {
      code: 'INVALID_SNAPSHOT' as const,
      message: `the table failed to start: ${String(failure)}`,
    };
    start.stop();
    throw new InvalidTable(problem);
  }
  pending.length = 0; // what the opening emitted happened before anyone could listen
  // Opened: the chart goes on without the actor until someone asks for one.
  running = chartStateOf(opened);
  start.stop();
  hear = () => {}; // the runner works out events when a handler listens (see apply); nothing holds the opening's actor
  const context = (): TableContext =>
    running !== null ? running.context : (actor as Actor<TableMachine>).getSnapshot().context;
  const head = (): ChartState => running ?? chartStateOf((actor as Actor<TableMachine>).getSnapshot());
  const travel = timeline(game, machine, head, history);

  /** Runs `made` as the table's actor (attached, started, and its steps followed by time travel). */
  const drive = (made: Actor<TableMachine>) => {
    attach(made);
    // The table's own observer reports an actor failure; this one must not rethrow it as an unhandled error.
    made.subscribe({ next: (snapshot) => travel.accepted(chartStateOf(snapshot)), error: () => undefined });
    actor = made;
    made.start();
  };

  /** The table's actor, made at the chart's state now the first time it is asked for. */
  const actorNow = (): Actor<TableMachine> => {
    if (actor !== null) return actor;
    const made = actorAt(machine, persistedOf(runner, running as ChartState));
    running = null;
    drive(made);
    if (stopped) made.stop();
    return made;
  };

  // A move sent against an older view of the table is STALE before anything else is asked of it: whether it is
  // legal now says nothing to a caller whose view is out of date (its retry would learn a refusal meant for another ply).
  const stale = (options?: PlayOptions): Refusal | null => {
    const plies = size(context().plies);
    return options?.expect !== undefined && options.expect !== plies
      ? refusal('STALE', `the move expected ply ${options.expect}, and the table is at ply ${plies}`)
      : null;
  };

  const check = (move: unknown, options?: PlayOptions): Refusal | null =>
    stale(options) ?? checkMove(game, context(), move);

  /** Puts the table back as it was before a move whose game code threw, with a fresh actor. */
  const rollBack = (broken: Actor<TableMachine>, before: ReturnType<Actor<TableMachine>['getSnapshot']>) => {
    broken.stop();
    drive(createActor(machine, { snapshot: before as never }));
  };

  /** The move's effect on the chart: stepped by the runner, or sent to the actor once there is one; the failure, or null. */
  const apply = (checked: Move): unknown => {
    if (running !== null) {
      // Events are worked out only when a handler listens (there is no actor to subscribe to yet).
      const emitted: TableEmitted[] | undefined = tableHears() ? [] : undefined;
      try {
        running = runner.step(running, checked as never, emitted);
      } catch (error) {
        return error ?? new Error(String(error));
      }
      travel.accepted(running);
      if (emitted !== undefined) pending.push(...emitted);
      return null;
    }
    const live = actor as Actor<TableMachine>;
    const before = live.getSnapshot();
    live.send(checked);
    if (live.getSnapshot().status !== 'error' && failure === null) return null;
    const cause = failure ?? new Error('the actor stopped in its error status');
    failure = null;
    pending.length = 0;
    rollBack(live, before);
    return cause;
  };

  const submit = (raw: unknown, options?: PlayOptions): PlayResult => {
    if (sending) {
      return {
        ok: false,
        error: new IllegalMove(
          refusal(
            'REFUSED',
            'the table is applying another move: play from a table.on handler (it runs after the move), not from inside the actor',
            'PLAY_DURING_MOVE',
          ),
        ),
      };
    }
    if (stopped)
      return {
        ok: false,
        error: new IllegalMove(
          refusal('REFUSED', 'the table is stopped: restore it from its snapshot to play on', 'TABLE_STOPPED'),
        ),
      };
    const outdated = stale(options);
    if (outdated !== null) return { ok: false, error: new IllegalMove(outdated) };
    // The one gate: the raw move read (and copied) once and checked; the chart takes the checked move as given.
    const verdict = gate(game, context(), raw);
    if (!verdict.ok) return { ok: false, error: new IllegalMove(verdict.refusal) };
    const checked = verdict.move;
    const index = size(context().plies);
    sending = true;
    let cause: unknown;
    try {
      cause = apply(checked);
    } finally {
      sending = false;
    }
    if (cause !== null) {
      const message =
        cause instanceof GameCodeError
          ? cause.message
          : `the table failed on ${checked.type}: ${cause instanceof Error ? cause.message : String(cause)}`;
      return { ok: false, error: new IllegalMove(refusal('GAME_ERROR', message)) };
    }
    // The move's own ply is the first one recorded; automatic passes it set off may follow it.
    const ply = at(context().plies, index) as Ply;
    deliver();
    return { ok: true, ply };
  };

  let viewOf: { ctx: TableContext; state: TableState } | null = null;
  let logOf: { ctx: TableContext; log: TableLog } | null = null;

  const pliesFor = (viewer: Viewer, from = 0, to?: number): Ply[] => {
    const ctx = context();
    const end = Math.min(to ?? ctx.plies.size, ctx.plies.size);
    const start = Math.max(0, Math.min(from, end));
    // A few recent plies are read one by one (a stream's next message); a long range is read in one pass over the log.
    const source = end - start <= CHUNK ? null : toArray(ctx.plies);
    const out: Ply[] = [];
    for (let i = start; i < end; i++)
      out.push(plyView(game, ctx, (source === null ? at(ctx.plies, i) : source[i]) as Ply, i, viewer));
    return out;
  };
  const checkViewer = (viewer: Viewer) => checkSeatViewer(context(), viewer);

  const reads: TableReads = {
    actor: actorNow,
    log() {
      const ctx = context();
      if (logOf?.ctx !== ctx) logOf = { ctx, log: logView(game, ctx) };
      return structuredClone(logOf.log);
    },
    state() {
      const ctx = context();
      if (viewOf?.ctx !== ctx) viewOf = { ctx, state: stateView(game, ctx) };
      return structuredClone(viewOf.state);
    },
    plies: () => structuredClone(toArray(context().plies)),
    context,
    turnModel: () => turnModelOf(game, context()),
  };
  const methods: Omit<Table<Gm>, keyof typeof TABLE_GETTERS> = {
    game,
    play(move, options) {
      const result = submit(move, options);
      if (!result.ok) throw result.error;
      return result.ply;
    },
    tryPlay: (move, options) => submit(move, options),
    submit,
    check,
    legalMoves: (seat) => legalMovesFor(game, context(), seat) as LegalMoves<MoveOf<Gm> & Move>,
    toAct: () => seatsToAct(context()),
    on(type, handler) {
      let set = listeners.get(type);
      if (set === undefined) {
        set = new Set();
        listeners.set(type, set);
      }
      set.add(handler as Listener);
      hear();
      return {
        unsubscribe: () => {
          set.delete(handler as Listener);
          hear();
        },
      };
    },
    // The engine's views are JSON; the game's view types say what its seats hold.
    viewFor: (viewer) => viewFor(game, context(), viewer) as TableViewFor<ViewedSeatOf<Gm>>,
    stateFor: (viewer) => stateFor(game, context(), viewer) as TableState<ViewedSeatOf<Gm>>,
    pliesFor(viewer, from, to) {
      checkViewer(viewer);
      return structuredClone(pliesFor(viewer, from, to));
    },
    persist: () => (actor !== null ? actor.getPersistedSnapshot() : persistedOf(runner, running as ChartState)),
    at: (n) => travel.at(n),
    atPly: (k) => travel.atPly(k),
    cursor: (n) => travel.cursor(n),
    branch(n) {
      const from = travel.branchPoint(n);
      return wrap(
        game,
        createActor(machineOfSnapshot(game, from.persisted), { snapshot: from.persisted as never }),
        from.history,
        settings,
      );
    },
    simulate: () => simulation(game, runner, head()),
    stop: () => {
      stopped = true;
      actor?.stop();
    },
  };
  // Copied onto an object whose prototype holds the getters: a fast-mode object (see TABLE_GETTERS).
  return Object.assign(Object.create(TABLE_GETTERS) as object, methods, { [READS]: reads }) as unknown as Table<Gm>;
}

/**
 * Opens a table of `game`. Throws `InvalidTable` naming the field that is
 * wrong (seat ids, duplicates, seat count, options), or SETUP_FAILED with the
 * game's own message when its `setup` throws.
 *
 * @example
 * const table = createTable(mundane, { table: 'table:1', seats: ['seat:ann', 'seat:bob'], seed: 7 })
 * table.play({ type: 'engine.pass', seat: 'seat:ann' })
 */
export function createTable<Gm extends AnyGame>(
  game: Gm,
  input: TableInput<OptionsOf<Gm>>,
  settings: TableOptions = {},
): Table<Gm> {
  requireGame(game);
  // The opening is read once, here, into plain data (the seed drawn if absent): the actor gets that copy, never the caller's object.
  const read = readTableInput(game, input);
  if (!read.ok) throw new InvalidTable(read.problem);
  const { table, seats, seed, givenOptions } = read.opening;
  const opening = { table, seats, seed, options: givenOptions };
  return wrap(
    game,
    createActor(createTableMachine(game, givenOptions, seats), { input: opening }),
    undefined,
    settings,
  );
}

/**
 * An actor (not started) of `machine` restored from `snapshot`, a persisted one. XState walks the whole context it
 * restores, looking for actors to revive: the ply log, plain data and most of a long table's snapshot (a 10,000-ply
 * table: 6 of its 7 ms to restore), holds none. So the context restored holds an empty log, and the log is put back
 * into it before the actor starts (the context is this function's copy).
 */
function actorAt(machine: TableMachine, snapshot: unknown): Actor<TableMachine> {
  const persisted = snapshot as { context: TableContext };
  const context: { plies: TableContext['plies'] } = { ...persisted.context, plies: emptyLog<Ply>() };
  const actor = createActor(machine, { snapshot: { ...persisted, context } as never });
  if (actor.getSnapshot().context === context) {
    context.plies = persisted.context.plies;
    return actor;
  }
  // An XState that restores a copy of the context: restored as it is, walk and all.
  return createActor(machine, { snapshot: snapshot as never });
}

/**
 * Continues a table from XState's persisted snapshot (`table.persist()`), as
 * the original would have. A snapshot of another game or version, one in
 * XState's error status, or one whose shape is broken is refused with
 * `InvalidTable` (INVALID_SNAPSHOT, VERSION_MISMATCH), never a TypeError.
 *
 * @example
 * const again = restoreTable(mundane, JSON.parse(JSON.stringify(table.persist())))
 */
export function restoreTable<Gm extends AnyGame>(game: Gm, persisted: unknown, settings: TableOptions = {}): Table<Gm> {
  requireGame(game);
  const problem = snapshotProblem(game, persisted);
  if (problem !== null) throw new InvalidTable(problem);
  const snapshot = restorable(persisted) as { context: TableContext };
  try {
    return wrap(game, actorAt(machineOfSnapshot(game, snapshot as never), snapshot), undefined, settings);
  } catch (error) {
    if (error instanceof InvalidTable) throw error;
    throw new InvalidTable({
      code: 'INVALID_SNAPSHOT',
      message: `the snapshot does not restore: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}
