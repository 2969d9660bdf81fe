/**
 * The seats around the table: whose turn it is, who holds priority, how play
 * goes round (playOrder.ts), seats out of the game, open obligations and an open
 * response window. Clicking a
 * seat puts it in focus (its legal moves show below).
 */
import type { JsonValue } from 'plystack';
import { onEnter } from '../keys.js';
import type { Inspected } from '../model/inspected.js';
import { playOrder } from '../model/playOrder.js';

interface Props {
  readonly view: Inspected;
  /** The state as the table holds it, hidden pieces included: a piece the view counts instead of naming is hidden. */
  readonly whole?: Inspected['state'];
  readonly focus: string | null;
  readonly onFocus: (seat: string) => void;
  /** Who "seen by" shows the table to (a seat, or `a spectator`); null when it shows everything. */
  readonly viewer?: string | null;
}

const short = (seat: string) => (seat.includes(':') ? seat.slice(seat.lastIndexOf(':') + 1) : seat);
const summary = (value: JsonValue | undefined) =>
  Array.isArray(value)
    ? String(value.length)
    : value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? '…'
        : String(value);

/**
 * The columns of the seat table: every field any seat's state has, sorted, so
 * an in-page table and a remote one show them in the same order.
 *
 * @example
 * seatFields([{ time: 5, hand: [], board: [] }]) // ['board', 'hand', 'time']
 */
export function seatFields(views: readonly (object | undefined)[]): string[] {
  return [...new Set(views.flatMap((view) => Object.keys(view ?? {})))].sort();
}

export function SeatRing({ view, whole = null, focus, onFocus, viewer = null }: Props) {
  const { state, seats } = view;
  if (state === null || seats.length === 0) {
    return (
      <section className="panel seats-panel" aria-label="seats">
        <header className="panel-head">
          <h2>Seats</h2>
        </header>
        <p className="empty">This actor is not a plystack table: no seats to show.</p>
      </section>
    );
  }
  const out = new Set(state.out ?? []);
  const toAct = new Set(state.toAct);
  const winners = new Set(state.winners);
  const obligation = state.obligation ?? null;
  const pair = seats.length <= 2;
  const cx = 150;
  const cy = pair ? 84 : 118;
  const r = 88;
  const at = (i: number) => {
    const angle = -Math.PI / 2 + (i * 2 * Math.PI) / seats.length + (seats.length === 2 ? Math.PI / 2 : 0);
    return { x: cx + r * Math.cos(angle), y: cy + r * Math.sin(angle) };
  };
  // Sorted: a remote table's state crosses the wire with its keys sorted (@statelyai/inspect's stable JSON), so the
  // game's own key order cannot be the rule; the same order for every table, wherever it comes from.
  const fields = seatFields(seats.map((seat) => state.seats[seat]));
  const order = playOrder(state);
  // The seats whose state the viewer sees otherwise than the table holds it (a hand counted, or left out).
  const hiddenFrom =
    viewer === null || whole === null
      ? []
      : seats.filter((seat) => JSON.stringify(state.seats[seat]) !== JSON.stringify(whole.seats[seat]));

  return (
    <section className="panel seats-panel" aria-label="seats">
      <header className="panel-head">
        <h2>Seats</h2>
        <span className="muted">
          {state.status === 'over'
            ? `over · won by ${state.winners.join(', ') || 'nobody'}`
            : `turn ${state.turn} · round ${state.round}`}
        </span>
      </header>
      {viewer !== null && (
        <p className="seat-viewer" data-testid="seat-viewer" data-hidden-seats={hiddenFrom.length}>
          <strong>Seen by {viewer}:</strong>{' '}
          {hiddenFrom.length === 0
            ? `nothing is hidden from ${viewer}; the game shows every seat's state to every viewer.`
            : `${hiddenFrom.map(short).join(', ')} as ${viewer} sees ${hiddenFrom.length === 1 ? 'it' : 'them'}: hidden pieces counted or left out.`}
        </p>
      )}
      <svg
        className="ring"
        viewBox={`0 0 300 ${pair ? 168 : 236}`}
        data-testid="seat-ring"
        role="img"
        aria-label="seat ring"
      >
        <circle className="table-top" cx={cx} cy={cy} r={r - 34} />
        {order.arrow !== null && (
          <path
            className="direction"
            data-testid="ring-direction"
            d={
              order.arrow === 'clockwise'
                ? `M ${cx - 26} ${cy - 30} A 40 40 0 0 1 ${cx + 26} ${cy - 30}`
                : `M ${cx + 26} ${cy - 30} A 40 40 0 0 0 ${cx - 26} ${cy - 30}`
            }
            markerEnd="url(#ring-arrow)"
          />
        )}
        <defs>
          <marker id="ring-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto">
            <path d="M0,0 L10,5 L0,10 z" fill="#7a8494" />
          </marker>
        </defs>
        <text className="ring-phase" x={cx} y={cy + 2} textAnchor="middle" data-testid="ring-phase">
          {state.status === 'over' ? 'game over' : state.phase}
        </text>
        <text className="ring-sub" x={cx} y={cy + 18} textAnchor="middle" data-testid="ring-order">
          {order.words}
        </text>
        {seats.map((seat, i) => {
          const p = at(i);
          const classes = [
            'seat',
            seat === state.activeSeat && 'turn',
            seat === state.prioritySeat && 'priority',
            toAct.has(seat) && 'to-act',
            out.has(seat) && 'out',
            seat === focus && 'focus',
            winners.has(seat) && 'winner',
            seat === viewer && 'viewer',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be an HTML button
            <g
              key={seat}
              className={classes}
              onClick={() => onFocus(seat)}
              onKeyDown={onEnter(() => onFocus(seat))}
              tabIndex={0}
              data-testid={`seat:${seat}`}
              role="button"
              aria-label={`focus ${seat}`}
            >
              <title>{`${seat}${seat === state.activeSeat ? ' · its turn' : ''}${seat === state.prioritySeat ? ' · holds priority' : ''}${out.has(seat) ? ' · out of the game' : ''}`}</title>
              {seat === focus && <circle className="focus-ring" cx={p.x} cy={p.y} r={31} />}
              <circle className="disc" cx={p.x} cy={p.y} r={25} />
              <text className="seat-name" x={p.x} y={p.y + 4} textAnchor="middle">
                {short(seat)}
              </text>
              {seat === state.activeSeat && (
                <text className="badge turn-badge" x={p.x} y={p.y - 30} textAnchor="middle">
                  TURN
                </text>
              )}
              {seat === state.prioritySeat && (
                <g className="priority-token">
                  <circle cx={p.x + 20} cy={p.y + 18} r={9} />
                  <text x={p.x + 20} y={p.y + 22} textAnchor="middle">
                    P
                  </text>
                </g>
              )}
              {out.has(seat) && <line className="out-cross" x1={p.x - 17} y1={p.y - 17} x2={p.x + 17} y2={p.y + 17} />}
              {obligation?.seat === seat && (
                <g className="obligation-token" data-testid="obligation">
                  <title>{`${seat} owes ${obligation.remaining} supplemental ply`}</title>
                  <circle cx={p.x - 20} cy={p.y + 18} r={9} />
                  <text x={p.x - 20} y={p.y + 22} textAnchor="middle">
                    {obligation.remaining}
                  </text>
                </g>
              )}
              {winners.has(seat) && (
                <text className="won" x={p.x - 20} y={p.y - 14} textAnchor="middle">
                  ★
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <p className="ring-notes">
        <span>
          <i className="dot turn" /> turn: {state.activeSeat ?? 'nobody'}
        </span>
        <span>
          <i className="dot priority" /> priority: {state.prioritySeat ?? 'nobody'}
        </span>
        <span data-testid="to-act">
          <i className="dot to-act" /> to act: {toAct.size === 0 ? 'nobody' : [...toAct].map(short).join(', ')}
        </span>
        <span>out: {out.size === 0 ? 'none' : [...out].join(', ')}</span>
        <span data-testid="obligations">
          <i className="dot owes" /> obligations:{' '}
          {obligation === null ? 'none open' : `${obligation.seat} owes ${obligation.remaining} ply`}
        </span>
        {state.window != null && (
          <span data-testid="window">
            window {state.window.name} waits for {state.window.waiting.map(short).join(', ') || 'nobody'}
          </span>
        )}
      </p>
      {fields.length > 0 && (
        <div className="seat-table-box" data-testid="seat-table">
          <table className="seat-table">
            <thead>
              <tr>
                <th>seat</th>
                {fields.map((f) => (
                  <th key={f}>{f}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {seats.map((seat) => (
                <tr key={seat} className={seat === focus ? 'focus' : ''} onClick={() => onFocus(seat)}>
                  <td>{short(seat)}</td>
                  {fields.map((f) => {
                    const value = state.seats[seat]?.[f];
                    return (
                      <td key={f} title={Array.isArray(value) ? value.join(', ') : undefined}>
                        {summary(value)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pieces view={view} whole={whole} focus={focus} />
    </section>
  );
}

const isNameList = (value: unknown): value is JsonValue[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number');

/**
 * Each seat's pieces by name, as the viewer sees them: a list of names the viewer may see, and a piece the view
 * only counts (another seat's hand) as that count, hidden.
 */
function Pieces({ view, whole, focus }: { view: Inspected; whole: Inspected['state'] | null; focus: string | null }) {
  const { state, seats } = view;
  if (state === null) return null;
  const rows = seats.flatMap((seat) => {
    const own = (state.seats[seat] ?? {}) as Record<string, JsonValue>;
    const full = (whole?.seats[seat] ?? own) as Record<string, JsonValue>;
    return Object.keys(full)
      .sort()
      .filter((field) => isNameList(full[field]) || isNameList(own[field]))
      .map((field) => ({ seat, field, value: own[field], hidden: !isNameList(own[field]) }))
      .filter((row) => row.hidden || (row.value as JsonValue[]).length > 0);
  });
  if (rows.length === 0) return null;
  return (
    <dl className="pieces" data-testid="pieces">
      {rows.map(({ seat, field, value, hidden }) => (
        <div
          key={`${seat}:${field}`}
          className={`piece-row ${seat === focus ? 'focus' : ''}`}
          data-seat={seat}
          data-field={field}
          data-hidden={hidden ? 'true' : 'false'}
        >
          <dt>
            {short(seat)} · {field}
          </dt>
          <dd title={hidden ? undefined : (value as JsonValue[]).join(', ')}>
            {hidden ? (
              <em className="muted">{value === undefined || value === null ? 'hidden' : `${summary(value)} hidden`}</em>
            ) : (
              (value as JsonValue[]).join(', ')
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
