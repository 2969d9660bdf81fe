/** What a step takes of a move the gate let through (gate.ts makes it; the steps read it and ask nothing again). */

import type { Move } from '../core/move.js';
import type { GameMove } from '../definition/game.js';
import type { EngineMoveModel } from './moves/engineMove.js';

/** What a step needs of a move: the move as read, its definition, and its payload as the definition's schema read it. */
export interface Checked {
  /** The move as read: frozen, plain, what its ply records. */
  readonly move: Move;
  /** The game's definition of its type (undefined for an engine move). */
  readonly definition: GameMove | undefined;
  /** The engine's model of its type (undefined for a game move). */
  readonly engine: EngineMoveModel | undefined;
  /** A game move's payload as its schema read it (an engine move's: its payload as sent, which its checks read). */
  readonly parsed: unknown;
}
