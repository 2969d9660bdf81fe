/**
 * Playing the in-page table by itself: one move, or N of them at a chosen
 * speed (pause stops it), and reset to the opening. Space plays or pauses.
 * *ask* picks who chooses those moves: a random legal move, or the random or
 * MCTS bot of plystack/bots with a seed (and the MCTS bot's iterations).
 */
import { type AskerFields, BOT_KINDS, type BotKind, ITERATIONS } from '../model/askers.js';
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
  /** Who step and play ask, as typed. */
  readonly fields: AskerFields;
  readonly onFields: (fields: AskerFields) => void;
  /** Why those fields cannot be used (bad input), or null. */
  readonly refusal: string | null;
  /** Why no bot may play this table (a remote one), or null. */
  readonly noBot: string | null;
}

export function PlayControls(props: Props) {
  const { autoplay, off, count, onCount, speed, onSpeed, onReset, fields, onFields, refusal, noBot } = props;
  const n = count.trim() === '' ? Infinity : Math.max(1, Math.floor(Number(count)) || 1);
  const thinking = autoplay.status?.kind === 'thinking';
  const blocked = off ?? refusal;
  const bot = noBot === null ? BOT_KINDS.find((b) => b.kind === fields.kind && b.kind !== 'random-move') : undefined;
  const one = bot === undefined ? 'one random legal move' : `one move by the ${bot.label}`;
  const many = bot === undefined ? 'random legal moves' : `moves by the ${bot.label}`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named group of buttons, not a form: a fieldset would bring its border and padding
    <div className="play-controls" role="group" aria-label="play controls">
      <div className="play-row">
        <button
          type="button"
          onClick={() => autoplay.step()}
          disabled={blocked !== null || autoplay.running || thinking}
          title={blocked ?? one}
          data-testid="random-move"
        >
          step
        </button>
        {autoplay.running || thinking ? (
          <button
            type="button"
            className="on"
            onClick={autoplay.stop}
            title={autoplay.running ? 'pause (space)' : 'stop the search'}
            data-testid="pause"
          >
            ❚❚ {autoplay.running ? 'pause' : 'stop'}
          </button>
        ) : (
          <button
            type="button"
            onClick={() => autoplay.play(n, speed)}
            disabled={blocked !== null}
            title={blocked ?? `play ${many} (space)`}
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
          disabled={onReset === null || autoplay.running || thinking}
          title="this table from its opening again"
          data-testid="reset"
        >
          reset
        </button>
        {off !== null && <span className="muted">{off}</span>}
      </div>
      <div className="play-row bot-row" data-testid="bot-controls">
        <label title={noBot ?? 'who chooses the moves step and play make'}>
          moves by
          <select
            value={noBot === null ? fields.kind : 'random-move'}
            disabled={noBot !== null || autoplay.running || thinking}
            onChange={(e) => onFields({ ...fields, kind: e.target.value as BotKind })}
            data-testid="bot-kind"
            aria-label="who chooses the moves"
          >
            {BOT_KINDS.map((b) => (
              <option key={b.kind} value={b.kind}>
                {b.label}
              </option>
            ))}
          </select>
        </label>
        {noBot === null && fields.kind !== 'random-move' && (
          <label title="the same seed makes the same moves from the same position">
            seed
            <input
              type="text"
              className="bot-seed"
              value={fields.seed}
              maxLength={80}
              disabled={autoplay.running || thinking}
              onChange={(e) => onFields({ ...fields, seed: e.target.value })}
              data-testid="bot-seed"
              aria-label="the bot's seed"
            />
          </label>
        )}
        {noBot === null && fields.kind === 'mcts' && (
          <label title={`games the MCTS bot plays out before each move (${ITERATIONS.min} to ${ITERATIONS.max})`}>
            iterations
            <input
              type="text"
              inputMode="numeric"
              className="bot-iterations"
              value={fields.iterations}
              disabled={autoplay.running || thinking}
              onChange={(e) => onFields({ ...fields, iterations: e.target.value })}
              data-testid="bot-iterations"
              aria-label="the MCTS bot's iterations"
            />
          </label>
        )}
        {refusal !== null && noBot === null && (
          <span className="error" role="alert" data-testid="bot-refusal">
            {refusal}
          </span>
        )}
        {autoplay.status?.kind === 'thinking' && (
          <span
            className="thinking"
            role="status"
            title={`${autoplay.status.who}: searching in the background; stop ends it`}
            data-testid="bot-thinking"
            data-seat={autoplay.status.seat}
          >
            thinking for {autoplay.status.seat}
          </span>
        )}
        {autoplay.status?.kind === 'failed' && (
          <span className="error" role="alert" data-testid="bot-failed">
            {autoplay.status.message}
          </span>
        )}
      </div>
    </div>
  );
}
