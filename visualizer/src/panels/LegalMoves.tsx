/**
 * The seat in focus: what it may do now, as buttons that play the move, and
 * every other move type with the code and reason it is blocked.
 */

import type { Move, Table } from 'plystack';
import { useState } from 'react';
import type { Inspected } from '../model/inspected.js';

/** The "act as" choice that stands for the application: moves without a seat. */
export const APPLICATION = '@application';

interface Props {
  readonly view: Inspected;
  /** The seat in focus, or APPLICATION. */
  readonly seat: string | null;
  /** Who the user chose to act as: '' follows the seat to act (priority's holder, or the first that may act). */
  readonly actAs: string;
  readonly onActAs: (choice: string) => void;
  /** The table to ask (live, or standing at the ply shown); null for a remote table. */
  readonly table: Table | null;
  readonly onPlay: (move: Move) => void;
}

/** A move as a button's text: `pass`, `PlayCard Toaster`. */
export function moveLabel(move: Move): string {
  const name =
    move.type === 'engine.pass'
      ? 'pass'
      : move.type.startsWith('engine.')
        ? move.type.slice('engine.'.length)
        : move.type;
  const payload = move.payload;
  if (payload === undefined) return name;
  if (typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
    const values = Object.values(payload);
    if (values.length === 1 && (typeof values[0] === 'string' || typeof values[0] === 'number'))
      return `${name} ${String(values[0])}`;
  }
  return `${name} ${JSON.stringify(payload)}`;
}

export function LegalMoves({ view, seat, actAs, onActAs, table, onPlay }: Props) {
  const application = seat === APPLICATION;
  let legal = null;
  let problem: string | null = null;
  try {
    legal = seat === null || application ? null : view.legal(seat);
  } catch (error) {
    problem = (error as Error).message;
  }
  return (
    <section className="panel moves-panel" aria-label="legal moves">
      <header className="panel-head">
        <h2>Moves</h2>
        <label className="act-as">
          act as
          <select value={actAs} onChange={(e) => onActAs(e.target.value)} data-testid="act-as">
            <option value="">
              {seat !== null && !application && actAs === '' ? 'seat to act' : 'seat to act (nobody)'}
            </option>
            {view.seats.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
            {view.kind === 'local' && <option value={APPLICATION}>application (no seat)</option>}
          </select>
        </label>
        <span className="muted" data-testid="focus-seat">
          {application ? 'application' : (seat ?? 'no seat in focus')}
        </span>
      </header>
      {view.readOnly !== null && (
        <p className="note" data-testid="read-only">
          {view.readOnly}
        </p>
      )}
      {problem !== null && <p className="error">The moves could not be read: {problem}</p>}
      {application ? (
        <ApplicationMoves view={view} table={table} onPlay={onPlay} />
      ) : legal === null ? (
        <p className="empty">{seat === null ? 'Click a seat to see its moves.' : 'No moves known for this seat.'}</p>
      ) : (
        <>
          <div className="allowed" data-testid="allowed">
            {legal.allowed.length === 0 && <p className="empty">{seat} may not move now.</p>}
            {legal.allowed.map((move, i) => (
              <button
                type="button"
                // biome-ignore lint/suspicious/noArrayIndexKey: a move is a value with no id; its place keeps the key unique should a game list one move twice
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
            <details className="blocked-box">
              <summary>
                blocked now: {legal.blocked.length} move type{legal.blocked.length === 1 ? '' : 's'}
              </summary>
              <ul className="blocked" data-testid="blocked">
                {legal.blocked.map((b) => (
                  <li key={b.type} data-type={b.type}>
                    <span className="blocked-type">{b.type}</span>
                    <span className="code">
                      {b.code}
                      {b.reason ? ` · ${b.reason}` : ''}
                    </span>
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

interface Candidate {
  readonly move: Move;
  readonly refusal: { code: string; message: string; reason?: string } | null;
}

/**
 * What the application may send for the table (moves without a seat): passes
 * and end-turns, the game's declared transitions, initiative scores, and the
 * game's own moves the seats are offered, without their seat. Each is checked
 * (`table.check`) and shown as a button or with the code that blocks it.
 */
function applicationCandidates(table: Table, seats: readonly string[]): Candidate[] {
  const moves: Move[] = [{ type: 'engine.pass' }, { type: 'engine.end-turn' }];
  const structure = table.game.structure(table.context.opening.options);
  for (const t of structure.transitions ?? [])
    moves.push({ type: 'engine.transition', payload: { transition: t.name } });
  const seen = new Set(moves.map((m) => JSON.stringify(m)));
  for (const seat of seats) {
    for (const m of table.legalMoves(seat).allowed) {
      if (m.type.startsWith('engine.')) continue;
      const seatless: Move = m.payload === undefined ? { type: m.type } : { type: m.type, payload: m.payload };
      const key = JSON.stringify(seatless);
      if (!seen.has(key)) {
        seen.add(key);
        moves.push(seatless);
      }
    }
  }
  // A move the game lets the application make, without a payload: offered even when no seat is offered it now.
  for (const [type, definition] of Object.entries(table.game.moves)) {
    if (!definition.application || definition.payload !== null) continue;
    const key = JSON.stringify({ type });
    if (!seen.has(key)) {
      seen.add(key);
      moves.push({ type });
    }
  }
  return moves.map((move) => ({ move, refusal: table.check(move as never) }));
}

function ApplicationMoves({
  view,
  table,
  onPlay,
}: {
  view: Inspected;
  table: Table | null;
  onPlay: (move: Move) => void;
}) {
  const [scores, setScores] = useState<Record<string, string>>({});
  if (table === null) return <p className="empty">Only a table in this page can be played as the application.</p>;
  const candidates = applicationCandidates(table, view.seats);
  const allowed = candidates.filter((c) => c.refusal === null);
  const blocked = candidates.filter((c) => c.refusal !== null);
  const initiative: Move = {
    type: 'engine.initiative',
    payload: {
      scores: Object.fromEntries(view.seats.filter((s) => (scores[s] ?? '') !== '').map((s) => [s, Number(scores[s])])),
    },
  };
  const initiativeRefusal = table.check(initiative);
  return (
    <>
      <div className="allowed" data-testid="allowed">
        {allowed.length === 0 && <p className="empty">The application may not move now.</p>}
        {allowed.map(({ move }) => (
          <button
            type="button"
            key={JSON.stringify(move)}
            className="move-button seatless"
            disabled={view.readOnly !== null}
            onClick={() => onPlay(move)}
            data-testid="move"
            data-type={move.type}
          >
            {moveLabel(move)}
          </button>
        ))}
      </div>
      <form
        className="initiative"
        onSubmit={(e) => {
          e.preventDefault();
          onPlay(initiative);
        }}
        data-testid="initiative"
      >
        <span className="muted">initiative scores</span>
        {view.seats.map((s) => (
          <label key={s}>
            {s.slice(s.lastIndexOf(':') + 1)}
            <input
              type="number"
              step={1}
              value={scores[s] ?? ''}
              onChange={(e) => setScores({ ...scores, [s]: e.target.value })}
              data-seat={s}
            />
          </label>
        ))}
        <button
          type="submit"
          disabled={view.readOnly !== null || initiativeRefusal !== null}
          title={
            initiativeRefusal === null
              ? 'merge these scores'
              : `${initiativeRefusal.code}: ${initiativeRefusal.message}`
          }
          data-testid="initiative-play"
        >
          set
        </button>
        {initiativeRefusal !== null && (
          <span className="code" data-testid="initiative-code">
            {initiativeRefusal.code}
          </span>
        )}
      </form>
      {blocked.length > 0 && (
        <details className="blocked-box">
          <summary>
            blocked now: {blocked.length} move{blocked.length === 1 ? '' : 's'}
          </summary>
          <ul className="blocked" data-testid="blocked">
            {blocked.map(({ move, refusal }) => (
              <li key={JSON.stringify(move)} data-type={move.type}>
                <span className="blocked-type">{moveLabel(move)}</span>
                <span className="code">
                  {refusal!.code}
                  {refusal!.reason ? ` · ${refusal!.reason}` : ''}
                </span>
                <span className="reason">{refusal!.message}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
