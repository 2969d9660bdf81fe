/** The server's own log of what it did not expect: a failure written to standard error, with its stack. */

/** Writes a failure the server did not expect to its log (standard error). */
export function logFailure(error: unknown): void {
  process.stderr.write(`plystack serve: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
}
