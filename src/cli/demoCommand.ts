/**
 * `plystack demo [GAME] [--seats N] [--seed S] [--turns T] [--log FILE]`: a
 * table played by seeded random legal moves, printed as its move table.
 */
import { InvalidTable } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import { builtInGames, findGame } from '../games/registry.js';
import { playDemo } from '../table/autoplay.js';
import { type Command, EXIT } from './commands.js';
import { gameFromModule } from './gameModule.js';
import { tableReport } from './summary.js';
import { quote } from './text.js';

function wholeNumber(value: string | boolean | undefined): number | undefined | null {
  if (value === undefined) return undefined;
  return typeof value === 'string' && /^\d+$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : null;
}

export const demoCommand: Command = {
  name: 'demo',
  description: 'Plays a game, built in or your own (--game), by seeded random legal moves and prints its move table.',
  positionals: '[GAME]',
  options: {
    game: {
      type: 'string',
      value: 'MODULE',
      description:
        'play your own game: an ES module whose default export, or the export named after #, is a game made with defineGame',
    },
    seats: { type: 'string', value: 'N', description: "how many seats (default: the game's minimum)" },
    seed: { type: 'string', value: 'S', description: 'the seed of the table and of the moves (default 1)' },
    turns: { type: 'string', value: 'T', description: 'the game ends after turn T (default 6)' },
    log: { type: 'string', value: 'FILE', description: "also write the game's log to FILE, for plystack replay" },
  },
  async run({ positionals, values }, io) {
    let game: AnyGame | undefined;
    if (typeof values.game === 'string') {
      if (positionals.length > 0)
        return (
          io.err(`GAME: give the game once: ${quote(positionals[0])} or --game ${quote(values.game)}`), EXIT.invalid
        );
      const found = await gameFromModule(values.game);
      if (typeof found === 'string') return (io.err(`--game: ${found}`), EXIT.invalid);
      game = found.game;
    } else {
      const id = positionals[0] ?? 'mundane';
      game = findGame(id);
      if (game === undefined || positionals.length > 1) {
        io.err(
          `GAME: ${positionals.length > 1 ? 'give one game' : `no game ${quote(id)}`}; built in: ${Object.keys(builtInGames).join(', ')}; your own: --game ./dist/my-game.js`,
        );
        return EXIT.invalid;
      }
    }
    const seats = wholeNumber(values.seats);
    const turns = wholeNumber(values.turns);
    if (seats === null) return (io.err('--seats: a whole number of seats'), EXIT.invalid);
    if (turns === null || turns === 0) return (io.err('--turns: a whole number of turns, at least 1'), EXIT.invalid);
    const rawSeed = values.seed;
    const seed = typeof rawSeed === 'string' ? (/^-?\d+$/.test(rawSeed) ? Number(rawSeed) : rawSeed) : 1;
    if (seats !== undefined && (seats < game.seats.min || seats > game.seats.max)) {
      io.err(`--seats: ${game.id} seats ${game.seats.min} to ${game.seats.max}, not ${seats}`);
      return EXIT.invalid;
    }
    let table;
    try {
      table = playDemo(game, {
        ...(seats !== undefined ? { seats } : {}),
        seed,
        options: game.demoOptions({ turns: turns ?? 6 }),
      });
    } catch (error) {
      if (error instanceof InvalidTable)
        return (io.err(`${error.path ?? 'table'}: ${error.code}: ${error.message}`), EXIT.invalid);
      throw error;
    }
    io.out(tableReport(table));
    const logText = `${JSON.stringify(table.log, null, 2)}\n`;
    table.stop();
    if (typeof values.log === 'string') {
      try {
        await io.writeFile(values.log, logText);
      } catch (error) {
        return (io.err(`--log: cannot write ${quote(values.log)}: ${(error as Error).message}`), EXIT.invalid);
      }
      io.out(`\nlog written to ${values.log}: replay it with plystack replay ${values.log}`);
    }
    return EXIT.ok;
  },
};
