/**
 * tic-tac-toe: the smallest complete game, written only with the public API.
 * Two seats take turns (PerRound, one mark a turn): the first seat marks X,
 * the second O. Three in a row wins; a full board without one is a draw. Its
 * 5,478 reachable positions (the empty board included) make it the known
 * count a model checker is measured against.
 */
import { z } from 'zod';
import { defineGame } from '../../definition/defineGame.js';
import type { GameRefusal } from '../../definition/game.js';

/** A cell's mark: X for the first seat, O for the second, null while empty. */
export type Mark = 'X' | 'O';

/** tic-tac-toe's pieces: each seat's mark, and the nine cells, row by row from the top left. */
export interface TicTacToeState {
  readonly marks: Readonly<Record<string, Mark>>;
  readonly cells: readonly (Mark | null)[];
}

/** The eight lines of three: rows, columns, diagonals. */
const LINES: readonly (readonly [number, number, number])[] = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

/**
 * The mark with three in a row, or null.
 *
 * @example
 * lineOf(['X', 'X', 'X', null, 'O', 'O', null, null, null]) // 'X'
 */
export function lineOf(cells: readonly (Mark | null)[]): Mark | null {
  for (const [a, b, c] of LINES) {
    const mark = cells[a] ?? null;
    if (mark !== null && cells[b] === mark && cells[c] === mark) return mark;
  }
  return null;
}

const full = (cells: readonly (Mark | null)[]) => cells.every((cell) => cell !== null);
const refuse = (reason: string, message: string): GameRefusal => ({ reason, message });

const cellPayload = z.object({ cell: z.number().int().min(0).max(8) }).strict();

/**
 * The game `tic-tac-toe`, version 1.
 *
 * @example
 * const table = createTable(ticTacToe, { table: 'table:1', seats: ['seat:ann', 'seat:bob'], seed: 1 })
 * table.play({ type: 'mark', seat: 'seat:ann', payload: { cell: 4 } })
 */
export const ticTacToe = defineGame({
  id: 'tic-tac-toe',
  version: '1',
  title: 'tic-tac-toe: three in a row',
  seats: { min: 2, max: 2 },
  structure: { phases: [{ name: 'main', turns: { strategy: 'PerRound', movesPerTurn: 1 } }] },
  // A game of two that nobody leaves half-way: a seat plays until three in a row or a full board.
  leaving: false,
  // The first seat at the table marks X and plays first.
  setup: ({ seats }): TicTacToeState => ({
    marks: Object.fromEntries(seats.map((seat, i) => [seat, i === 0 ? 'X' : 'O'])),
    cells: Array<Mark | null>(9).fill(null),
  }),
  moves: {
    mark: {
      payload: cellPayload,
      check: ({ game: state, payload: { cell } }) =>
        state.cells[cell] === null ? null : refuse('CELL_TAKEN', `cell ${cell} is marked already`),
      play: ({ game: state, seat, payload: { cell } }) => ({
        game: { ...state, cells: state.cells.map((mark, i) => (i === cell ? (state.marks[seat] as Mark) : mark)) },
      }),
      notation: ({ payload: { cell } }) => `mark ${cell}`,
      candidates: ({ game: state }) => state.cells.flatMap((mark, cell) => (mark === null ? [{ cell }] : [])),
    },
  },
  // A turn is one mark: it ends by itself after it, and nobody (the application included) ends it without one.
  mayEndTurn: ({ seating }) =>
    refuse('MARK_REQUIRED', `${seating.activeSeat ?? 'the seat to play'} marks a cell: the turn ends with the mark`),
  endIf: ({ game: state }) => lineOf(state.cells) !== null || full(state.cells),
  winners({ game: state, remaining }) {
    const line = lineOf(state.cells);
    if (line === null) return { winners: [...remaining], draw: true };
    return { winners: remaining.filter((seat) => state.marks[seat] === line), draw: false };
  },
  publicView: ({ game: state }) => ({ cells: [...state.cells] }),
  seatView: ({ game: state, seat }) => ({ mark: state.marks[seat] ?? null }),
  checks: {
    invariants: {
      // Marks alternate, X first: X has as many marks as O, or one more.
      'marks-alternate': ({ game: state }) => {
        const x = state.cells.filter((cell) => cell === 'X').length;
        const o = state.cells.filter((cell) => cell === 'O').length;
        return x === o || x === o + 1 ? true : `${x} X against ${o} O`;
      },
      // The game stops at the first line or a full board, and not before.
      'ends-at-a-line-or-a-full-board': ({ game: state, status }) =>
        (status === 'over') === (lineOf(state.cells) !== null || full(state.cells)),
    },
    moves: {
      // A mark fills exactly one empty cell, with the mover's mark.
      'one-cell-a-move': ({ before, after, move }) => {
        if (move.type !== 'mark' || move.seat === undefined) return true;
        const changed = after.game.cells.flatMap((mark, i) => (mark === before.game.cells[i] ? [] : [i]));
        const cell = changed[0] as number;
        return changed.length === 1 &&
          before.game.cells[cell] === null &&
          after.game.cells[cell] === before.game.marks[move.seat]
          ? true
          : `mark changed cells ${changed.join(', ')}`;
      },
    },
  },
});
