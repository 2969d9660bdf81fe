/**
 * A handle on a panel's edge that resizes it: drag it, or focus it and press
 * the arrow keys (Shift for larger steps); a double click gives the panel back
 * its own size.
 */
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';

interface Props {
  /** Which edge of the middle column the handle sits on: the tables' (left), the seats' (right), the tabs' (top). */
  readonly edge: 'left' | 'right' | 'top';
  readonly label: string;
  /** The panel's size now, in pixels, as drawn. */
  readonly current: () => number;
  /** The size the user gave it, in pixels; null while it has its own. */
  readonly value: number | null;
  readonly min: number;
  readonly max: () => number;
  /** A new size in pixels, or null for the panel's own. */
  readonly onResize: (size: number | null) => void;
  readonly testId: string;
}

export function Splitter({ edge, label, current, value, min, max, onResize, testId }: Props) {
  const drag = useRef<{ from: number; size: number } | null>(null);
  const horizontal = edge === 'top';
  // Dragging towards the middle makes the panel smaller: the tables grow rightwards, the seats leftwards, the tabs upwards.
  const sign = edge === 'left' ? 1 : -1;
  const clamp = (size: number) => Math.round(Math.min(Math.max(size, min), Math.max(min, max())));
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { from: horizontal ? e.clientY : e.clientX, size: current() };
    e.preventDefault();
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (start === null) return;
    onResize(clamp(start.size + sign * ((horizontal ? e.clientY : e.clientX) - start.from)));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = null;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const keys = horizontal ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
    const at = keys.indexOf(e.key);
    if (at < 0) return;
    const step = (e.shiftKey ? 64 : 16) * (at === 0 ? -1 : 1);
    onResize(clamp(current() + sign * step));
    e.preventDefault();
    e.stopPropagation();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable separator is the ARIA pattern for a resize handle; <hr> cannot take focus or keys
    <div
      className={`splitter splitter-${edge}`}
      role="separator"
      aria-orientation={horizontal ? 'horizontal' : 'vertical'}
      aria-label={label}
      aria-valuemin={min}
      aria-valuenow={value ?? undefined}
      tabIndex={0}
      title={`${label}: drag, or the arrow keys; double click for its own size`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDoubleClick={() => onResize(null)}
      onKeyDown={onKeyDown}
      data-testid={testId}
    />
  );
}
