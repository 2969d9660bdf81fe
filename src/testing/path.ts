/**
 * A generated path through a table's turn structure, and the check that plays
 * one on a real table: `createTable`, `table.play` for every move, and after
 * each step the table against what the model expects.
 */
import type { StateValue } from 'xstate';
import { type IllegalMoveCode, InvalidTable, type InvalidTableCode } from '../core/errors.js';
import type { Move } from '../core/move.js';
import type { AnyGame } from '../definition/game.js';
import type { TableInput } from '../engine/input.js';
import { legalMovesFor } from '../engine/legalMoves.js';
import { createTable, type Table } from '../table/table.js';
import { recheck } from '../verify/recheck.js';
import { publicState, type TableSnapshot } from './traversal.js';

/** What the model expects of the table after a step: the chart and the turn structure, as the table shows them. */
export interface ExpectedState {
  /** `table.actor.getSnapshot().value` */
  readonly value: StateValue;
  readonly status: 'playing' | 'over';
  readonly phase: string;
  readonly turn: number;
  readonly round: number;
  readonly activeSeat: string | null;
  readonly prioritySeat: string | null;
  readonly passes: number;
  /** The stack's depth. */
  readonly stack: number;
  readonly toAct: string[];
  /** `table.plies.length`: every ply the table recorded (one per accepted move, and any pass the engine makes for a seat). */
  readonly plies: number;
  /**
   * Each seat's answer for each of the game's own move types and for a pass and an end of turn: `ok` when it may make
   * one, else the code it is refused with (`timingOf`). A move allowed at the wrong time changes it.
   */
  readonly timing: string;
}

/** The move types whose timing a path checks: the game's own, a pass and an end of turn. */
function timedTypes(game: AnyGame): string[] {
  return [...Object.keys(game.moves), 'engine.pass', 'engine.end-turn'];
}

/**
 * Each seat's answer, in table order, for each of the game's own move types and for a pass and an end of turn: `ok`
 * when legal moves offer one of that type, else the code legal moves blocks it with.
 *
 * @example
 * timingOf(mundane, (seat) => table.legalMoves(seat), table.context.opening.seats) // 'seat:ann PlayCard=ok … ; seat:bob PlayCard=NO_PRIORITY …'
 */
export function timingOf(
  game: AnyGame,
  legalMoves: (seat: string) => { allowed: readonly Move[]; blocked: readonly { type: string; code: string }[] },
  seats: readonly string[],
): string {
  const types = timedTypes(game);
  return seats
    .map((seat) => {
      const legal = legalMoves(seat);
      const allowed = new Set(legal.allowed.map((move) => move.type));
      const blocked = new Map(legal.blocked.map((b) => [b.type, b.code]));
      return `${seat} ${types.map((type) => `${type}=${allowed.has(type) ? 'ok' : (blocked.get(type) ?? '?')}`).join(' ')}`;
    })
    .join('; ');
}

/** One step of a path: a move, what it says in words, and the state after it. */
export interface TablePathStep {
  readonly move: Move;
  readonly description: string;
  /** The code the table refuses the move with; null when it accepts it. */
  readonly refused: IllegalMoveCode | null;
  readonly expected: ExpectedState;
}

/** A path from the opening: its steps in order, and what the table shows at the opening. */
export interface TablePath {
  readonly description: string;
  readonly opening: ExpectedState;
  readonly steps: readonly TablePathStep[];
}

/** A table the engine must refuse to open (it reaches the chart's state for a refused opening). */
export interface RefusedOpening {
  readonly description: string;
  readonly input: TableInput;
  readonly code: InvalidTableCode;
  readonly path: string | undefined;
}

/**
 * What a table shows of its turn structure, in the shape the model expects it.
 *
 * @example
 * observeTable(createTable(mundane, input)).phase // 'RESET'
 */
export function observeTable(table: Table): ExpectedState {
  const { status, phase, turn, round, activeSeat, prioritySeat, passes, stack, toAct } = table.state;
  return {
    timing: timingOf(table.game, (seat) => table.legalMoves(seat), Object.keys(table.state.seats)),
    value: table.actor.getSnapshot().value,
    status,
    phase,
    turn,
    round,
    activeSeat,
    prioritySeat,
    passes,
    stack: stack.length,
    toAct,
    plies: table.plies.length,
  };
}

/**
 * What a snapshot of the machine shows, in the shape the model expects it, with
 * the number of plies recorded so far.
 *
 * @example
 * expectedOf(mundane, actor.getSnapshot(), 0).toAct // ['seat:ann']
 */
export function expectedOf(game: AnyGame, snapshot: TableSnapshot, plies: number): ExpectedState {
  const { status, phase, turn, round, activeSeat, prioritySeat, passes, stack, toAct, seats } = publicState(
    game,
    snapshot,
  );
  return {
    timing: timingOf(game, (seat) => legalMovesFor(game, snapshot.context, seat), Object.keys(seats)),
    value: snapshot.value,
    status,
    phase,
    turn,
    round,
    activeSeat,
    prioritySeat,
    passes,
    stack: stack.length,
    toAct,
    plies,
  };
}

function differences(actual: ExpectedState, expected: ExpectedState): string[] {
  return (Object.keys(expected) as (keyof ExpectedState)[])
    .filter((key) => JSON.stringify(actual[key]) !== JSON.stringify(expected[key]))
    .map(
      (key) =>
        `${key}: the model expects ${JSON.stringify(expected[key])}, the table has ${JSON.stringify(actual[key])}`,
    );
}

/**
 * Plays `path` on a new table of `game` opened with `input`, through
 * `createTable` and `table.tryPlay`, and throws an `Error` naming the step and
 * the fields where the table leaves the model. A refused step must be refused
 * with its code by the table and, sent straight to `table.actor`, by the same
 * gate (reported as move.refused), changing nothing. Then the game's properties and the built-in
 * checks are asked at every state of the path (`judged`: states already
 * judged by the paths before, which are not judged again).
 *
 * @example
 * checkPath(mundane, model.input, model.paths[0])
 */
export function checkPath(game: AnyGame, input: TableInput, path: TablePath, judged?: Set<string>): void {
  const table = createTable(game, input);
  const fail = (where: string, problems: string[]) => {
    throw new Error(`${path.description}\n${where}: ${problems.join('; ')}`);
  };
  try {
    const atOpening = differences(observeTable(table), path.opening);
    if (atOpening.length > 0) fail('at the opening', atOpening);
    path.steps.forEach((step, i) => {
      const where = `step ${i + 1} of ${path.steps.length} (${step.description}, ${JSON.stringify(step.move)})`;
      const before = table.actor.getSnapshot();
      const result = table.tryPlay(step.move);
      if (step.refused === null) {
        if (!result.ok)
          fail(where, [`the model accepts it, the table refuses it: ${result.error.code}: ${result.error.message}`]);
      } else {
        if (result.ok) fail(where, [`the model refuses it with ${step.refused}, the table accepted it`]);
        if (!result.ok && result.error.code !== step.refused)
          fail(where, [`the model refuses it with ${step.refused}, the table with ${result.error.code}`]);
        if (table.actor.getSnapshot() !== before) fail(where, ['a refused move reached the actor']);
        const codes: string[] = [];
        const listener = table.on('move.refused', (e) => codes.push(e.refusal.code));
        table.actor.send(step.move);
        listener.unsubscribe();
        if (codes.length !== 1 || codes[0] !== step.refused)
          fail(where, [
            `sent to the actor, it should be refused with ${step.refused}; it emitted ${JSON.stringify(codes)}`,
          ]);
      }
      const problems = differences(observeTable(table), step.expected);
      if (problems.length > 0) fail(where, problems);
    });
    // The game's own properties and the built-in checks, at every state and step of the path.
    const broken = recheck(game, table.log, { everyState: true, ...(judged === undefined ? {} : { judged }) }).problems;
    if (broken.length > 0)
      fail(
        'checking its properties',
        broken.map((p) => `${p.check} after move ${p.at}: ${p.message}`),
      );
  } finally {
    table.stop();
  }
}

/**
 * Opens the refused table and throws unless `createTable` refuses it with the
 * expected code and path.
 *
 * @example
 * checkOpening(mundane, model.refusedOpenings[0])
 */
export function checkOpening(game: AnyGame, opening: RefusedOpening): void {
  let thrown: unknown = null;
  try {
    createTable(game, opening.input).stop();
  } catch (error) {
    thrown = error;
  }
  if (!(thrown instanceof InvalidTable))
    throw new Error(`${opening.description}: the table opened, or failed otherwise: ${String(thrown)}`);
  if (thrown.code !== opening.code || thrown.path !== opening.path) {
    throw new Error(`${opening.description}: refused with ${thrown.code} at ${thrown.path}`);
  }
}
