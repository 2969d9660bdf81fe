/**
 * The table as one XState v5 statechart. While the game is on, named regions
 * run side by side (see regions.ts):
 *
 *   turn      the turn progression: one state per game phase, and inside it
 *             the turn structure of its strategy (mundane: a turn through
 *             RESET → WAKE_UP → PLAN → DO_STUFF → WIND_DOWN; when the last
 *             phase is done the turn passes to the next seat).
 *   priority  who may act (priority games): the seat holding priority acts
 *             or passes; a pass moves priority on unless every other seat
 *             already passed.
 *   stack     empty or holding items (priority games); when every seat has
 *             passed in a row, the top item resolves.
 *
 * Run-to-completion is left to the chart: after every move, guarded `always`
 * transitions read the context ("every seat passed and the stack is empty →
 * next phase", "every seat passed and the stack holds items → resolve the
 * top"). No internal events are raised, so nothing an app sends can fake one.
 *
 * Guards and actions are one line each, naming the pure functions of
 * `src/engine` and `src/progression`; the config only uses names.
 */

import type { Move } from '../core/move.js';
import { parseSchema } from '../core/schema.js';
import type { AnyGame } from '../definition/game.js';
import { readStructure, type StructurePlan } from '../definition/structure.js';
import { openingContext } from '../engine/context.js';
import { priorityRegion, stackRegion, turnRegion } from './regions.js';
import { tableSetup } from './tableSetup.js';

/** A move sent to the table: the move shape of docs/contract.md is the machine's event. */
export type MoveEvent = Move;

export type { TableEmitted } from '../engine/events.js';

/** The structure used to build a machine for options that do not read: its tables open straight into `invalid`. */
const FALLBACK: StructurePlan = {
  phases: [{ name: 'main', rules: { strategy: 'PerRound' }, turnPhases: [], moves: null }],
  transitions: [],
  priority: false,
  direction: 1,
  firstSeat: null,
  owner: null,
};

const machines = new WeakMap<AnyGame, Map<string, ReturnType<typeof buildTableMachine>>>();

/** The parts of a structure the chart is drawn from (not seats, owner or direction). */
function chartKey(plan: StructurePlan): string {
  // Every field of a phase plan but its rules, of which only the strategy shapes the chart.
  return JSON.stringify([plan.priority, plan.transitions, plan.phases.map((p) => ({ ...p, rules: p.rules.strategy }))]);
}

/**
 * The table machine for `game` with `options` (which, for some games, shape
 * the game phases), built once per shape and shared by its tables. Its input
 * is `{ table, seats, seed?, options? }`; an opening that fails validation
 * leaves the actor in the `invalid` state with the problem in
 * `context.opening.problem` (it never reaches XState's error status).
 *
 * @example
 * const actor = createActor(createTableMachine(mundane), { input: { table: 'table:1', seats: ['seat:ann', 'seat:bob'], seed: 1 } }).start()
 * actor.send({ type: 'engine.pass', seat: 'seat:ann' })
 */
export function createTableMachine(game: AnyGame, options: unknown = {}, seats: unknown = []) {
  const parsed = parseSchema(game.options, options ?? {});
  const read = parsed.success ? readStructure(game, parsed.data, Array.isArray(seats) ? seats : []) : null;
  const plan = read?.ok ? read.plan : FALLBACK;
  let byShape = machines.get(game);
  if (byShape === undefined) {
    byShape = new Map();
    machines.set(game, byShape);
  }
  const key = chartKey(plan);
  let machine = byShape.get(key);
  if (machine === undefined) {
    machine = buildTableMachine(game, plan);
    byShape.set(key, machine);
  }
  return machine;
}

/**
 * The table machine a persisted snapshot was made by: the one for the game
 * and the options and seats its context opened with.
 *
 * @example
 * createActor(machineOfSnapshot(mundane, persisted), { snapshot: persisted })
 */
export function machineOfSnapshot(game: AnyGame, snapshot: unknown) {
  const opening = (snapshot as { context?: { opening?: { options?: unknown; seats?: unknown } } } | null)?.context
    ?.opening;
  return createTableMachine(game, opening?.options, opening?.seats);
}

function buildTableMachine(game: AnyGame, plan: StructurePlan) {
  const table = tableSetup(game);

  const gameMoveTypes = Object.keys(game.moves);
  // The regions by name, typed as opaque objects: the machine's declared type then names no region's optional
  // members, and holds in an application that reads optional properties exactly (`exactOptionalPropertyTypes`).
  const regions: { readonly [region: string]: object } = {
    turn: turnRegion(plan, gameMoveTypes),
    ...(plan.priority ? { priority: priorityRegion(plan, gameMoveTypes), stack: stackRegion() } : {}),
  };

  return table.createMachine({
    id: 'table',
    context: ({ input }) => openingContext(game, input),
    initial: 'opening',
    // The door: a move no transition took (one sent straight to the actor is checked here, then raised).
    on: { '*': { actions: 'admitMove' } },
    states: {
      opening: {
        always: [{ guard: 'tableIsInvalid', target: 'invalid' }, { target: 'playing' }],
      },
      invalid: {},
      playing: {
        type: 'parallel',
        always: { guard: 'gameIsOver', target: 'over' },
        // A seat takes back its own last ply while nothing has happened since (a game declares what is undoable).
        on: { 'engine.undo': { guard: 'moveIsLegal', actions: 'recordAndTakeBack' } },
        states: regions,
      },
      over: { entry: 'finishGame' },
    },
  });
}

/** The machine type of a table of any game. */
export type TableMachine = ReturnType<typeof createTableMachine>;
