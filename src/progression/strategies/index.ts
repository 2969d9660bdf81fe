/**
 * The activation strategies by name: the one place a strategy's name becomes
 * its behaviour.
 */
import type { Strategy, TurnRules } from '../rules.js';
import { circular } from './circular.js';
import { free } from './free.js';
import { initiative } from './initiative.js';
import { perRound } from './perRound.js';
import { simultaneous } from './simultaneous.js';
import type { StrategyModel } from './strategy.js';

export type { NextTurn, PhaseStart, StrategyModel } from './strategy.js';

const MODELS: Readonly<Record<Strategy, StrategyModel>> = Object.freeze({
  PerRound: perRound,
  Circular: circular,
  Initiative: initiative,
  Simultaneous: simultaneous,
  Free: free,
});

/**
 * The strategy a rules object declares.
 *
 * @example
 * strategyOf({ strategy: 'Simultaneous' }).shape // 'rounds'
 */
export function strategyOf(rules: Pick<TurnRules, 'strategy'>): StrategyModel {
  return MODELS[rules.strategy];
}
