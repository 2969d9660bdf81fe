/**
 * Autoplay for an in-page table: random legal moves, a chunk per animation
 * frame so the page stays responsive while a long game plays out.
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

export function useAutoplay(session: LocalSession | null, live: boolean) {
  const [running, setRunning] = useState(false);
  const stopRef = useRef(false);
  useEffect(() => () => void (stopRef.current = true), [session]);

  const run = (count: number) => {
    if (session === null || !live) return;
    stopRef.current = false;
    setRunning(true);
    let left = count;
    const step = () => {
      for (let i = 0; i < CHUNK && left > 0 && !stopRef.current; i++, left--) {
        const move = randomMove(session);
        if (move === undefined) {
          left = 0;
          break;
        }
        session.play(move);
      }
      if (left > 0 && !stopRef.current) requestAnimationFrame(step);
      else setRunning(false);
    };
    step();
  };
  return { running, run, stop: () => void (stopRef.current = true) };
}
