/**
 * What a seat may do now: the seats that may act, and every move a seat may
 * make with each other move type blocked by its code and reason. Built on the
 * same checks as a played move (rules.ts), so the two cannot disagree.
 */
import { type Refusal, refusal } from '../core/errors.js';
import { type Move, readMove } from '../core/move.js';
import { parseSchema } from '../core/schema.js';
import { type AnyGame, gameMove } from '../definition/game.js';
import { strategyOf } from '../progression/strategies/index.js';
import { eligibleSeats } from '../progression/turns.js';
import type { TableContext } from './context.js';
import { offer } from './gate.js';
import { engineMove } from './moves/index.js';
import { engineRefusal, moveTypes, seatingView } from './rules.js';
import { windowWaiting } from './windows.js';

/**
 * The seats that may act now: the obliged seat while it owes plies; the
 * priority holder in a priority window; the active seat; every seat still
 * waiting in a simultaneous round; every seat in a free phase.
 *
 * @example
 * seatsToAct(ctx) // ['seat:ann'] while seat:ann holds priority
 */
export function seatsToAct(ctx: TableContext): string[] {
  if (ctx.status !== 'playing') return [];
  if (ctx.progression.obligation !== null) return [ctx.progression.obligation.seat];
  if (ctx.opening.structure.priority) return ctx.prioritySeat === null ? [] : [ctx.prioritySeat];
  const waiting = windowWaiting(ctx);
  if (waiting !== undefined) return [...waiting];
  return strategyOf(ctx.progression.rules).toAct(ctx.progression, ctx.turn.activeSeat, () =>
    eligibleSeats(ctx.opening.seats, ctx.progression),
  );
}

/** A move type a seat may not make now, with the code and reason. */
export interface BlockedMove {
  readonly type: string;
  readonly code: Refusal['code'];
  readonly message: string;
  readonly reason?: string;
}

/** What a seat may do now, and why each other move type is blocked; `M` the game's moves. */
export interface LegalMoves<M = Move> {
  readonly seat: string;
  readonly allowed: M[];
  readonly blocked: BlockedMove[];
}

/** A game's candidates; game code that throws offers nothing (its moves are then blocked with the error). */
function askCandidates(ask: () => readonly unknown[]): readonly unknown[] | Refusal {
  try {
    const offered = ask();
    return Array.isArray(offered) ? offered : refusal('GAME_ERROR', 'candidates must return a list of payloads');
  } catch (error) {
    return refusal('GAME_ERROR', error instanceof Error ? error.message : String(error));
  }
}

/**
 * Every move `seat` may make now, and each other move type with the code and
 * reason it is blocked. Every allowed move passed the gate: played on the
 * same table state, it is taken as it is (nothing is read or asked again).
 *
 * @example
 * legalMovesFor(mundane, ctx, 'seat:ann').allowed // [{ type: 'engine.pass', seat: 'seat:ann' }, { type: 'PlayCard', ... }]
 */
export function legalMovesFor(game: AnyGame, ctx: TableContext, seat: string): LegalMoves {
  const allowed: Move[] = [];
  const blocked: BlockedMove[] = [];
  const block = (type: string, r: Refusal) =>
    blocked.push({ type, code: r.code, message: r.message, ...(r.reason !== undefined ? { reason: r.reason } : {}) });
  for (const type of moveTypes(game)) {
    const engine = engineRefusal(game, ctx, type, seat);
    if (engine !== null) {
      block(type, engine);
      continue;
    }
    const definition = gameMove(game, type);
    const candidates =
      definition === undefined
        ? (engineMove(type)?.candidates(ctx) ?? [undefined])
        : askCandidates(() =>
            definition.candidates({
              game: ctx.game,
              seat,
              options: ctx.opening.options,
              seating: seatingView(ctx),
              stack: ctx.stack,
            }),
          );
    if (!Array.isArray(candidates)) {
      block(type, candidates as Refusal);
      continue;
    }
    let first: Refusal | null = null;
    const before = allowed.length;
    for (const payload of candidates) {
      const read = readMove(payload === undefined ? { type, seat } : { type, seat, payload });
      // The turn's checks passed for this type and seat above: what remains is asked of this payload. What passes is a
      // checked move: played on this same table state, the gate takes it as it is.
      const verdict = read.ok ? offer(game, ctx, read.move) : read;
      if (verdict.ok) allowed.push(verdict.move);
      else first ??= verdict.refusal;
    }
    if (allowed.length === before) {
      block(type, first ?? refusal('REFUSED', `${seat} has nothing to play as ${type}`, 'NOTHING_TO_PLAY'));
    }
  }
  return { seat, allowed, blocked };
}

/**
 * The moves an application may make for a table of `game` with `options`:
 * a pass, an end of turn, and each transition the game declares.
 *
 * @example
 * seatlessMoves(skirmish, {}) // [{ type: 'engine.pass' }, { type: 'engine.end-turn' }, { type: 'engine.transition', payload: { transition: 'fight' } }, …]
 */
export function seatlessMoves(game: AnyGame, options: unknown): Move[] {
  const parsed = parseSchema(game.options, options ?? {});
  const transitions = parsed.success ? (game.structure(parsed.data).transitions ?? []) : [];
  return [
    { type: 'engine.pass' },
    { type: 'engine.end-turn' },
    ...[...new Set(transitions.map((t) => t.name))].map((transition) => ({
      type: 'engine.transition',
      payload: { transition },
    })),
  ];
}
