/**
 * A list that renders only the rows in view (@tanstack/react-virtual), so a
 * 10,000-ply game scrolls as smoothly as a short one. It follows new rows
 * while scrolled to the bottom.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useRef } from 'react';

interface Props {
  readonly count: number;
  readonly rowHeight: number;
  readonly row: (index: number) => ReactNode;
  readonly testId: string;
  /** Scroll to this row when it changes (the time slider's ply). */
  readonly reveal?: number | null;
}

export function VirtualList({ count, rowHeight, row, testId, reveal }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const virtual = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });

  useEffect(() => {
    if (following.current && count > 0 && (reveal === undefined || reveal === null))
      virtual.scrollToIndex(count - 1, { align: 'end' });
  }, [count, virtual, reveal]);
  useEffect(() => {
    if (reveal !== undefined && reveal !== null && count > 0)
      virtual.scrollToIndex(Math.min(Math.max(reveal, 0), count - 1), { align: 'center' });
  }, [reveal, count, virtual]);

  return (
    <div
      className="virtual"
      ref={scroller}
      data-testid={testId}
      data-count={count}
      onScroll={(e) => {
        const el = e.currentTarget;
        following.current = el.scrollTop + el.clientHeight >= el.scrollHeight - rowHeight * 1.5;
      }}
    >
      <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
        {virtual.getVirtualItems().map((item) => (
          <div
            key={item.key}
            className="vrow"
            data-index={item.index}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              height: rowHeight,
              transform: `translateY(${item.start}px)`,
            }}
          >
            {row(item.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
