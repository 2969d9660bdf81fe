/** Where a CLI command reads and writes: the process, or a test's buffers. */
export interface Io {
  /** Writes `text` and a newline; a promise, when given, resolves once the reader has room for more. */
  out(text: string): void | Promise<void>;
  err(text: string): void;
  /** Standard input, as bytes (checked as UTF-8 by the reader) or as text already decoded. */
  readStdin(): Promise<string | Uint8Array>;
  readFile(path: string): Promise<string | Uint8Array>;
  /** Writes a file; with `createFolders`, its missing folders first. */
  writeFile(path: string, text: string, options?: { readonly createFolders?: boolean }): Promise<void>;
  /**
   * Present only when standard error is a terminal: replaces the line under the cursor with `text` ('' clears it),
   * for a progress line drawn in place. Without it, progress goes to `err` a line at a time.
   */
  redraw?(text: string): void;
}
