/**
 * `plystack/testing`: model-based tests of a game's turn structure, the
 * public half of plystack's own model-based suite (docs/testing.md). Kept out
 * of `plystack` because an application's tables never need it.
 */

export { type Recheck, recheck } from '../verify/recheck.js';
export {
  BUILT_IN_CHECKS,
  type BuiltInCheck,
  type OpeningOf,
  type RunReport,
  type VerifyBounds,
  type VerifyOptions,
  type VerifyProgress,
  type VerifyReport,
  type Violation,
} from '../verify/types.js';
export { verify } from '../verify/verify.js';
export {
  CoverageRecorder,
  type CoverageReport,
  formatReport,
  inventory,
  parallelRegions,
  region,
  report,
} from './coverage.js';
export { type ExpectedState, observeTable, type RefusedOpening, type TablePath, type TablePathStep } from './path.js';
export {
  createTableTestModel,
  formatCoverage,
  type TableCoverage,
  type TableTestModel,
  type TableTestModelOptions,
  type Unreached,
} from './tableTestModel.js';
export { type Abstraction, defaultAbstraction, publicState, type TableSnapshot, TraversalLimit } from './traversal.js';
export { type TestFileOptions, tableTestFile } from './vitestFile.js';
