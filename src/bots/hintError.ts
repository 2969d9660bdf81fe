/**
 * A game's bot hint (`bots.weight`, `bots.evaluate`) that answered outside its
 * range: the game's mistake, said by the bot that asked, with the hint named,
 * so an app or the CLI can tell it from a failure of plystack's own.
 */

/** The hints a game gives its bots. */
export type BotHint = 'bots.weight' | 'bots.evaluate';

/**
 * Thrown by a bot whose game's hint answered outside its range.
 *
 * @example
 * try { bot.choose(table) } catch (error) { if (error instanceof HintError) console.log(error.hint) } // 'bots.evaluate'
 */
export class HintError extends Error {
  override readonly name = 'HintError';
  readonly code = 'BAD_HINT';
  readonly hint: BotHint;

  constructor(hint: BotHint, message: string) {
    super(message);
    this.hint = hint;
  }
}
