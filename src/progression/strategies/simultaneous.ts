/**
 * Simultaneous: every seat in the game plays in the round and ends its own
 * turn; the round ends when no seat is waiting.
 */
import { type StrategyModel, tableOrder } from './strategy.js';

export const simultaneous: StrategyModel = {
  name: 'Simultaneous',
  shape: 'rounds',
  delays: false,
  start: ({ base, eligible }) => ({ progression: { ...base, waiting: [...eligible] }, activeSeat: null }),
  next: () => ({
    ok: false,
    code: 'NO_ELIGIBLE_SEAT',
    message: 'Simultaneous has no single active seat to pass the turn from',
  }),
  holdsTurn: (progression, _activeSeat, seat) => progression.waiting.includes(seat),
  toAct: (progression) => [...progression.waiting],
  roundOrder: tableOrder,
};
