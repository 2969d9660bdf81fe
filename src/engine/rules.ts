/**
 * Who may make which move when, as pure functions of the context: the game is
 * on, the seat is in it, the move is known and allowed in the phase, no
 * obligation is owed, and the seat holds the turn or priority with the timing
 * its speed needs. The gate (gate.ts) asks these first, then the payload and
 * the game's check; legal moves ask them once per move type. The engine's own
 * moves bring their own checks (engine/moves).
 */
import { type Refusal, refusal } from '../core/errors.js';
import type { Move } from '../core/move.js';
import { type AnyGame, type GameMove, gameMove } from '../definition/game.js';
import type { StructurePlan } from '../definition/structure.js';
import { seatsInGame, type TableContext } from './context.js';
import { ENGINE_MOVES, type EngineMoveModel, engineMove } from './moves/index.js';
import { holdsTurn, isOutOfTurn, notYourTurn } from './turnFacts.js';
import { windowRefusal } from './windows.js';

export { ENGINE_MOVES, undoRefusal } from './moves/index.js';
export { seatingView } from './seatingView.js';
export { askGame, holdsTurn, isOutOfTurn, turnCanPass } from './turnFacts.js';

/** Every move type the game knows, engine moves first. */
export function moveTypes(game: AnyGame): string[] {
  return [...ENGINE_MOVES, ...Object.keys(game.moves)];
}

/**
 * The seat a move acts for: its own seat, or, for a seatless move (the
 * application acting for the table), the seat holding priority or the turn.
 */
export function actingSeat(ctx: TableContext, move: Move): string | null {
  return move.seat ?? ctx.prioritySeat ?? ctx.turn.activeSeat;
}

/**
 * Why the engine refuses an engine move a game's structure has no use for
 * (leaving in a game without it, a transition where none is declared,
 * initiative where no phase is ordered by it), or null.
 *
 * @example
 * unusedEngineMove(mundane, plan, 'engine.initiative') // { code: 'REFUSED', reason: 'NO_INITIATIVE', ... }
 */
export function unusedEngineMove(game: AnyGame, structure: StructurePlan, type: string): Refusal | null {
  return engineMove(type)?.unused(game, structure) ?? null;
}

/** Whether the current game phase allows the game's move `type` (a phase may list the moves it allows). */
function phaseAllows(ctx: TableContext, type: string): boolean {
  const plan = ctx.opening.structure.phases.find((p) => p.name === ctx.gamePhase);
  return plan?.moves == null || plan.moves.includes(type);
}

/**
 * Whether `move` would end the active seat's turn by itself: a pass that
 * closes the last phase of the turn with the stack empty, or a game move that
 * spends the turn's movesPerTurn.
 */
export function endsTurn(ctx: TableContext, move: Move, game?: AnyGame): boolean {
  const { structure } = ctx.opening;
  if (move.type === 'engine.pass') {
    const plan = structure.phases.find((p) => p.name === ctx.gamePhase);
    const lastPhase = plan?.turnPhases[plan.turnPhases.length - 1]?.name;
    return ctx.stack.length === 0 && ctx.phase === lastPhase && ctx.passes + 1 >= seatsInGame(ctx);
  }
  // Only the game's own moves count towards movesPerTurn, and none made in a response window.
  if (game !== undefined && gameMove(game, move.type) === undefined) return false;
  if (ctx.progression.window !== undefined) return false;
  const limit = ctx.progression.rules.movesPerTurn;
  return (
    limit !== undefined &&
    !isOutOfTurn(ctx, move.type) &&
    ctx.progression.obligation === null &&
    ctx.progression.movesThisTurn + 1 >= limit
  );
}

/**
 * The engine's checks that do not depend on the payload: the game is on, the
 * seat is at the table and still in the game, the move type exists, no other
 * seat owes a supplemental ply, and the seat holds the turn (or priority,
 * with the timing its speed needs). Null when they pass.
 *
 * @example
 * engineRefusal(mundane, ctx, 'PlayCard', 'seat:bob') // { code: 'NO_PRIORITY', ... } while seat:ann holds it
 */
export function engineRefusal(
  game: AnyGame,
  ctx: TableContext,
  type: string,
  seat: string | undefined,
): Refusal | null {
  return turnRefusal(game, ctx, type, seat, gameMove(game, type), engineMove(type));
}

/** `engineRefusal` with the move's definitions already looked up: the game's and the engine's. */
export function turnRefusal(
  game: AnyGame,
  ctx: TableContext,
  type: string,
  seat: string | undefined,
  definition: GameMove | undefined,
  engine: EngineMoveModel | undefined,
): Refusal | null {
  if (ctx.status === 'over') return refusal('GAME_OVER', `the game at ${ctx.opening.table || 'this table'} is over`);
  if (seat !== undefined && !ctx.opening.seats.includes(seat))
    return refusal('UNKNOWN_SEAT', `${seat} is not at ${ctx.opening.table}`);
  if (engine === undefined && definition === undefined)
    return refusal('UNKNOWN_MOVE', `${game.id} has no move ${type}`);
  const unused = engine?.unused(game, ctx.opening.structure) ?? null;
  if (unused !== null) return unused;
  if (seat !== undefined && ctx.progression.out.includes(seat))
    return refusal('REFUSED', `${seat} is out of the game`, 'SEAT_OUT');
  if (definition !== undefined && !phaseAllows(ctx, type))
    return refusal('WRONG_TIMING', `${ctx.gamePhase} does not allow ${type}`, 'NOT_IN_THIS_PHASE');
  if (seat === undefined && engine?.needsSeat === true)
    return refusal('REFUSED', `${type} needs the seat it is for`, 'SEAT_REQUIRED');

  const { obligation } = ctx.progression;
  const acting = seat ?? ctx.prioritySeat ?? ctx.turn.activeSeat;
  const owed = engine?.obligation ?? 'others';
  if (obligation !== null && owed !== 'never' && (owed === 'always' || acting !== obligation.seat)) {
    return refusal(
      'OBLIGATION_PENDING',
      `${obligation.seat} owes ${obligation.remaining} supplemental ${obligation.remaining === 1 ? 'ply' : 'plies'} first`,
    );
  }
  if (engine !== undefined) return engine.refusal(game, ctx, seat, acting);
  if (isOutOfTurn(ctx, type)) return null;
  const inWindow = windowRefusal(ctx, type);
  if (inWindow !== null) return inWindow;
  // The application acting for the table is not held to the turns: the game's check decides (a move the game
  // declares for seats only answers it with SEAT_REQUIRED).
  if (seat === undefined) return null;

  if (ctx.opening.structure.priority) {
    if (acting === null || acting !== ctx.prioritySeat) {
      return refusal(
        'NO_PRIORITY',
        `${acting ?? 'nobody'} does not hold priority; ${ctx.prioritySeat ?? 'nobody'} does`,
      );
    }
    if (definition?.speed === 'sorcery') {
      if (acting !== ctx.turn.activeSeat)
        return refusal(
          'NOT_YOUR_TURN',
          `${type} is sorcery speed: only the active seat ${ctx.turn.activeSeat} may make it`,
        );
      if (ctx.phase !== game.sorceryPhase)
        return refusal(
          'WRONG_TIMING',
          `${type} is sorcery speed: only in ${game.sorceryPhase}, and it is ${ctx.phase}`,
        );
      if (ctx.stack.length > 0)
        return refusal(
          'WRONG_TIMING',
          `${type} is sorcery speed: only with the stack empty, and ${ctx.stack.length} item(s) wait on it`,
        );
    }
    return null;
  }
  return acting !== null && holdsTurn(ctx, acting) ? null : notYourTurn(ctx, acting);
}
