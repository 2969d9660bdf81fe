/**
 * `plystack/inspect`: what the inspector needs: the chart as data (the
 * machine's definition, its states and transitions, the active states), the
 * messages a page and an application exchange, and sending tables, or any
 * XState actor, to the inspector over its WebSocket transport. Kept out of
 * `plystack`, which an application that never inspects carries alone.
 */

/** The seat ids of demo tables, in table order: the inspector's New-table form seats its tables so. */
export { DEMO_SEATS } from '../bots/autoplay.js';
export {
  activeStateIds,
  allStates,
  type ChartState,
  type ChartTransition,
  chartFromDefinition,
  guessTakenTransitions,
} from './chart.js';
export {
  guardText,
  machineDefinition,
  type StateJson,
  type TransitionJson,
  takenTransitionId,
  transitionId,
  withMachineDefinitions,
} from './definition.js';
export { type Inspector, type InspectTableOptions, inspectTable, type TableInspection } from './inspectTable.js';
export {
  DEFAULT_INSPECT_PORT,
  PAGE_PATH,
  type PlystackActorInfo,
  type PlystackSnapshotInfo,
  type RelayMessage,
} from './protocol.js';
export {
  DEFAULT_LIMITS,
  inspectionContext,
  type PlyWindow,
  plyCountOf,
  type WindowLimits,
  windowed,
} from './sanitize.js';
