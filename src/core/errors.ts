/**
 * Refusals as values with codes (docs/contract.md, "Refusals"). A check returns a
 * `Refusal`; `IllegalMove` and `InvalidTable` are the thrown twins that carry
 * the same data.
 */

/** Why a move was refused. The names are fixed by docs/contract.md. */
export type IllegalMoveCode =
  | 'GAME_OVER'
  | 'UNKNOWN_SEAT'
  | 'UNKNOWN_MOVE'
  | 'INVALID_PAYLOAD'
  | 'NOT_YOUR_TURN'
  | 'NO_PRIORITY'
  | 'WRONG_TIMING'
  | 'OBLIGATION_PENDING'
  | 'NO_ELIGIBLE_SEAT'
  | 'STALE'
  | 'REFUSED'
  /** plystack's addition: the game's own code threw; `message` carries what it said. The table is unchanged. */
  | 'GAME_ERROR';

/** Why a table or a log was refused. The names are fixed by docs/contract.md. */
export type InvalidTableCode =
  | 'INVALID_SEAT_ID'
  | 'DUPLICATE_SEAT'
  | 'SEAT_COUNT'
  | 'INVALID_OPTIONS'
  | 'UNKNOWN_GAME'
  | 'VERSION_MISMATCH'
  | 'INVALID_LOG'
  /** plystack's additions: the game's `setup` threw; a persisted snapshot that is not one of this game's. */
  | 'SETUP_FAILED'
  | 'INVALID_SNAPSHOT'
  /** plystack's addition: a log opened with turn rules of another revision than the rules it would replay against. */
  | 'RULES_REVISION';

/** A refused move, as plain data. `reason` carries a game's own code under `REFUSED`. */
export interface Refusal {
  readonly code: IllegalMoveCode;
  readonly message: string;
  readonly reason?: string;
}

/** A refused table or log, as plain data; `path` names the field that is wrong. */
export interface TableProblem {
  readonly code: InvalidTableCode;
  readonly message: string;
  readonly path?: string;
}

/**
 * Builds a refusal value.
 *
 * @example
 * refusal('NO_PRIORITY', 'seat:bob does not hold priority')
 */
export function refusal(code: IllegalMoveCode, message: string, reason?: string): Refusal {
  return reason === undefined ? { code, message } : { code, message, reason };
}

/**
 * Thrown by `table.play()` and `replay()` when a move is refused. The table is
 * left exactly as it was.
 *
 * @example
 * try { table.play(move) } catch (e) { if (e instanceof IllegalMove) console.log(e.code) }
 */
export class IllegalMove extends Error {
  override readonly name = 'IllegalMove';
  readonly code: IllegalMoveCode;
  // Declared, not initialised: a refusal without a reason or a move index has no such property (not one set to undefined).
  declare readonly reason?: string;
  /** Index of the refused move in a replayed log, counted from 0. */
  declare readonly move?: number;

  constructor(refused: Refusal, move?: number) {
    super(refused.message);
    this.code = refused.code;
    if (refused.reason !== undefined) this.reason = refused.reason;
    if (move !== undefined) this.move = move;
  }

  /** The plain JSON shape of docs/contract.md: `{ code, message, move?, reason? }`. */
  toJSON(): { code: IllegalMoveCode; message: string; move?: number; reason?: string } {
    return {
      code: this.code,
      message: this.message,
      ...(this.move !== undefined ? { move: this.move } : {}),
      ...(this.reason !== undefined ? { reason: this.reason } : {}),
    };
  }
}

/**
 * Thrown when a table cannot be opened or a log cannot be read.
 *
 * @example
 * try { createTable(mundane, { table: 't', seats: ['1'] }) } catch (e) { (e as InvalidTable).path } // 'seats.0'
 */
export class InvalidTable extends Error {
  override readonly name = 'InvalidTable';
  readonly code: InvalidTableCode;
  /** Declared, not initialised: a problem of no one field has no such property. */
  declare readonly path?: string;

  constructor(problem: TableProblem) {
    super(problem.path === undefined ? problem.message : `${problem.path}: ${problem.message}`);
    this.code = problem.code;
    if (problem.path !== undefined) this.path = problem.path;
  }

  toJSON(): { code: InvalidTableCode; message: string; path?: string } {
    return { code: this.code, message: this.message, ...(this.path !== undefined ? { path: this.path } : {}) };
  }
}

/**
 * Thrown by `defineGame` when a game's definition is wrong; `path` names the
 * field (`moves.PlayCard.payload`, `structure.phases.0.onEnter`, …).
 *
 * @example
 * try { defineGame({ ...spec, sorceryPhase: 'MAIN' }) } catch (e) { (e as GameDefinitionError).path } // 'sorceryPhase'
 */
export class GameDefinitionError extends Error {
  override readonly name = 'GameDefinitionError';
  readonly path: string;

  constructor(path: string, message: string) {
    super(`${path}: ${message}`);
    this.path = path;
  }
}

/**
 * A game's own code threw. The engine catches it, refuses the move with
 * `GAME_ERROR` and leaves the table as it was; `where` names the callback.
 */
export class GameCodeError extends Error {
  override readonly name = 'GameCodeError';
  readonly where: string;

  constructor(where: string, cause: unknown) {
    super(`${where} threw: ${quote(cause instanceof Error ? cause.message : String(cause))}`, { cause });
    this.where = where;
  }
}

/**
 * A value as a message may quote it: at most `max` characters.
 *
 * @example
 * quote('x'.repeat(1000)).length // 203
 */
export function quote(text: string, max = 200): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
