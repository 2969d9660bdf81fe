/**
 * Change notification for React's `useSyncExternalStore`: a version that
 * counts changes, and listeners told at most once per animation frame, so a
 * burst of moves costs one render.
 */
export class Notifier {
  version = 0;
  private listeners = new Set<() => void>();
  private scheduled = false;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getVersion = () => this.version;

  changed(): void {
    this.version++;
    if (this.scheduled) return;
    this.scheduled = true;
    const tell = () => {
      this.scheduled = false;
      for (const listener of this.listeners) listener();
    };
    // Read off globalThis: the page's models also run (and type-check) outside a browser, in the tests.
    const page = globalThis as {
      requestAnimationFrame?: (callback: () => void) => unknown;
      document?: { visibilityState?: string };
    };
    if (page.requestAnimationFrame !== undefined && page.document?.visibilityState === 'visible')
      page.requestAnimationFrame(tell);
    else setTimeout(tell, 16);
  }
}
