/**
 * The regions of the table statechart, built from a game's structure. Each
 * builder returns config that only names guards and actions (implemented in
 * tableMachine.ts), so the chart reads like the rules:
 *
 *   turn      one state per game phase; inside it, the turn structure of its
 *             strategy: `inTurn` (a seat's turn, through the turn's phases or
 *             as one stretch of moves) for PerRound, Circular and Initiative;
 *             `round` for Simultaneous; `open` for Free.
 *   priority  who may act in a priority window (priority games).
 *   stack     empty or holding items (priority games).
 */
import { and, not, stateIn } from 'xstate';
import type { PhaseDefinition } from '../core/game.js';
import { strategyOf } from '../progression/strategies/index.js';
import type { PhasePlan, StructurePlan } from '../progression/structure.js';
import type { TableStateConfig } from './tableMachine.js';

/** A state node config, typed by the table machine's setup: a misspelt guard or action name does not compile. */
export type StateConfig = TableStateConfig;
type States = NonNullable<StateConfig['states']>;
type On = NonNullable<StateConfig['on']>;

const isLegal = 'moveIsLegal' as const;

/** A routine a phase names, run as the chart's `runRoutine` action. */
const routine = (name: string | undefined) =>
  name === undefined ? [] : [{ type: 'runRoutine' as const, params: { routine: name } }];

/** Every game move type, handled in place: guarded by the rules, recorded, played. */
function gameMoves(types: readonly string[]): On {
  const on: On = {};
  for (const type of types) on[type] = { guard: isLegal, actions: 'recordAndPlayMove' };
  return on;
}

/** The turn's phases in order, each with its priority window; after the last one the turn is done. */
function turnPhaseStates(phases: readonly PhaseDefinition[], doneId: string): States {
  const states: States = {};
  phases.forEach((phase, i) => {
    states[phase.name] = {
      entry: [{ type: 'enterPhase', params: { phase: phase.name } }, ...routine(phase.onEnter)],
      always: [
        { guard: and(['activeSeatIsOut', not('gameIsOver')]), target: 'done' },
        { guard: and(['allSeatsPassed', 'stackIsEmpty']), target: phases[i + 1]?.name ?? 'done' },
      ],
    };
  });
  states.done = { id: doneId, type: 'final' };
  return states;
}

/** A seat's turn as one stretch of moves: it ends with engine.end-turn, movesPerTurn, or the seat leaving. */
function actingStates(moveTypes: readonly string[], doneId: string): States {
  return {
    acting: {
      on: { ...gameMoves(moveTypes), 'engine.end-turn': { guard: isLegal, target: 'done', actions: ['recordPly'] } },
      always: [
        { guard: 'turnMovesSpent', target: 'done' },
        { guard: and(['activeSeatIsOut', not('gameIsOver')]), target: 'done' },
      ],
    },
    done: { id: doneId, type: 'final' },
  };
}

/**
 * The declared transitions out of `phase`, each guarded by the rules and by its own name. A transition back to the
 * same phase is a restart: it leaves the phase and enters it again (`reenter`), like a transition to any other phase.
 */
function transitionsFrom(plan: StructurePlan, phase: PhasePlan): On {
  const out = plan.transitions.filter((t) => t.from === phase.name);
  if (out.length === 0) return {};
  const leaving = routine(phase.onLeave);
  return {
    'engine.transition': out.map((t) => ({
      guard: and([isLegal, { type: 'takesTransition', params: { transition: t.name } }]),
      target: `#table.playing.turn.${t.to}`,
      ...(t.to === phase.name ? { reenter: true } : {}),
      actions: ['recordPly', 'endTurn', ...leaving],
    })),
  };
}

/** One game phase and its turn structure. */
function gamePhaseState(plan: StructurePlan, phase: PhasePlan, allMoveTypes: readonly string[]): StateConfig {
  const entry = [{ type: 'enterGamePhase' as const, params: { phase: phase.name } }, ...routine(phase.onEnter)];
  // A phase that lists its moves handles only those: the chart shows what each phase allows.
  const allowed = phase.moves;
  const moveTypes = allowed === null ? allMoveTypes : allMoveTypes.filter((type) => allowed.includes(type));
  const transitions = transitionsFrom(plan, phase);
  const doneId = `turnDone-${phase.name}`;
  const strategy = strategyOf(phase.rules);
  switch (strategy.shape) {
    case 'rounds':
      return {
        entry,
        on: transitions,
        initial: 'round',
        states: {
          round: {
            on: {
              ...gameMoves(moveTypes),
              'engine.end-turn': { guard: isLegal, actions: ['recordPly', 'endSeatTurn'] },
            },
            always: {
              guard: and(['nobodyIsWaiting', 'seatsRemain']),
              target: 'round',
              reenter: true,
              actions: ['endRound', 'startNextRound'],
            },
          },
        },
      };
    case 'open':
      return { entry, on: transitions, initial: 'open', states: { open: { on: gameMoves(moveTypes) } } };
    case 'turns': {
      const turnIsDone = stateIn(`#${doneId}`);
      return {
        entry,
        on: transitions,
        initial: 'inTurn',
        states: {
          inTurn: {
            entry: 'startTurn',
            // A delay ends this seat's turn for now and starts the next seat's (seed 004); only inTurn is re-entered.
            on: strategy.delays
              ? {
                  'engine.delay': {
                    guard: isLegal,
                    target: 'inTurn',
                    reenter: true,
                    actions: ['recordPly', 'endTurn', 'delayActiveSeat'],
                  },
                }
              : {},
            initial: phase.turnPhases[0]?.name ?? 'acting',
            states:
              phase.turnPhases.length > 0 ? turnPhaseStates(phase.turnPhases, doneId) : actingStates(moveTypes, doneId),
            // Only a turn that really is done passes on: an app cannot fake XState's done event.
            onDone: [
              { guard: and([turnIsDone, 'gameEndsWithTurn']), target: '#table.over', actions: ['endTurn'] },
              {
                guard: and([turnIsDone, 'turnCanPass']),
                target: 'inTurn',
                reenter: true,
                actions: ['endTurn', 'passTurnToNextSeat'],
              },
              // No seat can take the next turn (seed 002's explicit failure): the game ends rather than loop.
              { guard: turnIsDone, target: '#table.over', actions: ['endTurn'] },
            ],
          },
        },
      };
    }
  }
}

/**
 * The turn region: the game phases as states, the first one initial; moves
 * not held to the turns (initiative, leaving) are handled at its top.
 */
export function turnRegion(plan: StructurePlan, gameMoveTypes: readonly string[]): StateConfig {
  const moveTypes = plan.priority ? [] : gameMoveTypes; // a priority game's moves belong to the priority region
  const states: States = {};
  for (const phase of plan.phases) states[phase.name] = gamePhaseState(plan, phase, moveTypes);
  return {
    initial: plan.phases[0]?.name,
    on: {
      'engine.initiative': { guard: isLegal, actions: ['recordPly', 'mergeInitiative'] },
      'engine.leave': { guard: isLegal, actions: ['recordPly', 'removeSeat'] },
    },
    states,
  };
}

/** The priority region: the seat holding priority passes or acts. */
export function priorityRegion(gameMoveTypes: readonly string[]): StateConfig {
  return {
    initial: 'held',
    on: { 'engine.auto-pass': { guard: isLegal, actions: ['recordPly', 'setAutoPass'] } },
    states: {
      held: {
        // A seat with an auto-pass stop passes as soon as it holds priority, until its stop is reached.
        always: [
          { guard: and(['holderAutoPasses', 'isLastToPass', 'autoPassKeepsTurnGoing']), actions: 'recordAutoPass' },
          {
            guard: and(['holderAutoPasses', not('isLastToPass')]),
            actions: ['recordAutoPass', 'passPriorityToNextSeat'],
          },
        ],
        on: {
          'engine.pass': [
            // every other seat has passed in a row: this pass closes the window (the stack or the phase moves on)
            { guard: and([isLegal, 'isLastToPass']), actions: 'recordPass' },
            { guard: isLegal, actions: 'recordPassAndMovePriority' },
          ],
          ...gameMoves(gameMoveTypes),
        },
      },
    },
  };
}

/** The stack region: when every seat has passed in a row, the top item resolves. */
export function stackRegion(): StateConfig {
  return {
    initial: 'empty',
    states: {
      empty: { always: { guard: 'stackHasItems', target: 'holding' } },
      holding: {
        always: [
          { guard: 'allSeatsPassed', actions: 'resolveTopAndReturnPriority' },
          { guard: 'stackIsEmpty', target: 'empty' },
        ],
      },
    },
  };
}
