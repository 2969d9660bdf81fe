/**
 * The table's bookkeeping as pure functions from a context to the fields that
 * change. The machine's actions are one line each, calling these.
 */

import { GameCodeError } from '../core/errors.js';
import type { Move } from '../core/move.js';
import {
  type AnyGame,
  type FlowOutcome,
  type GameMove,
  gameMove,
  type MoveOutcome,
  type Outcome,
  ownEntry,
} from '../definition/game.js';
import type { Ply } from '../definition/records.js';
import { phasePlan, windowPlan } from '../definition/structure.js';
import { append, last } from '../log/plyLog.js';
import { nextEligibleSeat } from '../order/seatOrder.js';
import { mutate } from '../progression/circular.js';
import type { Progression, ResponseWindow } from '../progression/progression.js';
import { strategyOf } from '../progression/strategies/index.js';
import { cycleFrom } from '../progression/strategies/strategy.js';
import { countTurnMove, delayTurn, eligibleSeats, nextTurn, startPhase, withInitiative } from '../progression/turns.js';
import { peek, pop, push, type StackItem } from '../stack/stack.js';
import {
  type AutoPassStop,
  type FlowRequest,
  movesMade,
  seatingOf,
  seatsInGame,
  type TableContext,
} from './context.js';
import type { Checked } from './gate.js';
import { engineMove } from './moves/index.js';
import { actingSeat, isOutOfTurn, seatingView } from './rules.js';

type Change = Partial<TableContext>;

export { seatsInGame };

/**
 * The ply an accepted move becomes. The actor is the seat that submitted it,
 * read from the state before the move.
 */
export function plyFor(ctx: TableContext, checked: Checked): Ply {
  const { move, definition, engine } = checked;
  const notation =
    definition !== undefined
      ? definition.notation({ payload: checked.parsed, options: ctx.opening.options })
      : (engine?.notation(move) ?? move.type);
  return {
    actor: move.seat ?? null,
    seat: plySeat(ctx, move, engine),
    move,
    notation,
    round: ctx.turn.round,
    playOrder: ctx.playOrder + 1,
    turn: ctx.turn.number,
    phase: ctx.phase,
    moveIndex: movesMade(ctx),
  };
}

/**
 * The seat whose column a ply takes: a game move's own seat (none for the
 * application's); an engine move's seat, or without one the seat holding
 * priority or the turn; none for an engine move of the table as a whole.
 */
function plySeat(ctx: TableContext, move: Move, engine: ReturnType<typeof engineMove>): string | null {
  if (engine === undefined) return move.seat ?? null;
  return engine.column === 'table' ? null : actingSeat(ctx, move);
}

/** The stops that remain once those matching `reached` are cleared (the same object when none is). */
function clearStops(
  autoPass: TableContext['autoPass'],
  reached: (seat: string, stop: AutoPassStop) => boolean,
): TableContext['autoPass'] {
  const seats = Object.keys(autoPass);
  if (seats.length === 0 || !seats.some((seat) => reached(seat, autoPass[seat] as AutoPassStop))) return autoPass;
  return Object.fromEntries(Object.entries(autoPass).filter(([seat, stop]) => !reached(seat, stop)));
}

/** A seat sets (or, with `off`, clears) where its automatic passing stops. */
export function setAutoPass(ctx: TableContext, seat: string, stop: AutoPassStop | { until: 'off' }): Change {
  if (stop.until === 'off') return { autoPass: clearStops(ctx.autoPass, (s) => s === seat) };
  return { autoPass: { ...ctx.autoPass, [seat]: stop } };
}

/** Whether the seat holding priority passes automatically now (and the window is still open). */
export function holderAutoPasses(ctx: TableContext): boolean {
  return (
    ctx.status === 'playing' &&
    ctx.prioritySeat !== null &&
    Object.hasOwn(ctx.autoPass, ctx.prioritySeat) &&
    ctx.passes < seatsInGame(ctx)
  );
}

/** The ply of a pass the engine makes for the seat holding priority. */
export function autoPassPly(ctx: TableContext): Ply {
  const move = { type: 'engine.pass', seat: ctx.prioritySeat as string };
  return {
    ...plyFor(ctx, { move, definition: undefined, engine: engineMove(move.type), parsed: undefined }),
    moveIndex: movesMade(ctx) - 1,
    automatic: true,
  };
}

/** Appends `ply` to the log: O(1), the history shared. */
export function recordPly(ctx: TableContext, ply: Ply): Change {
  return { plies: append(ctx.plies, ply), playOrder: ctx.playOrder + 1, undo: null };
}

/** Whether `move` can be taken back: the game declares its type undoable (passes, in a priority game). */
export function isUndoable(game: AnyGame, ctx: TableContext, move: Move): boolean {
  if (move.seat === undefined) return false;
  if (move.type === 'engine.pass') return ctx.opening.structure.priority && game.undoablePasses;
  return gameMove(game, move.type)?.undoable === true;
}

/** What an undo of `move` would restore: the table before it (to keep beside the change the move makes). */
export function undoRecord(game: AnyGame, ctx: TableContext, { move }: Checked): Change {
  if (!isUndoable(game, ctx, move)) return {};
  const { prioritySeat, passes, stack, game: pieces, progression, autoPass } = ctx;
  return {
    undo: { seat: move.seat as string, before: { prioritySeat, passes, stack, game: pieces, progression, autoPass } },
  };
}

/** The seat takes back its last ply: the table's pieces and turn return to before it (the log keeps both plies). */
export function takeBack(ctx: TableContext): Change {
  return ctx.undo === null ? {} : { ...ctx.undo.before, undo: null };
}

/** The consecutive-pass counter goes up by one. */
export function countPass(ctx: TableContext): Change {
  return { passes: ctx.passes + 1 };
}

/** Priority moves to the next seat still in the game, in the table's direction. */
export function priorityToNextSeat(ctx: TableContext): Change {
  if (ctx.prioritySeat === null) return {};
  const next = nextEligibleSeat(
    ctx.opening.seats,
    ctx.prioritySeat,
    ctx.turn.direction,
    (seat) => !ctx.progression.out.includes(seat),
  );
  return { prioritySeat: next ?? ctx.prioritySeat };
}

/** The active seat receives priority and the consecutive-pass counter resets. */
export function priorityToActiveSeat(ctx: TableContext): Change {
  return { prioritySeat: ctx.turn.activeSeat, passes: 0 };
}

/**
 * Plays a game move that passed every check: the game's outcome, its stack
 * item (which gives the active seat priority), the turn's move count, an
 * obligation it creates or pays off, seats it eliminates, and changes to the
 * circular sequence.
 */
export function playGameMove(ctx: TableContext, checked: Checked): Change {
  const { move, definition, parsed } = checked;
  if (definition === undefined) return {};
  const seat = move.seat ?? null;
  const outcome = definition.play({
    game: ctx.game,
    seat,
    payload: parsed,
    options: ctx.opening.options,
    seating: seatingView(ctx),
    stack: ctx.stack,
  });
  let progression: Progression = ctx.progression;
  const owed = progression.obligation;
  if (seat !== null && owed !== null && owed.seat === seat)
    progression = {
      ...progression,
      obligation: owed.remaining > 1 ? { seat: owed.seat, remaining: owed.remaining - 1 } : null,
    };
  if (seat !== null && outcome.oblige !== undefined && outcome.oblige > 0)
    progression = { ...progression, obligation: { seat, remaining: outcome.oblige } };
  // The application acting for the table is not held to the turns: its moves count in no seat's turn. Counted once
  // the obligation is settled, so a seat that still owes plies is not done with its simultaneous turn.
  // A move in a response window counts in the seat's part of it, not in the turn.
  const window = progression.window;
  if (window !== undefined && seat !== null && window.waiting.includes(seat))
    progression = { ...progression, window: countWindowMove(ctx, window, seat) };
  else if (seat !== null && !isOutOfTurn(ctx, move.type)) progression = countTurnMove(progression, seat);
  progression = eliminated(ctx, progression, outcome);
  const chosen = nextAsked(definition, ctx, move, outcome);
  if (chosen !== undefined) progression = { ...progression, chosen };
  const opened = windowAsked(definition, ctx, move, outcome);
  if (opened !== undefined) progression = { ...progression, window: opened };
  for (const mutation of definition.sequence({ payload: parsed, options: ctx.opening.options })) {
    if (progression.circular !== null)
      progression = { ...progression, circular: mutate(progression.circular, mutation) };
  }
  // Merged with Object.assign: a second spread into an object literal is several times slower, and this runs every move.
  const change: Change = Object.assign(
    { game: outcome.game, progression },
    flowChange(ctx, progression, seat, flowAsked(definition, ctx, move, outcome)),
  );
  if (outcome.stack === undefined || !ctx.opening.structure.priority || seat === null) return change;
  const item: StackItem = { id: ctx.nextStackId, seat, card: outcome.stack.card, type: outcome.stack.type };
  return Object.assign(
    change,
    { stack: push(ctx.stack, item), nextStackId: ctx.nextStackId + 1 },
    priorityToActiveSeat(ctx),
  );
}

/**
 * What a move's outcome asks of the turn's course: `endTurn` and `transition`, each only if the move declares it in
 * `outcomes`, and a transition only if it is declared out of the current game phase. Anything else is the game's
 * error (GAME_ERROR, the table unchanged). In a simultaneous round, ending the turn ends the seat's own part of it.
 */
function flowAsked(
  definition: GameMove,
  ctx: TableContext,
  move: Move,
  outcome: MoveOutcome<unknown>,
): FlowRequest | null {
  if (outcome.endTurn === undefined && outcome.transition === undefined) return null;
  const where = `moves.${move.type}.play`;
  const fail = (message: string) => new GameCodeError(where, new Error(message));
  const declared = definition.outcomes;
  const request: { endTurn?: true; transition?: string } = {};
  if (outcome.endTurn !== undefined) {
    if (outcome.endTurn !== true) throw fail('endTurn is true or absent');
    if (!declared.includes('endTurn')) throw undeclared(move, 'endTurn');
    const shape = strategyOf(ctx.progression.rules).shape;
    if (shape === 'open') throw fail(`${ctx.gamePhase} is a Free phase: it has no turn to end`);
    if (ctx.opening.structure.priority) throw fail('a turn with priority phases ends when every seat passes in a row');
    if (ctx.progression.window !== undefined)
      throw fail(`the window ${ctx.progression.window.name} is open: a response does not end the turn`);
    request.endTurn = true;
  }
  if (outcome.transition !== undefined) {
    if (!declared.includes('transition')) throw undeclared(move, 'transition');
    if (ctx.opening.structure.priority) throw fail('a game with priority phases moves on by engine.transition');
    const out = ctx.opening.structure.transitions.filter((t) => t.from === ctx.gamePhase).map((t) => t.name);
    if (typeof outcome.transition !== 'string' || !out.includes(outcome.transition))
      throw fail(
        `no transition ${JSON.stringify(outcome.transition)?.slice(0, 80)} out of ${ctx.gamePhase}: its transitions are ${out.join(', ') || 'none'}`,
      );
    request.transition = outcome.transition;
  }
  // Leaving the phase ends the turn anyway: a request for both is a transition.
  return request.transition === undefined ? request : { transition: request.transition };
}

/** The game's error of a move whose outcome asks for `outcome` without declaring it. */
function undeclared(move: Move, outcome: FlowOutcome): GameCodeError {
  return new GameCodeError(
    `moves.${move.type}.play`,
    new Error(`its outcome asks ${outcome}: declare outcomes: ['${outcome}'] on ${move.type}`),
  );
}

/**
 * The seat a move's outcome names to take the next turn (`next`), if it declares `outcomes: ['next']` and plays in a
 * PerRound phase; anything else is the game's error (GAME_ERROR, the table unchanged).
 */
function nextAsked(
  definition: GameMove,
  ctx: TableContext,
  move: Move,
  outcome: MoveOutcome<unknown>,
): string | undefined {
  if (outcome.next === undefined) return undefined;
  const where = `moves.${move.type}.play`;
  if (!definition.outcomes.includes('next')) throw undeclared(move, 'next');
  if (ctx.progression.rules.strategy !== 'PerRound')
    throw new GameCodeError(
      where,
      new Error(
        `${ctx.gamePhase} is ${ctx.progression.rules.strategy}: only a PerRound phase lets a move name the next seat`,
      ),
    );
  return seatInGame(ctx, outcome.next, where);
}

/**
 * The response window a move's outcome opens (`window`), with the seats that must respond: the move declares
 * `outcomes: ['window']`, the current game phase declares the window, and none is open already; anything else is the
 * game's error. A window nobody would respond to (`others` with one seat left) does not open.
 */
function windowAsked(
  definition: GameMove,
  ctx: TableContext,
  move: Move,
  outcome: MoveOutcome<unknown>,
): ResponseWindow | undefined {
  if (outcome.window === undefined) return undefined;
  const fail = (message: string) => new GameCodeError(`moves.${move.type}.play`, new Error(message));
  if (!definition.outcomes.includes('window')) throw undeclared(move, 'window');
  const declared = windowPlan(ctx.opening.structure, ctx.gamePhase, outcome.window);
  if (declared === undefined)
    throw fail(`no window ${JSON.stringify(outcome.window)?.slice(0, 80)} in ${ctx.gamePhase}`);
  if (ctx.progression.window !== undefined) throw fail(`the window ${ctx.progression.window.name} is open already`);
  const active = ctx.turn.activeSeat;
  const inGame = eligibleSeats(ctx.opening.seats, ctx.progression);
  const waiting =
    declared.who === 'active'
      ? inGame.filter((seat) => seat === active)
      : declared.who === 'others'
        ? cycleFrom(ctx.opening.seats, active, 1, inGame).filter((seat) => seat !== active)
        : inGame;
  return waiting.length === 0 ? undefined : { name: declared.name, waiting, made: {} };
}

/** `seat`'s move in the open window counts; its part ends once it has made the window's movesPerSeat. */
function countWindowMove(ctx: TableContext, window: ResponseWindow, seat: string): ResponseWindow {
  const made = (window.made[seat] ?? 0) + 1;
  const limit = windowPlan(ctx.opening.structure, ctx.gamePhase, window.name)?.movesPerSeat;
  return {
    ...window,
    made: { ...window.made, [seat]: made },
    waiting: limit !== undefined && made >= limit ? window.waiting.filter((s) => s !== seat) : window.waiting,
  };
}

/** In the open response window, `seat` ends its part (no seat: the application closes the window for every seat). */
export function endWindowPart(ctx: TableContext, seat: string | undefined): Change {
  const window = ctx.progression.window;
  if (window === undefined) return {};
  const waiting = seat === undefined ? [] : window.waiting.filter((s) => s !== seat);
  return { progression: { ...ctx.progression, window: { ...window, waiting } } };
}

/** Whether the open window named `name` still waits for a seat (a seat going out leaves it: withSeatsOut). */
export function windowWaits(ctx: TableContext, name: string): boolean {
  const window = ctx.progression.window;
  return window !== undefined && window.name === name && window.waiting.length > 0;
}

/** The response window closes: the turn goes on with the active seat. */
export function closeWindow(ctx: TableContext): Change {
  if (ctx.progression.window === undefined) return {};
  const { window: _closed, ...progression } = ctx.progression;
  return { progression };
}

/** The change a move's flow request makes: a seat's part of a simultaneous round ends at once; the chart takes the rest. */
function flowChange(
  ctx: TableContext,
  progression: Progression,
  seat: string | null,
  request: FlowRequest | null,
): Change {
  if (request === null) return {};
  if (request.endTurn === true && strategyOf(ctx.progression.rules).shape === 'rounds') {
    // The application's move ends the round for every seat, as a seatless engine.end-turn does.
    const waiting = seat === null ? [] : progression.waiting.filter((s) => s !== seat);
    const { endTurn: _ended, ...rest } = request;
    return { progression: { ...progression, waiting }, ...(rest.transition === undefined ? {} : { flow: rest }) };
  }
  return { flow: request };
}

/** The progression once the seats an outcome eliminates are out (the same object when it eliminates nobody new). */
function eliminated(ctx: TableContext, progression: Progression, outcome: Outcome<unknown>): Progression {
  const named = outcome.eliminate;
  if (named === undefined || named.length === 0) return progression;
  const gone = named.filter(
    (seat, i) => ctx.opening.seats.includes(seat) && !progression.out.includes(seat) && named.indexOf(seat) === i,
  );
  return gone.length === 0 ? progression : withSeatsOut(progression, gone);
}

/**
 * The progression with `gone` out of the game: the order skips them, a simultaneous round and an open response
 * window wait for them no more, and an obligation of theirs lapses.
 */
function withSeatsOut(progression: Progression, gone: readonly string[]): Progression {
  const out = {
    ...progression,
    out: [...progression.out, ...gone],
    waiting: progression.waiting.filter((seat) => !gone.includes(seat)),
    obligation:
      progression.obligation !== null && gone.includes(progression.obligation.seat) ? null : progression.obligation,
  };
  const window = progression.window;
  return window === undefined
    ? out
    : { ...out, window: { ...window, waiting: window.waiting.filter((seat) => !gone.includes(seat)) } };
}

/** The top item of the stack resolves: it leaves the stack and the game applies it (`resolved`: the item, if any). */
export function resolveTop(game: AnyGame, ctx: TableContext): { change: Change; resolved?: StackItem } {
  const item = peek(ctx.stack);
  if (item === undefined) return { change: {} };
  const autoPass = clearStops(ctx.autoPass, (_seat, stop) => stop.until === 'stack-resolved');
  const beneath = pop(ctx.stack);
  const outcome = game.resolve({
    game: ctx.game,
    item,
    beneath,
    options: ctx.opening.options,
    seating: seatingView(ctx),
  });
  return {
    change: {
      stack: beneath,
      game: outcome.game,
      progression: eliminated(ctx, ctx.progression, outcome),
      autoPass,
      undo: null,
    },
    resolved: item,
  };
}

/** A phase of the turn begins: the active seat receives priority. */
export function enterPhase(ctx: TableContext, phase: string): Change {
  const autoPass = clearStops(ctx.autoPass, (_seat, stop) => stop.until === 'phase' && stop.phase === phase);
  // Object.assign, not a spread after the first property, which V8 copies through its runtime, slowly.
  return Object.assign({ phase, autoPass, undo: null }, priorityToActiveSeat(ctx));
}

/**
 * A game phase begins, before its `onEnter` routine runs: its name and first turn phase, its turn rules with fresh
 * counters (initiative scores and seats out of the game kept), and a new turn (and round) unless this is the table's
 * very first. The seat whose turn ended the phase before still holds the turn: the routine sees it, as boardgame.io's
 * `onBegin` sees the player before the phase's first; `seatGamePhase` names the phase's first seat after the routine.
 */
export function beginGamePhase(ctx: TableContext, name: string): Change {
  const plan = phasePlan(ctx.opening.structure, name);
  const first = opensTable(ctx, name);
  const start = startPhase(plan.rules, { ...seatingOf(ctx), firstSeat: null }, ctx.progression);
  return {
    gamePhase: name,
    phase: plan.turnPhases[0]?.name ?? name,
    progression: start.progression,
    turn: first ? ctx.turn : { ...ctx.turn, number: ctx.turn.number + 1, round: ctx.turn.round + 1 },
    playOrder: first ? ctx.playOrder : 0,
    passes: 0,
    undo: null,
  };
}

/**
 * The game phase's first seat, once its `onEnter` routine has run (the game's order reads the pieces the routine
 * left): the one the table names at its opening, else the one the game's order names, else the one the phase's
 * rules say (PerRound's `AfterLastActor`: the seat after the one whose turn ended the phase before).
 */
export function seatGamePhase(game: AnyGame, ctx: TableContext, name: string): Change {
  const plan = phasePlan(ctx.opening.structure, name);
  const first = opensTable(ctx, name);
  const named =
    first && ctx.opening.structure.firstSeat !== null
      ? ctx.opening.structure.firstSeat
      : firstOf(game, ctx, plan, first);
  const start = startPhase(plan.rules, { ...seatingOf(ctx), firstSeat: named }, ctx.progression);
  return {
    progression: start.progression,
    turn: { ...ctx.turn, activeSeat: start.activeSeat },
    prioritySeat: ctx.opening.structure.priority ? start.activeSeat : null,
  };
}

/** Whether the game phase `name` beginning is the table's opening one: no ply yet, the first turn, that phase. */
function opensTable(ctx: TableContext, name: string): boolean {
  return ctx.plies.size === 0 && ctx.turn.number === 1 && ctx.gamePhase === name;
}

/**
 * The seat a PerRound phase starts with by the game's order or its `firstActor` rule, or null for the first in order.
 * The table's opening phase follows no turn, so `AfterLastActor` starts it with the first in order (`opening`).
 */
function firstOf(
  game: AnyGame,
  ctx: TableContext,
  plan: ReturnType<typeof phasePlan>,
  opening: boolean,
): string | null {
  if (plan.rules.strategy !== 'PerRound') return null;
  const out = ctx.progression.out;
  const order = plan.order === undefined ? undefined : ownEntry(game.orders, plan.order);
  if (order?.first !== undefined) {
    const seat = order.first({ ...routineContext(ctx), acted: [] });
    if (seat !== null) return seatInGame(ctx, seat, `orders.${plan.order}.first`);
  }
  const last = ctx.turn.activeSeat;
  if (plan.rules.firstActor !== 'AfterLastActor' || last === null || opening) return null;
  // Without another seat in the game, the phase starts with the first in order: the one seat left.
  return nextEligibleSeat(ctx.opening.seats, last, ctx.turn.direction, (seat) => !out.includes(seat)) ?? null;
}

/** `seat`, which game code at `where` named to act: it must be at the table and still in the game. */
function seatInGame(ctx: TableContext, seat: unknown, where: string): string {
  if (typeof seat !== 'string' || !ctx.opening.seats.includes(seat) || ctx.progression.out.includes(seat))
    throw new GameCodeError(where, new Error(`${JSON.stringify(seat)?.slice(0, 80)} is not a seat still in the game`));
  return seat;
}

/** What a routine reads: the pieces, the options and the seating. */
function routineContext(ctx: TableContext) {
  return { game: ctx.game, options: ctx.opening.options, seating: seatingView(ctx) };
}

/**
 * As a turn ends in a phase with the game's order: the seat the order names goes next, unless a move has already
 * named one (the order is not asked then); null from the order leaves the turn to pass in table order.
 */
export function chooseNextSeat(game: AnyGame, ctx: TableContext, name: string): Change {
  const order = ownEntry(game.orders, name);
  if (order === undefined || ctx.progression.chosen !== undefined) return {};
  const seat = order.next({ ...routineContext(ctx), acted: ctx.progression.acted });
  if (seat === null) return {};
  return { progression: { ...ctx.progression, chosen: seatInGame(ctx, seat, `orders.${name}.next`) } };
}

/**
 * Runs one of the game's routines (a phase's onEnter, onLeave, onTurnStart, onTurnEnd, or after `move`, its onMove):
 * its pieces change, and seats it eliminates are out.
 */
export function runRoutine(game: AnyGame, ctx: TableContext, routine: string, move?: Move): Change {
  const run = ownEntry(game.routines, routine);
  if (run === undefined) return {};
  const base = routineContext(ctx);
  const outcome = run(move === undefined ? base : { ...base, move: { type: move.type, seat: move.seat ?? null } });
  return { game: outcome.game, progression: eliminated(ctx, ctx.progression, outcome) };
}

/** After `move`, the onMove routine of the game phase it was made in, if that phase names one; the routine reads the move. */
export function runOnMove(game: AnyGame, ctx: TableContext, move: Move): Change {
  const routine = phasePlan(ctx.opening.structure, ctx.gamePhase).onMove;
  return routine === undefined ? {} : runRoutine(game, ctx, routine, move);
}

/**
 * The turn passes on under the game phase's strategy and the turn counter
 * goes up; when the round ends, a new round begins and its play order restarts.
 */
export function passTurn(ctx: TableContext): Change {
  const next = nextTurn(ctx.progression, seatingOf(ctx));
  if (!next.ok) return {};
  const autoPass = clearStops(
    ctx.autoPass,
    (seat, stop) => stop.until === 'end-of-turn' || (stop.until === 'my-turn' && seat === next.activeSeat),
  );
  return {
    progression: next.progression,
    turn: {
      ...ctx.turn,
      activeSeat: next.activeSeat,
      number: ctx.turn.number + 1,
      round: next.roundEnded ? ctx.turn.round + 1 : ctx.turn.round,
    },
    playOrder: next.roundEnded ? 0 : ctx.playOrder,
    autoPass,
    undo: null,
  };
}

/** In a simultaneous round, `seat` is done (no seat: the table ends the round for everyone). */
export function endSeatTurn(ctx: TableContext, seat: string | undefined): Change {
  const waiting = seat === undefined ? [] : ctx.progression.waiting.filter((s) => s !== seat);
  return { progression: { ...ctx.progression, waiting } };
}

/** A simultaneous round ends and the next one begins with every seat still in the game. */
export function nextSimultaneousRound(ctx: TableContext): Change {
  return {
    progression: {
      ...ctx.progression,
      waiting: eligibleSeats(ctx.opening.seats, ctx.progression),
      movesThisTurn: 0,
      roundMoves: {},
    },
    turn: { ...ctx.turn, number: ctx.turn.number + 1, round: ctx.turn.round + 1 },
    playOrder: 0,
    undo: null,
  };
}

/** Initiative scores merge in; under Initiative the round is ordered again from its first seat. */
export function mergeInitiative(ctx: TableContext, scores: Record<string, number>): Change {
  const merged = withInitiative(ctx.progression, ctx.opening.seats, scores);
  return {
    progression: merged.progression,
    ...(merged.activeSeat !== undefined ? { turn: { ...ctx.turn, activeSeat: merged.activeSeat } } : {}),
  };
}

/** The active seat delays until after `after`; the seat that followed it acts now. */
export function delayActiveSeat(ctx: TableContext, after: string): Change {
  const seat = ctx.turn.activeSeat;
  const delayed = seat === null ? null : delayTurn(ctx.progression, seat, after);
  if (delayed === null) return {};
  const { window: _closed, ...progression } = delayed.progression;
  return { progression, turn: { ...ctx.turn, activeSeat: delayed.activeSeat } };
}

/** A seat leaves (or is removed): the order skips it from now on. */
export function removeSeat(ctx: TableContext, seat: string): Change {
  if (ctx.progression.out.includes(seat)) return {};
  const progression = withSeatsOut(ctx.progression, [seat]);
  return {
    progression,
    ...(ctx.prioritySeat === seat && ctx.prioritySeat !== ctx.turn.activeSeat
      ? priorityToNextSeat({ ...ctx, progression })
      : {}),
  };
}

/** Whether the game's end condition holds now: after a move, or (`turnEnded`) as a turn ends. */
export function gameEnds(game: AnyGame, ctx: TableContext, turnEnded: boolean): boolean {
  if (ctx.opening.problem !== null) return false;
  // The chart asks after every step of every move; most steps change only priority and passes, which the game never
  // sees, so the answer is kept while everything the game reads (pieces, progression, turn, phases) is the same.
  const key = lastEnd;
  if (
    key !== null &&
    key.definition === game &&
    key.pieces === ctx.game &&
    key.progression === ctx.progression &&
    key.turn === ctx.turn &&
    key.gamePhase === ctx.gamePhase &&
    key.phase === ctx.phase &&
    key.turnEnded === turnEnded
  ) {
    return key.ends;
  }
  const ends = askEnd(game, ctx, turnEnded);
  lastEnd = {
    definition: game,
    pieces: ctx.game,
    progression: ctx.progression,
    turn: ctx.turn,
    gamePhase: ctx.gamePhase,
    phase: ctx.phase,
    turnEnded,
    ends,
  };
  return ends;
}

let lastEnd: {
  definition: AnyGame;
  pieces: unknown;
  progression: TableContext['progression'];
  turn: TableContext['turn'];
  gamePhase: string;
  phase: string;
  turnEnded: boolean;
  ends: boolean;
} | null = null;

function askEnd(game: AnyGame, ctx: TableContext, turnEnded: boolean): boolean {
  // Plain data, not getters: V8 builds an object literal with accessors through its runtime, far slower than working
  // out the seating and the seats remaining (a few fields and a filter of the seats).
  return (
    game.endIf({
      game: ctx.game,
      options: ctx.opening.options,
      turnEnded,
      seating: seatingView(ctx),
      remaining: eligibleSeats(ctx.opening.seats, ctx.progression),
    }) === true
  );
}

/**
 * How a game's victory policy answered: a plain list of winners (never a
 * draw), or `{ winners, draw }`.
 *
 * @example
 * gameResult(['seat:ann']) // { winners: ['seat:ann'], draw: false }
 * gameResult({ winners: ['seat:ann', 'seat:bob'], draw: true }) // { winners: [...], draw: true }
 */
export function gameResult(
  answer: readonly string[] | { readonly winners: readonly string[]; readonly draw: boolean },
): { winners: string[]; draw: boolean } {
  if (Array.isArray(answer)) return { winners: [...(answer as readonly string[])], draw: false };
  const result = answer as { readonly winners: readonly string[]; readonly draw: boolean };
  return { winners: [...result.winners], draw: result.draw === true };
}

/** The game is over: nobody holds priority or the turn, and the winners are named (with whether it is a draw). */
export function finishGame(game: AnyGame, ctx: TableContext): Change {
  const seating = seatingView(ctx);
  const remaining = eligibleSeats(ctx.opening.seats, ctx.progression);
  const { winners, draw } = gameResult(
    game.winners({ game: ctx.game, remaining, options: ctx.opening.options, seating }),
  );
  return { status: 'over', prioritySeat: null, passes: 0, undo: null, winners, draw };
}

/** Whether the game's condition `name` holds now (a pure function of the pieces and the seating). */
export function conditionHolds(game: AnyGame, ctx: TableContext, name: string): boolean {
  const condition = ownEntry(game.conditions, name);
  return (
    condition !== undefined &&
    condition({ game: ctx.game, options: ctx.opening.options, seating: seatingView(ctx) }) === true
  );
}

/** Whether the turn that is ending ends its round: the next turn would start a new one (or no seat can take it). */
export function roundEndsWithTurn(ctx: TableContext): boolean {
  const next = nextTurn(ctx.progression, seatingOf(ctx));
  return !next.ok || next.roundEnded;
}

/** Whether a ply was recorded in the current turn: end conditions are asked only after a move made in it. */
export function movedThisTurn(ctx: TableContext): boolean {
  const ply = last(ctx.plies);
  return ply !== undefined && ply.turn === ctx.turn.number;
}

/** The chart took the move's flow request. */
export function clearFlow(): Change {
  return { flow: null };
}
