/**
 * The `?` overlay: the page's keys and what its marks mean, in one place.
 */
export function Help({ onClose }: { onClose: () => void }) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the overlay (the page's key handler); the click is for the mouse
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop only closes the overlay
    <div className="help-backdrop" onClick={onClose} data-testid="help-overlay">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click inside the dialog must not close it; keys are the page's */}
      <div className="help" role="dialog" aria-label="keys and legend" onClick={(e) => e.stopPropagation()}>
        <header>
          <h2>Keys</h2>
          <button type="button" onClick={onClose} title="close (Escape)" data-testid="help-close">
            ×
          </button>
        </header>
        <dl className="keys-list">
          <dt>← →</dt>
          <dd>one ply back, one ply on</dd>
          <dt>Home End</dt>
          <dd>the opening; the last ply (live)</dd>
          <dt>Space</dt>
          <dd>play or pause (stops a bot that is thinking)</dd>
          <dt>f</dt>
          <dd>follow: the chart at full size, the active states in view</dd>
          <dt>w</dt>
          <dd>fit: the whole machine in the frame</dd>
          <dt>e</dt>
          <dd>enlarge the chart: fold the side panels and the tabs away, and back</dd>
          <dt>Ctrl+Enter</dt>
          <dd>play the move in the move editor</dd>
          <dt>Escape</dt>
          <dd>close this overlay, or the detail pane</dd>
          <dt>?</dt>
          <dd>this overlay</dd>
          <dt>drag an edge</dt>
          <dd>
            resize the tables, the seats and moves, or the tabs (a focused edge: the arrow keys; a double click: its own
            size)
          </dd>
        </dl>
        <h2>Legend</h2>
        <ul className="legend-list">
          <li>
            <i className="swatch active" /> an active state (the filled box is a leaf of the active configuration)
          </li>
          <li>
            <i className="swatch taken" /> a transition the last move took
          </li>
          <li>
            <i className="swatch region" /> dashed box: a region of a parallel state (∥); ◉ a final state
          </li>
          <li>
            a boxed state captioned <em>region › state</em> over the chart's edge (follow mode): another region's active
            state, at full size; click it to centre the chart there
          </li>
          <li>▾ / ▸ before a state's name: collapse it into one box / open it again; [a ∧ ¬b] a guard</li>
          <li>
            <i className="dot turn" /> gold ring and TURN: whose turn it is
          </li>
          <li>
            <i className="dot priority" /> blue P: who holds priority
          </li>
          <li>
            <i className="dot to-act" /> green ring: a seat that may act now
          </li>
          <li>
            <i className="dot owes" /> red token: a seat that owes supplemental plies
          </li>
          <li>
            <i className="dot viewer" /> dashed gold ring: the seat <em>seen by</em> shows the table to
          </li>
          <li>
            <span className="seq-sample">
              pass<sup>3</sup>
            </span>{' '}
            in the move table: the move and its play order in the round
          </li>
          <li>greyed rows: plies and events after the ply the slider shows; click one to go there</li>
          <li>a row marked on its left: the ply the slider shows</li>
        </ul>
      </div>
    </div>
  );
}
