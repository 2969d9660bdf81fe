/**
 * Autoplay for an in-page table: the next move from whoever the page asks (a
 * random legal move, the random bot or the MCTS bot, model/bots.ts), one at a
 * time at a chosen pace, or as fast as it goes (quick choices a chunk per
 * animation frame, so the page stays responsive while a long game plays out;
 * the MCTS bot one search at a time in its worker).
 */

import type { Move, Table } from 'plystack';
import { useEffect, useRef, useState } from 'react';
import { type Asker, askerName, seatToAct } from './model/askers.js';

/** The bots' module, once loaded. */
let bots: typeof import('./model/bots.js') | null = null;
const loadBots = () =>
  import('./model/bots.js').then((loaded) => {
    bots = loaded;
    return loaded;
  });

import { BotWorker, CancelledSearch } from './model/botClient.js';
import type { LocalSession } from './model/localSession.js';

const CHUNK = 200;

/** What the bot is doing or did last, for the status line. */
export type BotStatus =
  | { readonly kind: 'thinking'; readonly seat: string; readonly who: string }
  | { readonly kind: 'failed'; readonly message: string };

export interface Autoplay {
  readonly running: boolean;
  /** A search under way or the last one's failure; null otherwise. */
  readonly status: BotStatus | null;
  /** Plays one move from whoever is asked. */
  step(): void;
  /** Plays up to `count` moves, one every `ms` milliseconds (0: as fast as it goes). */
  play(count: number, ms: number): void;
  /** Pauses a run and stops a search under way. */
  stop(): void;
}

/**
 * The in-page table's autoplay. `asker` says who chooses the moves (null when
 * its fields cannot be read: step and play then do nothing).
 */
export function useAutoplay(session: LocalSession | null, live: boolean, asker: Asker | null): Autoplay {
  const [running, setRunning] = useState(false);
  const [status, setStatus] = useState<BotStatus | null>(null);
  const run = useRef(0);
  const worker = useRef<BotWorker | null>(null);
  const askerNow = useRef(asker);
  askerNow.current = asker;
  // The worker lives as long as the page.
  useEffect(
    () => () => {
      worker.current?.cancel();
    },
    [],
  );
  // Another table, or leaving the live table, stops a run and a search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: session and live are not read; a change of either is what ends the run
  useEffect(
    () => () => {
      run.current++;
      worker.current?.cancel();
      setRunning(false);
      setStatus(null);
    },
    [session, live],
  );

  /**
   * The next move from whoever is asked: a move now, or a promise of one from
   * the MCTS bot's worker; null when nobody may act.
   */
  const choose = (table: Table, who: Asker): Move | null | Promise<Move | null> => {
    // The bots load when first asked (the page's first chart does not wait for them); from then on they answer at once.
    if (who.kind !== 'mcts')
      return bots === null ? loadBots().then(({ chooseHere }) => chooseHere(table, who)) : bots.chooseHere(table, who);
    const seat = seatToAct(table, who.seed);
    if (seat === null) return null;
    setStatus({ kind: 'thinking', seat, who: askerName(who) });
    worker.current ??= new BotWorker();
    return worker.current.choose(table, who, seat);
  };

  /**
   * Plays one move for run `id`; calls `done(true)` once it is played,
   * `done(false)` when there is none (nobody may act, a refusal, a failed
   * search), and never when the run was stopped.
   */
  const advance = (id: number, done: (played: boolean) => void): void => {
    const who = askerNow.current;
    if (session === null || !live || who === null) {
      done(false);
      return;
    }
    const table = session.table;
    const moves = table.log.moves.length;
    const chosen = choose(table, who);
    if (!(chosen instanceof Promise)) {
      done(chosen !== null && session.play(chosen).ok);
      return;
    }
    chosen.then(
      (move) => {
        if (run.current !== id) return;
        setStatus(null);
        // A move made meanwhile (by clicking) leaves the search's answer behind: the next step asks again.
        done(table.log.moves.length !== moves || (move !== null && session.play(move).ok));
      },
      (error: Error) => {
        if (run.current !== id || error instanceof CancelledSearch) return;
        setStatus({ kind: 'failed', message: error.message });
        done(false);
      },
    );
  };

  const step = () => {
    if (session === null || !live || running || status?.kind === 'thinking') return;
    setStatus(null);
    advance(++run.current, () => undefined);
  };
  const play = (count: number, ms: number) => {
    if (session === null || !live) return;
    const id = ++run.current;
    worker.current?.cancel(); // a step's search under way gives way to the run
    setRunning(true);
    setStatus(null);
    let left = count;
    const finish = () => {
      if (run.current === id) setRunning(false);
    };
    const schedule = () => {
      if (run.current !== id) return;
      if (left <= 0) return finish();
      if (ms === 0) requestAnimationFrame(tick);
      else setTimeout(tick, ms);
    };
    const tick = () => {
      if (run.current !== id) return;
      // Quick choices go a chunk per frame when there is no pause between moves; a search, one at a time.
      let chunk = ms === 0 && askerNow.current?.kind !== 'mcts' ? CHUNK : 1;
      let later = false;
      const after = (played: boolean) => {
        left--;
        if (!played) left = 0;
        if (later) schedule();
      };
      while (chunk-- > 0 && left > 0) {
        let answered = false;
        advance(id, (played) => {
          answered = true;
          after(played);
        });
        // A search answers later: `after` goes on from there.
        if (!answered) {
          later = true;
          return;
        }
      }
      schedule();
    };
    tick();
  };
  const stop = () => {
    run.current++;
    worker.current?.cancel();
    setRunning(false);
    setStatus((s) => (s?.kind === 'thinking' ? null : s));
  };
  return { running, status, step, play, stop };
}
