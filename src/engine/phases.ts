/**
 * Phases begin: a turn phase (priority to the active seat), a game phase (its rules, counters and new turn, then its first seat), and the seat a phase's order names next.
 */

import { type AnyGame, ownEntry } from '../definition/game.js';
import { phasePlan } from '../definition/structure.js';
import { nextEligibleSeat } from '../order/seatOrder.js';
import { startPhase } from '../progression/turns.js';
import { type Change, seatingOf, type TableContext } from './context.js';
import { clearStops } from './moves/autoPass.js';
import { priorityToActiveSeat } from './priority.js';
import { routineContext, seatInGame } from './routines.js';

/** A phase of the turn begins: the active seat receives priority. */
export function enterPhase(ctx: TableContext, phase: string): Change {
  const autoPass = clearStops(ctx.autoPass, (_seat, stop) => stop.until === 'phase' && stop.phase === phase);
  // Object.assign, not a spread after the first property, which V8 copies through its runtime, slowly.
  return Object.assign({ phase, autoPass, undo: null }, priorityToActiveSeat(ctx));
}

/**
 * A game phase begins, before its `onEnter` routine runs: its name and first turn phase, its turn rules with fresh
 * counters (initiative scores and seats out of the game kept), and a new turn (and round) unless this is the table's
 * very first. The seat whose turn ended the phase before still holds the turn: the routine sees it, as boardgame.io's
 * `onBegin` sees the player before the phase's first; `seatGamePhase` names the phase's first seat after the routine.
 */
export function beginGamePhase(ctx: TableContext, name: string): Change {
  const plan = phasePlan(ctx.opening.structure, name);
  const first = opensTable(ctx, name);
  const start = startPhase(plan.rules, { ...seatingOf(ctx), firstSeat: null }, ctx.progression);
  return {
    gamePhase: name,
    phase: plan.turnPhases[0]?.name ?? name,
    progression: start.progression,
    turn: first ? ctx.turn : { ...ctx.turn, number: ctx.turn.number + 1, round: ctx.turn.round + 1 },
    playOrder: first ? ctx.playOrder : 0,
    passes: 0,
    undo: null,
  };
}

/**
 * The game phase's first seat, once its `onEnter` routine has run (the game's order reads the pieces the routine
 * left): the one the table names at its opening, else the one the game's order names, else the one the phase's
 * rules say (PerRound's `AfterLastActor`: the seat after the one whose turn ended the phase before).
 */
export function seatGamePhase(game: AnyGame, ctx: TableContext, name: string): Change {
  const plan = phasePlan(ctx.opening.structure, name);
  const first = opensTable(ctx, name);
  const named =
    first && ctx.opening.structure.firstSeat !== null
      ? ctx.opening.structure.firstSeat
      : firstOf(game, ctx, plan, first);
  const start = startPhase(plan.rules, { ...seatingOf(ctx), firstSeat: named }, ctx.progression);
  return {
    progression: start.progression,
    turn: { ...ctx.turn, activeSeat: start.activeSeat },
    prioritySeat: ctx.opening.structure.priority ? start.activeSeat : null,
  };
}

/** Whether the game phase `name` beginning is the table's opening one: no ply yet, the first turn, that phase. */
function opensTable(ctx: TableContext, name: string): boolean {
  return ctx.plies.size === 0 && ctx.turn.number === 1 && ctx.gamePhase === name;
}

/**
 * The seat a PerRound phase starts with by the game's order or its `firstActor` rule, or null for the first in order.
 * The table's opening phase follows no turn, so `AfterLastActor` starts it with the first in order (`opening`).
 */
function firstOf(
  game: AnyGame,
  ctx: TableContext,
  plan: ReturnType<typeof phasePlan>,
  opening: boolean,
): string | null {
  if (plan.rules.strategy !== 'PerRound') return null;
  const out = ctx.progression.out;
  const order = plan.order === undefined ? undefined : ownEntry(game.orders, plan.order);
  if (order?.first !== undefined) {
    const seat = order.first({ ...routineContext(ctx), acted: [] });
    if (seat !== null) return seatInGame(ctx, seat, `orders.${plan.order}.first`);
  }
  const last = ctx.turn.activeSeat;
  if (plan.rules.firstActor !== 'AfterLastActor' || last === null || opening) return null;
  // Without another seat in the game, the phase starts with the first in order: the one seat left.
  return nextEligibleSeat(ctx.opening.seats, last, ctx.turn.direction, (seat) => !out.includes(seat)) ?? null;
}

/**
 * As a turn ends in a phase with the game's order: the seat the order names goes next, unless a move has already
 * named one (the order is not asked then); null from the order leaves the turn to pass in table order.
 */
export function chooseNextSeat(game: AnyGame, ctx: TableContext, name: string): Change {
  const order = ownEntry(game.orders, name);
  if (order === undefined || ctx.progression.chosen !== undefined) return {};
  const seat = order.next({ ...routineContext(ctx), acted: ctx.progression.acted });
  if (seat === null) return {};
  return { progression: { ...ctx.progression, chosen: seatInGame(ctx, seat, `orders.${name}.next`) } };
}
