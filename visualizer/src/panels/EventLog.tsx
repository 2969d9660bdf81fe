/**
 * The event log: moves as the table received them, refusals, and what the
 * table emitted, newest at the bottom.
 */
import { onEnter } from '../keys.js';
import type { EventEntry } from '../model/events.js';
import type { Inspected } from '../model/inspected.js';
import { VirtualList } from './VirtualList.js';

export function EventLog({ view, onPick }: { view: Inspected; onPick: (entry: EventEntry) => void }) {
  const { events } = view;
  return (
    <div className="table-view">
      {events.length === 0 ? (
        <p className="empty">No events yet.</p>
      ) : (
        <VirtualList
          testId="event-log"
          count={events.length}
          reveal={view.at === null ? null : Math.max(view.eventCount - 1, 0)}
          rowHeight={22}
          row={(i) => {
            const e = events[i];
            if (e === undefined) return null;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a row of the list, laid out as a grid of spans; role, tabIndex and Enter make it work as a button
              <div
                className={`event ${e.kind} ${i >= view.eventCount ? 'future' : ''}`}
                data-testid="event"
                data-type={e.type}
                role="button"
                tabIndex={0}
                onClick={() => onPick(e)}
                onKeyDown={onEnter(() => onPick(e))}
                title="its JSON"
              >
                <span className="event-kind">{e.kind}</span>
                <span className="event-text">{e.text}</span>
              </div>
            );
          }}
        />
      )}
    </div>
  );
}
