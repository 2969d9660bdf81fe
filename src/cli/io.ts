/** Where a CLI command reads and writes: the process, or a test's buffers. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  readStdin(): Promise<string>;
  readFile(path: string): Promise<string>;
  writeFile(path: string, text: string): Promise<void>;
}
