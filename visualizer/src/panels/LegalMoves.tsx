/**
 * The seat in focus: what it may do now, as buttons that play the move, and
 * every other move type with the code and reason it is blocked.
 */
import type { Move } from '../../../src/index.js';
import type { Inspected } from '../model/inspected.js';

interface Props {
  readonly view: Inspected;
  readonly seat: string | null;
  readonly onPlay: (move: Move) => void;
}

/** A move as a button's text: `pass`, `PlayCard Toaster`. */
export function moveLabel(move: Move): string {
  const name = move.type === 'engine.pass' ? 'pass' : move.type.startsWith('engine.') ? move.type.slice('engine.'.length) : move.type;
  const payload = move.payload;
  if (payload === undefined) return name;
  if (typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
    const values = Object.values(payload);
    if (values.length === 1 && (typeof values[0] === 'string' || typeof values[0] === 'number')) return `${name} ${String(values[0])}`;
  }
  return `${name} ${JSON.stringify(payload)}`;
}

export function LegalMoves({ view, seat, onPlay }: Props) {
  const legal = seat === null ? null : view.legal(seat);
  return (
    <section className="panel moves-panel" aria-label="legal moves">
      <header className="panel-head">
        <h2>Moves</h2>
        <span className="muted" data-testid="focus-seat">{seat ?? 'no seat in focus'}</span>
      </header>
      {view.readOnly !== null && <p className="note" data-testid="read-only">{view.readOnly}</p>}
      {legal === null ? (
        <p className="empty">{seat === null ? 'Click a seat to see its moves.' : 'No moves known for this seat.'}</p>
      ) : (
        <>
          <div className="allowed" data-testid="allowed">
            {legal.allowed.length === 0 && <p className="empty">{seat} may not move now.</p>}
            {legal.allowed.map((move, i) => (
              <button
                type="button"
                key={`${i}:${JSON.stringify(move)}`}
                className={`move-button ${move.type === 'engine.pass' ? 'pass' : ''}`}
                disabled={view.readOnly !== null}
                onClick={() => onPlay(move)}
                data-testid="move"
                data-type={move.type}
              >
                {moveLabel(move)}
              </button>
            ))}
          </div>
          {legal.blocked.length > 0 && (
            <details className="blocked-box" open>
              <summary>blocked now: {legal.blocked.length} move type{legal.blocked.length === 1 ? '' : 's'}</summary>
              <ul className="blocked" data-testid="blocked">
                {legal.blocked.map((b) => (
                  <li key={b.type} data-type={b.type}>
                    <span className="blocked-type">{b.type}</span>
                    <span className="code">{b.code}{b.reason ? ` · ${b.reason}` : ''}</span>
                    <span className="reason">{b.message}</span>
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </section>
  );
}
