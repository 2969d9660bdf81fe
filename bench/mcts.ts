/**
 * MCTS iterations a second on the same small game (tic-tac-toe from the empty
 * board, plystack's built-in `ticTacToe` and the same rules written for
 * boardgame.io): plystack's `mctsBot` on `table.simulate()` beside boardgame.io
 * 0.50.2's `MCTSBot`, the same iterations and playout depth, taken in turn
 * run by run; the best run of each counts. Used by `npm run bench` (figure
 * `mcts`) and `npm run bench:bots`.
 */

import { createRequire } from 'node:module';
import { mctsBot } from '../src/bots/index.js';
import { lineOf, ticTacToe } from '../src/games/index.js';
import { createTable } from '../src/index.js';

/** Who has three in a row on boardgame.io's board (its cells hold player ids): the built-in game's own rule. */
const winnerOf = (cells: readonly (string | null)[]): string | null => lineOf(cells as readonly ('X' | 'O' | null)[]);

/** The same game the boardgame.io way. */
const bgioTicTacToe = {
  setup: () => ({ cells: Array<string | null>(9).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    mark: ({ G, playerID }: { G: { cells: (string | null)[] }; playerID: string }, cell: number) => {
      G.cells[cell] = playerID;
    },
  },
  endIf: ({ G }: { G: { cells: (string | null)[] } }) => {
    const winner = winnerOf(G.cells);
    if (winner !== null) return { winner };
    if (G.cells.every((cell) => cell !== null)) return { draw: true };
    return undefined;
  },
  ai: {
    enumerate: (G: { cells: (string | null)[] }) =>
      G.cells.flatMap((cell, i) => (cell === null ? [{ move: 'mark', args: [i] }] : [])),
  },
};

const require = createRequire(import.meta.url);
type BgBot = { play(state: unknown, playerID: string): Promise<{ action: unknown }> };
const { MCTSBot } = require('boardgame.io/ai') as { MCTSBot: new (options: object) => BgBot };
const { InitializeGame } = require('boardgame.io/internal') as {
  InitializeGame: (options: { game: object; numPlayers: number }) => unknown;
};

/** boardgame.io's default playout depth. */
export const DEPTH = 50;

/** What `timeMcts` measured: the best run of each, in ms and iterations a second, and their ratio. */
export interface MctsResults {
  readonly game: string;
  readonly iterations: number;
  readonly playoutDepth: number;
  readonly runs: number;
  readonly plystack: { readonly bestMs: number; readonly iterationsPerSecond: number };
  readonly boardgameio: { readonly bestMs: number; readonly iterationsPerSecond: number };
  /** plystack's iterations a second over boardgame.io's. */
  readonly ratio: number;
  readonly times: readonly { readonly plystack: number; readonly boardgameio: number }[];
}

/**
 * Times both bots `runs` times over `iterations` iterations each.
 *
 * @example
 * const { ratio } = await timeMcts(2000, 3)
 */
export async function timeMcts(iterations: number, runs: number): Promise<MctsResults> {
  const times: { plystack: number; boardgameio: number }[] = [];
  for (let i = 0; i < runs; i++) times.push(await timeBoth(iterations));
  const best = (key: 'plystack' | 'boardgameio') => Math.min(...times.map((t) => t[key]));
  const rate = (ms: number) => (iterations / ms) * 1000;
  return {
    game: 'tic-tac-toe, from the empty board',
    iterations,
    playoutDepth: DEPTH,
    runs,
    plystack: { bestMs: best('plystack'), iterationsPerSecond: rate(best('plystack')) },
    boardgameio: { bestMs: best('boardgameio'), iterationsPerSecond: rate(best('boardgameio')) },
    ratio: rate(best('plystack')) / rate(best('boardgameio')),
    times,
  };
}

async function timeBoth(iterations: number): Promise<{ plystack: number; boardgameio: number }> {
  const table = createTable(ticTacToe, { table: 'table:bench', seats: ['seat:0', 'seat:1'], seed: 1 });
  let started = performance.now();
  mctsBot({ seed: 1, iterations, depth: DEPTH }).choose(table, 'seat:0');
  const plystack = performance.now() - started;
  table.stop();
  const state = InitializeGame({ game: bgioTicTacToe, numPlayers: 2 });
  const bot = new MCTSBot({
    game: bgioTicTacToe,
    enumerate: bgioTicTacToe.ai.enumerate,
    seed: 'bench',
    iterations,
    playoutDepth: DEPTH,
  });
  started = performance.now();
  await bot.play(state, '0');
  const boardgameio = performance.now() - started;
  return { plystack, boardgameio };
}
