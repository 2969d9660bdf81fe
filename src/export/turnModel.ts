/**
 * Which move-table layout a table's plies take: the game's own choice, or
 * one derived from what its turn structure makes possible.
 */
import type { AnyGame, TurnModel } from '../core/game.js';
import type { TableContext } from '../engine/context.js';
import { strategyOf } from '../progression/strategies/index.js';
import type { StructurePlan } from '../progression/structure.js';

/**
 * The layout the structure's rules make possible: `simultaneous` when every
 * phase plays in simultaneous rounds; `sequential` when each turn is exactly
 * one ply of its seat (PerRound or Initiative with `movesPerTurn: 1`, nothing
 * out of turn); otherwise `sequenced` (a seat may make several plies before
 * the cycle moves on: priority windows, Free or Circular phases, several moves a turn).
 *
 * @example
 * derivedTurnModel(plan) // 'sequenced' for mundane's priority windows
 */
export function derivedTurnModel(plan: StructurePlan): TurnModel {
  if (plan.priority) return 'sequenced';
  if (plan.phases.every((phase) => strategyOf(phase.rules).shape === 'rounds')) return 'simultaneous';
  // Circular reversals and skips may give a seat two turns in a round: only PerRound and Initiative are one turn each.
  const oneEach = plan.phases.every(
    (phase) =>
      (phase.rules.strategy === 'PerRound' || phase.rules.strategy === 'Initiative') &&
      phase.rules.movesPerTurn === 1 &&
      (phase.rules.outOfTurn?.length ?? 0) === 0,
  );
  return oneEach ? 'sequential' : 'sequenced';
}

/**
 * The move-table layout of a table: what its game declares for its options, else what its structure makes possible.
 *
 * @example
 * turnModelOf(mundane, table.context) // 'sequenced'
 */
export function turnModelOf(game: AnyGame, ctx: TableContext): TurnModel {
  return game.turnModel(ctx.opening.options) ?? derivedTurnModel(ctx.opening.structure);
}
