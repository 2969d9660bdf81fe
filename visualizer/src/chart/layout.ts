/**
 * Lays a chart out with elkjs: every state a box, nested states inside their
 * parent's box (ELK's compound graphs), transitions between boxes as routed
 * edges with their event, guard and actions as labels. Transitions that stay
 * inside their state (no target, a self-transition, or one into its own
 * ancestor or descendant) are written inside the box instead of drawn.
 *
 * Each region of a parallel state is laid out on its own (left to right, or
 * top down when a row of its states would be longer than a wide frame), and
 * the regions are then set side by side or in a grid that suits the frame's
 * shape (arrange.ts), so that a region's states sit together and the regions
 * next to each other rather than in one tall stack. The rest of the machine
 * is laid out around the parallel state as one box; a transition from inside
 * a region to a state outside the parallel state leaves it through the side
 * nearest its source and runs along that side's inside to where it goes out.
 */

import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import type { ChartState, ChartTransition } from 'plystack/inspect';

import { arrangeBoxes } from './arrange.js';
import { FONT, measure } from './measure.js';

/** A line written inside a state's box. */
export interface BoxLine {
  readonly text: string;
  readonly kind: 'title' | 'entry' | 'exit' | 'invoke' | 'transition' | 'description';
  /** The transition the line stands for. */
  readonly transition?: string;
}

export interface BoxLayout {
  readonly state: ChartState;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly depth: number;
  readonly lines: readonly BoxLine[];
  /** The region of a parallel state: drawn dashed. */
  readonly region: boolean;
}

export interface EdgeLayout {
  /** Transition id; `initial:<state id>` for an initial marker's arrow. */
  readonly id: string;
  readonly transition: ChartTransition | null;
  readonly points: readonly { x: number; y: number }[];
  readonly label: { x: number; y: number; width: number; height: number; lines: readonly string[] } | null;
}

export interface ChartLayout {
  readonly width: number;
  readonly height: number;
  readonly boxes: readonly BoxLayout[];
  readonly edges: readonly EdgeLayout[];
  readonly initials: readonly { x: number; y: number; of: string }[];
}

const PAD = 10;
const LINE = 16;
const TITLE = 20;
const MAX_LABEL = 46;

const isWithin = (id: string, ancestor: string, parents: Map<string, string>) => {
  for (let at: string | undefined = id; at !== undefined; at = parents.get(at)) if (at === ancestor) return true;
  return false;
};

function transitionText(t: ChartTransition): string {
  return `${t.label}${t.guard ? ` [${t.guard}]` : ''}`;
}

/** Splits a long label at spaces so no line runs past `MAX_LABEL` characters. */
function wrap(text: string): string[] {
  if (text.length <= MAX_LABEL) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + word.length + 1 > MAX_LABEL) {
      lines.push(line);
      line = `  ${word}`;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The shape of the chart's frame the layout is made for when none is given (width over height): a laptop's. */
export const FRAME_ASPECT = 2;
/** Room between two regions of a parallel state. */
const REGION_GAP = 14;

type Point = { x: number; y: number };
type Rect = { x: number; y: number; width: number; height: number };
type Side = 'NORTH' | 'SOUTH' | 'EAST' | 'WEST';

/** The regions of a chart as ELK laid them out, by the chart and the states it folds (see `layOut`). */
const laidRegionsOf = new WeakMap<ChartState, Map<string, Promise<ElkNode>>>();

/** A drawn transition's edge (or an initial marker's arrow), before it is laid out. */
interface EdgeSpec {
  readonly id: string;
  readonly source: string;
  readonly target: string;
  /** The innermost state holding both ends: the graph ELK lays it out in. */
  readonly container: string;
  readonly labels?: ElkExtendedEdge['labels'];
}

const LAYERED: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.layered.spacing.edgeNodeBetweenLayers': '14',
  'elk.spacing.nodeNode': '22',
  'elk.spacing.edgeLabel': '4',
  'elk.edgeLabels.inline': 'false',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.padding': '[top=0,left=0,bottom=0,right=0]',
};

/**
 * How long a row of states may grow, left to right, before its region is laid out top down instead: more than a wide
 * frame holds (a mundane turn's phases make about 2,200 px; a sandbox turn in a response window about 1,450).
 */
const LONGEST_ROW = 1800;

/**
 * The way from a state inside a parallel state to the point `out` on the parallel state's border where the edge
 * leaves it (as ELK laid it out): from the state straight to the parallel state's nearest side, then along that side's
 * inside (in its padding, round the corners the shorter way) to `out`'s side, and out. It crosses the borders of the
 * state's own region, and no other region's states.
 */
function throughSide(box: Rect, outer: Rect, out: Point): Point[] {
  const inset = PAD * 0.75;
  const left = outer.x + inset;
  const top = outer.y + inset;
  const right = outer.x + outer.width - inset;
  const bottom = outer.y + outer.height - inset;
  const width = right - left;
  const height = bottom - top;
  // The side of the inset border nearest a gap, and a point on it.
  const gaps: [Side, number][] = [
    ['SOUTH', outer.y + outer.height - (box.y + box.height)],
    ['EAST', outer.x + outer.width - (box.x + box.width)],
    ['NORTH', box.y - outer.y],
    ['WEST', box.x - outer.x],
  ];
  const [side] = gaps.reduce((a, b) => (b[1] < a[1] ? b : a));
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const from: Point =
    side === 'SOUTH'
      ? { x: cx, y: box.y + box.height }
      : side === 'NORTH'
        ? { x: cx, y: box.y }
        : side === 'EAST'
          ? { x: box.x + box.width, y: cy }
          : { x: box.x, y: cy };
  const onBorder = (p: Point, s: Side): Point =>
    s === 'SOUTH'
      ? { x: p.x, y: bottom }
      : s === 'NORTH'
        ? { x: p.x, y: top }
        : s === 'EAST'
          ? { x: right, y: p.y }
          : { x: left, y: p.y };
  const sideOf = (p: Point): Side => {
    const d: [Side, number][] = [
      ['NORTH', Math.abs(p.y - outer.y)],
      ['SOUTH', Math.abs(p.y - (outer.y + outer.height))],
      ['WEST', Math.abs(p.x - outer.x)],
      ['EAST', Math.abs(p.x - (outer.x + outer.width))],
    ];
    return d.reduce((a, b) => (b[1] < a[1] ? b : a))[0];
  };
  const a = onBorder(from, side);
  const b = onBorder(out, sideOf(out));
  // Round the inset border clockwise from its top left corner: where a point lies on it, and its corners.
  const perimeter = 2 * (width + height);
  const along = (p: Point) =>
    p.y <= top + 0.5
      ? p.x - left
      : p.x >= right - 0.5
        ? width + (p.y - top)
        : p.y >= bottom - 0.5
          ? width + height + (right - p.x)
          : 2 * width + height + (bottom - p.y);
  const corners: [number, Point][] = [
    [0, { x: left, y: top }],
    [width, { x: right, y: top }],
    [width + height, { x: right, y: bottom }],
    [2 * width + height, { x: left, y: bottom }],
  ];
  const ta = along(a);
  const tb = along(b);
  const clockwise = (((tb - ta) % perimeter) + perimeter) % perimeter;
  const turn = clockwise <= perimeter / 2 ? 1 : -1;
  const distance = turn === 1 ? clockwise : perimeter - clockwise;
  const passed = corners
    .map(
      ([t, p]) =>
        [
          turn === 1
            ? (((t - ta) % perimeter) + perimeter) % perimeter
            : (((ta - t) % perimeter) + perimeter) % perimeter,
          p,
        ] as const,
    )
    .filter(([d]) => d > 0 && d < distance)
    .sort((x, y) => x[0] - y[0])
    .map(([, p]) => p);
  return [from, a, ...passed, b, out];
}

/**
 * The boxes, edges and initial markers of `chart`, in page coordinates, for a frame of `aspect` (its width over its
 * height).
 *
 * @example
 * const layout = await layOut(chart, new Map(), 1.8)
 * layout.boxes.find((b) => b.state.key === 'PLAN')
 */
export async function layOut(
  chart: ChartState,
  hidden: ReadonlyMap<string, number> = new Map(),
  aspect: number = FRAME_ASPECT,
): Promise<ChartLayout> {
  const parents = new Map<string, string>();
  const states = new Map<string, ChartState>();
  const visit = (s: ChartState) => {
    states.set(s.id, s);
    for (const c of s.children) {
      parents.set(c.id, s.id);
      visit(c);
    }
  };
  visit(chart);

  const drawn = (t: ChartTransition) =>
    t.targets.length > 0 &&
    t.targets.every(
      (target) => states.has(target) && !isWithin(target, t.source, parents) && !isWithin(t.source, target, parents),
    );
  const linesOf = (s: ChartState): BoxLine[] => {
    const mark = s.type === 'parallel' ? ' ∥' : s.type === 'final' ? ' ◉' : s.type === 'history' ? ' H' : '';
    const folded = hidden.get(s.id);
    const lines: BoxLine[] = [
      {
        text: `${folded === undefined && s.children.length > 0 ? '▾ ' : folded !== undefined ? '▸ ' : ''}${s.key}${mark}`,
        kind: 'title',
      },
    ];
    if (folded !== undefined) lines.push({ text: `${folded} states inside: click ▸ to open`, kind: 'description' });
    if (s.entry.length > 0)
      lines.push(...wrap(`entry / ${s.entry.join(', ')}`).map((text) => ({ text, kind: 'entry' as const })));
    if (s.exit.length > 0)
      lines.push(...wrap(`exit / ${s.exit.join(', ')}`).map((text) => ({ text, kind: 'exit' as const })));
    if (s.invoke.length > 0) lines.push({ text: `invoke ${s.invoke.join(', ')}`, kind: 'invoke' });
    for (const t of s.transitions) {
      if (drawn(t)) continue;
      const to =
        t.targets.length === 0
          ? ''
          : ` → ${t.targets.map((id) => (id === s.id ? '↺' : (states.get(id)?.key ?? id))).join(', ')}`;
      const actions = t.actions.length > 0 ? ` / ${t.actions.join(', ')}` : '';
      lines.push(
        ...wrap(`${transitionText(t)}${to}${actions}`).map((text) => ({
          text,
          kind: 'transition' as const,
          transition: t.id,
        })),
      );
    }
    return lines;
  };
  const lineHeight = (line: BoxLine) => (line.kind === 'title' ? TITLE : LINE);
  const textWidth = (line: BoxLine) =>
    measure(line.text, line.kind === 'title' ? FONT.title : line.kind === 'transition' ? FONT.bold : FONT.line);

  const lines = new Map<string, BoxLine[]>();
  const edgeSpecs: EdgeSpec[] = [];
  const labelsById = new Map<string, string[]>();
  const commonAncestor = (a: string, b: string) => {
    for (let at: string | undefined = parents.get(a); at !== undefined; at = parents.get(at))
      if (isWithin(b, at, parents)) return at;
    return chart.id;
  };

  for (const s of states.values()) {
    lines.set(s.id, linesOf(s));
    for (const t of s.transitions) {
      if (!drawn(t)) continue;
      t.targets.forEach((target, i) => {
        const text = [t.label];
        if (t.guard !== null) text.push(...wrap(`[${t.guard}]`));
        if (t.actions.length > 0) text.push(...wrap(`/ ${t.actions.join(', ')}`));
        const id = `${t.id}::${i}`;
        labelsById.set(id, text);
        const width = Math.max(...text.map((line) => measure(line, FONT.bold))) + 8;
        edgeSpecs.push({
          id,
          source: s.id,
          target,
          container: commonAncestor(s.id, target),
          labels: [{ id: `${id}::label`, text: text.join('\n'), width, height: text.length * 14 + 4 }],
        });
      });
    }
    if (s.type === 'compound' && s.children.length > 0 && s.initial !== null && states.has(s.initial)) {
      edgeSpecs.push({ id: `initial:${s.id}`, source: `${s.id}::initial`, target: s.initial, container: s.id });
    }
  }

  // The parallel states whose regions are laid out one by one: the outermost ones (a parallel state inside a region
  // is laid out with its region).
  const split = new Set<string>();
  const findSplit = (s: ChartState) => {
    if (s.type === 'parallel' && s.children.length > 0) split.add(s.id);
    else for (const c of s.children) findSplit(c);
  };
  findSplit(chart);
  /** The region (a child of a split parallel state) that holds `id`, or undefined outside every split state. */
  const regionOf = (id: string): string | undefined => {
    for (let at: string | undefined = id; at !== undefined; at = parents.get(at)) {
      const parent = parents.get(at);
      if (parent !== undefined && split.has(parent)) return at;
    }
    return undefined;
  };
  const ownerOf = (id: string) => {
    const region = regionOf(id.endsWith('::initial') ? id.slice(0, -'::initial'.length) : id);
    return region === undefined ? undefined : parents.get(region);
  };

  // Each edge goes to the graph that lays it out: its region's, or the outer one (the machine with every split state
  // a box); an edge between two regions of one state is drawn after both are placed.
  const edgesByContainer = new Map<string, ElkExtendedEdge[]>();
  const outward: EdgeSpec[] = [];
  const between: EdgeSpec[] = [];
  for (const e of edgeSpecs) {
    const inside = regionOf(e.container) !== undefined;
    const from = regionOf(e.source.endsWith('::initial') ? e.container : e.source);
    const to = regionOf(e.target);
    if (inside || (from === undefined && to === undefined)) {
      const list = edgesByContainer.get(e.container) ?? [];
      list.push({ id: e.id, sources: [e.source], targets: [e.target], ...(e.labels ? { labels: e.labels } : {}) });
      edgesByContainer.set(e.container, list);
    } else if (split.has(e.container)) between.push(e);
    else outward.push(e);
  }

  const headerOf = (s: ChartState) => (lines.get(s.id) ?? []).reduce((h, line) => h + lineHeight(line), 0);
  const minWidthOf = (s: ChartState) => Math.max(70, ...(lines.get(s.id) ?? []).map(textWidth)) + PAD * 2;
  const paddingOf = (s: ChartState) => ({ top: headerOf(s) + PAD * 1.5, side: PAD * 1.5 });

  /** A state and what it holds as ELK nodes; `boxOf` gives a split state's box instead (the outer graph). */
  const toElk = (s: ChartState, boxOf?: (s: ChartState) => ElkNode | undefined): ElkNode => {
    const own = boxOf?.(s);
    if (own !== undefined) return own;
    const header = headerOf(s);
    const width = minWidthOf(s);
    if (s.children.length === 0) return { id: s.id, width, height: header + PAD * 1.5 };
    const children = s.children.map((c) => toElk(c, boxOf));
    // Position hints keep a parallel state's regions in the machine's order.
    if (s.type === 'parallel') {
      for (const [i, child] of children.entries()) {
        child.layoutOptions = { ...child.layoutOptions, 'elk.position': `(0,${i * 1000})` };
      }
    }
    if (s.type === 'compound' && s.initial !== null && states.has(s.initial))
      children.unshift({ id: `${s.id}::initial`, width: 10, height: 10 });
    return {
      id: s.id,
      children,
      edges: edgesByContainer.get(s.id) ?? [],
      layoutOptions: {
        'elk.padding': `[top=${header + PAD * 1.5},left=${PAD * 1.5},bottom=${PAD * 1.5},right=${PAD * 1.5}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${width}, ${header + PAD * 3})`,
        // The regions of a parallel state inside a region: one column, in the machine's order.
        ...(s.type === 'parallel'
          ? {
              'elk.separateConnectedComponents': 'false',
              'elk.spacing.nodeNode': '14',
              'elk.layered.crossingMinimization.semiInteractive': 'true',
            }
          : {}),
      },
    };
  };

  // elkjs is two thirds of the page's script: it loads (once, in its own file) when the first chart is laid out.
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const elk = new ELK();

  /** A graph laid out: its outermost node's box, and that node as ELK returned it (coordinates from the graph's origin). */
  const run = async (node: ElkNode, options: Record<string, string>) => {
    const laid = await elk.layout({
      id: '::root',
      children: [node],
      edges: [],
      layoutOptions: { ...LAYERED, ...options },
    });
    const top = (laid.children ?? [])[0] as ElkNode;
    return { node: top, width: top.width ?? 0, height: top.height ?? 0, x: top.x ?? 0, y: top.y ?? 0 };
  };

  /**
   * About how wide `s`'s children would lie left to right (each state in a layer of its own, each edge's label
   * beside it), its own lines included; the widest level of a region says how wide the region would be.
   */
  const rowLength = (s: ChartState): number => {
    if (s.children.length === 0) return minWidthOf(s);
    const labels = (edgesByContainer.get(s.id) ?? []).reduce((w, e) => w + (e.labels?.[0]?.width ?? 0), 0);
    const row = s.children.reduce((w, c) => w + rowLength(c) + 36, 0) + labels / 2;
    return Math.max(minWidthOf(s), row + PAD * 3);
  };
  /**
   * One region on its own: left to right, as the machine reads, or top down when a row of its states would be longer
   * than a wide frame (a mundane turn's five phases): its phases then read down, like a rule book's turn sequence.
   */
  const regionNode = (region: ChartState): ElkNode => {
    const node = toElk(region);
    const direction = rowLength(region) > LONGEST_ROW ? 'DOWN' : 'RIGHT';
    return {
      ...node,
      layoutOptions: {
        ...LAYERED,
        'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
        'elk.direction': direction,
        ...node.layoutOptions,
      },
    };
  };
  // Every region in one call (each call to ELK costs milliseconds however small its graph): the call places nothing
  // itself (they are arranged below), each region is laid out by its own options.
  const regions = [...split].flatMap((id) => (states.get(id) as ChartState).children);
  // The regions do not depend on the frame: a frame of another shape arranges them again, without laying them out.
  const regionsKey = [...hidden].map(([id, n]) => `${id}:${n}`).join('|');
  let byHidden = laidRegionsOf.get(chart);
  if (byHidden === undefined) {
    byHidden = new Map();
    laidRegionsOf.set(chart, byHidden);
  }
  let pending = byHidden.get(regionsKey);
  if (regions.length === 0) pending = Promise.resolve({ id: '::regions', children: [] });
  else if (pending === undefined) {
    pending = elk.layout({
      id: '::regions',
      children: regions.map(regionNode),
      edges: [],
      layoutOptions: { 'elk.algorithm': 'fixed', 'elk.json.shapeCoords': 'ROOT', 'elk.json.edgeCoords': 'ROOT' },
    });
    byHidden.set(regionsKey, pending);
  }
  const laidRegions = await pending;
  const regionRuns = new Map<string, { node: ElkNode; x: number; y: number; width: number; height: number }>();
  for (const node of laidRegions.children ?? [])
    regionRuns.set(node.id, { node, x: node.x ?? 0, y: node.y ?? 0, width: node.width ?? 0, height: node.height ?? 0 });
  const arrangements = new Map<string, ReturnType<typeof arrangeBoxes>>();
  for (const id of split) {
    const sizes = (states.get(id) as ChartState).children.map((c) => regionRuns.get(c.id) ?? { width: 0, height: 0 });
    arrangements.set(id, arrangeBoxes(sizes, aspect, REGION_GAP));
  }

  // Where each box of a region lies inside its split state, from the state's top left corner.
  const within = new Map<string, Rect>();
  const placeRegions = (id: string) => {
    const parallel = states.get(id) as ChartState;
    const arrangement = arrangements.get(id);
    if (arrangement === undefined) return;
    const pad = paddingOf(parallel);
    parallel.children.forEach((region, i) => {
      const laid = regionRuns.get(region.id);
      const at = arrangement.at[i];
      if (laid === undefined || at === undefined) return;
      const dx = pad.side + at.x - laid.x;
      const dy = pad.top + at.y - laid.y;
      const note = (node: ElkNode) => {
        within.set(node.id, {
          x: (node.x ?? 0) + dx,
          y: (node.y ?? 0) + dy,
          width: node.width ?? 0,
          height: node.height ?? 0,
        });
        for (const child of node.children ?? []) note(child);
      };
      note(laid.node);
    });
  };
  for (const id of split) placeRegions(id);

  type Size2 = { width: number; height: number };
  const sizeOfSplit = (id: string): Size2 => {
    const parallel = states.get(id) as ChartState;
    const arrangement = arrangements.get(id);
    const pad = paddingOf(parallel);
    return {
      width: Math.max(minWidthOf(parallel), (arrangement?.width ?? 0) + 2 * pad.side),
      height: Math.max(headerOf(parallel) + PAD * 3, pad.top + (arrangement?.height ?? 0) + pad.side),
    };
  };

  // The outer graph: the machine with each split state a box of the arranged regions' size. An edge between a state
  // inside a split state and one outside it is laid out from (or to) the split state's box, and drawn on inside it
  // afterwards (`throughSide`).
  const crossing = new Map<string, { source?: string; target?: string }>();
  const outerEdges = new Map<string, ElkExtendedEdge[]>();
  for (const e of outward) {
    const source = ownerOf(e.source);
    const target = ownerOf(e.target);
    crossing.set(e.id, {
      ...(source === undefined ? {} : { source }),
      ...(target === undefined ? {} : { target }),
    });
    const list = outerEdges.get(e.container) ?? [];
    list.push({
      id: e.id,
      sources: [source ?? e.source],
      targets: [target ?? e.target],
      ...(e.labels ? { labels: e.labels } : {}),
    });
    outerEdges.set(e.container, list);
  }
  for (const [container, list] of outerEdges)
    edgesByContainer.set(container, [...(edgesByContainer.get(container) ?? []), ...list]);

  const splitBox = (s: ChartState): ElkNode | undefined => {
    if (!split.has(s.id)) return undefined;
    return { id: s.id, ...sizeOfSplit(s.id) };
  };
  const outer = await run(toElk(chart, splitBox), {
    'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
    'elk.padding': '[top=8,left=8,bottom=8,right=8]',
  });

  const boxes: BoxLayout[] = [];
  const initials: { x: number; y: number; of: string }[] = [];
  const edges: EdgeLayout[] = [];
  const transitions = new Map<string, ChartTransition>();
  for (const s of states.values()) for (const t of s.transitions) transitions.set(t.id, t);
  const splitAt = new Map<string, Point>();
  const boxById = new Map<string, Rect>();

  const edgeLayout = (id: string, points: Point[], label: Rect | null): EdgeLayout => {
    const transitionKey = id.startsWith('initial:') ? null : id.slice(0, id.lastIndexOf('::'));
    return {
      id: transitionKey ?? id,
      transition: transitionKey === null ? null : (transitions.get(transitionKey) ?? null),
      points,
      label: label === null ? null : { ...label, lines: labelsById.get(id) ?? [] },
    };
  };
  const collect = (node: ElkNode, depth: number, dx: number, dy: number) => {
    // The children first: a split state's position is known before an edge through its side is drawn.
    for (const child of node.children ?? []) {
      const x = (child.x ?? 0) + dx;
      const y = (child.y ?? 0) + dy;
      if (child.id.endsWith('::initial')) {
        initials.push({ x: x + 5, y: y + 5, of: child.id.slice(0, -'::initial'.length) });
        continue;
      }
      const state = states.get(child.id);
      if (state === undefined) continue;
      const parent = parents.get(state.id);
      const box = { x, y, width: child.width ?? 0, height: child.height ?? 0 };
      boxById.set(state.id, box);
      boxes.push({
        state,
        ...box,
        depth,
        lines: lines.get(state.id) ?? [],
        region: parent !== undefined && states.get(parent)?.type === 'parallel',
      });
      if (split.has(state.id)) {
        splitAt.set(state.id, { x, y });
        const arrangement = arrangements.get(state.id);
        const pad = paddingOf(state);
        state.children.forEach((region, i) => {
          const laid = regionRuns.get(region.id);
          const cell = arrangement?.at[i];
          if (laid === undefined || cell === undefined) return;
          const wrapper: ElkNode = { id: '::region', children: [laid.node] };
          collect(wrapper, depth + 1, x + pad.side + cell.x - laid.x, y + pad.top + cell.y - laid.y);
        });
      } else collect(child, depth + 1, dx, dy);
    }
    for (const e of node.edges ?? []) {
      const sections = e.sections ?? [];
      if (sections.length === 0) continue;
      const shift = (p: Point) => ({ x: p.x + dx, y: p.y + dy });
      // A wrapped edge (from one row to the next) may come in several sections, one after the other.
      let points = sections
        .flatMap((section) => [section.startPoint, ...(section.bendPoints ?? []), section.endPoint])
        .map(shift);
      const label = e.labels?.[0];
      // An edge laid out from (or to) a split state's box: drawn on inside it, to the state it joins there.
      const through = crossing.get(e.id);
      const edgeId = e.id;
      const inside = (end: 'source' | 'target', out: Point): Point[] => {
        const owner = through?.[end];
        const spec = edgeSpecs.find((x) => x.id === edgeId);
        const state = spec?.[end];
        const origin = owner === undefined ? undefined : splitAt.get(owner);
        const box = state === undefined ? undefined : within.get(state);
        if (owner === undefined || origin === undefined || box === undefined) return [out];
        const size = sizeOfSplit(owner);
        return throughSide({ ...box, x: box.x + origin.x, y: box.y + origin.y }, { ...origin, ...size }, out);
      };
      if (through?.source !== undefined) points = [...inside('source', points[0] as Point), ...points.slice(1)];
      if (through?.target !== undefined)
        points = [...points.slice(0, -1), ...inside('target', points.at(-1) as Point).reverse()];
      edges.push(
        edgeLayout(
          e.id,
          points,
          label === undefined
            ? null
            : { x: (label.x ?? 0) + dx, y: (label.y ?? 0) + dy, width: label.width ?? 0, height: label.height ?? 0 },
        ),
      );
    }
  };
  // The outer graph first: a split state's regions are collected when its box is, inside it.
  collect({ id: '::top', children: [outer.node] }, 0, 0, 0);
  // The outer graph's edges live in the containers' nodes: collected with them above. Between regions: drawn straight.
  for (const e of between) {
    const a = boxById.get(e.source);
    const b = boxById.get(e.target);
    if (a === undefined || b === undefined) continue;
    const ac = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
    const bc = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    const sideways = b.x >= a.x + a.width || a.x >= b.x + b.width;
    let points: Point[];
    if (sideways) {
      const ax = bc.x > ac.x ? a.x + a.width : a.x;
      const bx = bc.x > ac.x ? b.x : b.x + b.width;
      const mx = (ax + bx) / 2;
      points = [
        { x: ax, y: ac.y },
        { x: mx, y: ac.y },
        { x: mx, y: bc.y },
        { x: bx, y: bc.y },
      ];
    } else {
      const ay = bc.y > ac.y ? a.y + a.height : a.y;
      const by = bc.y > ac.y ? b.y : b.y + b.height;
      const my = (ay + by) / 2;
      points = [
        { x: ac.x, y: ay },
        { x: ac.x, y: my },
        { x: bc.x, y: my },
        { x: bc.x, y: by },
      ];
    }
    const mid = points[1] as Point;
    const label = e.labels?.[0];
    edges.push(
      edgeLayout(
        e.id,
        points,
        label === undefined ? null : { x: mid.x + 4, y: mid.y + 4, width: label.width ?? 0, height: label.height ?? 0 },
      ),
    );
  }
  return { width: outer.width + 16, height: outer.height + 16, boxes, edges, initials };
}
