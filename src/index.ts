/**
 * plystack's public API: the only module the CLI and other programs import.
 */
export { createTable, restoreTable, type Table, type PlayOptions, type PlayResult } from './table/table.js';
export { replay, replayLog, openFromLog, type ReplayOptions, type ReplayOutcome } from './table/replay.js';
export { exportPlies, moveRecord, type ExportedPly, type MoveRecord } from './export/record.js';
export { rounds, layOutRows, type RoundCell, type RoundRow, type LaidOutRow } from './export/rounds.js';
export { moveTableText } from './export/moveTable.js';
export type { TableState, TableLog } from './table/view.js';
export type { TableInput } from './engine/input.js';
export type { Ply, TableContext } from './engine/context.js';
export { ENGINE_MOVES, type LegalMoves, type BlockedMove } from './engine/rules.js';
export { createTableMachine, type TableMachine, type TableEmitted, type MoveEvent } from './machines/tableMachine.js';
export { IllegalMove, InvalidTable, type IllegalMoveCode, type InvalidTableCode, type Refusal, type TableProblem } from './core/errors.js';
export { MAX_PAYLOAD_BYTES, MAX_PAYLOAD_DEPTH, isValidId, type Move, type JsonValue } from './core/move.js';
export type { Seed } from './core/random.js';
export type { TurnModel, GameDefinition, GameMoveDefinition, PhaseDefinition, AnyGame, GameRefusal, MoveOutcome, TurnInfo } from './core/game.js';
export type { StackItem } from './stack/stack.js';
export type { Direction } from './order/seatOrder.js';
export { mundane, type MundaneOptions, type MundaneState, type MundaneSeat } from './games/mundane/mundane.js';
export { builtInGames, findGame } from './games/registry.js';
