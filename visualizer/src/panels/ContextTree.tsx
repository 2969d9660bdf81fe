/**
 * The machine's context as a tree: objects and arrays open and close; only
 * what is open is rendered, and a long array shows its items a hundred at a
 * time.
 */
import { useState } from 'react';

const PAGE = 100;

function preview(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    return `{${keys.slice(0, 4).join(', ')}${keys.length > 4 ? ', …' : ''}}`;
  }
  return JSON.stringify(value) ?? String(value);
}

function Node({
  name,
  value,
  depth,
  open: initiallyOpen,
}: {
  name: string;
  value: unknown;
  depth: number;
  open: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const [shown, setShown] = useState(PAGE);
  const branch = value !== null && typeof value === 'object';
  if (!branch) {
    return (
      <li className="leaf">
        <span className="key">{name}</span>:{' '}
        <span className={`value ${typeof value}`}>{JSON.stringify(value) ?? String(value)}</span>
      </li>
    );
  }
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value as object);
  return (
    <li className="branch">
      <button type="button" className="toggle" onClick={() => setOpen(!open)} aria-expanded={open}>
        <span className="caret">{open ? '▾' : '▸'}</span>
        <span className="key">{name}</span> <span className="muted">{preview(value)}</span>
      </button>
      {open && (
        <ul>
          {entries.slice(0, shown).map(([k, v]) => (
            <Node key={k} name={k} value={v} depth={depth + 1} open={false} />
          ))}
          {entries.length > shown && (
            <li>
              <button type="button" className="more" onClick={() => setShown(shown + PAGE)}>
                show {Math.min(PAGE, entries.length - shown)} more of {entries.length - shown}
              </button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

export function ContextTree({ context }: { context: unknown }) {
  if (context === undefined) return <p className="empty">No context received.</p>;
  return (
    <ul className="tree" data-testid="context-tree">
      <Node name="context" value={context} depth={0} open />
    </ul>
  );
}
