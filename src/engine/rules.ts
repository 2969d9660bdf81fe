/**
 * Who may make which move, as pure functions of the context. The table asks
 * them before it sends a move, and the machine's `moveIsLegal` guard asks the
 * same ones, so a refusal is decided in one place.
 */
import { refusal, type Refusal } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import { readMove, type Move } from '../core/move.js';
import type { TableContext } from './context.js';

/** The engine's own move types, valid in every game (CONTRACT.md). */
export const ENGINE_MOVES = ['engine.pass', 'engine.end-turn', 'engine.transition', 'engine.initiative', 'engine.delay'] as const;

/** Every move type the game knows, engine moves first. */
export function moveTypes(game: AnyGame): string[] {
  return [...ENGINE_MOVES, ...Object.keys(game.moves)];
}

/**
 * The seat a move acts for: its own seat, or, for a seatless move (the
 * application acting for the table), the seat holding priority.
 */
export function actingSeat(ctx: TableContext, move: Move): string | null {
  return move.seat ?? ctx.prioritySeat;
}

/**
 * The engine's checks that do not depend on the payload: the game is on, the
 * seat is at the table, the move type exists, and the seat holds priority with
 * the timing its speed needs. Null when they pass.
 *
 * @example
 * engineRefusal(mundane, ctx, 'PlayCard', 'seat:bob') // { code: 'NO_PRIORITY', ... } while seat:ann holds it
 */
export function engineRefusal(game: AnyGame, ctx: TableContext, type: string, seat: string | undefined): Refusal | null {
  if (ctx.status === 'over') return refusal('GAME_OVER', `the game at ${ctx.opening.table || 'this table'} is over`);
  if (seat !== undefined && !ctx.opening.seats.includes(seat)) return refusal('UNKNOWN_SEAT', `${seat} is not at ${ctx.opening.table}`);
  const unused = game.unusedEngineMoves[type];
  if (unused !== undefined) return refusal('REFUSED', unused.message, unused.reason);
  const definition = game.moves[type];
  if (type !== 'engine.pass' && definition === undefined) return refusal('UNKNOWN_MOVE', `${game.id} has no move ${type}`);
  if (seat === undefined && type !== 'engine.pass') {
    return refusal('REFUSED', `${type} needs a seat: only a pass may be made for the table`, 'SEAT_REQUIRED');
  }
  const acting = seat ?? ctx.prioritySeat;
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
  if (move.type === 'engine.pass') {
    return move.payload === undefined ? null : refusal('INVALID_PAYLOAD', 'engine.pass takes no payload');
  }
  const definition = game.moves[move.type];
  if (definition === undefined) return refusal('UNKNOWN_MOVE', `${game.id} has no move ${move.type}`);
  const payload = definition.payload.safeParse(move.payload);
  if (!payload.success) {
    const issue = payload.error.issues[0];
    const where = issue && issue.path.length > 0 ? `payload.${issue.path.join('.')}: ` : 'payload: ';
    return refusal('INVALID_PAYLOAD', `${move.type} ${where}${issue?.message ?? 'does not fit'}`);
  }
  const problem = definition.check(ctx.game, move.seat as string, payload.data, ctx.opening.options);
  return problem === null ? null : refusal('REFUSED', problem.message, problem.reason);
}

/**
 * The seats that may act now.
 *
 * @example
 * seatsToAct(ctx) // ['seat:ann'] while seat:ann holds priority
 */
export function seatsToAct(ctx: TableContext): string[] {
  return ctx.status === 'playing' && ctx.prioritySeat !== null ? [ctx.prioritySeat] : [];
}

/** A move type a seat may not make now, with the code and reason. */
export interface BlockedMove {
  readonly type: string;
  readonly code: Refusal['code'];
  readonly message: string;
  readonly reason?: string;
}

/** What a seat may do now, and why each other move type is blocked. */
export interface LegalMoves {
  readonly seat: string;
  readonly allowed: Move[];
  readonly blocked: BlockedMove[];
}

/**
 * Every move `seat` may make now, and each other move type with the code and
 * reason it is blocked. Every allowed move passed `checkMove`.
 *
 * @example
 * legalMovesFor(mundane, ctx, 'seat:ann').allowed // [{ type: 'engine.pass', seat: 'seat:ann' }, { type: 'PlayCard', ... }]
 */
export function legalMovesFor(game: AnyGame, ctx: TableContext, seat: string): LegalMoves {
  const allowed: Move[] = [];
  const blocked: BlockedMove[] = [];
  const block = (type: string, r: Refusal) => blocked.push({ type, code: r.code, message: r.message, ...(r.reason !== undefined ? { reason: r.reason } : {}) });
  for (const type of moveTypes(game)) {
    const engine = engineRefusal(game, ctx, type, seat);
    if (engine !== null) {
      block(type, engine);
      continue;
    }
    const definition = game.moves[type];
    if (definition === undefined) {
      allowed.push({ type, seat });
      continue;
    }
    let first: Refusal | null = null;
    const before = allowed.length;
    for (const payload of definition.candidates(ctx.game, seat)) {
      const move: Move = { type, seat, payload };
      const problem = checkMove(game, ctx, move);
      if (problem === null) allowed.push(move);
      else first ??= problem;
    }
    if (allowed.length === before) {
      block(type, first ?? refusal('REFUSED', `${seat} has nothing to play as ${type}`, 'NOTHING_TO_PLAY'));
    }
  }
  return { seat, allowed, blocked };
}
