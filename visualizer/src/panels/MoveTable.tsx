/**
 * The move table: one column per seat in table order, laid out by the
 * export's `layOutRows` under the game's turn model.
 */

import { layOutRows, type Ply, type RoundCell } from 'plystack';
import { useMemo } from 'react';
import { FONT_FAMILY, measure } from '../chart/measure.js';
import { onEnter } from '../keys.js';
import { type Inspected, isFuture } from '../model/inspected.js';
import { VirtualList } from './VirtualList.js';

function Cell({ cell }: { cell: RoundCell }) {
  if (cell === null) return <span />;
  if (typeof cell === 'string')
    return (
      <span className="cell" title={cell}>
        {cell}
      </span>
    );
  return (
    <span className="cell" title={`${cell.move}: play order ${cell.sequence} in the round`}>
      {cell.move}
      <sup className="seq">{cell.sequence}</sup>
    </span>
  );
}

/** The first and last ply of each row, counted from the start of the game. */
function plyRanges(
  rows: readonly { ply: unknown; cells: readonly unknown[] }[],
  from: number,
): { first: number; last: number }[] {
  let next = from + 1;
  return rows.map((row) => {
    const count = row.ply !== null ? 1 : row.cells.filter((cell) => cell !== null).length;
    const first = next;
    next += count;
    return { first, last: first + Math.max(count, 1) - 1 };
  });
}

/** `3`, or `3–4` when the plies of a packed round span two values. */
const span = (values: readonly (string | number)[]) => {
  const unique = [...new Set(values.map(String))];
  return unique.length <= 1 ? (unique[0] ?? '') : `${unique[0]}–${unique.at(-1)}`;
};

const MONO = '"DejaVu Sans Mono", "SFMono-Regular", Menlo, Consolas, monospace';
const FONTS = {
  head: `700 11.5px ${FONT_FAMILY}`,
  text: `13px ${FONT_FAMILY}`,
  phase: `11.5px ${FONT_FAMILY}`,
  cell: `12px ${MONO}`,
  seq: `10px ${MONO}`,
};

/**
 * Each column's width in pixels, measured from the longest text it holds (and
 * its heading), so that no label is cut: the table scrolls sideways instead
 * when the columns need more room than the panel has.
 */
function columnWidths(
  heads: readonly string[],
  texts: readonly (readonly string[])[],
  seatCells: readonly (readonly RoundCell[])[],
  phaseColumn: number,
): number[] {
  const cache = new Map<string, number>();
  const width = (text: string, font: string) => {
    const key = `${font}|${text}`;
    let w = cache.get(key);
    if (w === undefined) {
      w = measure(text, font);
      cache.set(key, w);
    }
    return w;
  };
  // Loops, not Math.max(...list): a long game's column would overflow a spread's argument list.
  const fixed = heads.slice(0, texts.length).map((head, c) => {
    let w = width(head, FONTS.head);
    for (const t of texts[c] ?? []) w = Math.max(w, width(t, c === phaseColumn ? FONTS.phase : FONTS.text));
    return w;
  });
  const seats = heads.slice(texts.length).map((head, c) => {
    let w = width(head, FONTS.head);
    for (const cell of seatCells[c] ?? [])
      if (cell !== null)
        w = Math.max(
          w,
          typeof cell === 'string'
            ? width(cell, FONTS.cell)
            : width(cell.move, FONTS.cell) + 4 + width(String(cell.sequence), FONTS.seq),
        );
    return w;
  });
  // 2 px of slack: a measured width rounds, a drawn one may not.
  return [...fixed, ...seats].map((w) => Math.ceil(w) + 2);
}

export function MoveTable({
  view,
  onPick,
  narrow = false,
}: {
  view: Inspected;
  onPick: ((ply: number) => void) | null;
  /** The detail pane is open beside the table: turn and phase give way to the seats' moves. */
  narrow?: boolean;
}) {
  // A remote table's plies grow in place: their count is part of what the rows depend on.
  const count = view.plies.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: count is not read; it says when the plies grew in place
  const rows = useMemo(
    () => layOutRows(view.plies, view.seats, view.turnModel),
    [view.plies, count, view.seats, view.turnModel],
  );
  const ranges = useMemo(() => plyRanges(rows, view.pliesFrom), [rows, view.pliesFrom]);
  // Each row's turn and phase: its ply's, or for a packed round the span of its plies' (tic-tac-toe's rows are rounds).
  // biome-ignore lint/correctness/useExhaustiveDependencies: count is not read; it says when the plies grew in place
  const lines = useMemo(
    () =>
      rows.map((row, i) => {
        const { first, last } = ranges[i] ?? { first: 0, last: 0 };
        const plies: Ply[] = [];
        if (row.ply !== null) plies.push(row.ply);
        else
          for (let n = first; n <= last; n++) {
            const ply = view.plies[n - 1 - view.pliesFrom];
            if (ply !== undefined) plies.push(ply);
          }
        return {
          number: first >= last ? String(first) : `${first}–${last}`,
          first,
          last,
          turn: span(plies.map((p) => p.turn)),
          phase: span(plies.map((p) => p.phase)),
        };
      }),
    [rows, ranges, view.plies, view.pliesFrom, count],
  );
  const heads = useMemo(
    () => ['round', 'ply', ...(narrow ? [] : ['turn', 'phase']), ...view.seats],
    [narrow, view.seats],
  );
  const widths = useMemo(
    () =>
      columnWidths(
        heads,
        [
          rows.map((row) => String(row.round)),
          lines.map((line) => line.number),
          ...(narrow ? [] : [lines.map((line) => line.turn), lines.map((line) => line.phase)]),
        ],
        view.seats.map((_, c) => rows.map((row) => row.cells[c] ?? null)),
        narrow ? -1 : 3,
      ),
    [heads, rows, lines, narrow, view.seats],
  );
  const fixedCount = heads.length - view.seats.length;
  const columns = [
    ...widths.slice(0, fixedCount).map((w) => `${w}px`),
    ...(view.seats.length === 0 ? ['minmax(64px, 1fr)'] : widths.slice(fixedCount).map((w) => `minmax(${w}px, 1fr)`)),
  ].join(' ');
  // The row's padding (12 px each side) and gaps (8 px): the least width at which nothing is cut.
  const least = widths.reduce((sum, w) => sum + w, 0) + 24 + 8 * (widths.length - 1);
  const ordered = rows.some((row) => row.cells.some((cell) => cell !== null && typeof cell === 'object'));
  const header = (
    <div className="grid-row head" style={{ gridTemplateColumns: columns }}>
      {heads.map((head) => (
        <span key={head}>{head}</span>
      ))}
    </div>
  );
  return (
    <div className="table-view">
      {view.pliesFrom > 0 && (
        <p className="note">
          The first {view.pliesFrom} plies were not received; the table starts at ply {view.pliesFrom + 1}.
        </p>
      )}
      {ordered && (
        <p className="table-legend" data-testid="move-table-legend">
          pass<sup>3</sup>: the move, and its play order in the round
        </p>
      )}
      <div className="table-scroll" data-testid="move-table-scroll">
        <div className="table-wide" style={{ minWidth: least }}>
          {header}
          {rows.length === 0 ? (
            <p className="empty">No plies yet.</p>
          ) : (
            <VirtualList
              testId="move-table"
              count={rows.length}
              rowHeight={24}
              reveal={
                view.at === null
                  ? null
                  : Math.max(
                      0,
                      lines.findIndex((line) => line.last >= (view.at ?? 0)),
                    )
              }
              row={(i) => {
                const row = rows[i]!;
                const line = lines[i]!;
                return (
                  // biome-ignore lint/a11y/noStaticElementInteractions: role, tabIndex and the handlers are set together, when the row can be picked
                  <div
                    className={`grid-row ${onPick === null ? '' : 'clickable'} ${isFuture(view, line.first) ? 'future' : ''} ${view.at === line.last ? 'now' : ''}`}
                    style={{ gridTemplateColumns: columns }}
                    data-testid="move-row"
                    role={onPick === null ? undefined : 'button'}
                    tabIndex={onPick === null ? undefined : 0}
                    onClick={onPick === null ? undefined : () => onPick(line.last)}
                    onKeyDown={onPick === null ? undefined : onEnter(() => onPick(line.last))}
                    title={onPick === null ? undefined : `show the table after ply ${line.last}`}
                  >
                    <span>{row.round}</span>
                    <span data-testid="move-row-ply">{line.number}</span>
                    {!narrow && <span data-testid="move-row-turn">{line.turn}</span>}
                    {!narrow && (
                      <span className="phase" data-testid="move-row-phase">
                        {line.phase}
                      </span>
                    )}
                    {row.cells.map((cell, c) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place is its seat's column, and an empty cell has nothing else
                      <Cell key={c} cell={cell} />
                    ))}
                  </div>
                );
              }}
            />
          )}
        </div>
      </div>
    </div>
  );
}
