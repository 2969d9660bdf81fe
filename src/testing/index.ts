/**
 * Model-based testing of a game's turn structure: the public half of
 * plystack's own model-based suite.
 */
export { createTableTestModel, formatCoverage, type TableCoverage, type TableTestModel, type TableTestModelOptions, type Unreached } from './tableTestModel.js';
export { checkOpening, checkPath, expectedOf, observeTable, type ExpectedState, type RefusedOpening, type TablePath, type TablePathStep } from './path.js';
export { tableTestFile, type TestFileOptions } from './vitestFile.js';
export {
  defaultAbstraction,
  defaultMoveKind,
  edgeKey,
  publicState,
  refusedProbe,
  seatlessMoves,
  shortestTablePaths,
  stackBound,
  tableEvents,
  type Abstraction,
  type GraphPath,
  type MoveKind,
  type TableSnapshot,
  type TraversalOptions,
} from './traversal.js';
export { CoverageRecorder, formatReport, inventory, parallelRegions, region, report, type CoverageReport, type Inventory, type TransitionEntry } from './coverage.js';
export { describeMove, notationOf } from './describe.js';
