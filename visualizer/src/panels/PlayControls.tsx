/**
 * Playing the in-page table by itself: one random legal move, or N of them at
 * a chosen speed (pause stops it), and reset to the opening. Space plays or
 * pauses.
 */
import type { Autoplay } from '../useAutoplay.js';

export const SPEEDS = [
  { label: 'as fast as it goes', ms: 0 },
  { label: '20 moves/s', ms: 50 },
  { label: '5 moves/s', ms: 200 },
  { label: '2 moves/s', ms: 500 },
  { label: '1 move/s', ms: 1000 },
] as const;

interface Props {
  readonly autoplay: Autoplay;
  /** Why the controls are off (a remote table, a past ply); null when they work. */
  readonly off: string | null;
  readonly count: string;
  readonly onCount: (count: string) => void;
  readonly speed: number;
  readonly onSpeed: (ms: number) => void;
  readonly onReset: (() => void) | null;
}

export function PlayControls({ autoplay, off, count, onCount, speed, onSpeed, onReset }: Props) {
  const n = count.trim() === '' ? Infinity : Math.max(1, Math.floor(Number(count)) || 1);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named group of buttons, not a form: a fieldset would bring its border and padding
    <div className="play-controls" role="group" aria-label="play controls">
      <button
        type="button"
        onClick={() => autoplay.step()}
        disabled={off !== null || autoplay.running}
        title="one random legal move"
        data-testid="random-move"
      >
        step
      </button>
      {autoplay.running ? (
        <button type="button" className="on" onClick={autoplay.stop} title="pause (space)" data-testid="pause">
          ❚❚ pause
        </button>
      ) : (
        <button
          type="button"
          onClick={() => autoplay.play(n, speed)}
          disabled={off !== null}
          title="play random legal moves (space)"
          data-testid="play"
        >
          ▶ play
        </button>
      )}
      <label>
        <input
          type="number"
          min={1}
          value={count}
          placeholder="all"
          onChange={(e) => onCount(e.target.value)}
          data-testid="play-count"
          aria-label="moves to play"
        />
        moves at
      </label>
      <select
        value={speed}
        onChange={(e) => onSpeed(Number(e.target.value))}
        data-testid="play-speed"
        aria-label="speed"
      >
        {SPEEDS.map((s) => (
          <option key={s.ms} value={s.ms}>
            {s.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={onReset ?? undefined}
        disabled={onReset === null || autoplay.running}
        title="this table from its opening again"
        data-testid="reset"
      >
        reset
      </button>
      {off !== null && <span className="muted">{off}</span>}
      <span className="keys muted" title="keyboard">
        ← → step · space play
      </span>
    </div>
  );
}
