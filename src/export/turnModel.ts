/**
 * Which move-table layout a table's plies take, derived from what its rules
 * make possible: `sequenced` as soon as a seat may submit more than one ply
 * before every seat has acted once in the round; the packed layouts only when
 * the rules rule that out.
 */
import type { AnyGame, TurnModel } from '../definition/game.js';
import type { PhasePlan, StructurePlan } from '../definition/structure.js';
import type { TableContext } from '../engine/context.js';
import { strategyOf } from '../progression/strategies/index.js';

/** What the game allows beyond its structure that can give a seat a second ply in a round. */
export interface TurnModelFacts {
  /** Some move can be taken back (`engine.undo`): the undo is a second ply of the same seat. */
  readonly undoable: boolean;
}

/**
 * Why a phase lets a seat make a second ply in a round, or null when each
 * seat makes at most one: only PerRound and Simultaneous give each seat one
 * turn a round (Circular reversals and skips, Initiative delays and Free
 * phases do not), and only `movesPerTurn: 1` makes that turn a single ply
 * (otherwise a seat plays and then ends its turn); out-of-turn moves are
 * extra plies.
 */
function secondPlyIn(phase: PhasePlan): string | null {
  const { strategy, movesPerTurn, outOfTurn } = phase.rules;
  if (strategy !== 'PerRound' && strategy !== 'Simultaneous')
    return `${strategy} may give a seat several turns a round`;
  if (movesPerTurn !== 1) return 'a seat may play and then end its turn';
  if ((outOfTurn?.length ?? 0) > 0) return 'out-of-turn moves are plies of their own';
  if (phase.windows !== undefined) return 'a response window gives other seats plies in a turn';
  return null;
}

/**
 * The layout a structure's rules make possible. `sequenced` (one sparse row
 * per ply) when a seat may submit more than one ply in a round: priority
 * windows, a strategy other than PerRound and Simultaneous, a turn of more
 * than one move (no `movesPerTurn: 1`: a seat plays, then ends its turn),
 * out-of-turn moves, or undo. Otherwise `simultaneous` when every phase plays
 * in simultaneous rounds, else `sequential`. Moves of the table as a whole
 * (the application's, transitions, initiative scores, leaving) take no seat's
 * column, so they never decide it.
 *
 * @example
 * derivedTurnModel(plan) // 'sequenced' for mundane's priority windows
 * derivedTurnModel(plan) // 'sequential' for one PerRound phase with movesPerTurn: 1
 */
export function derivedTurnModel(plan: StructurePlan, facts: TurnModelFacts = { undoable: false }): TurnModel {
  return sequencedBecause(plan, facts) !== null
    ? 'sequenced'
    : plan.phases.every((phase) => strategyOf(phase.rules).shape === 'rounds')
      ? 'simultaneous'
      : 'sequential';
}

/**
 * Why the rules make a table `sequenced`, in words, or null when each seat
 * makes at most one ply a round.
 *
 * @example
 * sequencedBecause(plan, facts) // 'a seat may play and then end its turn'
 */
export function sequencedBecause(plan: StructurePlan, facts: TurnModelFacts): string | null {
  if (plan.priority) return 'priority windows let a seat pass and act several times a turn';
  for (const phase of plan.phases) {
    const why = secondPlyIn(phase);
    if (why !== null) return `${phase.name}: ${why}`;
  }
  if (facts.undoable) return 'an undo is a second ply of the same seat';
  return null;
}

/**
 * The move-table layout of a table: what its rules make possible, where the
 * game's own declaration may only make it sparser (a game whose moves oblige
 * supplemental plies declares `sequenced`; one that eliminates seats may
 * declare `skip-turn`). A declaration of a packed layout never overrides
 * `sequenced` or `simultaneous` rules, so the header and the rows agree.
 *
 * @example
 * turnModelOf(mundane, table.context) // 'sequenced'
 */
export function turnModelOf(game: AnyGame, ctx: TableContext): TurnModel {
  const facts = { undoable: game.undoablePasses || Object.values(game.moves).some((move) => move.undoable) };
  const derived = derivedTurnModel(ctx.opening.structure, facts);
  const declared = game.turnModel(ctx.opening.options);
  if (derived === 'sequenced' || declared === 'sequenced') return 'sequenced';
  if (derived === 'simultaneous') return 'simultaneous';
  return declared ?? derived;
}
