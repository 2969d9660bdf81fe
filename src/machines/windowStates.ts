/**
 * The chart's fragment of response windows (their rules: engine/windows.ts). Each window a game phase declares is a
 * state beside its turn's `acting`: a move whose outcome opens it leads there (`windowWaits`), the seats it waits for
 * make its moves or end their part with engine.end-turn, and the turn comes back to `acting` once nobody is waited
 * for (or the active seat has left), closing the window.
 */
import { and, not } from 'xstate';
import type { PhasePlan } from '../definition/structure.js';
import { type Always, afterMove, gameMoves, isLegal, type States } from './chartParts.js';

/** The windows of `phase`: the eventless transitions from `acting` that open each, and the window states. */
export function windowFragment(phase: PhasePlan): { opens: Always; states: States } {
  const windows = phase.windows ?? [];
  const opens: Always = windows.map((w) => ({
    guard: { type: 'windowWaits', params: { window: w.name } },
    target: w.name,
  }));
  const states: States = {};
  for (const w of windows)
    states[w.name] = {
      on: {
        ...gameMoves(w.moves, afterMove(phase.onMove)),
        'engine.end-turn': { guard: isLegal, actions: ['recordPly', 'endWindowPart'] },
      },
      always: [
        { guard: not({ type: 'windowWaits', params: { window: w.name } }), target: 'acting', actions: 'closeWindow' },
        { guard: and(['activeSeatIsOut', not('gameIsOver')]), target: 'done', actions: 'closeWindow' },
      ],
    };
  return { opens, states };
}
