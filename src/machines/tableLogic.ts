/**
 * The table chart's guards and actions as plain functions of the context and
 * the move: each guard answers a question with the engine's pure functions,
 * each action returns the change it makes and the events that change
 * announces. The XState setup (tableMachine.ts) wraps them; the fast path
 * (src/fast) calls them directly, so both run the same rules.
 */

import type { Move } from '../core/move.js';
import type { AnyGame } from '../definition/game.js';
import { seatsInGame, type TableContext } from '../engine/context.js';
import { conditionHolds, finishGame, gameEnds } from '../engine/ending.js';
import { eventsOf, type Moment, type TableEmitted } from '../engine/events.js';
import { CheckedMove, gate } from '../engine/gate.js';
import { holderAutoPasses, setAutoPass } from '../engine/moves/autoPass.js';
import { delayActiveSeat } from '../engine/moves/delay.js';
import { mergeInitiative } from '../engine/moves/initiative.js';
import { removeSeat } from '../engine/moves/leave.js';
import { takeBack, undoRecord } from '../engine/moves/undo.js';
import { beginGamePhase, chooseNextSeat, enterPhase, seatGamePhase } from '../engine/phases.js';
import { playGameMove } from '../engine/playMove.js';
import { autoPassPly, plyFor, recordPly } from '../engine/plies.js';
import { countPass, priorityToActiveSeat, priorityToNextSeat } from '../engine/priority.js';
import { resolveTop } from '../engine/resolve.js';
import { runOnMove, runRoutine } from '../engine/routines.js';
import { endsTurn, turnCanPass } from '../engine/rules.js';
import {
  clearFlow,
  endSeatTurn,
  movedThisTurn,
  nextSimultaneousRound,
  passTurn,
  roundEndsWithTurn,
} from '../engine/turn.js';
import { closeWindow, endWindowPart, windowWaits } from '../engine/windows.js';

/** What an action does: the change to the context and what it announces. */
export interface Effect {
  readonly change: Partial<TableContext>;
  /** Worked out when read: a table nobody listens to never reads it. */
  readonly events: readonly TableEmitted[];
  /** A move the chart raises for itself: a move sent straight to the actor, once the gate let it through. */
  readonly raise?: CheckedMove;
}

/** The effect of `change` made at `moment`: its events are derived from the context before it only when read. */
class Announcement implements Effect {
  readonly change: Partial<TableContext>;
  readonly #before: TableContext;
  readonly #moment: Moment;
  constructor(before: TableContext, change: Partial<TableContext>, moment: Moment) {
    this.change = change;
    this.#before = before;
    this.#moment = moment;
  }
  get events(): readonly TableEmitted[] {
    return eventsOf(this.#before, this.change, this.#moment);
  }
}

const announced = (before: TableContext, change: Partial<TableContext>, moment: Moment): Effect =>
  new Announcement(before, change, moment);

// The moments that carry nothing of their own, made once.
const PRIORITY_MOVED: Moment = { kind: 'priority-moved' };
const TURN_ENDED: Moment = { kind: 'turn-ended' };
const TURN_PASSED: Moment = { kind: 'turn-passed' };
const TURN_STARTED: Moment = { kind: 'turn-started' };
const ROUND_ENDED: Moment = { kind: 'round-ended' };
const ROUND_STARTED: Moment = { kind: 'round-started' };
const INITIATIVE_MERGED: Moment = { kind: 'initiative-merged' };
const OVER: Moment = { kind: 'over' };
const SEATING_CHANGED: Moment = { kind: 'seating-changed' };

type Guard<P = undefined> = (context: TableContext, event: Move, params: P) => boolean;
type Action<P = undefined> = (context: TableContext, event: Move, params: P) => Effect;
type Assign<P = undefined> = (context: TableContext, event: Move, params: P) => Partial<TableContext>;

/** Every function of a table takes (context, event, params), whatever it reads of them. */
type Uniform<T, F extends (...args: never[]) => unknown> = {
  [K in keyof T]: T[K] extends (context: TableContext, event: Move, params: infer P) => unknown
    ? F extends (context: TableContext, event: Move, params: never) => infer R
      ? (context: TableContext, event: Move, params: P) => R
      : never
    : never;
};
const uniform =
  <F extends (...args: never[]) => unknown>() =>
  <T>(table: T) =>
    table as Uniform<T, F>;

const QUIET: readonly TableEmitted[] = [];
/** The change of an action that changes nothing: the chart then assigns nothing (the snapshot stays the same object). */
export const NO_CHANGE: Partial<TableContext> = Object.freeze({});

/** The chart's guards for `game`. */
export function tableGuards(game: AnyGame) {
  return uniform<Guard<never>>()({
    tableIsInvalid: (context) => context.opening.problem !== null,
    // The gate checked the move against this very context (table.play, the fast path, or the chart's own door below).
    moveIsLegal: (context, event) => event instanceof CheckedMove && event.isFor(context),
    allSeatsPassed: (context) => context.passes >= seatsInGame(context),
    isLastToPass: (context) => context.passes + 1 >= seatsInGame(context),
    stackIsEmpty: (context) => context.stack.length === 0,
    stackHasItems: (context) => context.stack.length > 0,
    gameEndsWithTurn: (context) => gameEnds(game, context, true),
    gameIsOver: (context) => seatsInGame(context) === 0 || gameEnds(game, context, false),
    turnMovesSpent: (context) =>
      context.progression.obligation === null &&
      context.progression.movesThisTurn >= (context.progression.rules.movesPerTurn ?? Infinity),
    activeSeatIsOut: (context) =>
      context.turn.activeSeat !== null && context.progression.out.includes(context.turn.activeSeat),
    nobodyIsWaiting: (context) => context.progression.waiting.length === 0,
    seatsRemain: (context) => seatsInGame(context) > 0,
    holderAutoPasses: (context) => holderAutoPasses(context),
    turnCanPass: (context) => turnCanPass(context),
    autoPassKeepsTurnGoing: (context) =>
      context.prioritySeat === null ||
      !endsTurn(context, { type: 'engine.pass', seat: context.prioritySeat }) ||
      turnCanPass(context),
    conditionHolds: ((context, _event, params) => conditionHolds(game, context, params.condition)) as Guard<{
      condition: string;
    }>,
    roundEndsWithTurn: (context) => roundEndsWithTurn(context),
    movedThisTurn: (context) => movedThisTurn(context),
    moveEndsTurn: (context) => context.flow?.endTurn === true,
    windowWaits: ((context, _event, params) => windowWaits(context, params.window)) as Guard<{ window: string }>,
    moveTakesTransition: ((context, _event, params) => context.flow?.transition === params.transition) as Guard<{
      transition: string;
    }>,
    takesTransition: ((_context, event, params) =>
      (event.payload as { transition?: unknown } | undefined)?.transition === params.transition) as Guard<{
      transition: string;
    }>,
  } satisfies Record<string, Guard<never>>);
}

/** Actions that only change the context (XState's `assign`). */
export function tableAssigns(game: AnyGame) {
  return uniform<Assign<never>>()({
    setAutoPass: (context, event) => setAutoPass(context, event.seat as string, event.payload as never),
    beginGamePhase: ((context, _event, params) => beginGamePhase(context, params.phase)) as Assign<{
      phase: string;
    }>,
    chooseNextSeat: ((context, _event, params) => chooseNextSeat(game, context, params.order)) as Assign<{
      order: string;
    }>,
    endSeatTurn: (context, event) => endSeatTurn(context, event.seat),
    delayActiveSeat: (context, event) => delayActiveSeat(context, (event.payload as { after: string }).after),
    clearFlow: () => clearFlow(),
    endWindowPart: (context, event) => endWindowPart(context, event.seat),
    closeWindow: (context) => closeWindow(context),
  } satisfies Record<string, Assign<never>>);
}

/**
 * A move's ply recorded with `more` (the rest of what the move changes, worked out from the context before it). Only a
 * checked move reaches a move's actions (`moveIsLegal` guards each): what the gate read is taken as given.
 */
function recording(context: TableContext, event: Move, more: (checked: CheckedMove) => Partial<TableContext>): Effect {
  if (!(event instanceof CheckedMove)) return { change: NO_CHANGE, events: QUIET };
  const ply = plyFor(context, event);
  const recorded = recordPly(context, ply);
  return announced(context, Object.assign(recorded, more(event)), { kind: 'recorded', ply });
}

/**
 * Actions that change the context and announce it. XState copies the
 * snapshot on every assign, so each transition's bookkeeping is one change.
 * The steps' changes are fresh objects, merged with `Object.assign` into the
 * first: V8 copies a second spread into an object literal through its
 * runtime, several times slower, and these run for every move.
 */
export function tableEffects(game: AnyGame) {
  return uniform<Action<never>>()({
    recordPly: (context, event) => recording(context, event, () => ({})),
    recordPass: (context, event) =>
      recording(context, event, (move) => Object.assign(countPass(context), undoRecord(game, context, move))),
    recordPassAndMovePriority: (context, event) =>
      recording(context, event, (move) =>
        Object.assign(countPass(context), priorityToNextSeat(context), undoRecord(game, context, move)),
      ),
    recordAutoPass: (context) => {
      const ply = autoPassPly(context);
      const change = Object.assign(recordPly(context, ply), countPass(context));
      return announced(context, change, { kind: 'recorded', ply });
    },
    recordAndTakeBack: (context, event) => recording(context, event, () => takeBack(context)),
    passPriorityToNextSeat: (context) => {
      return announced(context, priorityToNextSeat(context), PRIORITY_MOVED);
    },
    // playGameMove reads nothing the ply changes (the log, the play order, the undo record): it is given the context as is.
    recordAndPlayMove: (context, event) =>
      recording(context, event, (move) => Object.assign(playGameMove(context, move), undoRecord(game, context, move))),
    resolveTopAndReturnPriority: (context) => {
      const { change, resolved, fizzled, countered } = resolveTop(game, context);
      return announced(context, Object.assign(change, priorityToActiveSeat(context)), {
        kind: 'resolved',
        item: resolved,
        fizzled,
        countered,
      });
    },
    enterPhase: ((context, _event, params) => {
      return announced(context, enterPhase(context, params.phase), { kind: 'phase-entered', phase: params.phase });
    }) as Action<{ phase: string }>,
    // The game phase's first seat, once its onEnter routine has run (beginGamePhase, an assign, opened it before).
    enterGamePhase: ((context, _event, params) => {
      const change = seatGamePhase(game, context, params.phase);
      return announced(context, change, { kind: 'game-phase-entered', phase: params.phase });
    }) as Action<{ phase: string }>,
    endTurn: (context) => announced(context, NO_CHANGE, TURN_ENDED),
    passTurnToNextSeat: (context) => {
      return announced(context, passTurn(context), TURN_PASSED);
    },
    startTurn: (context) => announced(context, NO_CHANGE, TURN_STARTED),
    endRound: (context) => announced(context, NO_CHANGE, ROUND_ENDED),
    startNextRound: (context) => {
      return announced(context, nextSimultaneousRound(context), ROUND_STARTED);
    },
    mergeInitiative: (context, event) => {
      const change = mergeInitiative(context, (event.payload as { scores: Record<string, number> }).scores);
      return announced(context, change, INITIATIVE_MERGED);
    },
    finishGame: (context) => {
      return announced(context, finishGame(game, context), OVER);
    },
    // A routine and a seat leaving may take seats out of the game: announced as seat.out.
    runRoutine: ((context, _event, params) =>
      announced(context, runRoutine(game, context, params.routine), SEATING_CHANGED)) as Action<{
      routine: string;
    }>,
    // The onMove routine of the game phase the move was made in.
    runOnMove: (context, event) => announced(context, runOnMove(game, context, event), SEATING_CHANGED),
    removeSeat: (context, event) =>
      announced(context, removeSeat(context, event.seat ?? (event.payload as { seat: string }).seat), SEATING_CHANGED),
    // The chart's door (its root's catch-all): a move no transition took. One sent straight to the actor, unchecked, is
    // checked here once and raised for the chart to take; a refused one changes nothing, and why is worked out only for
    // someone listening. A move the gate let through against this context that no transition took changes nothing.
    admitMove: (context, event) => {
      if (event instanceof CheckedMove && event.isFor(context)) return { change: NO_CHANGE, events: QUIET };
      const verdict = gate(game, context, event);
      if (verdict.ok) return { change: NO_CHANGE, events: QUIET, raise: verdict.move };
      return {
        change: NO_CHANGE,
        get events() {
          return eventsOf(context, NO_CHANGE, { kind: 'refused', refusal: verdict.refusal });
        },
      };
    },
  } satisfies Record<string, Action<never>>);
}
