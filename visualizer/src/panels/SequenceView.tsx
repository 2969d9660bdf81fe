/**
 * The events over time as a sequence diagram: a lifeline for the table and
 * one per seat; each move an arrow from its seat (or from the application, at
 * the left edge) to the table, a refusal a red arrow that stops short, and
 * what the table emitted a note on its lifeline. Newest at the bottom;
 * clicking a row shows its JSON and the table after that ply.
 */

import { onEnter } from '../keys.js';
import type { EventEntry } from '../model/events.js';
import type { Inspected } from '../model/inspected.js';
import { VirtualList } from './VirtualList.js';

interface Props {
  readonly view: Inspected;
  readonly onPick: (entry: EventEntry) => void;
}

const seatOf = (entry: EventEntry): string | null => {
  const detail = entry.detail as { seat?: unknown; actor?: unknown; move?: { seat?: unknown } } | undefined;
  const seat =
    entry.kind === 'move' ? (detail?.actor ?? detail?.seat) : entry.kind === 'refused' ? detail?.move?.seat : undefined;
  return typeof seat === 'string' ? seat : null;
};

export function SequenceView({ view, onPick }: Props) {
  const lanes = ['(table)', ...view.seats];
  const x = (lane: number) => `${((lane + 0.5) / lanes.length) * 100}%`;
  const events = view.events.filter((e) => e.kind !== 'note');
  const shown = view.events.slice(0, view.eventCount).filter((e) => e.kind !== 'note').length;
  return (
    <div className="table-view sequence">
      <div className="seq-head" style={{ gridTemplateColumns: `repeat(${lanes.length}, 1fr)` }}>
        {lanes.map((lane) => (
          <span key={lane}>{lane}</span>
        ))}
      </div>
      {events.length === 0 ? (
        <p className="empty">No events yet.</p>
      ) : (
        <VirtualList
          testId="sequence"
          count={events.length}
          rowHeight={24}
          reveal={view.at === null ? null : Math.max(shown - 1, 0)}
          row={(i) => {
            const entry = events[i]!;
            const seat = seatOf(entry);
            const lane = seat === null ? -1 : view.seats.indexOf(seat) + 1;
            const from = lane <= 0 ? null : lane;
            const isMove = entry.kind === 'move' || entry.kind === 'refused';
            const automatic = (entry.detail as { automatic?: boolean } | undefined)?.automatic === true;
            const left = from === null ? '0%' : x(0);
            const right = from === null ? x(0) : x(from);
            return (
              // biome-ignore lint/a11y/useSemanticElements: a row of the list, laid out as a grid of spans; role, tabIndex and Enter make it work as a button
              <div
                className={`seq-row ${entry.kind} ${automatic ? 'automatic' : ''} ${i >= shown ? 'future' : ''}`}
                data-testid="sequence-row"
                data-kind={entry.kind}
                role="button"
                tabIndex={0}
                onClick={() => onPick(entry)}
                onKeyDown={onEnter(() => onPick(entry))}
                title={entry.text}
              >
                {lanes.map((lane, l) => (
                  <i key={lane} className="lifeline" style={{ left: x(l) }} />
                ))}
                {isMove ? (
                  <>
                    <i
                      className={`arrow-line ${from === null ? 'from-app' : ''}`}
                      style={{ left, width: `calc(${right} - ${left})` }}
                    />
                    <span
                      className="seq-label"
                      style={{ left: `calc(${left} + 8px)`, maxWidth: `calc(${right} - ${left} - 12px)` }}
                    >
                      {entry.kind === 'refused'
                        ? `✗ ${entry.type}`
                        : ((entry.detail as { notation?: string } | undefined)?.notation ?? entry.type)}
                    </span>
                  </>
                ) : (
                  <span className="seq-note" style={{ left: `calc(${x(0)} + 6px)` }}>
                    {entry.text}
                  </span>
                )}
              </div>
            );
          }}
        />
      )}
    </div>
  );
}
