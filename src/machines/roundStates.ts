/**
 * A Simultaneous game phase as a chart fragment: one state, `round`, where every seat makes its moves and ends its own
 * part (`engine.end-turn`); once nobody is waiting the round ends and the next begins, unless the phase ends first
 * (phaseExits.ts). Who is still waiting is the strategy's (progression/strategies/simultaneous.ts).
 */
import { and } from 'xstate';
import type { PhasePlan, StructurePlan } from '../definition/structure.js';
import { afterMove, gameMoves, isLegal, type On, routine, type StateConfig } from './chartParts.js';
import { endsOfPhase } from './phaseExits.js';

/** The game phase `phase` played in simultaneous rounds, `opening` its entry and its transitions out. */
export function roundPhaseState(
  plan: StructurePlan,
  phase: PhasePlan,
  opening: { readonly entry: StateConfig['entry']; readonly on: On },
  moveTypes: readonly string[],
  doneId: string,
): StateConfig {
  return {
    ...opening,
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
}
