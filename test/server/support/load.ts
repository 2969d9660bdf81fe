/**
 * A bounded load on loopback: clients send seatless passes (always legal in
 * mundane while it plays) with the app tokens of some tables, each with its own
 * idempotency key, and record what came back.
 */
import { connect, ServerError } from '../../../src/client/client.js';

/** One move sent: its table and key, and the answer (`lost`: the connection failed; no answer). */
export interface Sent {
  readonly table: string;
  readonly key: string;
  status: number | 'lost';
  index?: number;
  /** 503 answers seen before the last answer (with `retry`). */
  unavailable: number;
}

/** Options of `runLoad`. */
export interface LoadOptions {
  readonly urls: readonly string[];
  readonly tables: readonly { readonly table: string; readonly appToken: string }[];
  readonly clients: number;
  /** Moves at most, over all clients. */
  readonly moves: number;
  /** Stop sending new moves once this returns true. */
  readonly stop?: () => boolean;
  /** Send a move again with the same key after a 503 or a lost connection, until this many ms have passed since the load began. */
  readonly retryFor?: number;
  readonly onAnswer?: (sent: Sent) => void;
  /** Called at each 503 answer, before the move is sent again. */
  readonly onUnavailable?: (sent: Sent) => void;
}

/**
 * Runs the load and returns every move sent.
 *
 * @example
 * const sent = await runLoad({ urls: [server.url], tables, clients: 8, moves: 400 })
 */
export async function runLoad(options: LoadOptions): Promise<Sent[]> {
  const sent: Sent[] = [];
  const started = Date.now();
  let next = 0;
  const client = async (c: number) => {
    for (let n = 0; ; n++) {
      if (options.stop?.() === true) return;
      const i = next++;
      if (i >= options.moves) return;
      const { table, appToken } = options.tables[i % options.tables.length]!;
      const entry: Sent = { table, key: `c${c}-${n}`, status: 'lost', unavailable: 0 };
      sent.push(entry);
      for (let attempt = 0; ; attempt++) {
        const url = options.urls[(i + attempt) % options.urls.length]!;
        try {
          const answer = await connect(url, appToken).play(table, { type: 'engine.pass' }, { key: entry.key });
          entry.status = 200;
          entry.index = answer.index;
        } catch (error) {
          if (error instanceof ServerError) entry.status = error.status;
          else entry.status = 'lost';
        }
        const retriable = entry.status === 503 || entry.status === 'lost';
        if (entry.status === 503) {
          entry.unavailable++;
          options.onUnavailable?.(entry);
        }
        if (!retriable || options.retryFor === undefined || Date.now() - started > options.retryFor) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      options.onAnswer?.(entry);
      if (entry.status === 'lost' && options.retryFor === undefined) return;
    }
  };
  await Promise.all(Array.from({ length: options.clients }, (_, c) => client(c)));
  return sent;
}
