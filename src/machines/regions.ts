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
 * A response window's states are their own fragment (windowStates.ts); the parts every fragment uses are in
 * chartParts.ts.
 */
import { and, not, stateIn } from 'xstate';
import type { PhaseDefinition } from '../definition/game.js';
import type { PhasePlan, StructurePlan } from '../definition/structure.js';
import { strategyOf } from '../progression/strategies/index.js';
import {
  type Always,
  afterMove,
  endingTurn,
  type Guard,
  gameMoves,
  isLegal,
  type On,
  routine,
  type StateConfig,
  type States,
} from './chartParts.js';
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

/**
 * How a game phase ends by itself, checked after every move: a move's outcome taking one of the transitions out of
 * it, then its `endIf` (the game's condition after a move made in this turn, or `round-over`). Each leaves along the
 * declared transition as engine.transition does (the turn ends, onLeave runs), recording no ply: replay comes to the
 * same place from the logged moves. `kind` says where the turn stands:
 *   turns   on the game phase state, above the seat's turn: checked before the done turn passes on, so a phase that
 *           ends with its round ends before the next turn starts; a game that ends with the turn ends instead.
 *   rounds  on the simultaneous round, before the next round starts.
 *   open    on the Free phase's state.
 */
function endsOfPhase(plan: StructurePlan, phase: PhasePlan, kind: 'turns' | 'rounds' | 'open', doneId: string): Always {
  const turnIsDone = stateIn(`#${doneId}`);
  // At a turn's end, a game that ends with the turn ends rather than move on.
  const onGoing: Guard =
    kind === 'turns' ? and([not('gameIsOver'), not(and([turnIsDone, 'gameEndsWithTurn']))]) : not('gameIsOver');
  // Guards held in variables: XState's `and` cannot infer its types from them, so the pair is typed as one guard.
  const both = (a: Guard, b: Guard) => and([a, b] as never[]) as unknown as Guard;
  const out: Always = [];
  const leave = (name: string, guard: Guard, ending: readonly ('endTurn' | 'endRound')[]) => {
    const t = plan.transitions.find((tr) => tr.from === phase.name && tr.name === name);
    if (t === undefined) return;
    out.push({
      guard: both(guard, onGoing),
      target: `#table.playing.turn.${t.to}`,
      ...(t.to === phase.name ? { reenter: true } : {}),
      actions: [...ending, ...routine(phase.onTurnEnd), 'clearFlow', ...routine(phase.onLeave)],
    });
  };
  if (phase.outcomes?.includes('transition'))
    for (const t of plan.transitions.filter((tr) => tr.from === phase.name))
      leave(t.name, { type: 'moveTakesTransition', params: { transition: t.name } }, ['endTurn']);
  const end = phase.endIf;
  if (end === undefined) return out;
  if (end.when !== 'round-over') {
    const holds: Guard = and([{ type: 'conditionHolds', params: { condition: end.when } }, 'movedThisTurn']);
    leave(end.transition, holds, ['endTurn']);
  } else if (kind === 'turns') leave(end.transition, both(turnIsDone, 'roundEndsWithTurn'), ['endTurn', 'endRound']);
  else if (kind === 'rounds') leave(end.transition, both('nobodyIsWaiting', 'seatsRemain'), ['endRound']);
  return out;
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
      actions: ['recordPly', ...endingTurn(phase), ...leaving],
    })),
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
      return {
        entry,
        on: transitions,
        initial: 'round',
        states: {
          round: {
            // Each simultaneous round is one turn of every seat: it starts and ends the phase's turns.
            ...(phase.onTurnStart === undefined ? {} : { entry: routine(phase.onTurnStart) }),
            on: {
              ...gameMoves(moveTypes, afterMove(phase.onMove)),
              'engine.end-turn': { guard: isLegal, actions: ['recordPly', 'endSeatTurn'] },
            },
            always: [
              ...endsOfPhase(plan, phase, 'rounds', doneId),
              {
                guard: and(['nobodyIsWaiting', 'seatsRemain']),
                target: 'round',
                reenter: true,
                actions: ['endRound', ...routine(phase.onTurnEnd), 'startNextRound'],
              },
            ],
          },
        },
      };
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
