/**
 * Who may make which move, as pure functions of the context. The table asks
 * them before it sends a move, and the machine's `moveIsLegal` guard asks the
 * same ones, so a refusal is decided in one place.
 */
import { z } from 'zod';
import { GameCodeError, refusal, type Refusal } from '../core/errors.js';
import { gameMove, type AnyGame, type GameMove, type SeatingView } from '../core/game.js';
import { idSchema, readMove, type Move } from '../core/move.js';
import { strategyOf } from '../progression/strategies/index.js';
import type { StructurePlan } from '../progression/structure.js';
import { delayTurn, nextTurn } from '../progression/turns.js';
import { seatingOf, seatsInGame, type TableContext } from './context.js';
import { last } from '../log/plyLog.js';

/** The engine's own move types, valid in every game (CONTRACT.md; `engine.leave` is plystack's addition). */
export const ENGINE_MOVES = ['engine.pass', 'engine.end-turn', 'engine.transition', 'engine.initiative', 'engine.delay', 'engine.leave', 'engine.auto-pass', 'engine.undo'] as const;

/** Engine moves a seat may make whether or not it holds the turn; the game decides who may (seed 004). */
const NOT_HELD_TO_TURNS = new Set(['engine.transition', 'engine.initiative', 'engine.leave', 'engine.auto-pass', 'engine.undo']);

const enginePayloads: Record<string, z.ZodType | undefined> = {
  'engine.transition': z.object({ transition: z.string().min(1).max(64) }).strict(),
  'engine.initiative': z.object({ scores: z.record(idSchema, z.number().int().min(-1_000_000).max(1_000_000)) }).strict(),
  'engine.delay': z.object({ after: idSchema }).strict(),
  'engine.auto-pass': z.discriminatedUnion('until', [
    z.object({ until: z.enum(['end-of-turn', 'stack-resolved', 'my-turn', 'off']) }).strict(),
    z.object({ until: z.literal('phase'), phase: z.string().min(1).max(64) }).strict(),
  ]),
};

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

/** Whether the current game phase declares `type` a move any seat may make at any time. */
export function isOutOfTurn(ctx: TableContext, type: string): boolean {
  return ctx.progression.rules.outOfTurn?.includes(type) ?? false;
}

/** Whether `seat` holds the turn now under the current strategy. */
function holdsTurn(ctx: TableContext, seat: string): boolean {
  return strategyOf(ctx.progression.rules).holdsTurn(ctx.progression, ctx.turn.activeSeat, seat);
}

/** What a game may read of the turn structure. */
export function seatingView(ctx: TableContext): SeatingView {
  return {
    seats: ctx.opening.seats,
    out: ctx.progression.out,
    activeSeat: ctx.turn.activeSeat,
    turn: ctx.turn.number,
    round: ctx.turn.round,
    movesThisTurn: ctx.progression.movesThisTurn,
    gamePhase: ctx.gamePhase,
    phase: ctx.phase,
  };
}

/**
 * Runs a game's check; game code that throws becomes a GAME_ERROR refusal
 * instead of an exception, so a table's checks never throw.
 */
export function askGame(ask: () => Refusal | null): Refusal | null {
  try {
    return ask();
  } catch (error) {
    if (error instanceof GameCodeError) return refusal('GAME_ERROR', error.message);
    throw error;
  }
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
  switch (type) {
    case 'engine.leave':
      return game.leaving ? null : refusal('REFUSED', `${game.id} has no leaving: every seat plays to the end`, 'NO_LEAVING');
    case 'engine.transition':
      return structure.transitions.length > 0 ? null : refusal('REFUSED', `${game.id} declares no transitions between game phases`, 'NO_TRANSITIONS');
    case 'engine.initiative':
    case 'engine.delay':
      return structure.phases.some((p) => strategyOf(p.rules).delays) ? null : refusal('REFUSED', `no game phase of ${game.id} is ordered by initiative`, 'NO_INITIATIVE');
    default:
      return null;
  }
}

/** Whether the current game phase allows the game's move `type` (a phase may list the moves it allows). */
function phaseAllows(ctx: TableContext, type: string): boolean {
  const plan = ctx.opening.structure.phases.find((p) => p.name === ctx.gamePhase);
  return plan?.moves == null || plan.moves.includes(type);
}

/** The move's payload as its schema reads it, or why it does not fit. */
export function readPayload(definition: GameMove, move: Move): { ok: true; payload: unknown } | { ok: false; refusal: Refusal } {
  if (definition.payload === null) {
    return move.payload === undefined ? { ok: true, payload: undefined } : { ok: false, refusal: refusal('INVALID_PAYLOAD', `${move.type} takes no payload`) };
  }
  let parsed;
  try {
    parsed = definition.payload.safeParse(move.payload);
  } catch (error) {
    return { ok: false, refusal: refusal('GAME_ERROR', `moves.${move.type}.payload threw: ${error instanceof Error ? error.message : String(error)}`) };
  }
  if (parsed.success) return { ok: true, payload: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `payload.${issue.path.join('.')}: ` : 'payload: ';
  return { ok: false, refusal: refusal('INVALID_PAYLOAD', `${move.type} ${where}${issue?.message ?? 'does not fit'}`) };
}

/**
 * Whether the turn can pass from the active seat now: some seat may take the
 * next turn (Circular without self-succession may have none).
 *
 * @example
 * turnCanPass(ctx) // false for a lone seat in a Circular phase without allowSelfSuccessor
 */
export function turnCanPass(ctx: TableContext): boolean {
  return nextTurn(ctx.progression, seatingOf(ctx)).ok;
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
  // Only the game's own moves count towards movesPerTurn.
  if (game !== undefined && gameMove(game, move.type) === undefined) return false;
  const limit = ctx.progression.rules.movesPerTurn;
  return limit !== undefined && !isOutOfTurn(ctx, move.type) && ctx.progression.obligation === null && ctx.progression.movesThisTurn + 1 >= limit;
}

/** Why the turn cannot pass from the active seat now (no eligible successor), or null. */
function turnCannotPass(ctx: TableContext): Refusal | null {
  const next = nextTurn(ctx.progression, seatingOf(ctx));
  return next.ok ? null : refusal(next.code, next.message);
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
export function engineRefusal(game: AnyGame, ctx: TableContext, type: string, seat: string | undefined): Refusal | null {
  if (ctx.status === 'over') return refusal('GAME_OVER', `the game at ${ctx.opening.table || 'this table'} is over`);
  if (seat !== undefined && !ctx.opening.seats.includes(seat)) return refusal('UNKNOWN_SEAT', `${seat} is not at ${ctx.opening.table}`);
  const definition = gameMove(game, type);
  const isEngine = (ENGINE_MOVES as readonly string[]).includes(type);
  if (!isEngine && definition === undefined) return refusal('UNKNOWN_MOVE', `${game.id} has no move ${type}`);
  const unused = isEngine ? unusedEngineMove(game, ctx.opening.structure, type) : null;
  if (unused !== null) return unused;
  if (seat !== undefined && ctx.progression.out.includes(seat)) return refusal('REFUSED', `${seat} is out of the game`, 'SEAT_OUT');
  if (definition !== undefined && !phaseAllows(ctx, type)) return refusal('WRONG_TIMING', `${ctx.gamePhase} does not allow ${type}`, 'NOT_IN_THIS_PHASE');
  if (seat === undefined && definition !== undefined && !definition.application) {
    return refusal('REFUSED', `${type} needs a seat: the game does not let the application make it`, 'SEAT_REQUIRED');
  }
  if (seat === undefined && (type === 'engine.delay' || type === 'engine.auto-pass' || type === 'engine.undo')) return refusal('REFUSED', `${type} needs the seat it is for`, 'SEAT_REQUIRED');
  if (type === 'engine.auto-pass' && !ctx.opening.structure.priority) return refusal('REFUSED', `${game.id} has no priority windows to pass in`, 'NO_PRIORITY_WINDOWS');

  const { obligation } = ctx.progression;
  const acting = seat ?? ctx.prioritySeat ?? ctx.turn.activeSeat;
  if (obligation !== null && type !== 'engine.initiative' && type !== 'engine.leave' && type !== 'engine.auto-pass') {
    if (acting !== obligation.seat || type === 'engine.end-turn' || type === 'engine.transition') {
      return refusal('OBLIGATION_PENDING', `${obligation.seat} owes ${obligation.remaining} supplemental ${obligation.remaining === 1 ? 'ply' : 'plies'} first`);
    }
  }
  if (NOT_HELD_TO_TURNS.has(type)) return null;
  if (definition !== undefined && isOutOfTurn(ctx, type)) return null;
  // The application acting for the table is not held to the turns: the game's check decides.
  if (definition !== undefined && seat === undefined) return null;

  const { priority } = ctx.opening.structure;
  const { strategy } = ctx.progression.rules;
  const model = strategyOf(ctx.progression.rules);
  switch (type) {
    case 'engine.pass':
      if (!priority || ctx.prioritySeat === null) return refusal('NO_PRIORITY', `${ctx.gamePhase} has no priority window: nobody holds priority`);
      return acting === ctx.prioritySeat ? null : refusal('NO_PRIORITY', `${acting ?? 'nobody'} does not hold priority; ${ctx.prioritySeat} does`);
    case 'engine.end-turn':
      if (priority) return refusal('REFUSED', 'a turn with priority phases ends only when every seat passes in a row with the stack empty', 'NO_END_TURN');
      if (model.shape === 'open') return refusal('REFUSED', `${ctx.gamePhase} is free: there is no turn to end`, 'NO_TURNS');
      if (seat !== undefined && !holdsTurn(ctx, seat)) return refusal('NOT_YOUR_TURN', `it is not ${seat}'s turn`);
      if (seat !== undefined) {
        const condition = askGame(() => gameRefusal(game.mayEndTurn({ game: ctx.game, seat, options: ctx.opening.options, seating: seatingView(ctx) })));
        if (condition !== null) return condition;
      }
      // In a round every seat ends its own turn; a turn passed from seat to seat needs a seat to take it.
      return model.shape === 'rounds' ? null : turnCannotPass(ctx);
    case 'engine.delay':
      if (!model.delays) return refusal('REFUSED', `a seat can delay only in a phase ordered by initiative, and ${ctx.gamePhase} is ${strategy}`, 'NOT_INITIATIVE');
      return seat === ctx.turn.activeSeat ? null : refusal('NOT_YOUR_TURN', `it is not ${seat}'s turn`);
  }
  if (priority) {
    if (acting === null || acting !== ctx.prioritySeat) {
      return refusal('NO_PRIORITY', `${acting ?? 'nobody'} does not hold priority; ${ctx.prioritySeat ?? 'nobody'} does`);
    }
    if (definition?.speed === 'sorcery') {
      if (acting !== ctx.turn.activeSeat) return refusal('NOT_YOUR_TURN', `${type} is sorcery speed: only the active seat ${ctx.turn.activeSeat} may make it`);
      if (ctx.phase !== game.sorceryPhase) return refusal('WRONG_TIMING', `${type} is sorcery speed: only in ${game.sorceryPhase}, and it is ${ctx.phase}`);
      if (ctx.stack.length > 0) return refusal('WRONG_TIMING', `${type} is sorcery speed: only with the stack empty, and ${ctx.stack.length} item(s) wait on it`);
    }
    return null;
  }
  return acting !== null && holdsTurn(ctx, acting) ? null : refusal('NOT_YOUR_TURN', `it is not ${acting ?? 'anybody'}'s turn`);
}

/** The payload-dependent checks of the engine's own moves. */
function engineMoveRefusal(game: AnyGame, ctx: TableContext, move: Move): Refusal | null {
  const schema = enginePayloads[move.type];
  if (move.type === 'engine.leave') {
    if (move.seat !== undefined) return move.payload === undefined ? null : refusal('INVALID_PAYLOAD', 'a seat leaves with no payload');
    const parsed = z.object({ seat: idSchema }).strict().safeParse(move.payload);
    if (!parsed.success) return refusal('INVALID_PAYLOAD', 'the table removes a seat with { seat }');
    if (!ctx.opening.seats.includes(parsed.data.seat)) return refusal('UNKNOWN_SEAT', `${parsed.data.seat} is not at ${ctx.opening.table}`);
    return ctx.progression.out.includes(parsed.data.seat) ? refusal('REFUSED', `${parsed.data.seat} is already out`, 'SEAT_OUT') : null;
  }
  if (schema === undefined && move.payload !== undefined) return refusal('INVALID_PAYLOAD', `${move.type} takes no payload`);
  if (move.type === 'engine.undo') return undoRefusal(ctx, move.seat as string);
  if (schema === undefined) return null;
  const parsed = schema.safeParse(move.payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refusal('INVALID_PAYLOAD', `${move.type} payload${issue && issue.path.length > 0 ? `.${issue.path.join('.')}` : ''}: ${issue?.message ?? 'does not fit'}`);
  }
  switch (move.type) {
    case 'engine.transition': {
      const name = (parsed.data as { transition: string }).transition;
      const declared = ctx.opening.structure.transitions.some((t) => t.from === ctx.gamePhase && t.name === name);
      if (!declared) return refusal('REFUSED', `${ctx.gamePhase} declares no transition ${name}`, 'UNKNOWN_TRANSITION');
      return askGame(() => gameRefusal(game.mayTransition({ game: ctx.game, seat: move.seat ?? null, transition: name, options: ctx.opening.options, seating: seatingView(ctx) })));
    }
    case 'engine.initiative': {
      const unknown = Object.keys((parsed.data as { scores: Record<string, number> }).scores).find((seat) => !ctx.opening.seats.includes(seat));
      return unknown === undefined ? null : refusal('UNKNOWN_SEAT', `${unknown} is not at ${ctx.opening.table}`);
    }
    case 'engine.auto-pass': {
      const stop = parsed.data as { until: string; phase?: string };
      if (stop.until === 'stack-resolved' && ctx.stack.length === 0) return refusal('REFUSED', 'nothing waits on the stack to resolve', 'NOTHING_ON_STACK');
      if (stop.until === 'phase' && !ctx.opening.structure.phases.some((p) => p.turnPhases.some((t) => t.name === stop.phase))) {
        return refusal('REFUSED', `a turn has no phase ${stop.phase}`, 'UNKNOWN_PHASE');
      }
      if (stop.until === 'my-turn' && ctx.turn.activeSeat === move.seat) return refusal('REFUSED', `it is already ${move.seat}'s turn`, 'ALREADY_YOUR_TURN');
      return null;
    }
    case 'engine.delay': {
      const { after } = parsed.data as { after: string };
      const delayed = delayTurn(ctx.progression, move.seat as string, after);
      return delayed !== null ? null : refusal('REFUSED', `${move.seat} can delay only until after a seat that acts later in this round, and ${after} does not`, 'NOT_LATER');
    }
  }
  return null;
}

/**
 * Why `seat` may not take back its last ply now, or null: the table's last ply
 * must be the seat's own, of an undoable type, with nothing resolved, ended or
 * played by anyone since.
 *
 * @example
 * undoRefusal(ctx, 'seat:bob') // { code: 'REFUSED', reason: 'NOT_YOUR_PLY', ... } right after seat:ann passed
 */
export function undoRefusal(ctx: TableContext, seat: string): Refusal | null {
  const ply = last(ctx.plies);
  if (ply === undefined) return refusal('REFUSED', 'no ply to take back yet', 'NOTHING_TO_UNDO');
  if (ply.actor !== seat) return refusal('REFUSED', `the last ply is ${ply.actor ?? 'the table'}'s (${ply.notation}); ${seat} can take back only its own, while nobody has acted since`, 'NOT_YOUR_PLY');
  if (ctx.undo === null || ctx.undo.seat !== seat) {
    return refusal('REFUSED', `${seat}'s last ply (${ply.notation}) cannot be taken back: its move type is not undoable, or the table has moved on since (a resolution, a phase or a turn)`, 'NOT_UNDOABLE');
  }
  return null;
}

/**
 * Why `raw` may not be played now, or null when it may. Reads untrusted input
 * and never throws.
 *
 * @example
 * checkMove(mundane, ctx, { type: 'engine.pass', seat: 'seat:ann' }) // null while seat:ann holds priority
 */
export function checkMove(game: AnyGame, ctx: TableContext, raw: unknown): Refusal | null {
  const read = readMove(raw);
  if (!read.ok) return ctx.status === 'over' ? refusal('GAME_OVER', `the game at ${ctx.opening.table} is over`) : read.refusal;
  const { move } = read;
  const engine = engineRefusal(game, ctx, move.type, move.seat);
  if (engine !== null) return engine;
  // A move that would end the turn when no seat can take the next one is refused, not played into a dead end.
  if (ctx.turn.activeSeat !== null && strategyOf(ctx.progression.rules).shape === 'turns' && endsTurn(ctx, move, game)) {
    const stuck = turnCannotPass(ctx);
    if (stuck !== null) return stuck;
  }
  const definition = gameMove(game, move.type);
  if (definition === undefined) return engineMoveRefusal(game, ctx, move);
  const parsed = readPayload(definition, move);
  if (!parsed.ok) return parsed.refusal;
  return askGame(() => {
    const seating = seatingView(ctx);
    if (definition.sequence({ payload: parsed.payload, options: ctx.opening.options }).length > 0 && ctx.progression.rules.strategy !== 'Circular') {
      return refusal('REFUSED', `${move.type} changes the circular sequence, and ${ctx.gamePhase} is ${ctx.progression.rules.strategy}`, 'NOT_CIRCULAR');
    }
    return gameRefusal(definition.check({ game: ctx.game, seat: move.seat ?? null, payload: parsed.payload, options: ctx.opening.options, seating }));
  });
}

/** A game's own refusal under the engine code REFUSED; a malformed one is the game's error. */
function gameRefusal(problem: { reason: string; message: string } | null): Refusal | null {
  if (problem === null || problem === undefined) return null;
  if (typeof problem !== 'object' || typeof problem.reason !== 'string' || typeof problem.message !== 'string') {
    return refusal('GAME_ERROR', `the game refused with ${String(problem).slice(0, 80)}, not { reason, message }`);
  }
  return refusal('REFUSED', problem.message, problem.reason);
}
