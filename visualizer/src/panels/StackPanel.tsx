/**
 * The stack, top first, with each item's id; below it the items that resolved
 * most recently.
 */
import type { Inspected } from '../model/inspected.js';

export function StackPanel({ view }: { view: Inspected }) {
  const stack = view.state?.stack ?? [];
  if (!Array.isArray(stack) || !stack.every((item) => typeof item === 'object' && item !== null))
    throw new Error('state.stack is not a list of stack items');
  const resolved =
    view.at === null
      ? view.events
          .slice(0, view.eventCount)
          .filter((e) => e.type === 'stack.resolved')
          .slice(-3)
          .reverse()
      : [];
  return (
    <section className="panel stack-panel" aria-label="stack">
      <header className="panel-head">
        <h2>Stack</h2>
        <span className="muted" data-testid="stack-size">
          {stack.length === 0 ? 'empty' : `${stack.length} item${stack.length === 1 ? '' : 's'} · top first`}
        </span>
      </header>
      {stack.length === 0 ? (
        <p className="empty">Nothing waits on the stack.</p>
      ) : (
        <ol className="stack" data-testid="stack">
          {[...stack].reverse().map((item, i) => (
            <li key={item.id} className={i === 0 ? 'stack-top' : ''} data-testid="stack-item" data-stack-id={item.id}>
              <span className="stack-id">#{item.id}</span>
              <span className="stack-card">{item.card}</span>
              <span className="stack-type">{item.type}</span>
              <span className="stack-seat">{item.seat}</span>
              {typeof item.target === 'number' && <span className="stack-target">→ #{item.target}</span>}
              {i === 0 && <span className="badge">top</span>}
            </li>
          ))}
        </ol>
      )}
      {resolved.length > 0 && (
        <ul className="resolved" data-testid="resolved">
          {resolved.map((e) => (
            <li key={e.seq}>✓ {e.text}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
