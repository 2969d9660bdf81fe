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

import { allStates, type ChartState } from 'plystack/inspect';
import {
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type WheelEvent,
} from 'react';

import { onEnter } from '../keys.js';
import { collapseChart, hiddenCount } from './collapse.js';
import { type BoxLayout, type ChartLayout, type EdgeLayout, layOut } from './layout.js';
import { FONT_FAMILY, measure } from './measure.js';

interface Props {
  readonly chart: ChartState | null;
  readonly active: ReadonlySet<string>;
  readonly taken: readonly string[];
  /** Whether the side panels and the tabs are folded away, leaving the page to the chart. */
  readonly enlarged?: boolean;
  readonly onEnlarge?: () => void;
  /** Asks the chart to change its view mode (the page's keys): a new object each time. */
  readonly command?: { readonly mode: 'follow' | 'whole' } | null;
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

/** Whether the reader's system asks for less motion (`prefers-reduced-motion`): the chart then moves without a pan. */
function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The frame's shape (its width over its height) in steps of about a fifth, so that the chart's regions are arranged
 * again for a frame of another shape (another screen, the side panels folded) but not for every pixel a panel is
 * dragged.
 */
function aspectStep(width: number, height: number): number {
  if (width <= 0 || height <= 0) return 2;
  return Math.round(2 ** (Math.round(Math.log2(width / height) * 4) / 4) * 100) / 100;
}

const layouts = new WeakMap<ChartState, Map<string, Promise<ChartLayout>>>();
function layoutOf(base: ChartState, collapsed: ReadonlySet<string>, aspect: number): Promise<ChartLayout> {
  const key = `${aspect}:${[...collapsed].sort().join('|')}`;
  let byKey = layouts.get(base);
  if (byKey === undefined) {
    byKey = new Map();
    layouts.set(base, byKey);
  }
  let found = byKey.get(key);
  if (found === undefined) {
    const hidden = new Map<string, number>();
    for (const s of allStates(base)) if (collapsed.has(s.id) && s.children.length > 0) hidden.set(s.id, hiddenCount(s));
    found = layOut(collapseChart(base, collapsed), hidden, aspect);
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

/** The states from the root down to the state `id`; empty when the chart has no such state. */
function pathTo(chart: ChartState, id: string): ChartState[] {
  const path: ChartState[] = [];
  const find = (node: ChartState): boolean => {
    path.push(node);
    if (node.id === id) return true;
    for (const child of node.children) if (find(child)) return true;
    path.pop();
    return false;
  };
  return find(chart) ? path : [];
}

/** The active states none of whose children is active: one per region of the active configuration. */
export function activeLeaves(chart: ChartState, active: ReadonlySet<string>): ChartState[] {
  return allStates(chart).filter((s) => active.has(s.id) && !s.children.some((c) => active.has(c.id)));
}

/**
 * The states that name a leaf of the active configuration, as its region reads it: from the region it sits in (a
 * child of a parallel state) down to the leaf, or from below the root when no parallel state holds it.
 *
 * @example
 * regionPath(chart, 'table.playing.priority.held').map((s) => s.key) // ['priority', 'held']
 */
export function regionPath(chart: ChartState, id: string): ChartState[] {
  const path = pathTo(chart, id);
  if (path.length === 0) return [];
  let from = path.length === 1 ? 0 : 1;
  for (let i = 1; i < path.length; i++) if ((path[i - 1] as ChartState).type === 'parallel') from = i;
  return path.slice(from);
}

/** Room around a leaf drawn in an inset, and the inset's caption. */
const INSET_PAD = 8;
const INSET_CAPTION = 18;
const INSET_GAP = 8;

interface Inset {
  readonly box: BoxLayout;
  /** Its top left corner in the frame. */
  readonly at: { readonly x: number; readonly y: number };
  readonly caption: string;
}

interface Packing {
  readonly side: 'right' | 'bottom';
  /** How far into the frame the insets reach from that side. */
  readonly extent: number;
  /** Whether every inset lies inside the frame. */
  readonly fits: boolean;
  readonly at: readonly { x: number; y: number }[];
}

/** The outer size of the inset that draws `box` under `caption`: as wide as the caption too, so it is never cut. */
const insetSize = (box: Rect, caption: string) => ({
  width: Math.max(box.width + 2 * INSET_PAD, measure(caption, `600 11px ${FONT_FAMILY}`) + 12 + 2) + 2,
  height: box.height + 2 * INSET_PAD + INSET_CAPTION + 2,
});

/**
 * Places insets along the right side of the frame (in columns, from the right edge leftwards) or along its bottom
 * (in rows, from the bottom edge upwards), each at full size.
 */
function packInsets(
  sizes: readonly { width: number; height: number }[],
  width: number,
  height: number,
  side: 'right' | 'bottom',
): Packing {
  const at: { x: number; y: number }[] = [];
  // along: the coordinate that runs along the side; across: the one that grows into the frame.
  const length = side === 'right' ? height : width;
  let along = INSET_GAP;
  let across = INSET_GAP;
  let thickness = 0;
  let fits = true;
  for (const size of sizes) {
    const a = side === 'right' ? size.height : size.width;
    const t = side === 'right' ? size.width : size.height;
    if (along > INSET_GAP && along + a > length - INSET_GAP) {
      across += thickness + INSET_GAP;
      along = INSET_GAP;
      thickness = 0;
    }
    if (along + a > length - INSET_GAP) fits = false;
    at.push(side === 'right' ? { x: width - across - t, y: along } : { x: along, y: height - across - t });
    along += a + INSET_GAP;
    thickness = Math.max(thickness, t);
  }
  const extent = sizes.length === 0 ? 0 : across + thickness + INSET_GAP;
  if (extent > (side === 'right' ? width : height)) fits = false;
  return { side, extent, fits, at };
}

/**
 * The active configuration in words, always in view: one path per region (a child of a parallel state, or the
 * machine when it has none), from the region down to its active leaf. A click centres the chart on that state.
 */
function ActiveConfiguration({
  chart,
  active,
  onPick,
}: {
  chart: ChartState;
  active: ReadonlySet<string>;
  onPick: (id: string) => void;
}) {
  const leaves = useMemo(() => activeLeaves(chart, active), [chart, active]);
  if (leaves.length === 0) return null;
  return (
    <nav className="active-config" aria-label="active states" data-testid="active-config">
      {leaves.map((leaf) => (
        <span key={leaf.id} className="active-path" data-testid="active-path" data-leaf={leaf.id}>
          {regionPath(chart, leaf.id).map((s, i, path) => (
            <span key={s.id} className="active-step">
              {i > 0 && <span className="sep">›</span>}
              <button
                type="button"
                className={i === path.length - 1 ? 'leaf' : ''}
                onClick={() => onPick(s.id)}
                title={`${s.id}: centre the chart on it`}
                data-testid="active-state"
                data-state={s.id}
              >
                {s.key}
              </button>
            </span>
          ))}
        </span>
      ))}
    </nav>
  );
}

/**
 * The statechart of one machine, live.
 *
 * @example
 * <Statechart chart={chart} active={activeStateIds(chart, value)} taken={['table.playing.stack.holding|always|0']} />
 */
export function Statechart({ chart, active, taken, enlarged = false, onEnlarge, command = null }: Props) {
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
  // In follow mode, the active leaves the frame cannot hold beside the one followed: drawn at full size in insets.
  const [insets, setInsets] = useState<{ side: 'right' | 'bottom'; list: readonly Inset[] } | null>(null);
  useEffect(() => {
    if (command !== null) setMode(command.mode);
  }, [command]);
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; view: View; moved: boolean } | null>(null);
  const placed = useRef<{ layout: ChartLayout; mode: string } | null>(null);
  const collapsedKey = [...collapsed].sort().join('|');

  // The frame's shape, which the chart is laid out for: read before the first layout, and again when the frame resizes.
  const [aspect, setAspect] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = frame.current;
    if (el === null) return;
    const read = () => setAspect(aspectStep(el.clientWidth, el.clientHeight));
    read();
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: collapsedKey stands for collapsed, so a new set holding the same states does not lay the chart out again
  useEffect(() => {
    let live = true;
    setError(null);
    if (shown === null) return setLayout(null);
    if (aspect === null) return;
    layoutOf(shown, collapsed, aspect).then(
      (laid) => live && setLayout(laid),
      (e: unknown) => live && setError(String(e)),
    );
    return () => {
      live = false;
    };
  }, [shown, collapsedKey, aspect]);

  const takenSet = useMemo(() => new Set(taken), [taken]);
  const activeKey = [...active].join('|');
  const takenKey = taken.join('|');
  const showInsets = (next: { side: 'right' | 'bottom'; list: readonly Inset[] } | null) =>
    setInsets((now) => {
      const key = (v: typeof now) =>
        v === null
          ? ''
          : `${v.side}:${v.list.map((i) => `${i.box.state.id}@${Math.round(i.at.x)},${Math.round(i.at.y)}`).join('|')}`;
      return key(now) === key(next) ? now : next;
    });
  const reposition = (fresh: boolean) => {
    const el = frame.current;
    if (layout === null || el === null) return;
    if (mode === 'free') return showInsets(null);
    const width = el.clientWidth;
    const height = el.clientHeight;
    const whole: Rect = { x: 0, y: 0, width: layout.width, height: layout.height };
    const fit = Math.max(
      MIN_SCALE,
      Math.min((width - 2 * MARGIN) / whole.width, (height - 2 * MARGIN) / whole.height, 1.6),
    );
    const leaves = layout.boxes.filter((b) => b.state.children.length === 0 && active.has(b.state.id));
    // The whole chart at full size or more fits: follow has nothing to pan to.
    if (mode === 'whole' || leaves.length === 0 || fit >= FOLLOW_SCALE) {
      showInsets(null);
      return setView(centred(whole, fit, width, height));
    }
    const scale = FOLLOW_SCALE;
    const all = union(leaves);
    // The leaf the last move entered comes first when the active leaves do not all fit.
    const entered =
      leaves.find((b) => layout.edges.some((e) => takenSet.has(e.id) && e.transition?.targets.includes(b.state.id))) ??
      leaves.find((b) => taken.some((t) => t.startsWith(`${b.state.id}|`))) ??
      (leaves[0] as BoxLayout);
    const fits = all.width * scale <= width - 2 * MARGIN && all.height * scale <= height - 2 * MARGIN;
    const target = fits ? all : entered;
    // The others go to insets packed along one side of the frame (the side that leaves the followed leaf the most
    // room); the followed leaf is panned into the rest of the frame.
    const others = fits ? [] : leaves.filter((b) => b !== entered);
    // The region and the state (`turn › PLAN`): the whole path is written above the chart, and a caption longer than
    // its box would widen the inset, and move the view, from one move to the next.
    const captionOf = (box: BoxLayout) => {
      const path = chart === null ? [] : regionPath(chart, box.state.id).map((s) => s.key);
      return path.length === 0 ? box.state.key : path.length <= 2 ? path.join(' › ') : `${path[0]} › ${path.at(-1)}`;
    };
    const sizeOf = (box: BoxLayout) => insetSize(box, captionOf(box));
    const packs = (['right', 'bottom'] as const).map((side) => packInsets(others.map(sizeOf), width, height, side));
    const room = (p: Packing) =>
      Math.min(
        (p.side === 'right' ? width - p.extent : width) - entered.width * scale,
        (p.side === 'bottom' ? height - p.extent : height) - entered.height * scale,
      );
    // A packing that works: every inset inside the frame, and room left for the followed leaf; the roomier one.
    const works = (p: Packing) => p.fits && room(p) >= 2 * MARGIN;
    const ranked = [...packs].sort((a, b) => Number(works(b)) - Number(works(a)) || room(b) - room(a));
    const pack = ranked[0] as Packing;
    const mainWidth = pack.side === 'right' ? width - pack.extent : width;
    const mainHeight = pack.side === 'bottom' ? height - pack.extent : height;
    const current = view;
    const next =
      fresh || current === null || current.scale !== scale
        ? panInto(centred(target, scale, mainWidth, mainHeight), target, mainWidth, mainHeight)
        : panInto(current, target, mainWidth, mainHeight);
    if (current === null || next.x !== current.x || next.y !== current.y || next.scale !== current.scale) setView(next);
    const inside = (b: BoxLayout) =>
      next.x + b.x * scale >= 0 &&
      next.y + b.y * scale >= 0 &&
      next.x + (b.x + b.width) * scale <= mainWidth &&
      next.y + (b.y + b.height) * scale <= mainHeight;
    const hidden = others.filter((b) => !inside(b));
    if (hidden.length === 0) return showInsets(null);
    const placed = hidden.length === others.length ? pack : packInsets(hidden.map(sizeOf), width, height, pack.side);
    showInsets({
      side: pack.side,
      list: hidden.map((box, i) => ({
        box,
        at: placed.at[i] as { x: number; y: number },
        caption: captionOf(box),
      })),
    });
  };
  /** Centres the chart on a state (or, when it is folded away or not shown, the nearest ancestor drawn), at full size at least. */
  const centreOn = (id: string) => {
    const el = frame.current;
    if (layout === null || el === null || chart === null) return;
    const box = pathTo(chart, id)
      .reverse()
      .map((s) => layout.boxes.find((b) => b.state.id === s.id))
      .find((b) => b !== undefined);
    if (box === undefined) return;
    const scale = Math.max(view?.scale ?? FOLLOW_SCALE, FOLLOW_SCALE);
    setMode('free');
    setInsets(null);
    setView(panInto(centred(box, scale, el.clientWidth, el.clientHeight), box, el.clientWidth, el.clientHeight));
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
        {focus !== null && (
          <button type="button" onClick={() => setFocus(null)} data-testid="chart-show-all">
            ← whole machine
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
        {onEnlarge !== undefined && (
          <button
            type="button"
            className={enlarged ? 'on' : ''}
            onClick={onEnlarge}
            title={
              enlarged
                ? 'bring back the side panels and the tabs (e)'
                : 'fold the side panels and the tabs away: the page for the chart (e)'
            }
            aria-pressed={enlarged}
            data-testid="chart-enlarge"
          >
            {enlarged ? '⤡ panels' : '⤢ enlarge'}
          </button>
        )}
      </header>
      {chart !== null && <ActiveConfiguration chart={chart} active={active} onPick={centreOn} />}
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
                // A pan of a quarter of a second, unless a drag moves the chart or the reader asked for less motion.
                transition: drag.current === null && !reducedMotion() ? 'transform 240ms ease' : 'none',
              }}
            >
              <g id="chart-drawing">
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
            </g>
          </svg>
        )}
        {insets !== null && layout !== null && (
          <div className={`chart-insets on-${insets.side}`} data-testid="chart-insets">
            {insets.list.map(({ box, at, caption }) => {
              const w = box.width + 2 * INSET_PAD;
              const h = box.height + 2 * INSET_PAD;
              return (
                <button
                  type="button"
                  key={box.state.id}
                  className="chart-inset"
                  style={{ left: at.x, top: at.y, ...insetSize(box, caption) }}
                  onClick={() => centreOn(box.state.id)}
                  title={`${box.state.id}: active too; click to centre the chart on it`}
                  data-testid="chart-inset"
                  data-of={box.state.id}
                >
                  <span className="inset-caption">{caption}</span>
                  <svg
                    width={w}
                    height={h}
                    viewBox={`${box.x - INSET_PAD} ${box.y - INSET_PAD} ${w} ${h}`}
                    style={{ fontFamily: FONT_FAMILY }}
                    aria-hidden="true"
                  >
                    <use href="#chart-drawing" />
                  </svg>
                </button>
              );
            })}
          </div>
        )}
      </div>
    </section>
  );
}
