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
 *
 * Features with a fragment of their own: a response window's states (windowStates.ts), a Simultaneous phase's rounds
 * (roundStates.ts), and the ways out of a game phase: its declared transitions and its end conditions (phaseExits.ts).
 * The parts every fragment uses are in chartParts.ts.
 */
import { and, not, stateIn } from 'xstate';
import type { PhaseDefinition } from '../definition/game.js';
import type { PhasePlan, StructurePlan } from '../definition/structure.js';
import { strategyOf } from '../progression/strategies/index.js';
import {
  type Always,
  afterMove,
  endingTurn,
  gameMoves,
  isLegal,
  routine,
  type StateConfig,
  type States,
} from './chartParts.js';
import { endsOfPhase, transitionsFrom } from './phaseExits.js';
import { roundPhaseState } from './roundStates.js';
import { windowFragment } from './windowStates.js';

/**
 * The state a seat's turn ends in. With the game's order, entering it asks the order who acts next (unless a move
 * named the seat), before the turn passes on: the guards that pass it read the choice.
 */
function turnDone(doneId: string, order: string | undefined): StateConfig {
  return order === undefined
    ? { id: doneId, type: 'final' }
    : { id: doneId, type: 'final', entry: { type: 'chooseNextSeat', params: { order } } };
}

/** The turn's phases in order, each with its priority window; after the last one the turn is done. */
function turnPhaseStates(phases: readonly PhaseDefinition[], doneId: string, order: string | undefined): States {
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
  states.done = turnDone(doneId, order);
  return states;
}

/**
 * A seat's turn as one stretch of moves: it ends with engine.end-turn, movesPerTurn, or the seat leaving; and, where
 * the phase declares them, with a move whose outcome ends it (`moveEndsTurn`) or the phase's `turnEndIf` condition
 * holding after a move made in the turn. Each response window the phase declares is a state beside `acting`: a move
 * that opens it leads there, and the turn comes back to `acting` once every seat it waits for has done its part.
 */
function actingStates(phase: PhasePlan, moveTypes: readonly string[], doneId: string): States {
  const endedByMove: Always = phase.outcomes?.includes('endTurn')
    ? [{ guard: 'moveEndsTurn', target: 'done', actions: 'clearFlow' }]
    : [];
  const endedByCondition: Always =
    phase.turnEndIf === undefined
      ? []
      : [
          {
            guard: and([{ type: 'conditionHolds', params: { condition: phase.turnEndIf } }, 'movedThisTurn']),
            target: 'done',
          },
        ];
  const windows = windowFragment(phase);
  return {
    acting: {
      on: {
        ...gameMoves(moveTypes, afterMove(phase.onMove)),
        'engine.end-turn': { guard: isLegal, target: 'done', actions: ['recordPly'] },
      },
      always: [
        ...windows.opens,
        ...endedByMove,
        { guard: 'turnMovesSpent', target: 'done' },
        { guard: and(['activeSeatIsOut', not('gameIsOver')]), target: 'done' },
        ...endedByCondition,
      ],
    },
    ...windows.states,
    done: turnDone(doneId, phase.order),
  };
}

/** One game phase and its turn structure. */
function gamePhaseState(plan: StructurePlan, phase: PhasePlan, allMoveTypes: readonly string[]): StateConfig {
  // The phase opens, its onEnter routine runs, then its first seat is named: the game's order reads what the routine set.
  const entry = [
    { type: 'beginGamePhase' as const, params: { phase: phase.name } },
    ...routine(phase.onEnter),
    { type: 'enterGamePhase' as const, params: { phase: phase.name } },
  ];
  // A phase that lists its moves handles only those: the chart shows what each phase allows.
  const allowed = phase.moves;
  const moveTypes = allowed === null ? allMoveTypes : allMoveTypes.filter((type) => allowed.includes(type));
  const transitions = transitionsFrom(plan, phase);
  const doneId = `turnDone-${phase.name}`;
  const strategy = strategyOf(phase.rules);
  switch (strategy.shape) {
    case 'rounds':
      return roundPhaseState(plan, phase, { entry, on: transitions }, moveTypes, doneId);
    case 'open': {
      const ends = endsOfPhase(plan, phase, 'open', doneId);
      return {
        entry,
        on: transitions,
        initial: 'open',
        states: {
          open: { on: gameMoves(moveTypes, afterMove(phase.onMove)), ...(ends.length > 0 ? { always: ends } : {}) },
        },
      };
    }
    case 'turns': {
      const turnIsDone = stateIn(`#${doneId}`);
      const ends = endsOfPhase(plan, phase, 'turns', doneId);
      return {
        entry,
        on: transitions,
        ...(ends.length > 0 ? { always: ends } : {}),
        initial: 'inTurn',
        states: {
          inTurn: {
            entry: ['startTurn', ...routine(phase.onTurnStart)],
            // A delay ends this seat's turn for now and starts the next seat's (initiative rules); only inTurn is re-entered.
            on: strategy.delays
              ? {
                  'engine.delay': {
                    guard: isLegal,
                    target: 'inTurn',
                    reenter: true,
                    actions: ['recordPly', ...endingTurn(phase), 'delayActiveSeat'],
                  },
                }
              : {},
            initial: phase.turnPhases[0]?.name ?? 'acting',
            states:
              phase.turnPhases.length > 0
                ? turnPhaseStates(phase.turnPhases, doneId, phase.order)
                : actingStates(phase, moveTypes, doneId),
            // Only a turn that really is done passes on: an app cannot fake XState's done event.
            onDone: [
              { guard: and([turnIsDone, 'gameEndsWithTurn']), target: '#table.over', actions: endingTurn(phase) },
              {
                guard: and([turnIsDone, 'turnCanPass']),
                target: 'inTurn',
                reenter: true,
                actions: [...endingTurn(phase), 'passTurnToNextSeat'],
              },
              // No seat can take the next turn (the Circular rules' explicit failure): the game ends rather than loop.
              { guard: turnIsDone, target: '#table.over', actions: endingTurn(phase) },
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

/**
 * The priority region: the seat holding priority passes or acts. Its moves are the same in every game phase, so a
 * game move runs the onMove routine of the game phase it is made in (`runOnMove`) when any game phase names one.
 */
export function priorityRegion(plan: StructurePlan, gameMoveTypes: readonly string[]): StateConfig {
  const onMove = afterMove(plan.phases.find((phase) => phase.onMove !== undefined)?.onMove);
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
          ...gameMoves(gameMoveTypes, onMove),
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
