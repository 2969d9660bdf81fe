/**
 * Look-ahead: a detached copy of a table that plays moves on the fast runner
 * (no actor, no listeners), for bots and what-ifs. It checks every move as a
 * live table does and refuses with the same codes; game code that throws is
 * refused as GAME_ERROR and the copy stays as it was. A copy shares the
 * table's (immutable) context, so making one costs nothing, and `fork()`
 * branches it again just as cheaply. The live table never changes.
 */

import type { AnyStateMachine, Snapshot } from 'xstate';
import { GameCodeError, IllegalMove, type Refusal, refusal } from '../core/errors.js';
import type { Move } from '../core/move.js';
import type { AnyGame, MoveOf, SeatViewOf, ViewedSeatOf } from '../definition/game.js';
import type { Ply, TableState } from '../definition/records.js';
import type { TableContext } from '../engine/context.js';
import type { TableEmitted } from '../engine/events.js';
import { checkMove, gate } from '../engine/gate.js';
import { type LegalMoves, legalMovesFor, seatsToAct } from '../engine/legalMoves.js';
import { logView, stateView, type TableLog, type TableViewFor, type Viewer, viewFor } from '../engine/view.js';
import { at, size } from '../log/plyLog.js';
import { type ChartRunner, type ChartState, chartRunner } from './chartRunner.js';

/** A detached copy of a table for look-ahead (`table.simulate()`). */
export interface Simulation<Gm extends AnyGame = AnyGame> {
  /** The game played here. */
  readonly game: Gm;
  /**
   * Plays a move on this copy: its ply and what the table emitted playing it
   * (the events `table.on` would hear), or the refusal a live table would give
   * (this copy then stays as it was).
   */
  tryPlay(
    move: MoveOf<Gm> | Move | unknown,
  ):
    | { readonly ok: true; readonly ply: Ply; readonly emitted: readonly TableEmitted[] }
    | { readonly ok: false; readonly error: IllegalMove };
  /** Plays a move on this copy; throws `IllegalMove` when it is refused. */
  play(move: MoveOf<Gm> | Move): Ply;
  /** Why `move` would be refused here, or null. */
  check(move: unknown): Refusal | null;
  /** What `seat` may play here, and what it may not and why. */
  legalMoves(seat: string): LegalMoves<MoveOf<Gm> & Move>;
  /** The seats that may act here. */
  toAct(): string[];
  /** The state here, as the table's `state` shows it (a fresh copy). */
  readonly state: TableState<SeatViewOf<Gm>>;
  /** The state and plies as `viewer` (a seat id, or null for a spectator) may see them here, as `table.viewFor` gives them. */
  viewFor(viewer: Viewer): TableViewFor<ViewedSeatOf<Gm>>;
  /** The log that rebuilds this copy: the table's opening and every move played up to here. */
  readonly log: TableLog;
  /** The plies played so far, the table's own included. */
  readonly plyCount: number;
  /** Whether the game is over here. */
  readonly over: boolean;
  /** The raw context here: read it, never change it (the table it came from shares it). */
  readonly context: TableContext;
  /** Another copy that goes on from here independently. */
  fork(): Simulation<Gm>;
  /** The snapshot a table would persist here: `restoreTable(game, copy.persist())` opens a live table at this point. */
  persist(): Snapshot<unknown>;
}

const runners = new WeakMap<AnyStateMachine, ChartRunner>();

/** The fast runner of a table machine, compiled once per machine. */
export function runnerOf(game: AnyGame, machine: AnyStateMachine): ChartRunner {
  let runner = runners.get(machine);
  if (runner === undefined) {
    runner = chartRunner(game, machine);
    runners.set(machine, runner);
  }
  return runner;
}

/** Where each simulation stands on the chart: its runner and its state now, for `simulationAt`. */
const chartStates = new WeakMap<object, () => { readonly runner: ChartRunner; readonly state: ChartState }>();

/**
 * A simulation at the same point of the chart as `from`, whose context is `context`: one `from` could hold there (the
 * same plan, seats and turn; other pieces), as a bot's sample of what its seat may not see is. `from` is unchanged.
 * Throws a TypeError for anything but a simulation from `table.simulate()` or `fork()`.
 *
 * @example
 * const sample = simulationAt(table.simulate(), { ...table.context, game: otherPieces })
 */
export function simulationAt<Gm extends AnyGame>(from: Simulation<Gm>, context: TableContext): Simulation<Gm> {
  const at = chartStates.get(from)?.();
  if (at === undefined) throw new TypeError('simulationAt starts from a simulation of table.simulate() or fork()');
  return simulation(from.game, at.runner, { nodes: at.state.nodes, context });
}

/** A simulation of `game` from `start`, a state of its chart, stepped by `runner` (`runnerOf` the table's machine). */
export function simulation<Gm extends AnyGame>(game: Gm, runner: ChartRunner, start: ChartState): Simulation<Gm> {
  let state = start;
  const tryPlay = (raw: unknown) => {
    const verdict = gate(game, state.context, raw);
    if (!verdict.ok) return { ok: false as const, error: new IllegalMove(verdict.refusal) };
    const index = size(state.context.plies);
    const emitted: TableEmitted[] = [];
    try {
      state = runner.step(state, verdict.move, emitted);
    } catch (error) {
      if (!(error instanceof GameCodeError)) throw error;
      return { ok: false as const, error: new IllegalMove(refusal('GAME_ERROR', error.message)) };
    }
    return { ok: true as const, ply: at(state.context.plies, index) as Ply, emitted };
  };
  const copy: Simulation<Gm> = {
    game,
    tryPlay,
    play(move) {
      const result = tryPlay(move);
      if (!result.ok) throw result.error;
      return result.ply;
    },
    check: (move) => checkMove(game, state.context, move),
    legalMoves: (seat) => legalMovesFor(game, state.context, seat) as LegalMoves<MoveOf<Gm> & Move>,
    toAct: () => seatsToAct(state.context),
    get state() {
      return structuredClone(stateView(game, state.context)) as TableState<SeatViewOf<Gm>>;
    },
    viewFor: (viewer) => viewFor(game, state.context, viewer) as TableViewFor<ViewedSeatOf<Gm>>,
    get log() {
      return logView(game, state.context);
    },
    get plyCount() {
      return size(state.context.plies);
    },
    get over() {
      return state.context.status === 'over';
    },
    get context() {
      return state.context;
    },
    fork: () => simulation(game, runner, state),
    persist: () => persistedOf(runner, state),
  };
  chartStates.set(copy, () => ({ runner, state }));
  return copy;
}

/**
 * The snapshot a live table would persist at `state`: what `restoreTable` or
 * XState's `createActor(machine, { snapshot })` opens a live table from. The
 * context is shared, not copied (the chart has no history states, invoked
 * actors or delays, so there is nothing else to persist).
 *
 * @example
 * restoreTable(mundane, persistedOf(runner, state))
 */
export function persistedOf(runner: ChartRunner, state: ChartState): Snapshot<unknown> {
  return {
    status: 'active',
    output: undefined,
    error: undefined,
    value: runner.valueOf(state),
    historyValue: {},
    context: state.context,
    children: {},
  } as unknown as Snapshot<unknown>;
}
