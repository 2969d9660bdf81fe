/**
 * How a game phase is left, as chart fragments: along its declared transitions by `engine.transition`, and by itself
 * after a move (a move's `transition` outcome, the phase's `endIf`: a condition of the game's, or its round being
 * over). The conditions themselves are the engine's (engine/ending.ts and the guards that name them); this file says
 * where the chart asks them and where each leads.
 */
import { and, not, stateIn } from 'xstate';
import type { PhasePlan, StructurePlan } from '../definition/structure.js';
import { type Always, endingTurn, type Guard, isLegal, type On, routine } from './chartParts.js';

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
export function endsOfPhase(
  plan: StructurePlan,
  phase: PhasePlan,
  kind: 'turns' | 'rounds' | 'open',
  doneId: string,
): Always {
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
export function transitionsFrom(plan: StructurePlan, phase: PhasePlan): On {
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
