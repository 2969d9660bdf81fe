/**
 * State and transition coverage, measured from what XState reports it took:
 * the implementation is src/testing/coverage.ts, shared with
 * `createTableTestModel` and `plystack paths`.
 */
export {
  CoverageRecorder,
  type CoverageReport,
  formatReport,
  type Inventory,
  inventory,
  parallelRegions,
  region,
  report,
  type TransitionEntry,
} from '../../src/testing/coverage.js';
