/**
 * A game's bot hint (`bots.weight`, `bots.evaluate`, `bots.determinize`) that
 * answered outside its range, or that a bot needs and the game does not give:
 * the game's mistake, said by the bot that asked, with the hint named, so an
 * app or the CLI can tell it from a failure of plystack's own.
 */

/** The hints a game gives its bots. */
export type BotHint = 'bots.weight' | 'bots.evaluate' | 'bots.determinize';

/**
 * Thrown by a bot whose game's hint answered outside its range (`BAD_HINT`), or that needs a hint the game does not
 * give (`MISSING_HINT`: an MCTS bot at a game that hides information and gives no `bots.determinize`).
 *
 * @example
 * try { bot.choose(table) } catch (error) { if (error instanceof HintError) console.log(error.hint) } // 'bots.evaluate'
 */
export class HintError extends Error {
  override readonly name = 'HintError';
  readonly code: 'BAD_HINT' | 'MISSING_HINT';
  readonly hint: BotHint;

  constructor(hint: BotHint, message: string, code: 'BAD_HINT' | 'MISSING_HINT' = 'BAD_HINT') {
    super(message);
    this.hint = hint;
    this.code = code;
  }
}
