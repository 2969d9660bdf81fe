import type { ChartState, ChartTransition } from 'plystack/inspect';
/**
 * Collapsed states: a compound or parallel state drawn as one box. Its
 * descendants' transitions that leave it become its own (same ids, so the
 * "just taken" highlight still finds them), transitions into a descendant
 * point at it, and what happens inside it is left out.
 */

/**
 * The chart with every state in `collapsed` drawn as a single box.
 *
 * @example
 * collapseChart(chart, new Set(['table.playing.stack'])).children
 */
export function collapseChart(chart: ChartState, collapsed: ReadonlySet<string>): ChartState {
  if (collapsed.size === 0) return chart;
  // Each state's representative: itself, or its outermost collapsed ancestor.
  const representative = new Map<string, string>();
  const visit = (node: ChartState, rep: string | null) => {
    const own = rep ?? (collapsed.has(node.id) && node.children.length > 0 ? node.id : null);
    representative.set(node.id, own ?? node.id);
    for (const child of node.children) visit(child, own);
  };
  visit(chart, null);
  const rep = (id: string) => representative.get(id) ?? id;

  const descendants = (node: ChartState): ChartState[] =>
    node.children.flatMap((child) => [child, ...descendants(child)]);
  const remap = (t: ChartTransition, source: string): ChartTransition => ({
    ...t,
    source,
    targets: t.targets.map(rep),
  });

  const build = (node: ChartState): ChartState => {
    if (representative.get(node.id) === node.id && collapsed.has(node.id) && node.children.length > 0) {
      const inner = descendants(node).flatMap((d) =>
        d.transitions.map((t) => remap(t, node.id)).filter((t) => t.targets.length > 0 && !t.targets.includes(node.id)),
      );
      return { ...node, children: [], transitions: [...node.transitions.map((t) => remap(t, node.id)), ...inner] };
    }
    return { ...node, children: node.children.map(build), transitions: node.transitions.map((t) => remap(t, node.id)) };
  };
  return build(chart);
}

/** How many states a collapsed state hides. */
export function hiddenCount(node: ChartState): number {
  return node.children.reduce((n, child) => n + 1 + hiddenCount(child), 0);
}
