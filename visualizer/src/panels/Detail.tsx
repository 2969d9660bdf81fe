/**
 * The whole JSON of what was clicked: a ply, an event, a refusal.
 */
export interface Selected {
  readonly title: string;
  readonly value: unknown;
}

export function Detail({ selected, onClose }: { selected: Selected; onClose: () => void }) {
  let text: string;
  try {
    text = JSON.stringify(selected.value, null, 2) ?? String(selected.value);
  } catch (error) {
    text = `(cannot be shown as JSON: ${(error as Error).message})`;
  }
  return (
    <aside className="detail" data-testid="detail" aria-label="details">
      <header>
        <strong data-testid="detail-title">{selected.title}</strong>
        <button type="button" onClick={onClose} title="close" data-testid="detail-close">
          ×
        </button>
      </header>
      <pre data-testid="detail-json">{text}</pre>
    </aside>
  );
}
