/**
 * `plystack`: tables, games, turn rules, export and the chart as data. It
 * loads XState, zod and pure-rand and nothing else, in Node and in browsers.
 * The rest has its own entry point, so an application carries only what it
 * uses: `plystack/testing` (generated tests), `plystack/inspect` (the
 * inspector's transport), `plystack/server` and `plystack/client`.
 */
export {
  createTable,
  restoreTable,
  type Table,
  type PlayOptions,
  type PlayResult,
  type TableOptions,
  type TableViewFor,
  type ListenerFailure,
  type TableEvent,
} from './table/table.js';
export { defineGame, extendGame, isGame, type GameChanges } from './core/defineGame.js';
export { CHECKPOINT_EVERY, type TableView, type TableCursor } from './table/timeTravel.js';
export type { Simulation } from './fast/simulation.js';
export { replay, replayLog, openFromLog, type ReplayOptions, type ReplayOutcome } from './table/replay.js';
export {
  exportPlies,
  moveRecord,
  gameRecord,
  type ExportedPly,
  type MoveRecord,
  type GameRecord,
  type RecordHeader,
} from './export/record.js';
export { rounds, layOutRows, type RoundCell, type RoundRow, type LaidOutRow } from './export/rounds.js';
export { moveTableText } from './export/moveTable.js';
export type { TableState, TableLog, Viewer } from './table/view.js';
export type { TableInput } from './engine/input.js';
export type { Ply, TableContext } from './engine/context.js';
export { ENGINE_MOVES } from './engine/rules.js';
export type { LegalMoves, BlockedMove } from './engine/legalMoves.js';
export { createTableMachine, type TableMachine, type TableEmitted, type MoveEvent } from './machines/tableMachine.js';
export {
  IllegalMove,
  InvalidTable,
  GameDefinitionError,
  type IllegalMoveCode,
  type InvalidTableCode,
  type Refusal,
  type TableProblem,
} from './core/errors.js';
export { MAX_PAYLOAD_BYTES, MAX_PAYLOAD_DEPTH, isValidId, type Move, type JsonValue } from './core/move.js';
export type { Seed, Random } from './core/random.js';
export type {
  TurnModel,
  GameStructure,
  GamePhaseDefinition,
  TransitionDefinition,
  PhaseDefinition,
  GameSpec,
  MoveSpec,
  SeatMoveSpec,
  ApplicationMoveSpec,
  MoveContext,
  ApplicationMoveContext,
  CandidatesContext,
  RoutineContext,
  ResolveContext,
  EndContext,
  RevealContext,
  SeatingView,
  Game,
  GameMove,
  AnyGame,
  GameRefusal,
  GameResult,
  Outcome,
  MoveOutcome,
  JsonObject,
  MoveOf,
  OptionsOf,
  PiecesOf,
  SeatViewOf,
  EngineMove,
  PayloadIn,
  PayloadOut,
} from './core/game.js';
export { derivedTurnModel, turnModelOf } from './export/turnModel.js';
export type { StackItem } from './stack/stack.js';
export type { Direction } from './order/seatOrder.js';
export { mundane, type MundaneOptions, type MundaneState, type MundaneSeat } from './games/mundane/mundane.js';
export { sandbox, type SandboxOptions, type SandboxState } from './games/sandbox/sandbox.js';
export {
  circularTable,
  type CircularTableOptions,
  type CircularTableState,
} from './games/circularTable/circularTable.js';
export { frogger, type FroggerOptions, type FroggerState } from './games/frogger/frogger.js';
export { skirmish, type SkirmishOptions } from './games/skirmish/skirmish.js';
export type { SkirmishState } from './games/skirmish/squads.js';
export {
  readTurnRules,
  turnRulesSchema,
  STRATEGIES,
  type TurnRules,
  type Strategy,
  type CircularRules,
} from './progression/rules.js';
export { migrateRulesDocument } from './progression/migrate.js';
export {
  nextParticipant,
  previousParticipant,
  nextScheduledParticipant,
  type CircularState,
  type SequenceMutation,
} from './progression/circular.js';
export { initiativeOrder } from './progression/initiative.js';
export type { Progression, Obligation } from './progression/turns.js';
export type { StructurePlan, PhasePlan } from './progression/structure.js';
export { gameMove } from './core/game.js';
export { builtInGames, findGame } from './games/registry.js';
export {
  machineDefinition,
  transitionId,
  takenTransitionId,
  guardText,
  type StateJson,
  type TransitionJson,
} from './inspect/definition.js';
export {
  chartFromDefinition,
  allStates,
  activeStateIds,
  guessTakenTransitions,
  type ChartState,
  type ChartTransition,
} from './inspect/chart.js';
export { windowed, inspectionContext, DEFAULT_LIMITS, type WindowLimits, type PlyWindow } from './inspect/sanitize.js';
export {
  DEFAULT_INSPECT_PORT,
  PAGE_PATH,
  type PlystackActorInfo,
  type PlystackSnapshotInfo,
  type RelayMessage,
} from './inspect/protocol.js';
