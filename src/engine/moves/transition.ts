/** `engine.transition { transition }`: moves the game along a transition the current game phase declares; the game decides who may. */

import { refusal } from '../../core/errors.js';
import { z } from '../../core/schema.js';
import { seatingView } from '../seatingView.js';
import { askGame, gameRefusal } from '../turnFacts.js';
import { type EngineMoveModel, parsePayload, plain } from './engineMove.js';

const payload = z.strictObject({ transition: z.string().check(z.minLength(1), z.maxLength(64)) });

export const transition: EngineMoveModel = {
  ...plain,
  column: 'table',
  type: 'engine.transition',
  obligation: 'always',
  unused: (game, structure) =>
    structure.transitions.length > 0
      ? null
      : refusal('REFUSED', `${game.id} declares no transitions between game phases`, 'NO_TRANSITIONS'),
  payloadRefusal(game, ctx, move) {
    const read = parsePayload(payload, move);
    if (!read.ok) return read.refusal;
    const name = read.payload.transition;
    const declared = ctx.opening.structure.transitions.some((t) => t.from === ctx.gamePhase && t.name === name);
    if (!declared) return refusal('REFUSED', `${ctx.gamePhase} declares no transition ${name}`, 'UNKNOWN_TRANSITION');
    return askGame(() =>
      gameRefusal(
        game.mayTransition({
          game: ctx.game,
          seat: move.seat ?? null,
          transition: name,
          options: ctx.opening.options,
          seating: seatingView(ctx),
        }),
      ),
    );
  },
  notation: (move) => `→ ${(move.payload as { transition: string }).transition}`,
  candidates: (ctx) =>
    ctx.opening.structure.transitions.filter((t) => t.from === ctx.gamePhase).map((t) => ({ transition: t.name })),
};
