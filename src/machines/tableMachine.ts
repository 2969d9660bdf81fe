/**
 * The table as one XState v5 statechart with three named regions that run
 * side by side while the game is on:
 *
 *   turn      the turn progression; inside it, the game's phases in order
 *             (mundane: RESET → WAKE_UP → PLAN → DO_STUFF → WIND_DOWN). When
 *             the last phase is done the turn passes to the next seat.
 *   priority  who may act: the seat holding priority acts or passes; a
 *             pass moves priority on, unless every other seat already passed.
 *   stack     empty or holding items; when every seat has passed in a row,
 *             the top item resolves.
 *
 * Run-to-completion is left to the chart: after every move, guarded `always`
 * transitions read the context ("every seat passed and the stack is empty →
 * next phase", "every seat passed and the stack holds items → resolve the
 * top"). No internal events are raised, so nothing an app sends can fake one.
 *
 * Guards and actions are one line each, naming the pure functions of
 * `src/engine`; the config below only uses names.
 */
import { and, assign, enqueueActions, setup, stateIn, type MachineConfig } from 'xstate';
import type { Refusal } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import { readMove, type JsonValue } from '../core/move.js';
import type { StackItem } from '../stack/stack.js';
import { openingContext, type Ply, type TableContext } from '../engine/context.js';
import { checkMove, moveTypes } from '../engine/rules.js';
import * as step from '../engine/steps.js';
import { size } from '../log/plyLog.js';

/** A move sent to the table: CONTRACT.md's move shape is the machine's event. */
export interface MoveEvent {
  readonly type: string;
  readonly seat?: string;
  readonly payload?: JsonValue;
}

/** What a table tells the application, through XState's `emit` (subscribe with `actor.on`). */
export type TableEmitted =
  | { type: 'turn.ended'; seat: string; turn: number }
  | { type: 'turn.started'; seat: string; turn: number }
  | { type: 'phase.changed'; phase: string; seat: string; turn: number }
  | { type: 'priority.changed'; seat: string | null }
  | { type: 'stack.pushed'; item: StackItem }
  | { type: 'stack.resolved'; item: StackItem }
  | { type: 'ply.recorded'; ply: Ply; index: number }
  | { type: 'move.refused'; refusal: Refusal }
  | { type: 'game.over'; winners: readonly string[] };

const machines = new WeakMap<AnyGame, ReturnType<typeof buildTableMachine>>();

/**
 * The table machine for `game`, built once per game and shared by its tables.
 * Its input is `{ table, seats, seed?, options? }`; an opening that fails
 * validation leaves the actor in the `invalid` state with the problem in
 * `context.opening.problem` (it never reaches XState's error status).
 *
 * @example
 * const actor = createActor(createTableMachine(mundane), { input: { table: 'table:1', seats: ['seat:ann', 'seat:bob'], seed: 1 } }).start()
 * actor.send({ type: 'engine.pass', seat: 'seat:ann' })
 */
export function createTableMachine(game: AnyGame) {
  let machine = machines.get(game);
  if (machine === undefined) {
    machine = buildTableMachine(game);
    machines.set(game, machine);
  }
  return machine;
}

function buildTableMachine(game: AnyGame) {
  const table = setup({
    types: {
      context: {} as TableContext,
      events: {} as MoveEvent,
      input: {} as unknown,
      emitted: {} as TableEmitted,
    },
    guards: {
      tableIsInvalid: ({ context }) => context.opening.problem !== null,
      moveIsLegal: ({ context, event }) => checkMove(game, context, event) === null,
      allSeatsPassed: ({ context }) => context.passes >= context.opening.seats.length,
      isLastToPass: ({ context }) => context.passes + 1 >= context.opening.seats.length,
      stackIsEmpty: ({ context }) => context.stack.length === 0,
      stackHasItems: ({ context }) => context.stack.length > 0,
      isLastTurn: ({ context }) => game.isLastTurn(context.turn.number, context.opening.options),
    },
    actions: {
      recordPly: enqueueActions(({ context, event, enqueue }) => {
        const read = readMove(event);
        if (!read.ok) return;
        const ply = step.plyFor(game, context, read.move);
        enqueue.assign(step.recordPly(context, ply));
        enqueue.emit({ type: 'ply.recorded', ply, index: size(context.plies) });
      }),
      countPass: assign(({ context }) => step.countPass(context)),
      passPriorityToNextSeat: enqueueActions(({ context, enqueue }) => {
        const change = step.priorityToNextSeat(context);
        enqueue.assign(change);
        enqueue.emit({ type: 'priority.changed', seat: change.prioritySeat ?? null });
      }),
      returnPriorityToActiveSeat: enqueueActions(({ context, enqueue }) => {
        enqueue.assign(step.priorityToActiveSeat(context));
        if (context.prioritySeat !== context.turn.activeSeat) enqueue.emit({ type: 'priority.changed', seat: context.turn.activeSeat });
      }),
      playGameMove: enqueueActions(({ context, event, enqueue }) => {
        const read = readMove(event);
        if (!read.ok) return;
        const { pushed, ...change } = step.playGameMove(game, context, read.move);
        enqueue.assign(change);
        if (pushed !== undefined) enqueue.emit({ type: 'stack.pushed', item: pushed });
        if (change.prioritySeat !== undefined && change.prioritySeat !== context.prioritySeat) {
          enqueue.emit({ type: 'priority.changed', seat: change.prioritySeat });
        }
      }),
      resolveTop: enqueueActions(({ context, enqueue }) => {
        const { resolved, ...change } = step.resolveTop(game, context);
        enqueue.assign(change);
        if (resolved !== undefined) enqueue.emit({ type: 'stack.resolved', item: resolved });
      }),
      enterPhase: enqueueActions(({ context, enqueue }, params: { phase: string }) => {
        enqueue.assign(step.enterPhase(context, params.phase));
        enqueue.emit({ type: 'phase.changed', phase: params.phase, seat: context.turn.activeSeat, turn: context.turn.number });
        if (context.prioritySeat !== context.turn.activeSeat) enqueue.emit({ type: 'priority.changed', seat: context.turn.activeSeat });
      }),
      runHousekeeping: assign(({ context }, params: { routine: string }) => step.housekeeping(game, context, params.routine)),
      endTurn: enqueueActions(({ context, enqueue }) => enqueue.emit({ type: 'turn.ended', seat: context.turn.activeSeat, turn: context.turn.number })),
      passTurnToNextSeat: assign(({ context }) => step.passTurn(context)),
      startTurn: enqueueActions(({ context, enqueue }) => enqueue.emit({ type: 'turn.started', seat: context.turn.activeSeat, turn: context.turn.number })),
      finishGame: enqueueActions(({ context, enqueue }) => {
        const change = step.finishGame(game, context);
        enqueue.assign(change);
        enqueue.emit({ type: 'priority.changed', seat: null });
        enqueue.emit({ type: 'game.over', winners: change.winners ?? [] });
      }),
      refuseMove: enqueueActions(({ context, event, enqueue }) => {
        const refused = checkMove(game, context, event);
        if (refused !== null) enqueue.emit({ type: 'move.refused', refusal: refused });
      }),
    },
  });

  type Config = MachineConfig<TableContext, MoveEvent>;
  type StateConfig = NonNullable<Config['states']>[string];

  // The phases of a turn, in the game's order; after the last one the turn is done.
  const phaseStates: Record<string, StateConfig> = {};
  game.phases.forEach((phase, i) => {
    phaseStates[phase.name] = {
      entry: [
        { type: 'enterPhase', params: { phase: phase.name } },
        ...(phase.housekeeping !== undefined ? [{ type: 'runHousekeeping', params: { routine: phase.housekeeping } }] : []),
      ],
      always: { guard: and(['allSeatsPassed', 'stackIsEmpty']), target: game.phases[i + 1]?.name ?? 'done' },
    } as StateConfig;
  });
  phaseStates.done = { type: 'final' };

  // Every move a seat holding priority may make; the guard asks the pure rules.
  const priorityMoves: Record<string, unknown> = {};
  for (const type of moveTypes(game)) {
    if (type === 'engine.pass') {
      priorityMoves[type] = [
        // every other seat has passed in a row: this pass closes the window (the stack or the phase moves on)
        { guard: and(['moveIsLegal', 'isLastToPass']), actions: ['recordPly', 'countPass'] },
        { guard: 'moveIsLegal', actions: ['recordPly', 'countPass', 'passPriorityToNextSeat'] },
      ];
    }
    else if (game.moves[type] !== undefined) priorityMoves[type] = { guard: 'moveIsLegal', actions: ['recordPly', 'playGameMove'] };
  }

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
        states: {
          turn: {
            entry: 'startTurn',
            initial: 'inTurn',
            states: {
              inTurn: {
                initial: game.phases[0]?.name,
                states: phaseStates,
                // Only a turn whose phases really are done passes on: an app cannot fake XState's done event.
                onDone: [
                  { guard: and([stateIn('#table.playing.turn.inTurn.done'), 'isLastTurn']), target: '#table.over', actions: ['endTurn'] },
                  { guard: stateIn('#table.playing.turn.inTurn.done'), target: 'inTurn', reenter: true, actions: ['endTurn', 'passTurnToNextSeat', 'startTurn'] },
                ],
              },
            },
          },
          priority: {
            initial: 'held',
            states: {
              held: { on: priorityMoves },
            },
          },
          stack: {
            initial: 'empty',
            states: {
              empty: { always: { guard: 'stackHasItems', target: 'holding' } },
              holding: {
                always: [
                  { guard: 'allSeatsPassed', actions: ['resolveTop', 'returnPriorityToActiveSeat'] },
                  { guard: 'stackIsEmpty', target: 'empty' },
                ],
              },
            },
          },
        },
      },
      over: { entry: 'finishGame' },
    },
  } as Parameters<typeof table.createMachine>[0]);
}

/** The machine type of a table of any game. */
export type TableMachine = ReturnType<typeof createTableMachine>;
