/** Free: any seat in the game, any time; there is no turn to end. */
import { type StrategyModel, tableOrder, turnCounts } from './strategy.js';

export const free: StrategyModel = {
  name: 'Free',
  shape: 'open',
  delays: false,
  start: ({ base }) => ({ progression: base, activeSeat: null }),
  next: () => ({
    ok: false,
    code: 'NO_ELIGIBLE_SEAT',
    message: 'Free has no single active seat to pass the turn from',
  }),
  holdsTurn: () => true,
  toAct: (_progression, _activeSeat, eligible) => eligible(),
  roundOrder: tableOrder,
  ...turnCounts,
};
