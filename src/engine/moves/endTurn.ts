/**
 * `engine.end-turn`: ends the seat's turn; in a simultaneous round, that seat
 * is done; without a seat, the table ends the turn or the round. The game may
 * set a condition on it (`mayEndTurn`).
 */
import { refusal } from '../../core/errors.js';
import { strategyOf } from '../../progression/strategies/index.js';
import { movesOwed } from '../../progression/turns.js';
import { seatingView } from '../seatingView.js';
import { askGame, gameRefusal, holdsTurn, notYourTurn, turnCannotPass } from '../turnFacts.js';
import { type EngineMoveModel, parsePayload, plain } from './engineMove.js';

export const endTurn: EngineMoveModel = {
  ...plain,
  type: 'engine.end-turn',
  obligation: 'always',
  refusal(game, ctx, seat) {
    const strategy = strategyOf(ctx.progression.rules);
    if (ctx.opening.structure.priority)
      return refusal(
        'REFUSED',
        'a turn with priority phases ends only when every seat passes in a row with the stack empty',
        'NO_END_TURN',
      );
    if (strategy.shape === 'open')
      return refusal('REFUSED', `${ctx.gamePhase} is free: there is no turn to end`, 'NO_TURNS');
    if (seat !== undefined && !holdsTurn(ctx, seat)) return notYourTurn(ctx, seat);
    // In a response window, a seat ends its own part of it (the application closes it for every seat).
    if (ctx.progression.window !== undefined) return null;
    // The turn rules' minimum binds the seat; the application (a timer) may still end a turn short of it.
    const owed = seat === undefined ? 0 : movesOwed(ctx.progression, seat);
    if (owed > 0) {
      const minimum = ctx.progression.rules.minMovesPerTurn as number;
      return refusal(
        'REFUSED',
        `${seat} makes at least ${minimum} ${minimum === 1 ? 'move' : 'moves'} before ending its turn (minMovesPerTurn): ${owed} to go`,
        'MOVES_REQUIRED',
      );
    }
    // The game's condition holds on every path: the application ending the turn (seat null) is asked too, and the
    // game may allow it explicitly.
    const condition = askGame(() =>
      gameRefusal(
        game.mayEndTurn({
          game: ctx.game,
          seat: seat ?? null,
          options: ctx.opening.options,
          seating: seatingView(ctx),
        }),
      ),
    );
    if (condition !== null) return condition;
    // In a round every seat ends its own turn; a turn passed from seat to seat needs a seat to take it.
    return strategy.shape === 'rounds' ? null : turnCannotPass(ctx);
  },
  payloadRefusal: (_game, _ctx, move) => {
    const read = parsePayload(null, move);
    return read.ok ? null : read.refusal;
  },
  notation: () => 'end turn',
};
