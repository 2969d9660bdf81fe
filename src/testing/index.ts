/**
 * `plystack/testing`: model-based tests of a game's turn structure, the
 * public half of plystack's own model-based suite (docs/testing.md). Kept out
 * of `plystack` because an application's tables never need it.
 */
export {
  createTableTestModel,
  formatCoverage,
  type TableCoverage,
  type TableTestModel,
  type TableTestModelOptions,
  type Unreached,
} from './tableTestModel.js';
export { observeTable, type ExpectedState, type RefusedOpening, type TablePath, type TablePathStep } from './path.js';
export { tableTestFile, type TestFileOptions } from './vitestFile.js';
export { defaultAbstraction, publicState, type Abstraction, type TableSnapshot } from './traversal.js';
export {
  CoverageRecorder,
  formatReport,
  inventory,
  parallelRegions,
  region,
  report,
  type CoverageReport,
} from './coverage.js';
