/**
 * The page's side of the bot worker (botWorker.ts): it sends the table's
 * persisted snapshot and the search to run, and hands back the move.
 */
import type { Move, Table } from 'plystack';
import { type Asker, type BotAnswer, type BotRequest, moveSeed } from './askers.js';

/**
 * The page's one bot worker, started on first use. `choose` answers with the
 * MCTS bot's move; `cancel` ends a search under way (the worker is stopped
 * and a new one starts on the next request).
 */
export class BotWorker {
  private worker: Worker | null = null;
  private next = 0;
  private waiting = new Map<number, { resolve: (move: Move | null) => void; reject: (error: Error) => void }>();

  choose(table: Table, asker: Extract<Asker, { kind: 'mcts' }>, seat: string): Promise<Move | null> {
    const id = ++this.next;
    const request: BotRequest = {
      id,
      game: table.game.id,
      persisted: table.persist(),
      seat,
      seed: moveSeed(table, asker.seed),
      iterations: asker.iterations,
    };
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      try {
        this.start().postMessage(request);
      } catch (error) {
        this.waiting.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** Stops a search under way: its promise rejects with a CancelledSearch. */
  cancel(): void {
    if (this.waiting.size === 0) return;
    this.worker?.terminate();
    this.worker = null;
    for (const { reject } of this.waiting.values()) reject(new CancelledSearch());
    this.waiting.clear();
  }

  private start(): Worker {
    if (this.worker !== null) return this.worker;
    const worker = new Worker(new URL('./botWorker.ts', import.meta.url), { type: 'module', name: 'plystack bot' });
    worker.onmessage = (event: MessageEvent<BotAnswer>) => {
      const answer = event.data;
      const waiting = this.waiting.get(answer.id);
      if (waiting === undefined) return;
      this.waiting.delete(answer.id);
      if ('error' in answer) waiting.reject(new Error(answer.error));
      else waiting.resolve(answer.move);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      const error = new Error(`the bot's worker failed: ${event.message || 'it could not start'}`);
      for (const { reject } of this.waiting.values()) reject(error);
      this.waiting.clear();
      worker.terminate();
      if (this.worker === worker) this.worker = null;
    };
    this.worker = worker;
    return worker;
  }
}

/** A search stopped by the page (pause, reset, another table): not an error to show. */
export class CancelledSearch extends Error {
  constructor() {
    super('the search was stopped');
  }
}
