/**
 * The move table: one column per seat in table order, laid out by the
 * export's `layOutRows` under the game's turn model.
 */
import { useMemo } from 'react';
import { layOutRows, type RoundCell } from '../../../src/index.js';
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
  const numbers = useMemo(() => plyNumbers(rows, view.pliesFrom), [rows, view.pliesFrom]);
  const columns = `${narrow ? '36px 48px' : '40px 52px 36px 72px'} repeat(${Math.max(1, view.seats.length)}, minmax(64px, 1fr))`;
  const ordered = rows.some((row) => row.cells.some((cell) => cell !== null && typeof cell === 'object'));
  const header = (
    <div className="grid-row head" style={{ gridTemplateColumns: columns }}>
      <span>round</span>
      <span>ply</span>
      {!narrow && <span>turn</span>}
      {!narrow && <span>phase</span>}
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
      {ordered && (
        <p className="table-legend" data-testid="move-table-legend">
          pass<sup>3</sup>: the move, and its play order in the round
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
          reveal={
            view.at === null
              ? null
              : Math.max(
                  0,
                  numbers.findIndex((n) => Number(n.split('–').at(-1)) >= (view.at ?? 0)),
                )
          }
          row={(i) => {
            const row = rows[i]!;
            const number = numbers[i] ?? '';
            const last = Number(number.split('–').at(-1));
            return (
              // biome-ignore lint/a11y/noStaticElementInteractions: role, tabIndex and the handlers are set together, when the row can be picked
              <div
                className={`grid-row ${onPick === null ? '' : 'clickable'} ${isFuture(view, Number(number.split('–')[0])) ? 'future' : ''} ${view.at === last ? 'now' : ''}`}
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
                {!narrow && <span>{row.ply?.turn ?? ''}</span>}
                {!narrow && <span className="phase">{row.ply?.phase ?? ''}</span>}
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
