/**
 * Who may make which move, as pure functions of the context. The table asks
 * them before it sends a move, and the machine's `moveIsLegal` guard asks the
 * same ones, so a refusal is decided in one place. The engine's own moves
 * bring their own checks (engine/moves); the game's moves are held to the
 * turn, priority and timing here, then asked of the game.
 */
import { type Refusal, refusal } from '../core/errors.js';
import { type Move, readMove } from '../core/move.js';
import { type AnyGame, type GameMove, gameMove } from '../definition/game.js';
import { type StructurePlan, windowPlan } from '../definition/structure.js';
import { strategyOf } from '../progression/strategies/index.js';
import { seatsInGame, type TableContext } from './context.js';
import { type PayloadRead, parsePayload } from './moves/engineMove.js';
import { ENGINE_MOVES, type EngineMoveModel, engineMove } from './moves/index.js';
import { seatingView } from './seatingView.js';
import { askGame, gameRefusal, holdsTurn, isOutOfTurn, notYourTurn, turnCannotPass } from './turnFacts.js';

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
 * The move's payload as its schema reads it, or why it does not fit; a schema that throws is the game's error. A
 * read move is frozen: its payload is parsed once, however many times a play asks (check, notation, play).
 */
export function readPayload(definition: GameMove, move: Move): PayloadRead {
  try {
    return parsePayload(definition.payload, move);
  } catch (error) {
    return {
      ok: false,
      refusal: refusal(
        'GAME_ERROR',
        `moves.${move.type}.payload threw: ${error instanceof Error ? error.message : String(error)}`,
      ),
    };
  }
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
  return refusalOf(game, ctx, type, seat, gameMove(game, type), engineMove(type));
}

/** `engineRefusal` with the move's definitions already looked up: the game's and the engine's. */
function refusalOf(
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
  const window = ctx.progression.window;
  if (window !== undefined && !windowPlan(ctx.opening.structure, ctx.gamePhase, window.name)?.moves.includes(type))
    return refusal('WRONG_TIMING', `the window ${window.name} is open: ${type} is not one of its moves`, 'IN_WINDOW');
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

/**
 * Why `raw` may not be played now, or null when it may. Reads untrusted input
 * and never throws.
 *
 * @example
 * checkMove(mundane, ctx, { type: 'engine.pass', seat: 'seat:ann' }) // null while seat:ann holds priority
 */
export function checkMove(game: AnyGame, ctx: TableContext, raw: unknown): Refusal | null {
  // The table checks a move before it sends it, and the chart's guard checks the same frozen move against the same
  // context again: the second time is answered from this one-entry memo, so a move is checked once per play.
  if (raw === lastMove && ctx === lastContext && game === lastGame) return lastResult;
  const read = readMove(raw);
  if (!read.ok)
    return ctx.status === 'over' ? refusal('GAME_OVER', `the game at ${ctx.opening.table} is over`) : read.refusal;
  const result = checkRead(game, ctx, read.move);
  // readMove gives back the very object it was given only for a move it read before: frozen, so the answer holds.
  if (read.move === raw) {
    lastGame = game;
    lastContext = ctx;
    lastMove = raw;
    lastResult = result;
  }
  return result;
}

let lastGame: AnyGame | null = null;
let lastContext: TableContext | null = null;
let lastMove: unknown = null;
let lastResult: Refusal | null = null;

/**
 * Why a read move offered to its seat may not be played, when `engineRefusal` already let its type and seat through
 * in `ctx`: the checks of `checkMove` that remain (a turn that cannot pass, the payload, the game's check).
 */
export function offerRefusal(game: AnyGame, ctx: TableContext, move: Move): Refusal | null {
  return payloadChecks(game, ctx, move, gameMove(game, move.type), engineMove(move.type));
}

function checkRead(game: AnyGame, ctx: TableContext, move: Move): Refusal | null {
  const definition = gameMove(game, move.type);
  const engine = engineMove(move.type);
  return (
    refusalOf(game, ctx, move.type, move.seat, definition, engine) ?? payloadChecks(game, ctx, move, definition, engine)
  );
}

/** The checks after the turn's: a turn that cannot pass, the payload as its schema reads it, and the game's check. */
function payloadChecks(
  game: AnyGame,
  ctx: TableContext,
  move: Move,
  definition: GameMove | undefined,
  engine: EngineMoveModel | undefined,
): Refusal | null {
  // A move that would end the turn when no seat can take the next one is refused, not played into a dead end.
  if (
    ctx.turn.activeSeat !== null &&
    strategyOf(ctx.progression.rules).shape === 'turns' &&
    endsTurn(ctx, move, game)
  ) {
    const stuck = turnCannotPass(ctx);
    if (stuck !== null) return stuck;
  }
  if (definition === undefined) return (engine as EngineMoveModel).payloadRefusal(game, ctx, move);
  const parsed = readPayload(definition, move);
  if (!parsed.ok) return parsed.refusal;
  return askGame(() => {
    const seating = seatingView(ctx);
    if (
      definition.sequence({ payload: parsed.payload, options: ctx.opening.options }).length > 0 &&
      ctx.progression.rules.strategy !== 'Circular'
    ) {
      return refusal(
        'REFUSED',
        `${move.type} changes the circular sequence, and ${ctx.gamePhase} is ${ctx.progression.rules.strategy}`,
        'NOT_CIRCULAR',
      );
    }
    return gameRefusal(
      definition.check({
        game: ctx.game,
        seat: move.seat ?? null,
        payload: parsed.payload,
        options: ctx.opening.options,
        seating,
        stack: ctx.stack,
      }),
    );
  });
}
