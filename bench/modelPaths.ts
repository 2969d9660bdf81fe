/**
 * Model-path generation: getShortestPaths over the table machine, as test/support/tableModel.ts does it, timed on two
 * setups (2 seats for 3 turns, 3 seats for 1).
 */

import { ANN, BOB, CAT, generatePaths, modelSetup } from '../test/support/tableModel.js';
import type { Say } from './config.js';
import { timed } from './measure.js';
import type { Figure } from './results.js';
import { duration } from './units.js';

/** The figure `model-paths`: both setups' paths generated, one after the other. */
export function modelPathsFigure(say: Say): Figure {
  say('model paths');
  const setups = [modelSetup([ANN, BOB], 3), modelSetup([ANN, BOB, CAT], 1)];
  const each = setups.map((setup) => {
    const { result, ms } = timed(() => generatePaths(setup.input, setup.rules.turns));
    return { setup: setup.name, ms, paths: result.all.length, kept: result.kept.length };
  });
  const ms = each.reduce((sum, e) => sum + e.ms, 0);
  return {
    id: 'model-paths',
    label: 'model-path generation (getShortestPaths)',
    plies: null,
    value: ms,
    unit: 'ms',
    display: `${duration(ms)}: ${each.map((e) => `${e.setup} ${duration(e.ms)}, ${e.paths} paths (${e.kept} kept)`).join('; ')}`,
    target: null,
    met: null,
    detail: { setups: each },
  };
}
