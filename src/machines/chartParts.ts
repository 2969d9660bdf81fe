/**
 * The pieces every fragment of the table chart is built from: the typed state config, the guard that lets a checked
 * move in, the routines a phase names, and the game moves handled in place. The fragments (regions.ts, windowStates.ts)
 * only name guards and actions, implemented in tableLogic.ts.
 */
import type { PhasePlan } from '../definition/structure.js';
import type { TableStateConfig } from './tableSetup.js';

/** A state node config, typed by the table machine's setup: a misspelt guard or action name does not compile. */
export type StateConfig = TableStateConfig;
export type States = NonNullable<StateConfig['states']>;
export type On = NonNullable<StateConfig['on']>;

export const isLegal = 'moveIsLegal' as const;

/** A routine a phase names, run as the chart's `runRoutine` action. */
export const routine = (name: string | undefined) =>
  name === undefined ? [] : [{ type: 'runRoutine' as const, params: { routine: name } }];

/** After each game move, the onMove routine of the game phase it is made in (`runOnMove`), where one is named. */
export const afterMove = (onMove: string | undefined) => (onMove === undefined ? [] : ['runOnMove' as const]);

/** What ends a turn of `phase`: the turn.ended announcement, then the phase's onTurnEnd routine. */
export const endingTurn = (phase: PhasePlan) => ['endTurn' as const, ...routine(phase.onTurnEnd)];

/** Every game move type, handled in place: guarded by the rules, recorded, played, then `after` (an onMove routine). */
export function gameMoves(types: readonly string[], after: ReturnType<typeof afterMove> = []): On {
  const on: On = {};
  const actions = after.length === 0 ? ('recordAndPlayMove' as const) : ['recordAndPlayMove' as const, ...after];
  for (const type of types) on[type] = { guard: isLegal, actions };
  return on;
}

export type AlwaysItem = Extract<
  Extract<NonNullable<StateConfig['always']>, readonly unknown[]>[number],
  { guard?: unknown }
>;
export type Always = AlwaysItem[];
export type Guard = NonNullable<AlwaysItem['guard']>;
