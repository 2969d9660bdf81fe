/**
 * Initiative: each round is ordered by initiative scores, the highest first;
 * a seat may delay until after a seat that acts later in the round.
 */
import { initiativeOrder } from '../initiative.js';
import { activeSeatHolds, freshTurn, type StrategyModel, turnCounts } from './strategy.js';

export const initiative: StrategyModel = {
  name: 'Initiative',
  shape: 'turns',
  delays: true,
  start({ base, eligible }) {
    const order = initiativeOrder(eligible, base.initiative);
    const first = order[0] ?? null;
    return { progression: { ...base, order, acted: first === null ? [] : [first] }, activeSeat: first };
  },
  next(progression, _seating, eligible, current) {
    const after = progression.order.slice(progression.order.indexOf(current) + 1);
    const next = after.find((seat) => eligible.includes(seat) && !progression.acted.includes(seat));
    if (next !== undefined)
      return {
        ok: true,
        activeSeat: next,
        roundEnded: false,
        progression: freshTurn(progression, { acted: [...progression.acted, next] }),
      };
    // The round is over: the next one is ordered again by the scores as they stand.
    const order = initiativeOrder(eligible, progression.initiative);
    const first = order[0] as string;
    return {
      ok: true,
      activeSeat: first,
      roundEnded: true,
      progression: freshTurn(progression, { order, acted: [first] }),
    };
  },
  roundOrder: (progression, _seating, eligible) => progression.order.filter((seat) => eligible.includes(seat)),
  ...activeSeatHolds,
  ...turnCounts,
};
