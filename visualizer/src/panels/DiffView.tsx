/**
 * The difference between two plies: by default the ply shown and the one
 * before it; any two may be chosen. Three parts: the state, the pieces (each
 * seat's and the stack) and the context.
 */

import type { Table } from 'plystack';
import { useMemo, useState } from 'react';
import { type Change, diffValues, listChange, type Sides, sidesOf } from '../model/diff.js';
import type { Inspected } from '../model/inspected.js';

const LIMIT = 200;

const text = (value: unknown) => {
  if (value === undefined) return '—';
  const json = JSON.stringify(value);
  return json.length > 160 ? `${json.slice(0, 157)}…` : json;
};

function Part({ name, changes }: { name: string; changes: readonly Change[] }) {
  return (
    <section className="diff-part" data-testid={`diff-${name}`} data-count={changes.length}>
      <h3>
        {name} <span className="muted">{changes.length === 0 ? 'unchanged' : `${changes.length} changed`}</span>
      </h3>
      {changes.length > 0 && (
        <ul>
          {changes.map((c) => (
            <li key={c.path} data-testid="diff-change" data-path={c.path}>
              <code className="diff-path">{c.path || '(all)'}</code>
              <span className="diff-before">{text(c.before)}</span>
              <span className="diff-arrow">→</span>
              <span className="diff-after">{text(c.after)}</span>
              {listChange(c.before, c.after) !== null && (
                <span className="diff-list muted">{listChange(c.before, c.after)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function DiffView({ view, table }: { view: Inspected; table: Table | null }) {
  const total = view.total;
  const shown = view.at ?? total;
  // '' follows the slider: the ply shown and the one before it.
  const [fields, setFields] = useState({ from: '', to: '' });
  const read = (field: string, fallback: number) => {
    if (field.trim() === '') return fallback;
    const n = Number(field);
    return Number.isInteger(n) && n >= 0 && n <= total ? n : null;
  };
  const to = read(fields.to, shown);
  const from = read(fields.from, Math.max((to ?? shown) - 1, 0));
  const result = useMemo((): { parts: [string, Change[]][] } | { problem: string } => {
    if (table === null) return { problem: 'a diff needs every ply of a built-in game, replayed in the page' };
    if (from === null || to === null) return { problem: `give two plies from 0 to ${total}` };
    try {
      const a: Sides = sidesOf(table.atPly(from));
      const b: Sides = sidesOf(table.atPly(to));
      return {
        parts: [
          ['state', diffValues(a.state, b.state, LIMIT)],
          ['pieces', diffValues(a.pieces, b.pieces, LIMIT)],
          ['context', diffValues(a.context, b.context, LIMIT)],
        ],
      };
    } catch (error) {
      return { problem: (error as Error).message };
    }
  }, [table, from, to, total]);
  return (
    <div className="diff-view" data-testid="diff">
      <div className="diff-pick">
        <label>
          from ply
          <input
            type="number"
            min={0}
            max={total}
            placeholder={String(from ?? '')}
            value={fields.from}
            onChange={(e) => setFields({ ...fields, from: e.target.value })}
            data-testid="diff-from"
          />
        </label>
        <label>
          to ply
          <input
            type="number"
            min={0}
            max={total}
            placeholder={String(to ?? '')}
            value={fields.to}
            onChange={(e) => setFields({ ...fields, to: e.target.value })}
            data-testid="diff-to"
          />
        </label>
        {(fields.from !== '' || fields.to !== '') && (
          <button type="button" onClick={() => setFields({ from: '', to: '' })} data-testid="diff-follow">
            follow the slider
          </button>
        )}
        <span className="muted" data-testid="diff-title">
          {from !== null && to !== null ? `after ply ${from} → after ply ${to}` : ''}
        </span>
      </div>
      {'problem' in result ? (
        <p className="error" data-testid="diff-problem">
          {result.problem}
        </p>
      ) : (
        result.parts.map(([name, changes]) => <Part key={name} name={name} changes={changes} />)
      )}
    </div>
  );
}
