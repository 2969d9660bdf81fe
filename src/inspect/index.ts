/**
 * `plystack/inspect`: sending tables, or any XState actor, to the inspector.
 * Kept out of `plystack` because it loads `@statelyai/inspect` and its
 * WebSocket transport, which an application that never inspects should not
 * carry. The chart as data (`machineDefinition`, `chartFromDefinition`, …)
 * needs nothing but XState and stays in `plystack`.
 */

export { withMachineDefinitions } from './definition.js';
export { type Inspector, type InspectTableOptions, inspectTable, type TableInspection } from './inspectTable.js';
