/**
 * The time slider over the plies: drag or step to see the table after any
 * ply; "live" returns to the present; "branch here" opens a new in-page table
 * that plays on from the ply shown.
 */
import type { Inspected } from '../model/inspected.js';

interface Props {
  readonly view: Inspected;
  readonly canTravel: boolean;
  /** Why the ply asked for could not be shown. */
  readonly error: string | null;
  readonly onSeek: (n: number | null) => void;
  readonly onBranch: () => void;
}

export function TimeSlider({ view, canTravel, error, onSeek, onBranch }: Props) {
  const { total } = view;
  const at = view.at ?? total;
  const disabled = !canTravel || total === 0;
  const seek = (n: number) => onSeek(n >= total ? null : Math.max(0, n));
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named group of controls, not a form: a fieldset would bring its border and padding
    <div className="slider" role="group" aria-label="time slider">
      <button type="button" onClick={() => seek(0)} disabled={disabled || at === 0} title="the opening">
        «
      </button>
      <button
        type="button"
        onClick={() => seek(at - 1)}
        disabled={disabled || at === 0}
        title="one ply back"
        data-testid="step-back"
      >
        ‹
      </button>
      <input
        type="range"
        min={0}
        max={Math.max(total, 1)}
        value={at}
        disabled={disabled}
        onChange={(e) => seek(Number(e.target.value))}
        data-testid="time-slider"
        aria-label="ply"
      />
      <button
        type="button"
        onClick={() => seek(at + 1)}
        disabled={disabled || view.at === null}
        title="one ply on"
        data-testid="step-forward"
      >
        ›
      </button>
      <button
        type="button"
        className={view.at === null ? 'live on' : 'live'}
        onClick={() => onSeek(null)}
        data-testid="go-live"
      >
        live
      </button>
      <span className="slider-label" data-testid="ply-position">
        {view.at === null ? `ply ${total} of ${total} · live` : `ply ${at} of ${total}`}
      </span>
      {view.at !== null && (
        <button type="button" onClick={onBranch} data-testid="branch">
          branch here
        </button>
      )}
      {!canTravel && total > 0 && <span className="muted">time travel needs every ply of a built-in game</span>}
      {error !== null && (
        <span className="error" data-testid="travel-error">
          {error}
        </span>
      )}
    </div>
  );
}
