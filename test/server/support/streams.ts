/**
 * Following a table's stream in a test: a typed client's stream that keeps what
 * it is sent, and a bounded wait for what a stream should have been sent.
 */
import { connect, type StreamMessage, type TableStream } from '../../../src/client/client.js';

/** Opens a stream of `table` from ply `from` with `token` (null: a spectator), without reconnecting, and keeps what it is sent. */
export async function follow(
  url: string,
  token: string | null,
  table: string,
  from = 0,
): Promise<{ stream: TableStream; seen: StreamMessage[] }> {
  const seen: StreamMessage[] = [];
  const stream = connect(url, token).stream(table, { from, reconnect: false, onMessage: (m) => seen.push(m) });
  await stream.opened;
  return { stream, seen };
}

/** Waits until `check` holds, 10 s at most, then throws naming `what`. */
export async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  if (!check()) throw new Error(`waited 10 s for ${what}`);
}
