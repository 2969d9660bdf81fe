/**
 * Every ply in order, with its index, actor, notation and where in the game it
 * was made. Clicking one moves the time slider there.
 */

import { onEnter } from '../keys.js';
import { type Inspected, isFuture } from '../model/inspected.js';
import { VirtualList } from './VirtualList.js';

export function PlyList({
  view,
  onPick,
  narrow = false,
}: {
  view: Inspected;
  onPick: (n: number, ply: unknown) => void;
  /** The detail pane is open beside the list: round and order give way to the move. */
  narrow?: boolean;
}) {
  const columns = narrow ? '44px 96px minmax(96px, 1fr) 76px' : '56px 120px minmax(120px, 1fr) 56px 48px 96px';
  return (
    <div className="table-view">
      <div className="grid-row head" style={{ gridTemplateColumns: columns }}>
        <span>#</span>
        <span>actor</span>
        <span>move</span>
        {!narrow && <span>round</span>}
        {!narrow && <span>order</span>}
        <span>phase</span>
      </div>
      {view.plies.length === 0 ? (
        <p className="empty">No plies yet.</p>
      ) : (
        <VirtualList
          testId="ply-list"
          count={view.plies.length}
          rowHeight={24}
          reveal={view.at === null ? null : Math.max(view.at - view.pliesFrom - 1, 0)}
          row={(i) => {
            const ply = view.plies[i]! as Inspected['plies'][number] & { automatic?: boolean };
            const index = view.pliesFrom + i + 1;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a row of the list, laid out as a grid of spans; role, tabIndex and Enter make it work as a button
              <div
                className={`grid-row clickable ${ply.automatic ? 'automatic' : ''} ${isFuture(view, index) ? 'future' : ''} ${view.at === index ? 'now' : ''}`}
                style={{ gridTemplateColumns: columns }}
                data-testid="ply-row"
                role="button"
                tabIndex={0}
                onClick={() => onPick(index, ply)}
                onKeyDown={onEnter(() => onPick(index, ply))}
                title={`ply ${index}${isFuture(view, index) ? ' (after the ply shown)' : ''}: its JSON, and the table after it`}
              >
                <span>{index}</span>
                <span>
                  {ply.actor ?? '(table)'}
                  {ply.automatic ? ' · auto' : ''}
                </span>
                <span className="cell">{ply.notation}</span>
                {!narrow && <span>{ply.round}</span>}
                {!narrow && <span>{ply.playOrder}</span>}
                <span className="phase">{ply.phase}</span>
              </div>
            );
          }}
        />
      )}
    </div>
  );
}
