/**
 * Autoplay for an in-page table: random legal moves, one at a time at a
 * chosen pace, or as fast as it goes (a chunk per animation frame, so the page
 * stays responsive while a long game plays out).
 */
import { useEffect, useRef, useState } from 'react';
import type { LocalSession } from './model/localSession.js';

const CHUNK = 200;

/** A random legal move for one of the seats that may act now, or undefined. */
function randomMove(session: LocalSession) {
  const seats = session.table.toAct();
  if (seats.length === 0) return undefined;
  const seat = seats[Math.floor(Math.random() * seats.length)] as string;
  const allowed = session.table.legalMoves(seat).allowed;
  return allowed[Math.floor(Math.random() * allowed.length)];
}

export interface Autoplay {
  readonly running: boolean;
  /** Plays one random legal move; false when nobody may move. */
  step(): boolean;
  /** Plays up to `count` random legal moves, one every `ms` milliseconds (0: as fast as it goes). */
  play(count: number, ms: number): void;
  stop(): void;
}

export function useAutoplay(session: LocalSession | null, live: boolean): Autoplay {
  const [running, setRunning] = useState(false);
  const run = useRef(0);
  // Another table, or leaving the live table, stops a run.
  // biome-ignore lint/correctness/useExhaustiveDependencies: session and live are not read; a change of either is what ends the run
  useEffect(
    () => () => {
      run.current++;
      setRunning(false);
    },
    [session, live],
  );

  const step = () => {
    if (session === null || !live) return false;
    const move = randomMove(session);
    if (move === undefined) return false;
    session.play(move);
    return true;
  };
  const play = (count: number, ms: number) => {
    if (session === null || !live) return;
    const id = ++run.current;
    setRunning(true);
    let left = count;
    const tick = () => {
      if (run.current !== id) return;
      for (let i = 0; i < (ms === 0 ? CHUNK : 1) && left > 0; i++, left--) {
        if (!step()) left = 0;
      }
      if (left > 0 && run.current === id) {
        if (ms === 0) requestAnimationFrame(tick);
        else setTimeout(tick, ms);
      } else if (run.current === id) setRunning(false);
    };
    tick();
  };
  const stop = () => {
    run.current++;
    setRunning(false);
  };
  return { running, step, play, stop };
}
