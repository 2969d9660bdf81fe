/**
 * State and transition coverage, measured from what XState reports it took:
 * the implementation is src/testing/coverage.ts, shared with
 * `createTableTestModel` and `plystack paths`.
 */
export {
  CoverageRecorder,
  formatReport,
  inventory,
  parallelRegions,
  region,
  report,
  type CoverageReport,
  type Inventory,
  type TransitionEntry,
} from '../../src/testing/coverage.js';
