/**
 * The statechart: nested boxes laid out by elkjs, the active configuration
 * filled, the transitions the last move took in orange. By default the view
 * follows the active states; "whole" shows the whole chart; drag to pan and
 * wheel to zoom; "show" draws one region on its own.
 */
import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent, type WheelEvent } from 'react';
import { allStates, type ChartState } from '../../../src/index.js';
import { layOut, type BoxLayout, type ChartLayout, type EdgeLayout } from './layout.js';
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

const layouts = new WeakMap<ChartState, Promise<ChartLayout>>();
const layoutOf = (chart: ChartState) => {
  let found = layouts.get(chart);
  if (found === undefined) layouts.set(chart, (found = layOut(chart)));
  return found;
};

function pathOf(edge: EdgeLayout): string {
  return edge.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
}

function Box({ box, active, taken }: { box: BoxLayout; active: boolean; taken: ReadonlySet<string> }) {
  const { state } = box;
  const leaf = state.children.length === 0;
  let y = box.y + 6;
  return (
    <g
      className={`state ${leaf ? 'leaf' : 'parent'} ${box.region ? 'region' : ''} ${state.type}`}
      data-testid={`state:${state.id}`}
      data-active={active ? 'true' : 'false'}
    >
      <title>{state.id}</title>
      <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={leaf ? 8 : 10} />
      {state.type === 'final' && <rect className="final-ring" x={box.x + 3} y={box.y + 3} width={box.width - 6} height={box.height - 6} rx={6} />}
      {box.lines.map((line, i) => {
        const height = line.kind === 'title' ? 20 : 16;
        y += height;
        const isTaken = line.transition !== undefined && taken.has(line.transition);
        return (
          <text
            key={i}
            x={box.x + 10}
            y={y - (line.kind === 'title' ? 5 : 4)}
            className={`line ${line.kind} ${isTaken ? 'taken' : ''}`}
            data-transition={line.transition}
          >
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
    <g className={`edge ${initial ? 'initial' : ''} ${taken ? 'taken' : ''}`} data-transition={initial ? undefined : edge.id} data-taken={taken ? 'true' : 'false'}>
      <path d={pathOf(edge)} markerEnd={`url(#${taken ? 'arrow-taken' : 'arrow'})`} />
      {edge.label !== null && (
        <g className="edge-label">
          <rect x={edge.label.x - 2} y={edge.label.y - 1} width={edge.label.width + 2} height={edge.label.height} rx={3} />
          {edge.label.lines.map((line, i) => (
            <text key={i} x={edge.label!.x + 2} y={edge.label!.y + 12 + i * 14}>{line}</text>
          ))}
        </g>
      )}
    </g>
  );
}

/**
 * The statechart of one machine, live.
 *
 * @example
 * <Statechart chart={chart} active={activeStateIds(chart, value)} taken={['table.playing.stack.holding|always|0']} />
 */
export function Statechart({ chart, active, taken }: Props) {
  const [focus, setFocus] = useState<string | null>(null);
  const shown = useMemo(() => (chart === null ? null : (allStates(chart).find((s) => s.id === focus) ?? chart)), [chart, focus]);
  const [layout, setLayout] = useState<ChartLayout | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useState<View | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; view: View } | null>(null);

  useEffect(() => {
    let live = true;
    setLayout(null);
    setView(null);
    if (shown === null) return;
    layoutOf(shown).then(
      (laid) => live && (setLayout(laid), setError(null)),
      (e: unknown) => live && setError(String(e)),
    );
    return () => void (live = false);
  }, [shown]);

  // follow: keep the active states in view at a readable size; whole: the whole chart; free: where the user panned.
  const [mode, setMode] = useState<'follow' | 'whole' | 'free'>('follow');
  const place = (box: { x: number; y: number; width: number; height: number }, most: number) => {
    const el = frame.current;
    if (el === null) return;
    const scale = Math.max(0.15, Math.min((el.clientWidth - 16) / box.width, (el.clientHeight - 16) / box.height, most));
    setView({ scale, x: (el.clientWidth - box.width * scale) / 2 - box.x * scale, y: (el.clientHeight - box.height * scale) / 2 - box.y * scale });
  };
  const reposition = () => {
    if (layout === null || mode === 'free') return;
    const whole = { x: 0, y: 0, width: layout.width, height: layout.height };
    const leaves = layout.boxes.filter((b) => b.state.children.length === 0 && active.has(b.state.id));
    if (mode === 'whole' || leaves.length === 0) return place(whole, 1.6);
    const margin = 70;
    const x = Math.min(...leaves.map((b) => b.x)) - margin;
    const y = Math.min(...leaves.map((b) => b.y)) - margin;
    const right = Math.max(...leaves.map((b) => b.x + b.width)) + margin;
    const bottom = Math.max(...leaves.map((b) => b.y + b.height)) + margin;
    place({ x, y, width: right - x, height: bottom - y }, 1);
  };
  const activeKey = [...active].join('|');
  useEffect(() => {
    reposition();
    const el = frame.current;
    if (el === null) return;
    const observer = new ResizeObserver(() => reposition());
    observer.observe(el);
    return () => observer.disconnect();
    // the view follows the layout, the mode and the active states (as one key); a user's pan and zoom stay put
  }, [layout, mode, activeKey]);

  const takenSet = useMemo(() => new Set(taken), [taken]);
  const candidates = useMemo(() => (chart === null ? [] : allStates(chart).filter((s) => s.children.length > 0)), [chart]);

  const onWheel = (e: WheelEvent) => {
    if (view === null || frame.current === null) return;
    const rect = frame.current.getBoundingClientRect();
    const px = e.clientX - rect.left;
    const py = e.clientY - rect.top;
    const scale = Math.min(4, Math.max(0.15, view.scale * (e.deltaY < 0 ? 1.1 : 1 / 1.1)));
    setMode('free');
    setView({ scale, x: px - ((px - view.x) * scale) / view.scale, y: py - ((py - view.y) * scale) / view.scale });
  };
  const onDown = (e: ReactPointerEvent) => {
    if (view === null) return;
    drag.current = { x: e.clientX, y: e.clientY, view };
    setMode('free');
    (e.target as Element).setPointerCapture?.(e.pointerId);
  };
  const onMove = (e: ReactPointerEvent) => {
    const d = drag.current;
    if (d === null) return;
    setView({ ...d.view, x: d.view.x + e.clientX - d.x, y: d.view.y + e.clientY - d.y });
  };

  return (
    <section className="panel chart-panel" aria-label="statechart">
      <header className="panel-head">
        <h2>Statechart</h2>
        <label className="focus-pick">
          show
          <select value={focus ?? ''} onChange={(e) => setFocus(e.target.value === '' ? null : e.target.value)} data-testid="chart-focus">
            <option value="">the whole machine</option>
            {candidates.filter((s) => s !== chart).map((s) => (
              <option key={s.id} value={s.id}>{s.id}</option>
            ))}
          </select>
        </label>
        <span className="legend"><i className="swatch active" /> active <i className="swatch taken" /> just taken</span>
        <span className="view-modes">
          <button type="button" className={mode === 'follow' ? 'on' : ''} onClick={() => setMode('follow')} title="keep the active states in view" data-testid="chart-follow">follow</button>
          <button type="button" className={mode === 'whole' ? 'on' : ''} onClick={() => setMode('whole')} title="the whole chart" data-testid="chart-whole">whole</button>
        </span>
      </header>
      <div className="chart-frame" ref={frame} onWheel={onWheel} onPointerDown={onDown} onPointerMove={onMove} onPointerUp={() => (drag.current = null)}>
        {error !== null && <p className="empty">The chart could not be laid out: {error}</p>}
        {chart === null && <p className="empty">No machine definition received yet.</p>}
        {layout !== null && view !== null && (
          <svg className="chart" width="100%" height="100%" style={{ fontFamily: FONT_FAMILY }} data-testid="statechart">
            <defs>
              <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" className="arrow" />
              </marker>
              <marker id="arrow-taken" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" className="arrow taken" />
              </marker>
            </defs>
            <g style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`, transformOrigin: '0 0', transition: drag.current === null ? 'transform 320ms ease' : 'none' }}>
              {layout.boxes.map((box) => (
                <Box key={box.state.id} box={box} active={active.has(box.state.id)} taken={takenSet} />
              ))}
              {layout.initials.map((dot) => (
                <circle key={dot.of} className="initial-dot" cx={dot.x} cy={dot.y} r={4.5} />
              ))}
              {layout.edges.map((edge, i) => (
                <Edge key={i} edge={edge} taken={takenSet.has(edge.id)} />
              ))}
            </g>
          </svg>
        )}
      </div>
    </section>
  );
}
