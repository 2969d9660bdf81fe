/**
 * `plystack demo [GAME] [--seats N] [--seed S] [--turns T] [--log FILE]
 * [--bots BOTS] [--iterations N]`: a table played by seeded random legal
 * moves, or by the bots of plystack/bots seat by seat, printed as its move
 * table.
 */

import { playDemo } from '../bots/autoplay.js';
import { type Bot, mctsBot, randomBot } from '../bots/bots.js';
import { HintError } from '../bots/hintError.js';
import { InvalidTable } from '../core/errors.js';
import type { Move } from '../core/move.js';
import { seededRandom } from '../core/random.js';
import type { AnyGame } from '../definition/game.js';
import { builtInGames, findGame } from '../games/registry.js';
import type { Table } from '../table/table.js';
import { type Command, EXIT } from './commands.js';
import { gameFromModule } from './gameModule.js';
import type { Io } from './io.js';
import { tableReport } from './summary.js';
import { quote } from './text.js';

const BOT_KINDS = ['random', 'mcts'] as const;
/**
 * Moves of an MCTS playout before it stops and is scored by the game's `evaluate` hint (unknown without one), as the
 * server's bot seats play: a game of hundreds of moves (circular-table) does not cost hundreds of moves a playout.
 */
const PLAYOUT_DEPTH = 50;
type BotKind = (typeof BOT_KINDS)[number];

/** The bot of each seat, in table order, from `--bots` (one kind, or one per seat with the last one repeated); a message when it is wrong. */
function botKinds(value: string, seats: number): BotKind[] | string {
  const kinds = value.split(',').map((kind) => kind.trim());
  const wrong = kinds.find((kind) => !(BOT_KINDS as readonly string[]).includes(kind));
  if (wrong !== undefined) return `no bot ${quote(wrong)}; bots: ${BOT_KINDS.join(', ')}`;
  if (kinds.length > seats) return `${kinds.length} bots for ${seats} seats: give one, or one per seat`;
  return Array.from({ length: seats }, (_, i) => kinds[Math.min(i, kinds.length - 1)] as BotKind);
}

/**
 * Plays `table` with a bot in every seat until the game is over or nobody may
 * act (at most `limit` moves): of the seats that may act, one chosen by the
 * seeded `pick` plays its bot's move. Like the random demo, a bot considers
 * the moves `botMoves` gives: it leaves, stops at an auto-pass or takes a move
 * back only when that is all its seat may do.
 */
function playBots(table: Table, bots: ReadonlyMap<string, Bot>, pick: (n: number) => number, limit: number): void {
  for (let i = 0; i < limit; i++) {
    const seats = table.toAct();
    if (seats.length === 0) return;
    const seat = seats[pick(seats.length)] as string;
    const bot = bots.get(seat) as Bot;
    const move: Move | null = bot.choose(table, seat);
    if (move === null) return;
    table.play(move as never);
  }
}

/** A game's bot hint that answered out of its range: the game's mistake, said with the hint named, no stack trace. */
function refusedHint(io: Io, error: HintError): number {
  io.err(`${error.hint}: ${error.code}: ${error.message}`);
  return EXIT.refused;
}

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
    bots: {
      type: 'string',
      value: 'BOTS',
      description:
        'seats played by bots of plystack/bots instead: random or mcts, or one per seat in table order (mcts,random)',
    },
    iterations: {
      type: 'string',
      value: 'N',
      description: 'with --bots: the MCTS bot plays out N games ahead of each move (default 50)',
    },
  },
  async run({ positionals, values }, io) {
    let game: AnyGame | undefined;
    if (typeof values.game === 'string') {
      if (positionals.length > 0) {
        io.err(`GAME: give the game once: ${quote(positionals[0])} or --game ${quote(values.game)}`);
        return EXIT.invalid;
      }
      const found = await gameFromModule(values.game);
      if (typeof found === 'string') {
        io.err(`--game: ${found}`);
        return EXIT.invalid;
      }
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
    if (seats === null) {
      io.err('--seats: a whole number of seats');
      return EXIT.invalid;
    }
    if (turns === null || turns === 0) {
      io.err('--turns: a whole number of turns, at least 1');
      return EXIT.invalid;
    }
    const rawSeed = values.seed;
    const seed = typeof rawSeed === 'string' ? (/^-?\d+$/.test(rawSeed) ? Number(rawSeed) : rawSeed) : 1;
    if (seats !== undefined && (seats < game.seats.min || seats > game.seats.max)) {
      io.err(`--seats: ${game.id} seats ${game.seats.min} to ${game.seats.max}, not ${seats}`);
      return EXIT.invalid;
    }
    const iterations = wholeNumber(values.iterations);
    if (iterations === null || iterations === 0) {
      io.err('--iterations: a whole number of playouts, at least 1');
      return EXIT.invalid;
    }
    if (iterations !== undefined && typeof values.bots !== 'string') {
      io.err('--iterations: for the MCTS bot, with --bots mcts');
      return EXIT.invalid;
    }
    let table: Table;
    let botLine: string | null = null;
    try {
      table = playDemo(game, {
        ...(seats !== undefined ? { seats } : {}),
        seed,
        options: game.demoOptions({ turns: turns ?? 6 }),
        ...(typeof values.bots === 'string' ? { maxMoves: 0 } : {}),
      });
    } catch (error) {
      if (error instanceof InvalidTable) {
        io.err(`${error.path ?? 'table'}: ${error.code}: ${error.message}`);
        return EXIT.invalid;
      }
      if (error instanceof HintError) return refusedHint(io, error);
      throw error;
    }
    if (typeof values.bots === 'string') {
      const order = table.context.opening.seats;
      const kinds = botKinds(values.bots, order.length);
      if (typeof kinds === 'string') {
        table.stop();
        io.err(`--bots: ${kinds}`);
        return EXIT.invalid;
      }
      const playouts = iterations ?? 50;
      const bots = new Map(
        order.map((seat, i) => {
          const botSeed = `${String(seed)}:bot:${seat}`;
          return [
            seat,
            kinds[i] === 'mcts'
              ? mctsBot({ seed: botSeed, iterations: playouts, depth: PLAYOUT_DEPTH })
              : randomBot({ seed: botSeed }),
          ] as const;
        }),
      );
      const random = seededRandom(`${String(seed)}:seats`);
      try {
        playBots(table, bots, (n) => random.int(0, n - 1), 100_000);
      } catch (error) {
        table.stop();
        if (error instanceof HintError) return refusedHint(io, error);
        throw error;
      }
      botLine = `bots: ${order.map((seat, i) => `${seat} ${kinds[i] === 'mcts' ? `mcts (${playouts} playouts a move)` : 'random'}`).join(', ')}`;
    }
    io.out(tableReport(table));
    if (botLine !== null) io.out(botLine);
    const logText = `${JSON.stringify(table.log, null, 2)}\n`;
    table.stop();
    if (typeof values.log === 'string') {
      try {
        await io.writeFile(values.log, logText);
      } catch (error) {
        io.err(`--log: cannot write ${quote(values.log)}: ${(error as Error).message}`);
        return EXIT.invalid;
      }
      io.out(`\nlog written to ${values.log}: replay it with plystack replay ${values.log}`);
    }
    return EXIT.ok;
  },
};
