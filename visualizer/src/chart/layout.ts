/**
 * Lays a chart out with elkjs: every state a box, nested states inside their
 * parent's box (ELK's compound graphs), transitions between boxes as routed
 * edges with their event, guard and actions as labels. Transitions that stay
 * inside their state (no target, a self-transition, or one into its own
 * ancestor or descendant) are written inside the box instead of drawn.
 */

import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import type { ChartState, ChartTransition } from 'plystack/inspect';

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

/**
 * The boxes, edges and initial markers of `chart`, in page coordinates.
 *
 * @example
 * const layout = await layOut(chart)
 * layout.boxes.find((b) => b.state.key === 'PLAN')
 */
export async function layOut(chart: ChartState, hidden: ReadonlyMap<string, number> = new Map()): Promise<ChartLayout> {
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
  const edgesByContainer = new Map<string, ElkExtendedEdge[]>();
  const labelsById = new Map<string, string[]>();
  const addEdge = (container: string, edge: ElkExtendedEdge) => {
    const list = edgesByContainer.get(container) ?? [];
    list.push(edge);
    edgesByContainer.set(container, list);
  };
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
        addEdge(commonAncestor(s.id, target), {
          id,
          sources: [s.id],
          targets: [target],
          labels: [{ id: `${id}::label`, text: text.join('\n'), width, height: text.length * 14 + 4 }],
        });
      });
    }
    if (s.type === 'compound' && s.children.length > 0 && s.initial !== null && states.has(s.initial)) {
      addEdge(s.id, { id: `initial:${s.id}`, sources: [`${s.id}::initial`], targets: [s.initial] });
    }
  }

  const toElk = (s: ChartState): ElkNode => {
    const own = lines.get(s.id) ?? [];
    const header = own.reduce((h, line) => h + lineHeight(line), 0);
    const width = Math.max(70, ...own.map(textWidth)) + PAD * 2;
    if (s.children.length === 0) return { id: s.id, width, height: header + PAD * 1.5 };
    const children = s.children.map(toElk);
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
        // The regions of a parallel state: one column, in the machine's order.
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

  const root = toElk(chart);
  const graph: ElkNode = {
    id: '::root',
    children: [root],
    edges: [],
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
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
      'elk.padding': '[top=8,left=8,bottom=8,right=8]',
    },
  };
  // elkjs is two thirds of the page's script: it loads (once, in its own file) when the first chart is laid out.
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const laid = await new ELK().layout(graph);

  const boxes: BoxLayout[] = [];
  const initials: { x: number; y: number; of: string }[] = [];
  const edges: EdgeLayout[] = [];
  const transitions = new Map<string, ChartTransition>();
  for (const s of states.values()) for (const t of s.transitions) transitions.set(t.id, t);

  const collect = (node: ElkNode, depth: number) => {
    for (const e of node.edges ?? []) {
      const section = e.sections?.[0];
      if (section === undefined) continue;
      const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint];
      const label = e.labels?.[0];
      const transitionKey = e.id.startsWith('initial:') ? null : e.id.slice(0, e.id.lastIndexOf('::'));
      edges.push({
        id: transitionKey ?? e.id,
        transition: transitionKey === null ? null : (transitions.get(transitionKey) ?? null),
        points,
        label:
          label === undefined
            ? null
            : {
                x: label.x ?? 0,
                y: label.y ?? 0,
                width: label.width ?? 0,
                height: label.height ?? 0,
                lines: labelsById.get(e.id) ?? [],
              },
      });
    }
    for (const child of node.children ?? []) {
      if (child.id.endsWith('::initial')) {
        initials.push({ x: (child.x ?? 0) + 5, y: (child.y ?? 0) + 5, of: child.id.slice(0, -'::initial'.length) });
        continue;
      }
      const state = states.get(child.id);
      if (state === undefined) continue;
      const parent = parents.get(state.id);
      boxes.push({
        state,
        x: child.x ?? 0,
        y: child.y ?? 0,
        width: child.width ?? 0,
        height: child.height ?? 0,
        depth,
        lines: lines.get(state.id) ?? [],
        region: parent !== undefined && states.get(parent)?.type === 'parallel',
      });
      collect(child, depth + 1);
    }
  };
  collect(laid, 0);
  return { width: laid.width ?? 0, height: laid.height ?? 0, boxes, edges, initials };
}
