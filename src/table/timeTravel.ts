/**
 * Time travel: the table after any number of plies, a cursor that steps
 * through a finished or live game, and branches that play on from a past ply.
 *
 * XState's snapshots are immutable and share structure (the ply log shares
 * every chunk it has already written), so a checkpoint is only a reference to
 * the chart's state after ply k (its active nodes and context), kept for every
 * k that is a multiple of `CHECKPOINT_EVERY`. The table after n plies is then
 * the nearest checkpoint at or before n, moved on by the fast runner
 * (src/fast/chartRunner.ts: the same chart, guards and actions as the actor,
 * proven equal to it by the differential test) for the moves in between:
 * fewer than `CHECKPOINT_EVERY` steps, however long the game.
 *
 * Checkpoints are taken as the table accepts moves (one size check per
 * move: `play` slows by a constant). A table restored from a persisted
 * snapshot (a replayed one among them) has none for its past: they are rebuilt
 * once, on the first look before the restore point, by playing its log from
 * the opening on the fast runner.
 */

import {
  type AnyStateMachine,
  getMicrosteps,
  initialTransition,
  type Snapshot,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import type { Move } from '../core/move.js';
import type { AnyGame, SeatViewOf, ViewedSeatOf } from '../definition/game.js';
import type { Ply, TableState } from '../definition/records.js';
import { movesMade, type TableContext } from '../engine/context.js';
import {
  logView,
  stateFor,
  stateView,
  type TableLog,
  type TableViewFor,
  type Viewer,
  viewFor,
} from '../engine/view.js';
import { type ChartRunner, type ChartState, chartStateOf } from '../fast/chartRunner.js';
import { persistedOf, runnerOf } from '../fast/simulation.js';
import { at, size, toArray } from '../log/plyLog.js';
import type { TableMachine } from '../machines/tableMachine.js';

/**
 * Plies between checkpoints. One step of the table machine costs at most
 * about 40 µs (XState's own transition; the fast runner's is cheaper), so the
 * worst `at(n)` or `back()` (63 steps) stays under 2.5 ms, well inside an
 * interactive frame. It is also the ply log's chunk size: a
 * checkpoint taken when a chunk is full holds the very array that becomes the
 * chunk, so a checkpoint adds only the machine's snapshot, the context's top
 * level and the game's changed pieces, never a copy of the history.
 */
export const CHECKPOINT_EVERY = 64;

type MachineSnapshot = SnapshotFrom<TableMachine>;

/** A read-only view of a table of game `Gm` after some number of plies. */
export interface TableView<Gm extends AnyGame = AnyGame> {
  /** The omniscient state, as `table.state` shows it: every seat's pieces in full. */
  readonly state: TableState<SeatViewOf<Gm>>;
  /** The plies up to this point, in order. */
  readonly plies: readonly Ply[];
  /** The log of this point: the table's opening and its first moves. */
  readonly log: TableLog;
  /** The machine's context at this point. */
  readonly context: TableContext;
  /** The statechart's state value at this point (which states are active). */
  readonly value: StateValue;
  /**
   * The state and plies at this point as `viewer` (a seat id, or null for a spectator) may see them, as
   * `table.viewFor` shows the latest. Throws a RangeError for a viewer not at the table.
   */
  viewFor(viewer: Viewer): TableViewFor<ViewedSeatOf<Gm>>;
  /** The state at this point as `viewer` may see it. */
  stateFor(viewer: Viewer): TableState<ViewedSeatOf<Gm>>;
}

/**
 * Steps through a table's plies. `forward()` costs one transition; `back()`
 * and `seek(n)` cost at most `CHECKPOINT_EVERY - 1` transitions from the
 * nearest checkpoint, and stepping back again through the same stretch costs
 * none (the cursor keeps the stretch it last rebuilt).
 */
export interface TableCursor<Gm extends AnyGame = AnyGame> {
  /** The number of plies the cursor stands after (0: the opening). */
  readonly index: number;
  /** The table after `index` plies. */
  readonly view: TableView<Gm>;
  /** One ply on; false (the cursor unmoved) at the table's last ply. */
  forward(): boolean;
  /** One ply back; false (the cursor unmoved) at the opening. */
  back(): boolean;
  /** To the table after `n` plies. Throws `RangeError` when n is not from 0 to the plies so far. */
  seek(n: number): TableView<Gm>;
  /** To the opening (0 plies). */
  first(): TableView<Gm>;
  /** To the table's latest ply (a live table's latest, at the time of the call). */
  last(): TableView<Gm>;
}

/** What a branch inherits: the checkpoints at or before its starting ply. */
export interface History {
  readonly checkpoints: ReadonlyMap<number, ChartState>;
  /** Whether `checkpoints` holds every multiple of `CHECKPOINT_EVERY` it covers (false: rebuild them from the log when needed). */
  readonly complete: boolean;
}

/** Where a branch starts: XState's persisted snapshot after n plies, and the checkpoints before it. */
export interface BranchPoint {
  readonly persisted: Snapshot<unknown>;
  readonly history: History;
}

/** The time travel of one table (see `timeline`). */
export interface Timeline<Gm extends AnyGame = AnyGame> {
  at(n: number): TableView<Gm>;
  atPly(k: number): TableView<Gm>;
  cursor(n?: number): TableCursor<Gm>;
  branchPoint(n: number): BranchPoint;
  /** The table accepted a move (or its actor took a step): `state` is its head now. */
  accepted(state: ChartState): void;
}

// ---- pure helpers ---------------------------------------------------------

/**
 * The checkpoint at or before ply `n`.
 *
 * @example
 * checkpointAtOrBefore(130) // 128
 */
export function checkpointAtOrBefore(n: number, every: number = CHECKPOINT_EVERY): number {
  return n - (n % every);
}

/**
 * Refuses a ply count outside 0..`count` with a RangeError (a programming
 * error of the caller, not a move).
 *
 * @example
 * checkPlyIndex('at', 12, 10) // throws RangeError: at(12): ... 0 to 10 ...
 */
export function checkPlyIndex(method: string, n: unknown, count: number): asserts n is number {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > count) {
    throw new RangeError(`${method}(${String(n)}): the table has ${count} moves; give an integer from 0 to ${count}`);
  }
}

/**
 * The read-only view of a snapshot; its parts are computed on first read.
 *
 * @example
 * viewOf(mundane, actor.getSnapshot()).state.phase // 'RESET'
 */
export function viewOf<Gm extends AnyGame>(
  game: Gm,
  snapshot: { readonly context: TableContext; readonly value: StateValue },
): TableView<Gm> {
  const context = snapshot.context;
  let state: TableState<SeatViewOf<Gm>> | undefined;
  let plies: readonly Ply[] | undefined;
  let log: TableLog | undefined;
  return Object.freeze({
    get state() {
      state ??= stateView(game, context) as TableState<SeatViewOf<Gm>>;
      return state;
    },
    get plies() {
      plies ??= Object.freeze(toArray(context.plies));
      return plies;
    },
    get log() {
      log ??= logView(game, context);
      return log;
    },
    context,
    value: snapshot.value,
    // The engine's views are JSON; the game's view types say what its seats hold.
    viewFor: (viewer: Viewer) => viewFor(game, context, viewer) as TableViewFor<ViewedSeatOf<Gm>>,
    stateFor: (viewer: Viewer) => stateFor(game, context, viewer) as TableState<ViewedSeatOf<Gm>>,
  });
}

// ---- the work counter: tests prove the bound with it, not with timing ------

const work = { seek: 0, rebuild: 0 };

/**
 * Runs `task` and counts the machine transitions time travel made meanwhile:
 * `seek` to reach a ply from a checkpoint, `rebuild` to rebuild a restored
 * table's checkpoints from its log (once per table). Internal: for tests.
 *
 * @example
 * countTransitions(() => table.at(100)).seek // at most CHECKPOINT_EVERY - 1
 */
export function countTransitions<T>(task: () => T): { result: T; seek: number; rebuild: number } {
  const before = { ...work };
  const result = task();
  return { result, seek: work.seek - before.seek, rebuild: work.rebuild - before.rebuild };
}

/** One move on from `state` on the fast runner, checked to have recorded the ply. */
function advance(runner: ChartRunner, state: ChartState, move: Move, counter: 'seek' | 'rebuild'): ChartState {
  const made = movesMade(state.context);
  const next = runner.step(state, move as never);
  work[counter]++;
  if (movesMade(next.context) !== made + 1) {
    throw new Error(`plystack bug: move ${made} (${move.type}) of the log did not replay from a checkpoint`);
  }
  return next;
}

/** The last move of the log: the newest ply that is not an automatic pass (a cascade of them is short). */
function lastMove(context: TableContext): Move {
  for (let i = size(context.plies) - 1; i >= 0; i--) {
    const ply = at(context.plies, i) as Ply;
    if (!ply.automatic) return ply.move;
  }
  throw new Error('plystack bug: a move was accepted but no ply of it is in the log');
}

// ---- the timeline of one table -------------------------------------------

/**
 * The time travel of a table of `machine` whose state now is `head()`: the
 * table tells it of each state it accepts (`accepted`), for checkpoints, from
 * now on. `inherited` seeds it with a parent's checkpoints (a branch).
 *
 * @example
 * const travel = timeline(mundane, machine, () => state)
 * travel.at(0).state.phase // 'RESET'
 */
export function timeline<Gm extends AnyGame>(
  game: Gm,
  machine: AnyStateMachine,
  head: () => ChartState,
  inherited?: History,
): Timeline<Gm> {
  // The machine's runner, compiled once per machine: the table steps its moves with the same one.
  const runner = runnerOf(game, machine);
  const every = CHECKPOINT_EVERY;
  const viewAt = (state: ChartState): TableView<Gm> =>
    viewOf(game, { context: state.context, value: runner.valueOf(state) as StateValue });
  // Positions count the log's moves: automatic passes belong to the move that set them off.
  const headSize = (): number => movesMade(head().context);

  // Checkpoints by ply count: every multiple of `every` from `base` on, `base` itself, and inherited or rebuilt ones before it.
  const checkpoints = new Map<number, ChartState>(inherited?.checkpoints ?? []);
  const base = headSize();
  checkpoints.set(base, head());
  let complete = base === 0 || (inherited?.complete ?? false);

  // The head's moves, kept in step as plies are accepted; rebuilt from the log when out of step.
  let moves: Move[] | null = null;
  const movesOfHead = (): Move[] => {
    if (moves === null || moves.length !== headSize())
      moves = toArray(head().context.plies).flatMap((ply) => (ply.automatic ? [] : [ply.move]));
    return moves;
  };

  const accepted = (state: ChartState): void => {
    const n = movesMade(state.context);
    if (n % every === 0 && !checkpoints.has(n)) checkpoints.set(n, state);
    if (moves !== null && n !== moves.length) {
      if (n === moves.length + 1) moves.push(lastMove(state.context));
      else moves = null; // rebuilt from the log on the next look
    }
  };

  /** Replays the log from the opening to `base`, keeping every checkpoint on the way. Once per table. */
  const rebuild = (): void => {
    const { opening } = head().context;
    const input = { table: opening.table, seats: opening.seats, seed: opening.seed, options: opening.givenOptions };
    const [initial] = initialTransition(machine, input);
    let state = chartStateOf(initial);
    const log = movesOfHead();
    for (let i = 0; i < base; i++) {
      if (i % every === 0 && !checkpoints.has(i)) checkpoints.set(i, state);
      state = advance(runner, state, log[i] as Move, 'rebuild');
    }
    complete = true;
  };

  /** The nearest checkpoint at or before `n`, as [its ply count, its snapshot]. */
  const nearest = (n: number): [number, ChartState] => {
    if (n >= base && base > checkpointAtOrBefore(n, every)) return [base, checkpoints.get(base) as ChartState];
    const at = checkpointAtOrBefore(n, every);
    if (!checkpoints.has(at) && !complete) rebuild();
    const snapshot = checkpoints.get(at);
    if (snapshot === undefined) throw new Error(`plystack bug: no checkpoint at ply ${at}`);
    return [at, snapshot];
  };

  /** The snapshots after plies from..n (from the nearest checkpoint at or before n): the last one is the table after n plies. */
  const stretchTo = (n: number): { from: number; snapshots: ChartState[] } => {
    if (n === headSize()) return { from: n, snapshots: [head()] };
    const [from, start] = nearest(n);
    const log = movesOfHead();
    const snapshots = [start];
    for (let i = from; i < n; i++)
      snapshots.push(advance(runner, snapshots[snapshots.length - 1] as ChartState, log[i] as Move, 'seek'));
    return { from, snapshots };
  };

  /**
   * The table after exactly `k` plies, automatic passes included. A ply that
   * ends its move's cascade is the table after that move; an automatic pass
   * followed by more of the same move's passes is read from the move's
   * microsteps (XState's pure `getMicrosteps`, from the machine snapshot of
   * the state before the move): the last one that has recorded ply k and not
   * yet ply k + 1.
   */
  const plySnapshot = (k: unknown): TableView<Gm> => {
    const plies = head().context.plies;
    const total = size(plies);
    if (typeof k !== 'number' || !Number.isInteger(k) || k < 0 || k > total) {
      throw new RangeError(`atPly(${String(k)}): the table has ${total} plies; give an integer from 0 to ${total}`);
    }
    if (k === 0) return viewAt(stretchTo(0).snapshots.at(-1) as ChartState);
    const move = (at(plies, k - 1) as Ply).moveIndex;
    const next = at(plies, k);
    if (next === undefined || next.moveIndex !== move) return viewAt(snapshotAt('atPly', move + 1));
    const state = snapshotAt('atPly', move);
    const before = machine.resolveState({ value: runner.valueOf(state) as StateValue, context: state.context });
    let found: MachineSnapshot | null = null;
    for (const [snapshot] of getMicrosteps(machine, before, movesOfHead()[move] as never)) {
      const recorded = size(snapshot.context.plies);
      if (recorded === k) found = snapshot;
      else if (recorded > k) break;
    }
    work.seek++;
    if (found === null)
      throw new Error(`plystack bug: ply ${k} (an automatic pass of move ${move}) did not replay from a checkpoint`);
    return viewOf(game, found);
  };

  const snapshotAt = (method: string, n: unknown): ChartState => {
    checkPlyIndex(method, n, headSize());
    const { snapshots } = stretchTo(n);
    return snapshots[snapshots.length - 1] as ChartState;
  };

  const cursor = (start?: number): TableCursor<Gm> => {
    let index = start ?? headSize();
    checkPlyIndex('cursor', index, headSize());
    let stretch = stretchTo(index);
    let snapshot = stretch.snapshots[stretch.snapshots.length - 1] as ChartState;
    let view: TableView<Gm> | null = null;

    const seek = (n: number): TableView<Gm> => {
      checkPlyIndex('seek', n, headSize());
      const kept = n - stretch.from;
      if (kept >= 0 && kept < stretch.snapshots.length) snapshot = stretch.snapshots[kept] as ChartState;
      else if (n === index + 1) snapshot = advance(runner, snapshot, movesOfHead()[index] as Move, 'seek');
      else {
        stretch = stretchTo(n);
        snapshot = stretch.snapshots[stretch.snapshots.length - 1] as ChartState;
      }
      if (n !== index) view = null;
      index = n;
      return self.view;
    };

    const self: TableCursor<Gm> = {
      get index() {
        return index;
      },
      get view() {
        view ??= viewAt(snapshot);
        return view;
      },
      forward() {
        if (index >= headSize()) return false;
        seek(index + 1);
        return true;
      },
      back() {
        if (index <= 0) return false;
        seek(index - 1);
        return true;
      },
      seek,
      first: () => seek(0),
      last: () => seek(headSize()),
    };
    return self;
  };

  return {
    accepted,
    at: (n) => viewAt(snapshotAt('at', n)),
    atPly: (k) => plySnapshot(k),
    cursor,
    branchPoint(n) {
      const snapshot = snapshotAt('branch', n);
      const kept = new Map<number, ChartState>();
      for (const [k, s] of checkpoints) if (k <= n && k % every === 0) kept.set(k, s);
      return {
        persisted: persistedOf(runner, snapshot),
        history: { checkpoints: kept, complete },
      };
    },
  };
}
