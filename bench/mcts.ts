/**
 * MCTS iterations a second on the same small game (tic-tac-toe from the empty
 * board): plystack's `mctsBot` on `table.simulate()` beside boardgame.io
 * 0.50.2's `MCTSBot`, the same iterations and playout depth, taken in turn
 * run by run; the best run of each counts. Used by `npm run bench` (figure
 * `mcts`) and `npm run bench:bots`.
 */
import { createRequire } from 'node:module';
import { z } from 'zod';
import { mctsBot } from '../src/bots/index.js';
import { createTable, defineGame } from '../src/index.js';

const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];
const winnerOf = (cells: readonly (string | null)[]): string | null =>
  LINES.map(([a, b, c]) =>
    cells[a!] !== null && cells[a!] === cells[b!] && cells[a!] === cells[c!] ? cells[a!]! : null,
  ).find((w) => w !== null) ?? null;

/** Tic-tac-toe on plystack: one mark a turn. */
const ticTacToe = defineGame({
  id: 'tic-tac-toe',
  seats: { min: 2, max: 2 },
  structure: { phases: [{ name: 'main', turns: { strategy: 'PerRound', movesPerTurn: 1 } }] },
  setup: () => ({ cells: Array<string | null>(9).fill(null) }),
  moves: {
    mark: {
      payload: z.object({ cell: z.number().int().min(0).max(8) }).strict(),
      check: ({ game, payload }) =>
        game.cells[payload.cell] === null ? null : { reason: 'TAKEN', message: 'that cell is taken' },
      candidates: ({ game }) => game.cells.flatMap((cell, i) => (cell === null ? [{ cell: i }] : [])),
      play: ({ game, seat, payload }) => ({
        game: { cells: game.cells.map((cell, i) => (i === payload.cell ? seat : cell)) },
      }),
    },
  },
  endIf: ({ game }) => winnerOf(game.cells) !== null || game.cells.every((cell) => cell !== null),
  winners: ({ game, remaining }) => {
    const winner = winnerOf(game.cells);
    return winner === null ? { winners: [...remaining], draw: true } : [winner];
  },
});

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
