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

import { assign, enqueueActions, setup } from 'xstate';
import type { AnyGame } from '../core/game.js';
import type { JsonValue } from '../core/move.js';
import { parseSchema } from '../core/schema.js';
import { openingContext, type TableContext } from '../engine/context.js';
import type { TableEmitted } from '../engine/events.js';
import { readStructure, type StructurePlan } from '../progression/structure.js';
import { askedOnce } from './askedOnce.js';
import { priorityRegion, stackRegion, turnRegion } from './regions.js';
import { type Effect, NO_CHANGE, tableAssigns, tableEffects, tableGuards } from './tableLogic.js';

/** A move sent to the table: the move shape of docs/contract.md is the machine's event. */
export interface MoveEvent {
  readonly type: string;
  readonly seat?: string;
  readonly payload?: JsonValue;
}

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

/** What the chart hands a guard or an action: the context and the move. */
type Args = { readonly context: TableContext; readonly event: MoveEvent };
/** The params a table function reads (its third argument). */
type ParamsOf<F> = F extends (context: TableContext, event: MoveEvent, params: infer P) => unknown ? P : never;
/** A table's functions as XState implementations of the same names and params. */
type Lifted<T, R> = { [K in keyof T]: (args: Args, params: ParamsOf<T[K]>) => R };
type TableFunction<R> = (context: TableContext, event: MoveEvent, params: never) => R;

/** Each guard as XState calls it: the pure function of the same name, asked once per context, event and params. */
function liftGuards<T extends Record<string, TableFunction<boolean>>>(table: T): Lifted<T, boolean> {
  const lifted: Record<string, unknown> = {};
  for (const [name, guard] of Object.entries(table)) {
    const ask = askedOnce(guard);
    lifted[name] = ({ context, event }: Args, params: never) => ask(context, event, params);
  }
  return lifted as Lifted<T, boolean>;
}

/** Each assign-only action as XState's `assign` of the change the pure function returns. */
function liftAssigns<T extends Record<string, TableFunction<Partial<TableContext>>>>(table: T): Lifted<T, void> {
  const lifted: Record<string, unknown> = {};
  for (const [name, change] of Object.entries(table))
    lifted[name] = assign(({ context, event }: Args, params: never) => change(context, event, params));
  return lifted as Lifted<T, void>;
}

/** Each action with events as XState's `enqueueActions`: its change assigned, then its events emitted if heard. */
function liftEffects<T extends Record<string, TableFunction<Effect>>>(table: T): Lifted<T, void> {
  const lifted: Record<string, unknown> = {};
  for (const [name, effect] of Object.entries(table))
    lifted[name] = enqueueActions(({ context, event, enqueue, self }, params: never) =>
      announce(enqueue, self, effect(context as TableContext, event as MoveEvent, params)),
    );
  return lifted as Lifted<T, void>;
}

/** The chart's setup for `game`: its types, and each guard and action named after the pure function it calls. */
function tableSetup(game: AnyGame) {
  return setup({
    types: {
      context: {} as TableContext,
      events: {} as MoveEvent,
      input: {} as unknown,
      emitted: {} as TableEmitted,
    },
    guards: liftGuards(tableGuards(game)),
    actions: { ...liftAssigns(tableAssigns(game)), ...liftEffects(tableEffects(game)) },
  });
}

/** Actors nobody listens to: their chart works out no events and emits none (see `hearEvents`). */
const unheard = new WeakSet<object>();

/**
 * Whether the table machine's `actor` works out and emits its events. A
 * table turns them off while nothing listens (no `table.on` handler, no
 * `actor.on` subscription), so an event nobody hears costs nothing; an actor
 * made straight from the machine always emits.
 */
export function hearEvents(actor: object, heard: boolean): void {
  if (heard) unheard.delete(actor);
  else unheard.add(actor);
}

/** What an action's effect asks of XState: one assign (unless it changes nothing), then its events in order if anyone listens. */
function announce(
  enqueue: { assign(change: Partial<TableContext>): void; emit(event: TableEmitted): void },
  self: object,
  effect: Effect,
): void {
  if (effect.change !== NO_CHANGE) enqueue.assign(effect.change);
  if (unheard.has(self)) return;
  for (const event of effect.events) enqueue.emit(event);
}

/** The config of one state of the table chart: guard and action names are the setup's, so a misspelt one does not compile. */
export type TableStateConfig = NonNullable<
  Parameters<ReturnType<typeof tableSetup>['createMachine']>[0]['states']
>[string];

function buildTableMachine(game: AnyGame, plan: StructurePlan) {
  const table = tableSetup(game);

  const gameMoveTypes = Object.keys(game.moves);
  const regions = {
    turn: turnRegion(plan, gameMoveTypes),
    ...(plan.priority ? { priority: priorityRegion(plan, gameMoveTypes), stack: stackRegion() } : {}),
  };

  return table.createMachine({
    id: 'table',
    context: ({ input }) => openingContext(game, input),
    initial: 'opening',
    on: { '*': { actions: 'refuseMove' } },
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
