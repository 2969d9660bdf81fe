/**
 * The move table: one column per seat in table order, laid out by the
 * export's `layOutRows` under the game's turn model.
 */
import { useMemo } from 'react';
import { layOutRows, type RoundCell } from '../../../src/index.js';
import { onEnter } from '../keys.js';
import type { Inspected } from '../model/inspected.js';
import { VirtualList } from './VirtualList.js';

function Cell({ cell }: { cell: RoundCell }) {
  if (cell === null) return <span />;
  if (typeof cell === 'string') return <span className="cell">{cell}</span>;
  return (
    <span className="cell" title={`play order ${cell.sequence} in the round`}>
      {cell.move}
      <small className="seq">{cell.sequence}</small>
    </span>
  );
}

/** The plies each row holds, counted from the start of the game (as the slider counts): `5`, or `5–7` for a packed round. */
export function plyNumbers(rows: readonly { ply: unknown; cells: readonly unknown[] }[], from: number): string[] {
  let next = from + 1;
  return rows.map((row) => {
    const count = row.ply !== null ? 1 : row.cells.filter((cell) => cell !== null).length;
    const first = next;
    next += count;
    return count <= 1 ? String(first) : `${first}–${first + count - 1}`;
  });
}

export function MoveTable({ view, onPick }: { view: Inspected; onPick: ((ply: number) => void) | null }) {
  // A remote table's plies grow in place: their count is part of what the rows depend on.
  const count = view.plies.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: count is not read; it says when the plies grew in place
  const rows = useMemo(
    () => layOutRows(view.plies, view.seats, view.turnModel),
    [view.plies, count, view.seats, view.turnModel],
  );
  const numbers = useMemo(() => plyNumbers(rows, view.pliesFrom), [rows, view.pliesFrom]);
  const columns = `56px 64px 44px 96px repeat(${Math.max(1, view.seats.length)}, minmax(90px, 1fr))`;
  const header = (
    <div className="grid-row head" style={{ gridTemplateColumns: columns }}>
      <span>round</span>
      <span>ply</span>
      <span>turn</span>
      <span>phase</span>
      {view.seats.map((seat) => (
        <span key={seat}>{seat}</span>
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
      {header}
      {rows.length === 0 ? (
        <p className="empty">No plies yet.</p>
      ) : (
        <VirtualList
          testId="move-table"
          count={rows.length}
          rowHeight={24}
          reveal={view.at === null ? null : rows.length - 1}
          row={(i) => {
            const row = rows[i]!;
            const number = numbers[i] ?? '';
            const last = Number(number.split('–').at(-1));
            return (
              // biome-ignore lint/a11y/noStaticElementInteractions: role, tabIndex and the handlers are set together, when the row can be picked
              <div
                className={`grid-row ${onPick === null ? '' : 'clickable'}`}
                style={{ gridTemplateColumns: columns }}
                data-testid="move-row"
                role={onPick === null ? undefined : 'button'}
                tabIndex={onPick === null ? undefined : 0}
                onClick={onPick === null ? undefined : () => onPick(last)}
                onKeyDown={onPick === null ? undefined : onEnter(() => onPick(last))}
                title={onPick === null ? undefined : `show the table after ply ${last}`}
              >
                <span>{row.round}</span>
                <span data-testid="move-row-ply">{number}</span>
                <span>{row.ply?.turn ?? ''}</span>
                <span className="phase">{row.ply?.phase ?? ''}</span>
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
  );
}
