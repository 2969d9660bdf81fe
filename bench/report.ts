/**
 * The benchmark's report: its results as one table, figures down and streams across, each with its target and
 * whether it was met.
 */
import { CONTESTANTS, type ContestantId } from './contestants.js';
import type { Results } from './results.js';
import { plies, rate, times } from './units.js';

const mark = (met: boolean | null): string => (met === null ? '' : met ? ' ✓' : ' ✗');
const status = (cells: readonly (boolean | null)[]): string => {
  const judged = cells.filter((c): c is boolean => c !== null);
  if (judged.length === 0) return '';
  const met = judged.filter((c) => c).length;
  return met === judged.length ? 'met' : met === 0 ? 'MISSED' : `MISSED (${judged.length - met} of ${judged.length})`;
};

/** The results as one table: figures down, streams across, a target and its status where issue 7 sets one. */
export function formatTable(r: Results): string[] {
  const labelOf = (id: ContestantId) => r.contestants.find((c) => c.id === id)?.label ?? id;
  const streamIds = r.config.streams.map((s) => s.id);
  type Row =
    | { figure: string; plies: string; cells?: string[]; span?: string; target?: string; status?: string }
    | 'rule';
  const rows: Row[] = [];

  for (const contestant of CONTESTANTS) {
    for (const n of r.config.sizes) {
      const cells = streamIds.map((stream) => {
        const c = r.throughput.find((t) => t.stream === stream && t.plies === n && t.contestant === contestant.id);
        if (c === undefined) return '';
        if (c.status === 'skipped' && c.note?.startsWith('n/a')) return 'n/a';
        if (c.status === 'skipped')
          return c.note?.startsWith('not run: projected')
            ? `not run (${c.note.match(/projected (\d+ s)/)?.[1] ?? '> budget'})`
            : 'not run';
        if (c.status === 'failed') return 'FAILED';
        const value = c.eventsPerSecond === null ? '?' : rate(c.eventsPerSecond);
        return c.status === 'partial' ? `${value} (${plies(c.played)} in budget)` : value;
      });
      rows.push({ figure: `events/s ${labelOf(contestant.id)}`, plies: plies(n), cells });
    }
    rows.push('rule');
  }
  for (const versus of ['xstate-flat', 'xstate-shaped', 'reducer', 'boardgameio'] as const) {
    for (const n of r.config.sizes) {
      const ratios = streamIds.map((stream) =>
        r.ratios.find((c) => c.stream === stream && c.plies === n && c.versus === versus),
      );
      if (ratios.every((c) => c?.value === null)) {
        rows.push({
          figure: `plystack / ${labelOf(versus)}`,
          plies: plies(n),
          cells: ratios.map(() => 'n/a'),
          target: ratios[0]?.target ?? '',
          status: '',
        });
        continue;
      }
      rows.push({
        figure: `plystack / ${labelOf(versus)}`,
        plies: plies(n),
        cells: ratios.map((c) => (c?.value === null || c === undefined ? 'n/a' : `${times(c.value)}${mark(c.met)}`)),
        target: ratios.find((c) => c?.target !== null)?.target ?? '',
        status: status(ratios.map((c) => c?.met ?? null)),
      });
    }
    rows.push('rule');
  }
  for (const contestant of CONTESTANTS) {
    const cells = streamIds.map((stream) =>
      r.scaling.find((s) => s.stream === stream && s.contestant === contestant.id),
    );
    const first = cells[0];
    rows.push({
      figure: `time(${plies(first?.large ?? 0)}) / time(${plies(first?.small ?? 0)}) ${labelOf(contestant.id)}`,
      plies: '',
      cells: cells.map((c) =>
        c === undefined || (c.value === null && c.cpuValue === null)
          ? 'n/a'
          : `${c.cpuValue === null ? '' : `cpu ${c.cpuValue.toFixed(1)} · `}wall ${c.value === null ? 'n/a' : c.value.toFixed(1)}${mark(c.met)}`,
      ),
      target: first?.target ?? '',
      status: status(cells.map((c) => c?.met ?? null)),
    });
  }
  rows.push('rule');
  for (const f of r.figures)
    rows.push({
      figure: f.label,
      plies: f.plies === null ? '' : plies(f.plies),
      span: `${f.display}${mark(f.met)}`,
      target: f.target ?? '',
      status: status([f.met]),
    });

  const headers = {
    figure: 'Figure',
    plies: 'Plies',
    cells: r.config.streams.map((s) => s.label),
    target: 'Target',
    status: 'Status',
  };
  const text = rows.filter((x): x is Exclude<Row, 'rule'> => x !== 'rule');
  const wFigure = Math.max(headers.figure.length, ...text.map((x) => x.figure.length));
  const wPlies = Math.max(headers.plies.length, ...text.map((x) => x.plies.length));
  const wCells = headers.cells.map((h, i) => Math.max(h.length, ...text.map((x) => x.cells?.[i]?.length ?? 0)));
  const wSpan = wCells.reduce((a, b) => a + b, 0) + 2 * (wCells.length - 1);
  const wTarget = Math.max(headers.target.length, ...text.map((x) => (x.target ?? '').length));
  const wStatus = Math.max(headers.status.length, ...text.map((x) => (x.status ?? '').length));
  const line = (figure: string, p: string, middle: string, target: string, st: string) =>
    `${figure.padEnd(wFigure)}  ${p.padStart(wPlies)}  ${middle}  ${target.padEnd(wTarget)}  ${st.padEnd(wStatus)}`.trimEnd();
  const spanOf = (x: Exclude<Row, 'rule'>) => {
    if (x.cells !== undefined) return x.cells.map((c, i) => c.padStart(wCells[i] as number)).join('  ');
    const span = x.span ?? '';
    return span.length > wSpan ? span : span.padEnd(wSpan);
  };
  const m = r.machine;
  const out: string[] = [
    `plystack benchmark · ${r.startedAt} · ${m.cpuModel} · nproc ${m.nproc} · node ${m.node} · ${r.seconds.toFixed(0)} s`,
    `streams: 2 seats, 4 seats, cast/11: every event by the seat holding priority; a CastInstant every 7th event (cast/11: every 11th), the rest engine.pass`,
    `         circular (sandbox, 4 seats): each turn a card and engine.end-turn; every 5th card a reverse, every 7th a skip, the rest play`,
    `         simultaneous (sandbox, 4 seats): each round every seat plays, then every seat ends its turn, in scripted orders`,
    `times: best of the runs, wall clock; cpu: the process's CPU time (the scaling target is judged on it)`,
    '',
    line(
      headers.figure,
      headers.plies,
      headers.cells.map((h, i) => h.padStart(wCells[i] as number)).join('  '),
      headers.target,
      headers.status,
    ),
  ];
  const width = out[out.length - 1]?.length ?? 80;
  out.push('─'.repeat(width));
  for (const x of rows) {
    if (x === 'rule') out.push('─'.repeat(width));
    else out.push(line(x.figure, x.plies, spanOf(x), x.target ?? '', x.status ?? ''));
  }
  out.push('');
  out.push('Targets (printed, never asserted):');
  for (const t of r.targets)
    out.push(`  ${t.met === null ? '?     ' : t.met ? 'met   ' : 'MISSED'}  ${t.label} ${t.target}: ${t.measured}`);
  const broken = r.throughput.filter((c) => c.status === 'failed' || c.status === 'partial');
  for (const c of broken)
    out.push(`  note: ${labelOf(c.contestant)}, ${c.stream}, ${plies(c.plies)}: ${c.status}: ${c.note ?? ''}`);
  return out;
}
