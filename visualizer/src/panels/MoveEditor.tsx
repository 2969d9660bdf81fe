/**
 * A free-form move: any JSON, played as it is, with the refusal code and
 * message when the table refuses it.
 */

import type { PlayResult } from 'plystack';
import { useState } from 'react';

interface Props {
  /** The template the editor starts from and "reset" puts back. */
  readonly template: string;
  /** null: the table cannot be played here (a remote table, a past ply). */
  readonly onPlay: ((move: unknown) => PlayResult) | null;
}

export function MoveEditor({ template, onPlay }: Props) {
  const [text, setText] = useState(template);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const play = () => {
    if (onPlay === null) return;
    let move: unknown;
    try {
      move = JSON.parse(text);
    } catch (error) {
      setResult({ ok: false, text: `not JSON: ${(error as Error).message}` });
      return;
    }
    const played = onPlay(move);
    setResult(
      played.ok
        ? { ok: true, text: `played: ${played.ply.notation}` }
        : {
            ok: false,
            text: `${played.error.code}${played.error.reason ? ` · ${played.error.reason}` : ''}: ${played.error.message}`,
          },
    );
  };
  return (
    // In use (focused, or showing its last answer), it stays in view at the bottom of the column (styles.css).
    <section className={`panel editor-panel${result === null ? '' : ' answered'}`} aria-label="move editor">
      <header className="panel-head">
        <h2>Move editor</h2>
        <button type="button" className="link" onClick={() => setText(template)} data-testid="editor-template">
          from the moves above
        </button>
      </header>
      <div className="editor">
        <textarea
          rows={3}
          value={text}
          spellCheck={false}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && (e.ctrlKey || e.metaKey) && play()}
          data-testid="move-editor"
          aria-label="a move as JSON"
        />
        <div className="editor-actions">
          <button type="button" className="primary" onClick={play} disabled={onPlay === null} data-testid="editor-play">
            Play
          </button>
          <span className="muted">Ctrl+Enter plays</span>
        </div>
        {result !== null && (
          <div className="editor-result-box">
            <p className={result.ok ? 'ok' : 'error'} data-testid="editor-result" role="status">
              {result.text}
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
