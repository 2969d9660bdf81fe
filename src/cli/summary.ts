/**
 * What the CLI prints for a person: a header, the move table, and a short
 * state summary.
 */

import type { JsonValue } from '../core/move.js';
import type { TurnModel } from '../definition/game.js';
import type { Ply, TableState } from '../definition/records.js';

import { alignedLine, moveTableCells, moveTableHeader, needsTableColumn } from '../export/moveTable.js';
import { type LaidOutRow, layOutRows } from '../export/rounds.js';
import type { Table } from '../table/table.js';

/** The one-line summary of a table still playing. */
function playingSummary(table: Table, state: TableState): string {
  const gamePhases = table.context.opening.structure.phases.length;
  const parts = [
    'playing',
    `turn ${state.turn}`,
    `round ${state.round}`,
    state.phase === state.gamePhase || gamePhases === 1 ? state.phase : `${state.gamePhase} ${state.phase}`,
  ];
  if (state.activeSeat !== null) parts.push(`active ${state.activeSeat}`);
  parts.push(`to act ${state.toAct.join(', ') || 'nobody'}`);
  if (table.context.opening.structure.priority) {
    parts.push(
      `priority ${state.prioritySeat ?? 'nobody'}`,
      `passes ${state.passes}`,
      `stack ${state.stack.length === 0 ? 'empty' : `${state.stack.map((i) => `#${i.id} ${i.card}`).join(', ')} (top last)`}`,
    );
  }
  if (state.obligation !== null) parts.push(`${state.obligation.seat} owes ${state.obligation.remaining}`);
  if (state.out.length > 0) parts.push(`out ${state.out.join(', ')}`);
  return parts.join(' · ');
}

/** Plies that can be read in order as often as needed: `length` of them, each pass a fresh iteration (an array, or a log read in place). */
export type PlySource = Iterable<Ply> & { readonly length: number };

/**
 * The move table's rows, one round at a time (a sequenced table: one ply at a
 * time), never all of them at once.
 *
 * @example
 * for (const row of rowsOf(table.plies, table.log.seats, table.turnModel)) console.log(row.cells)
 */
export function* rowsOf(plies: Iterable<Ply>, seats: readonly string[], turnModel: TurnModel): Generator<LaidOutRow> {
  let round: Ply[] = [];
  for (const ply of plies) {
    if (round.length > 0 && (turnModel === 'sequenced' || ply.round !== (round[0] as Ply).round)) {
      yield* layOutRows(round, seats, turnModel);
      round = [];
    }
    round.push(ply);
  }
  if (round.length > 0) yield* layOutRows(round, seats, turnModel);
}

/** The opening of `table` as its log states it, without the moves (`table.log` copies every move). */
export function logHeader(table: Table): {
  game: string;
  version: string;
  table: string;
  seats: string[];
  seed: number | string;
  options: { readonly [key: string]: JsonValue };
} {
  const { opening } = table.context;
  return {
    game: table.game.id,
    version: table.game.version,
    table: opening.table,
    seats: [...opening.seats],
    seed: opening.seed,
    options: opening.givenOptions,
  };
}

/**
 * The lines of the report on `table`: a header, the move table and a state
 * summary, made one at a time (the move table in two passes over its rows:
 * the column widths, then the lines). `state` is what the reader may see of
 * the table's state, `plies` the plies it may see; `seeded` false leaves the
 * seed out (a seat's reader: from the seed, the shuffle and every hand follow).
 *
 * @example
 * for (const line of reportLines(table)) console.log(line)
 */
export function* reportLines(
  table: Table,
  state: TableState = table.state,
  plies: PlySource = table.plies,
  seeded = true,
): Generator<string> {
  const { turnModel } = table;
  const log = logHeader(table);
  const seed = seeded ? ` · seed ${JSON.stringify(log.seed)}` : '';
  yield `${log.game} v${log.version} · ${log.table}${seed} · ${plies.length} plies · turn model ${turnModel}`;
  yield '';
  let forTable = false;
  const widths = moveTableHeader(log.seats, true).map((title) => title.length);
  for (const row of rowsOf(plies, log.seats, turnModel)) {
    forTable ||= needsTableColumn(row);
    for (const [c, cell] of moveTableCells(row, true).entries()) widths[c] = Math.max(widths[c] ?? 0, cell.length);
  }
  const header = moveTableHeader(log.seats, forTable);
  widths.length = header.length;
  yield alignedLine(header, widths);
  yield alignedLine(
    widths.map((w) => '-'.repeat(w)),
    widths,
  );
  for (const row of rowsOf(plies, log.seats, turnModel)) yield alignedLine(moveTableCells(row, forTable), widths);
  yield '';
  yield state.status === 'over'
    ? `over after turn ${state.turn} · winners: ${state.winners.join(', ') || 'none'}`
    : playingSummary(table, state);
  for (const [seat, view] of Object.entries(state.seats)) {
    const fields = Object.entries(view as Record<string, unknown>).map(
      ([key, value]) => `${key} ${Array.isArray(value) ? value.join(', ') || '-' : String(value)}`,
    );
    yield `  ${seat}: ${fields.join(' · ')}`;
  }
}

/**
 * The move table and a state summary of `table`, as text.
 *
 * @example
 * console.log(tableReport(table))
 */
export function tableReport(table: Table): string {
  return [...reportLines(table)].join('\n');
}
