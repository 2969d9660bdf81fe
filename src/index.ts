/**
 * `plystack`: what a game's author and an application embedding tables need:
 * defining a game, tables and their moves, turn rules, replay and export. It
 * loads XState, zod and pure-rand and nothing else, in Node and in browsers.
 * The rest has its own entry point, so an application carries only what it
 * uses: `plystack/games` (the example games), `plystack/testing` (verify and
 * generated tests), `plystack/inspect` (the inspector: the chart as data and
 * the transport), `plystack/bots`, `plystack/server` and `plystack/client`.
 */

export {
  GameDefinitionError,
  IllegalMove,
  type IllegalMoveCode,
  InvalidTable,
  type InvalidTableCode,
  type Refusal,
  type TableProblem,
} from './core/errors.js';
export {
  isValidId,
  type JsonObject,
  type JsonValue,
  MAX_PAYLOAD_BYTES,
  MAX_PAYLOAD_DEPTH,
  type Move,
} from './core/move.js';
export { type Random, type Seed, seededRandom } from './core/random.js';
export type { Schema } from './core/schema.js';
export type {
  GameChecks,
  HiddenPieces,
  Invariant,
  MoveProperty,
  PropertyAnswer,
  StateAt,
  StepAt,
} from './definition/checks.js';
export { defineGame, extendGame, type GameChanges, isGame } from './definition/defineGame.js';
export type {
  AnyGame,
  ApplicationMoveContext,
  ApplicationMoveSpec,
  BotHintContext,
  BotHints,
  CandidatesContext,
  EndContext,
  EngineMove,
  FlowOutcome,
  Game,
  GameMove,
  GameOrder,
  GamePhaseDefinition,
  GameRefusal,
  GameResult,
  GameSpec,
  GameStructure,
  HiddenSeatViewOf,
  MoveContext,
  MoveOf,
  MoveOutcome,
  MoveSpec,
  OptionsOf,
  OrderContext,
  Outcome,
  PayloadIn,
  PayloadOut,
  PhaseDefinition,
  PhaseEndDefinition,
  PiecesOf,
  ResolveContext,
  ResolveOutcome,
  RevealContext,
  RoutineContext,
  SeatMoveSpec,
  SeatViewOf,
  TransitionDefinition,
  TurnModel,
  ViewedSeatOf,
  WindowDefinition,
} from './definition/game.js';
export { gameMove } from './definition/game.js';
export type { Ply, SeatingView, TableState } from './definition/records.js';
export type { PhasePlan, StructurePlan } from './definition/structure.js';
export type { TableContext } from './engine/context.js';
export type { TableInput } from './engine/input.js';
export type { BlockedMove, LegalMoves } from './engine/legalMoves.js';
export { ENGINE_MOVES } from './engine/rules.js';
export type { TableLog, Viewer } from './engine/view.js';
export { moveTableText } from './export/moveTable.js';
export {
  type ExportedPly,
  exportPlies,
  type GameRecord,
  gameRecord,
  type MoveRecord,
  moveRecord,
  type RecordHeader,
} from './export/record.js';
export { type LaidOutRow, layOutRows, type RoundCell, type RoundRow, rounds } from './export/rounds.js';
export { derivedTurnModel, turnModelOf } from './export/turnModel.js';
export type { Simulation } from './fast/simulation.js';
export { createTableMachine, type MoveEvent, type TableEmitted, type TableMachine } from './machines/tableMachine.js';
export type { Direction } from './order/seatOrder.js';
export {
  type CircularState,
  nextParticipant,
  nextScheduledParticipant,
  previousParticipant,
  type SequenceMutation,
} from './progression/circular.js';
export { initiativeOrder } from './progression/initiative.js';
export { migrateRulesDocument } from './progression/migrate.js';
export type { Obligation, Progression } from './progression/progression.js';
export {
  type CircularRules,
  readTurnRules,
  STRATEGIES,
  type Strategy,
  type TurnRules,
  turnRulesSchema,
} from './progression/rules.js';
export type { StackItem } from './stack/stack.js';
export { openFromLog, type ReplayOptions, type ReplayOutcome, replay, replayLog } from './table/replay.js';
export { type TableSelectors, type TableSnapshotLike, tableSelectors } from './table/selectors.js';
export {
  createTable,
  type ListenerFailure,
  type PlayOptions,
  type PlayResult,
  restoreTable,
  type Table,
  type TableEvent,
  type TableOptions,
  type TableViewFor,
} from './table/table.js';
export { CHECKPOINT_EVERY, type TableCursor, type TableView } from './table/timeTravel.js';
