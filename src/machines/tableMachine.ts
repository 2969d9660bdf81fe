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
  return JSON.stringify([
    plan.priority,
    plan.transitions,
    plan.phases.map((p) => [p.name, p.rules.strategy, p.turnPhases, p.moves, p.onEnter ?? null, p.onLeave ?? null]),
    plan.phases.map((p) => [
      p.onTurnStart ?? null,
      p.onTurnEnd ?? null,
      p.onMove ?? null,
      p.order ?? null,
      p.windows ?? null,
    ]),
    plan.phases.map((p) => [p.endIf ?? null, p.turnEndIf ?? null, p.outcomes ?? null]),
  ]);
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

/** The chart's setup for `game`: its types, and each guard and action as one line over the pure functions. */
function tableSetup(game: AnyGame) {
  const guards = tableGuards(game);
  const assigns = tableAssigns(game);
  const effects = tableEffects(game);
  return setup({
    types: {
      context: {} as TableContext,
      events: {} as MoveEvent,
      input: {} as unknown,
      emitted: {} as TableEmitted,
    },
    guards: {
      tableIsInvalid: ({ context, event }) => guards.tableIsInvalid(context, event, undefined as never),
      moveIsLegal: ({ context, event }) => guards.moveIsLegal(context, event, undefined as never),
      allSeatsPassed: ({ context, event }) => guards.allSeatsPassed(context, event, undefined as never),
      isLastToPass: ({ context, event }) => guards.isLastToPass(context, event, undefined as never),
      stackIsEmpty: ({ context, event }) => guards.stackIsEmpty(context, event, undefined as never),
      stackHasItems: ({ context, event }) => guards.stackHasItems(context, event, undefined as never),
      gameEndsWithTurn: ({ context, event }) => guards.gameEndsWithTurn(context, event, undefined as never),
      gameIsOver: ({ context, event }) => guards.gameIsOver(context, event, undefined as never),
      turnMovesSpent: ({ context, event }) => guards.turnMovesSpent(context, event, undefined as never),
      activeSeatIsOut: ({ context, event }) => guards.activeSeatIsOut(context, event, undefined as never),
      nobodyIsWaiting: ({ context, event }) => guards.nobodyIsWaiting(context, event, undefined as never),
      seatsRemain: ({ context, event }) => guards.seatsRemain(context, event, undefined as never),
      holderAutoPasses: ({ context, event }) => guards.holderAutoPasses(context, event, undefined as never),
      turnCanPass: ({ context, event }) => guards.turnCanPass(context, event, undefined as never),
      autoPassKeepsTurnGoing: ({ context, event }) => guards.autoPassKeepsTurnGoing(context, event, undefined as never),
      takesTransition: ({ context, event }, params: { transition: string }) =>
        guards.takesTransition(context, event, params),
      conditionHolds: ({ context, event }, params: { condition: string }) =>
        guards.conditionHolds(context, event, params),
      roundEndsWithTurn: ({ context, event }) => guards.roundEndsWithTurn(context, event, undefined as never),
      movedThisTurn: ({ context, event }) => guards.movedThisTurn(context, event, undefined as never),
      moveEndsTurn: ({ context, event }) => guards.moveEndsTurn(context, event, undefined as never),
      windowWaits: ({ context, event }, params: { window: string }) => guards.windowWaits(context, event, params),
      moveTakesTransition: ({ context, event }, params: { transition: string }) =>
        guards.moveTakesTransition(context, event, params),
    },
    actions: {
      setAutoPass: assign(({ context, event }) => assigns.setAutoPass(context, event, undefined as never)),
      endSeatTurn: assign(({ context, event }) => assigns.endSeatTurn(context, event, undefined as never)),
      delayActiveSeat: assign(({ context, event }) => assigns.delayActiveSeat(context, event, undefined as never)),
      removeSeat: assign(({ context, event }) => assigns.removeSeat(context, event, undefined as never)),
      clearFlow: assign(({ context, event }) => assigns.clearFlow(context, event, undefined as never)),
      endWindowPart: assign(({ context, event }) => assigns.endWindowPart(context, event, undefined as never)),
      closeWindow: assign(({ context, event }) => assigns.closeWindow(context, event, undefined as never)),
      runRoutine: assign(({ context, event }, params: { routine: string; afterMove?: boolean }) =>
        assigns.runRoutine(context, event, params),
      ),
      chooseNextSeat: assign(({ context, event }, params: { order: string }) =>
        assigns.chooseNextSeat(context, event, params),
      ),
      runOnMove: assign(({ context, event }) => assigns.runOnMove(context, event, undefined as never)),
      recordPly: enqueueActions(({ context, event, enqueue, self }) =>
        announce(enqueue, self, effects.recordPly(context, event, undefined as never)),
      ),
      recordPass: enqueueActions(({ context, event, enqueue, self }) =>
        announce(enqueue, self, effects.recordPass(context, event, undefined as never)),
      ),
      recordPassAndMovePriority: enqueueActions(({ context, event, enqueue, self }) =>
        announce(enqueue, self, effects.recordPassAndMovePriority(context, event, undefined as never)),
      ),
      recordAutoPass: enqueueActions(({ context, event, enqueue, self }) =>
        announce(enqueue, self, effects.recordAutoPass(context, event, undefined as never)),
      ),
      recordAndTakeBack: enqueueActions(({ context, event, enqueue, self }) =>
        announce(enqueue, self, effects.recordAndTakeBack(context, event, undefined as never)),
      ),
      passPriorityToNextSeat: enqueueActions(({ context, event, enqueue, self }) =>
        announce(enqueue, self, effects.passPriorityToNextSeat(context, event, undefined as never)),
      ),
      recordAndPlayMove: enqueueActions(({ context, event, enqueue, self }) =>
        announce(enqueue, self, effects.recordAndPlayMove(context, event, undefined as never)),
      ),
      resolveTopAndReturnPriority: enqueueActions(({ context, event, enqueue, self }) =>
        announce(enqueue, self, effects.resolveTopAndReturnPriority(context, event, undefined as never)),
      ),
      endTurn: enqueueActions(({ context, event, enqueue, self }) =>
        announce(enqueue, self, effects.endTurn(context, event, undefined as never)),
      ),
      passTurnToNextSeat: enqueueActions(({ context, event, enqueue, self }) =>
        announce(enqueue, self, effects.passTurnToNextSeat(context, event, undefined as never)),
      ),
      startTurn: enqueueActions(({ context, event, enqueue, self }) =>
        announce(enqueue, self, effects.startTurn(context, event, undefined as never)),
      ),
      endRound: enqueueActions(({ context, event, enqueue, self }) =>
        announce(enqueue, self, effects.endRound(context, event, undefined as never)),
      ),
      startNextRound: enqueueActions(({ context, event, enqueue, self }) =>
        announce(enqueue, self, effects.startNextRound(context, event, undefined as never)),
      ),
      mergeInitiative: enqueueActions(({ context, event, enqueue, self }) =>
        announce(enqueue, self, effects.mergeInitiative(context, event, undefined as never)),
      ),
      finishGame: enqueueActions(({ context, event, enqueue, self }) =>
        announce(enqueue, self, effects.finishGame(context, event, undefined as never)),
      ),
      refuseMove: enqueueActions(({ context, event, enqueue, self }) =>
        announce(enqueue, self, effects.refuseMove(context, event, undefined as never)),
      ),
      enterPhase: enqueueActions(({ context, event, enqueue, self }, params: { phase: string }) =>
        announce(enqueue, self, effects.enterPhase(context, event, params)),
      ),
      enterGamePhase: enqueueActions(({ context, event, enqueue, self }, params: { phase: string }) =>
        announce(enqueue, self, effects.enterGamePhase(context, event, params)),
      ),
    },
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
