/** What a server writes to standard error (its failure log) while a test's work runs. */

/**
 * What `work` writes to standard error meanwhile, and its result (or the error it threw).
 *
 * @example
 * const { said } = await stderrOf(() => tables.get(id)) // said: the server's failure log meanwhile
 */
export async function stderrOf<T>(work: () => Promise<T>): Promise<{ said: string; result: T | Error }> {
  const said: string[] = [];
  const write = process.stderr.write;
  process.stderr.write = ((text: string) => said.push(String(text)) > 0) as typeof process.stderr.write;
  try {
    const result = await work().catch((error: Error) => error);
    return { said: said.join(''), result };
  } finally {
    process.stderr.write = write;
  }
}
