/**
 * The statechart: nested boxes laid out by elkjs, the active configuration
 * filled, the transitions the last move took in orange.
 *
 * - follow (the default) draws the chart at full size (every label at least
 *   11 px) and keeps the active states in view, panning only when one of them
 *   would leave it, so the chart does not jump on every move;
 * - whole fits the whole chart in the frame; + and − zoom, the wheel zooms at
 *   the pointer, dragging pans;
 * - a parent state's ▾ collapses it into one box (▸ opens it again); a
 *   double-click on its title, or the "show" list, draws one region on its own.
 */
import { type PointerEvent as ReactPointerEvent, useEffect, useMemo, useRef, useState, type WheelEvent } from 'react';
import { allStates, type ChartState } from '../../../src/index.js';
import { onEnter } from '../keys.js';
import { collapseChart, hiddenCount } from './collapse.js';
import { type BoxLayout, type ChartLayout, type EdgeLayout, layOut } from './layout.js';
import { FONT_FAMILY } from './measure.js';

interface Props {
  readonly chart: ChartState | null;
  readonly active: ReadonlySet<string>;
  readonly taken: readonly string[];
}

interface View {
  readonly x: number;
  readonly y: number;
  readonly scale: number;
}

interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The scale of follow mode: the chart's smallest text (11 px) drawn at 11 px. */
export const FOLLOW_SCALE = 1;
const MIN_SCALE = 0.15;
const MAX_SCALE = 4;
const MARGIN = 24;

const layouts = new WeakMap<ChartState, Map<string, Promise<ChartLayout>>>();
function layoutOf(base: ChartState, collapsed: ReadonlySet<string>): Promise<ChartLayout> {
  const key = [...collapsed].sort().join('|');
  let byKey = layouts.get(base);
  if (byKey === undefined) {
    byKey = new Map();
    layouts.set(base, byKey);
  }
  let found = byKey.get(key);
  if (found === undefined) {
    const hidden = new Map<string, number>();
    for (const s of allStates(base)) if (collapsed.has(s.id) && s.children.length > 0) hidden.set(s.id, hiddenCount(s));
    found = layOut(collapseChart(base, collapsed), hidden);
    byKey.set(key, found);
  }
  return found;
}

function pathOf(edge: EdgeLayout): string {
  return edge.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
}

interface BoxProps {
  readonly box: BoxLayout;
  readonly active: boolean;
  readonly taken: ReadonlySet<string>;
  readonly collapsed: boolean;
  readonly onToggle: (id: string) => void;
  readonly onShow: (id: string) => void;
}

function Box({ box, active, taken, collapsed, onToggle, onShow }: BoxProps) {
  const { state } = box;
  const leaf = state.children.length === 0;
  const foldable = !leaf || collapsed;
  let y = box.y + 6;
  return (
    <g
      className={`state ${leaf ? 'leaf' : 'parent'} ${box.region ? 'region' : ''} ${state.type} ${collapsed ? 'collapsed' : ''}`}
      data-testid={`state:${state.id}`}
      data-active={active ? 'true' : 'false'}
      data-collapsed={collapsed ? 'true' : undefined}
    >
      <title>{state.id}</title>
      <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={leaf ? 8 : 10} />
      {state.type === 'final' && (
        <rect className="final-ring" x={box.x + 3} y={box.y + 3} width={box.width - 6} height={box.height - 6} rx={6} />
      )}
      {box.lines.map((line, i) => {
        const height = line.kind === 'title' ? 20 : 16;
        y += height;
        const isTaken = line.transition !== undefined && taken.has(line.transition);
        const title = line.kind === 'title' && foldable;
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: role, tabIndex and the handlers are set together, on a title that folds its state
          <text
            // biome-ignore lint/suspicious/noArrayIndexKey: a box's lines are laid out in order and have no id; two may read the same
            key={i}
            x={box.x + 10}
            y={y - (line.kind === 'title' ? 5 : 4)}
            className={`line ${line.kind} ${isTaken ? 'taken' : ''} ${title ? 'toggle' : ''}`}
            data-transition={line.transition}
            data-testid={title ? `toggle:${state.id}` : undefined}
            role={title ? 'button' : undefined}
            tabIndex={title ? 0 : undefined}
            onClick={
              title
                ? (e) => {
                    e.stopPropagation();
                    onToggle(state.id);
                  }
                : undefined
            }
            onKeyDown={title ? onEnter(() => onToggle(state.id)) : undefined}
            onDoubleClick={
              title && !collapsed
                ? (e) => {
                    e.stopPropagation();
                    onShow(state.id);
                  }
                : undefined
            }
          >
            {title && (
              <title>{collapsed ? 'open this state' : 'collapse this state (double-click: show it on its own)'}</title>
            )}
            {line.text}
          </text>
        );
      })}
    </g>
  );
}

function Edge({ edge, taken }: { edge: EdgeLayout; taken: boolean }) {
  const initial = edge.transition === null;
  return (
    <g
      className={`edge ${initial ? 'initial' : ''} ${taken ? 'taken' : ''}`}
      data-transition={initial ? undefined : edge.id}
      data-taken={taken ? 'true' : 'false'}
    >
      <path d={pathOf(edge)} markerEnd={`url(#${taken ? 'arrow-taken' : 'arrow'})`} />
      {edge.label !== null && (
        <g className="edge-label">
          <rect
            x={edge.label.x - 2}
            y={edge.label.y - 1}
            width={edge.label.width + 2}
            height={edge.label.height}
            rx={3}
          />
          {edge.label.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a label's lines are laid out in order and have no id; two may read the same
            <text key={i} x={edge.label!.x + 2} y={edge.label!.y + 12 + i * 14}>
              {line}
            </text>
          ))}
        </g>
      )}
    </g>
  );
}

const union = (boxes: readonly Rect[]): Rect => {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  return {
    x,
    y,
    width: Math.max(...boxes.map((b) => b.x + b.width)) - x,
    height: Math.max(...boxes.map((b) => b.y + b.height)) - y,
  };
};

/** The least pan that brings `box` (chart coordinates) into the frame at `view.scale`; a box larger than the frame is aligned at its top left. */
function panInto(view: View, box: Rect, width: number, height: number): View {
  const axis = (offset: number, start: number, size: number, frame: number) => {
    const from = offset + start * view.scale;
    const to = from + size * view.scale;
    if (size * view.scale > frame - 2 * MARGIN) return offset + MARGIN - from;
    if (from < MARGIN) return offset + MARGIN - from;
    if (to > frame - MARGIN) return offset - (to - (frame - MARGIN));
    return offset;
  };
  return { scale: view.scale, x: axis(view.x, box.x, box.width, width), y: axis(view.y, box.y, box.height, height) };
}

/** `box` centred in the frame at `scale`. */
const centred = (box: Rect, scale: number, width: number, height: number): View => ({
  scale,
  x: (width - box.width * scale) / 2 - box.x * scale,
  y: (height - box.height * scale) / 2 - box.y * scale,
});

/**
 * The statechart of one machine, live.
 *
 * @example
 * <Statechart chart={chart} active={activeStateIds(chart, value)} taken={['table.playing.stack.holding|always|0']} />
 */
export function Statechart({ chart, active, taken }: Props) {
  const [focus, setFocus] = useState<string | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const shown = useMemo(
    () => (chart === null ? null : (allStates(chart).find((s) => s.id === focus) ?? chart)),
    [chart, focus],
  );
  const [layout, setLayout] = useState<ChartLayout | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useState<View | null>(null);
  const [mode, setMode] = useState<'follow' | 'whole' | 'free'>('follow');
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; view: View; moved: boolean } | null>(null);
  const placed = useRef<{ layout: ChartLayout; mode: string } | null>(null);
  const collapsedKey = [...collapsed].sort().join('|');

  // biome-ignore lint/correctness/useExhaustiveDependencies: collapsedKey stands for collapsed, so a new set holding the same states does not lay the chart out again
  useEffect(() => {
    let live = true;
    setError(null);
    if (shown === null) return setLayout(null);
    layoutOf(shown, collapsed).then(
      (laid) => live && setLayout(laid),
      (e: unknown) => live && setError(String(e)),
    );
    return () => {
      live = false;
    };
  }, [shown, collapsedKey]);

  const takenSet = useMemo(() => new Set(taken), [taken]);
  const activeKey = [...active].join('|');
  const takenKey = taken.join('|');
  const reposition = (fresh: boolean) => {
    const el = frame.current;
    if (layout === null || el === null || mode === 'free') return;
    const width = el.clientWidth;
    const height = el.clientHeight;
    const whole: Rect = { x: 0, y: 0, width: layout.width, height: layout.height };
    const fit = Math.max(
      MIN_SCALE,
      Math.min((width - 2 * MARGIN) / whole.width, (height - 2 * MARGIN) / whole.height, 1.6),
    );
    const leaves = layout.boxes.filter((b) => b.state.children.length === 0 && active.has(b.state.id));
    // The whole chart at full size or more fits: follow has nothing to pan to.
    if (mode === 'whole' || leaves.length === 0 || fit >= FOLLOW_SCALE)
      return setView(centred(whole, fit, width, height));
    const scale = FOLLOW_SCALE;
    const all = union(leaves);
    // The leaf the last move entered comes first when the active leaves do not all fit.
    const entered =
      leaves.find((b) => layout.edges.some((e) => takenSet.has(e.id) && e.transition?.targets.includes(b.state.id))) ??
      leaves.find((b) => taken.some((t) => t.startsWith(`${b.state.id}|`))) ??
      (leaves[0] as BoxLayout);
    const fits = all.width * scale <= width - 2 * MARGIN && all.height * scale <= height - 2 * MARGIN;
    const target = fits ? all : entered;
    const current = view;
    if (fresh || current === null || current.scale !== scale)
      return setView(panInto(centred(target, scale, width, height), target, width, height));
    const next = panInto(current, target, width, height);
    if (next.x !== current.x || next.y !== current.y) setView(next);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reposition is a new function at every render; the keys below say when to run it
  useEffect(() => {
    const fresh = placed.current === null || placed.current.layout !== layout || placed.current.mode !== mode;
    if (layout !== null) placed.current = { layout, mode };
    reposition(fresh);
    const el = frame.current;
    if (el === null) return;
    const observer = new ResizeObserver(() => reposition(true));
    observer.observe(el);
    return () => observer.disconnect();
    // the view follows the layout, the mode and the active states (as one key); a user's pan and zoom stay put
  }, [layout, mode, activeKey, takenKey]);

  const candidates = useMemo(
    () => (chart === null ? [] : allStates(chart).filter((s) => s.children.length > 0)),
    [chart],
  );
  const toggle = (id: string) =>
    setCollapsed((set) => {
      const next = new Set(set);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const zoomAt = (factor: number, px: number, py: number) => {
    if (view === null) return;
    const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.scale * factor));
    setMode('free');
    setView({ scale, x: px - ((px - view.x) * scale) / view.scale, y: py - ((py - view.y) * scale) / view.scale });
  };
  const zoomCentre = (factor: number) => {
    const el = frame.current;
    if (el !== null) zoomAt(factor, el.clientWidth / 2, el.clientHeight / 2);
  };
  const onWheel = (e: WheelEvent) => {
    if (frame.current === null) return;
    const rect = frame.current.getBoundingClientRect();
    zoomAt(e.deltaY < 0 ? 1.1 : 1 / 1.1, e.clientX - rect.left, e.clientY - rect.top);
  };
  const onDown = (e: ReactPointerEvent) => {
    if (view === null || e.button !== 0) return;
    drag.current = { x: e.clientX, y: e.clientY, view, moved: false };
  };
  const onMove = (e: ReactPointerEvent) => {
    const d = drag.current;
    if (d === null) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
    if (!d.moved) {
      d.moved = true;
      setMode('free');
      frame.current?.setPointerCapture?.(e.pointerId);
    }
    setView({ ...d.view, x: d.view.x + dx, y: d.view.y + dy });
  };
  const dragging = drag.current?.moved === true;

  return (
    <section className="panel chart-panel" aria-label="statechart">
      <header className="panel-head">
        <h2>Statechart</h2>
        <label className="focus-pick">
          show
          <select
            value={focus ?? ''}
            onChange={(e) => setFocus(e.target.value === '' ? null : e.target.value)}
            data-testid="chart-focus"
          >
            <option value="">the whole machine</option>
            {candidates
              .filter((s) => s !== chart)
              .map((s) => (
                <option key={s.id} value={s.id}>
                  {s.id}
                </option>
              ))}
          </select>
        </label>
        {collapsed.size > 0 && (
          <button type="button" onClick={() => setCollapsed(new Set())} data-testid="chart-expand-all">
            open all
          </button>
        )}
        <span className="legend">
          <i className="swatch active" /> active <i className="swatch taken" /> just taken
        </span>
        <span className="view-modes">
          <button
            type="button"
            className={mode === 'follow' ? 'on' : ''}
            onClick={() => setMode('follow')}
            title="full size, keeping the active states in view"
            data-testid="chart-follow"
          >
            follow
          </button>
          <button
            type="button"
            className={mode === 'whole' ? 'on' : ''}
            onClick={() => setMode('whole')}
            title="fit the whole chart in the frame"
            data-testid="chart-whole"
          >
            fit
          </button>
          <button type="button" onClick={() => zoomCentre(1 / 1.25)} title="zoom out" data-testid="chart-zoom-out">
            −
          </button>
          <button type="button" onClick={() => zoomCentre(1.25)} title="zoom in" data-testid="chart-zoom-in">
            +
          </button>
        </span>
      </header>
      <div
        className={`chart-frame ${dragging ? 'dragging' : ''}`}
        ref={frame}
        onWheel={onWheel}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        data-testid="chart-frame"
        data-mode={mode}
        data-scale={view?.scale.toFixed(3)}
        data-view={view === null ? undefined : `${view.x.toFixed(1)},${view.y.toFixed(1)},${view.scale.toFixed(3)}`}
      >
        {error !== null && <p className="empty">The chart could not be laid out: {error}</p>}
        {chart === null && <p className="empty">No machine definition received yet.</p>}
        {focus !== null && (
          <button type="button" className="chart-back" onClick={() => setFocus(null)} data-testid="chart-show-all">
            ← the whole machine
          </button>
        )}
        {layout !== null && view !== null && (
          <svg
            className="chart"
            width="100%"
            height="100%"
            style={{ fontFamily: FONT_FAMILY }}
            aria-label="the table's statechart"
            data-testid="statechart"
          >
            <defs>
              <marker
                id="arrow"
                viewBox="0 0 10 10"
                refX="9"
                refY="5"
                markerWidth="7"
                markerHeight="7"
                orient="auto-start-reverse"
              >
                <path d="M0,0 L10,5 L0,10 z" className="arrow" />
              </marker>
              <marker
                id="arrow-taken"
                viewBox="0 0 10 10"
                refX="9"
                refY="5"
                markerWidth="7"
                markerHeight="7"
                orient="auto-start-reverse"
              >
                <path d="M0,0 L10,5 L0,10 z" className="arrow taken" />
              </marker>
            </defs>
            <g
              style={{
                transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
                transformOrigin: '0 0',
                transition: drag.current === null ? 'transform 240ms ease' : 'none',
              }}
            >
              {layout.boxes.map((box) => (
                <Box
                  key={box.state.id}
                  box={box}
                  active={active.has(box.state.id)}
                  taken={takenSet}
                  collapsed={collapsed.has(box.state.id)}
                  onToggle={toggle}
                  onShow={setFocus}
                />
              ))}
              {layout.initials.map((dot) => (
                <circle key={dot.of} className="initial-dot" cx={dot.x} cy={dot.y} r={4.5} />
              ))}
              {layout.edges.map((edge, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a transition with several targets lays out several edges under one id
                <Edge key={i} edge={edge} taken={takenSet.has(edge.id)} />
              ))}
            </g>
          </svg>
        )}
      </div>
    </section>
  );
}
