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
import { readMove, type JsonValue } from '../core/move.js';
import { openingContext, type Ply, type TableContext } from '../engine/context.js';
import { checkMove, endsTurn, turnCanPass } from '../engine/rules.js';
import * as step from '../engine/steps.js';
import { eventsOf, type TableEmitted } from '../engine/events.js';
import { readStructure, type StructurePlan } from '../progression/structure.js';
import { eligibleSeats } from '../progression/turns.js';
import { priorityRegion, stackRegion, turnRegion } from './regions.js';

/** A move sent to the table: CONTRACT.md's move shape is the machine's event. */
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
  return JSON.stringify([plan.priority, plan.transitions, plan.phases.map((p) => [p.name, p.rules.strategy, p.turnPhases, p.moves, p.onEnter ?? null, p.onLeave ?? null])]);
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
  const parsed = game.options.safeParse(options ?? {});
  const read = parsed.success ? readStructure(game, parsed.data, Array.isArray(seats) ? seats : []) : null;
  const plan = read?.ok ? read.plan : FALLBACK;
  let byShape = machines.get(game);
  if (byShape === undefined) machines.set(game, (byShape = new Map()));
  const key = chartKey(plan);
  let machine = byShape.get(key);
  if (machine === undefined) byShape.set(key, (machine = buildTableMachine(game, plan)));
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
  const opening = (snapshot as { context?: { opening?: { options?: unknown; seats?: unknown } } } | null)?.context?.opening;
  return createTableMachine(game, opening?.options, opening?.seats);
}

/** The chart's setup for `game`: its types, and each guard and action as one line over the pure functions. */
function tableSetup(game: AnyGame) {
  return setup({
    types: {
      context: {} as TableContext,
      events: {} as MoveEvent,
      input: {} as unknown,
      emitted: {} as TableEmitted,
    },
    guards: {
      tableIsInvalid: ({ context }) => context.opening.problem !== null,
      moveIsLegal: ({ context, event }) => checkMove(game, context, event) === null,
      allSeatsPassed: ({ context }) => context.passes >= step.seatsInGame(context),
      isLastToPass: ({ context }) => context.passes + 1 >= step.seatsInGame(context),
      stackIsEmpty: ({ context }) => context.stack.length === 0,
      stackHasItems: ({ context }) => context.stack.length > 0,
      gameEndsWithTurn: ({ context }) => step.gameEnds(game, context, true),
      gameIsOver: ({ context }) => step.seatsInGame(context) === 0 || step.gameEnds(game, context, false),
      turnMovesSpent: ({ context }) => context.progression.obligation === null && context.progression.movesThisTurn >= (context.progression.rules.movesPerTurn ?? Infinity),
      activeSeatIsOut: ({ context }) => context.turn.activeSeat !== null && context.progression.out.includes(context.turn.activeSeat),
      nobodyIsWaiting: ({ context }) => context.progression.waiting.length === 0,
      seatsRemain: ({ context }) => step.seatsInGame(context) > 0,
      holderAutoPasses: ({ context }) => step.holderAutoPasses(context),
      turnCanPass: ({ context }) => turnCanPass(context),
      autoPassKeepsTurnGoing: ({ context }) =>
        context.prioritySeat === null || !endsTurn(context, { type: 'engine.pass', seat: context.prioritySeat }) || turnCanPass(context),
      takesTransition: ({ event }, params: { transition: string }) => (event.payload as { transition?: unknown } | undefined)?.transition === params.transition,
    },
    actions: {
      // XState copies the snapshot on every assign, so each transition's bookkeeping is merged into one assign.
      // Every action computes its change with the pure steps and emits what `eventsOf` derives from it.
      recordPly: enqueueActions(({ context, event, enqueue }) => {
        const read = readMove(event);
        if (!read.ok) return;
        const ply = step.plyFor(game, context, read.move);
        const change = step.recordPly(context, ply);
        enqueue.assign(change);
        for (const emitted of eventsOf(context, change, { kind: 'recorded', ply })) enqueue.emit(emitted);
      }),
      recordPass: enqueueActions(({ context, event, enqueue }) => {
        const read = readMove(event);
        if (!read.ok) return;
        const ply = step.plyFor(game, context, read.move);
        const change = { ...step.recordPly(context, ply), ...step.countPass(context), ...step.undoRecord(game, context, read.move) };
        enqueue.assign(change);
        for (const emitted of eventsOf(context, change, { kind: 'recorded', ply })) enqueue.emit(emitted);
      }),
      recordPassAndMovePriority: enqueueActions(({ context, event, enqueue }) => {
        const read = readMove(event);
        if (!read.ok) return;
        const ply = step.plyFor(game, context, read.move);
        const change = { ...step.recordPly(context, ply), ...step.countPass(context), ...step.priorityToNextSeat(context), ...step.undoRecord(game, context, read.move) };
        enqueue.assign(change);
        for (const emitted of eventsOf(context, change, { kind: 'recorded', ply })) enqueue.emit(emitted);
      }),
      recordAutoPass: enqueueActions(({ context, enqueue }) => {
        const ply = step.autoPassPly(game, context);
        const change = { ...step.recordPly(context, ply), ...step.countPass(context) };
        enqueue.assign(change);
        for (const emitted of eventsOf(context, change, { kind: 'recorded', ply })) enqueue.emit(emitted);
      }),
      setAutoPass: assign(({ context, event }) => step.setAutoPass(context, event.seat as string, event.payload as never)),
      recordAndTakeBack: enqueueActions(({ context, event, enqueue }) => {
        const read = readMove(event);
        if (!read.ok) return;
        const ply = step.plyFor(game, context, read.move);
        const change = { ...step.recordPly(context, ply), ...step.takeBack(context) };
        enqueue.assign(change);
        for (const emitted of eventsOf(context, change, { kind: 'recorded', ply })) enqueue.emit(emitted);
      }),
      passPriorityToNextSeat: enqueueActions(({ context, enqueue }) => {
        const change = step.priorityToNextSeat(context);
        enqueue.assign(change);
        for (const emitted of eventsOf(context, change, { kind: 'priority-moved' })) enqueue.emit(emitted);
      }),
      recordAndPlayMove: enqueueActions(({ context, event, enqueue }) => {
        const read = readMove(event);
        if (!read.ok) return;
        const ply = step.plyFor(game, context, read.move);
        const recorded = step.recordPly(context, ply);
        const played = step.playGameMove(game, { ...context, ...recorded }, read.move);
        const change = { ...recorded, ...played, ...step.undoRecord(game, context, read.move) };
        enqueue.assign(change);
        for (const emitted of eventsOf(context, change, { kind: 'recorded', ply })) enqueue.emit(emitted);
      }),
      resolveTopAndReturnPriority: enqueueActions(({ context, enqueue }) => {
        const { resolved, ...resolution } = step.resolveTop(game, context);
        const change = { ...resolution, ...step.priorityToActiveSeat(context) };
        enqueue.assign(change);
        for (const emitted of eventsOf(context, change, { kind: 'resolved', item: resolved })) enqueue.emit(emitted);
      }),
      enterPhase: enqueueActions(({ context, enqueue }, params: { phase: string }) => {
        const change = step.enterPhase(context, params.phase);
        enqueue.assign(change);
        for (const emitted of eventsOf(context, change, { kind: 'phase-entered', phase: params.phase })) enqueue.emit(emitted);
      }),
      runRoutine: assign(({ context }, params: { routine: string }) => step.runRoutine(game, context, params.routine)),
      enterGamePhase: enqueueActions(({ context, enqueue }, params: { phase: string }) => {
        const change = step.enterGamePhase(context, params.phase);
        enqueue.assign(change);
        for (const emitted of eventsOf(context, change, { kind: 'game-phase-entered', phase: params.phase })) enqueue.emit(emitted);
      }),
      endTurn: enqueueActions(({ context, enqueue }) => {
        for (const emitted of eventsOf(context, {}, { kind: 'turn-ended' })) enqueue.emit(emitted);
      }),
      passTurnToNextSeat: enqueueActions(({ context, enqueue }) => {
        const change = step.passTurn(context);
        enqueue.assign(change);
        for (const emitted of eventsOf(context, change, { kind: 'turn-passed' })) enqueue.emit(emitted);
      }),
      startTurn: enqueueActions(({ context, enqueue }) => {
        for (const emitted of eventsOf(context, {}, { kind: 'turn-started' })) enqueue.emit(emitted);
      }),
      endSeatTurn: assign(({ context, event }) => step.endSeatTurn(context, event.seat)),
      endRound: enqueueActions(({ context, enqueue }) => {
        for (const emitted of eventsOf(context, {}, { kind: 'round-ended' })) enqueue.emit(emitted);
      }),
      startNextRound: enqueueActions(({ context, enqueue }) => {
        const change = step.nextSimultaneousRound(context);
        enqueue.assign(change);
        for (const emitted of eventsOf(context, change, { kind: 'round-started' })) enqueue.emit(emitted);
      }),
      mergeInitiative: enqueueActions(({ context, event, enqueue }) => {
        const change = step.mergeInitiative(context, (event.payload as { scores: Record<string, number> }).scores);
        enqueue.assign(change);
        for (const emitted of eventsOf(context, change, { kind: 'initiative-merged' })) enqueue.emit(emitted);
      }),
      delayActiveSeat: assign(({ context, event }) => step.delayActiveSeat(context, (event.payload as { after: string }).after)),
      removeSeat: assign(({ context, event }) => step.removeSeat(context, event.seat ?? (event.payload as { seat: string }).seat)),
      finishGame: enqueueActions(({ context, enqueue }) => {
        const change = step.finishGame(game, context);
        enqueue.assign(change);
        for (const emitted of eventsOf(context, change, { kind: 'over' })) enqueue.emit(emitted);
      }),
      refuseMove: enqueueActions(({ context, event, enqueue }) => {
        const refusal = checkMove(game, context, event);
        if (refusal !== null) for (const emitted of eventsOf(context, {}, { kind: 'refused', refusal })) enqueue.emit(emitted);
      }),
    },
  });
}

/** The config of one state of the table chart: guard and action names are the setup's, so a misspelt one does not compile. */
export type TableStateConfig = NonNullable<Parameters<ReturnType<typeof tableSetup>['createMachine']>[0]['states']>[string];

function buildTableMachine(game: AnyGame, plan: StructurePlan) {
  const table = tableSetup(game);

  const gameMoveTypes = Object.keys(game.moves);
  const regions = {
    turn: turnRegion(plan, gameMoveTypes),
    ...(plan.priority ? { priority: priorityRegion(gameMoveTypes), stack: stackRegion() } : {}),
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
