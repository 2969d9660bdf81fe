/**
 * Walking a table machine with `xstate/graph`: the bounded, abstracted
 * traversal that plystack's own model-based suite and `createTableTestModel`
 * share.
 *
 * Everything here reads a snapshot the way a table shows it (`stateView`, the
 * function behind `table.state`; `legalMovesFor` and `checkMove`, behind
 * `table.legalMoves` and `table.check`), never the context's layout, and finds
 * the chart's states by walking it, never by name.
 */

import { getNextSnapshot, type SnapshotFrom } from 'xstate';
import { getShortestPaths, type StatePath } from 'xstate/graph';
import type { AnyGame } from '../definition/game.js';
import type { TableState } from '../definition/records.js';
import { checkMove, gate } from '../engine/gate.js';
import type { TableInput } from '../engine/input.js';
import { legalMovesFor } from '../engine/legalMoves.js';
import { stateView } from '../engine/view.js';
import type { MoveEvent, TableMachine } from '../machines/tableMachine.js';

/** A snapshot of a table machine. */
export type TableSnapshot = SnapshotFrom<TableMachine>;

/** What a traversal tells states apart by: equal strings are one state of the model. */
export type Abstraction = (snapshot: TableSnapshot) => string;

/** What kind of move `move` is, in the state before it: part of the traversal's key. */
export type MoveKind = (before: TableSnapshot, move: MoveEvent) => string;

/** A path as `xstate/graph` gives it: `steps[0]` is the opening (`xstate.init`), then one step per move. */
export type GraphPath = StatePath<TableSnapshot, MoveEvent>;

/**
 * A snapshot as the table shows it (`table.state`).
 *
 * @example
 * publicState(mundane, actor.getSnapshot()).prioritySeat // 'seat:ann'
 */
export function publicState(game: AnyGame, snapshot: TableSnapshot): TableState {
  return stateView(game, snapshot.context);
}

/**
 * The default abstraction of a snapshot.
 *
 * Kept: the statechart value (every region, or a top-level state such as
 * `invalid` or `over`), the status, the turn number, the phase, the
 * consecutive-pass count, the stack depth, where priority is (with the
 * active seat, with another seat, or with nobody), the active seat and the
 * seats out of the game (an elimination changes who acts next). These fix what the turn
 * structure's guards read (passes against the seat count, an empty stack, the
 * last turn, an invalid opening) and the engine's timing checks (priority, the
 * active seat, the sorcery phase, an empty stack). With seats in table order
 * the turn number stands for the active seat; a game that reorders its seats
 * (reversal, initiative) may want the active seat kept too.
 *
 * Dropped: the game's pieces (hands, decks, boards, scores: whatever
 * `state.seats` shows), which seat other than the active one holds priority,
 * the cards and ids on the stack, the round, the play order, the ply log and
 * any auto-pass stops. They decide *which* moves exist, not what the chart
 * does with a move once it is legal. Whichever concrete state the
 * breadth-first traversal meets first stands for its abstract state, and its
 * own legal moves are offered from there; every path is still a real run of
 * the machine, and callers read what a path does from replaying it.
 *
 * @example
 * defaultAbstraction(mundane)(snapshot) // '[{"playing":{…}},"playing",1,"RESET",0,0,"active"]'
 */
export function defaultAbstraction(game: AnyGame): Abstraction {
  return (snapshot) => {
    const v = publicState(game, snapshot);
    const priority = v.prioritySeat === null ? 'nobody' : v.prioritySeat === v.activeSeat ? 'active' : 'other';
    return JSON.stringify([
      snapshot.value,
      v.status,
      v.turn,
      v.phase,
      v.passes,
      v.stack.length,
      priority,
      v.activeSeat,
      v.out,
    ]);
  };
}

/**
 * The default kind of a move: its type and its seat's role before it (may the
 * seat act, is it the active seat; `table` for a seatless move).
 *
 * @example
 * defaultMoveKind(mundane)(snapshot, { type: 'engine.pass', seat: 'seat:bob' }) // 'engine.pass(waiting)'
 */
export function defaultMoveKind(game: AnyGame): MoveKind {
  return (before, move) => {
    if (move.seat === undefined) return `${move.type}(table)`;
    const v = publicState(game, before);
    return `${move.type}(${v.toAct.includes(move.seat) ? 'to-act' : 'waiting'}${move.seat === v.activeSeat ? '/active' : ''})`;
  };
}

/**
 * The traversal's key. Keying on the abstract state alone would give one
 * shortest path per abstract state, and a transition that only leads back to
 * an already-known state (a resolution that empties the stack, a refused move)
 * would never lie on any path. So the key is the abstract *edge*: the abstract
 * state, the abstract state before and the kind of move that led here (the
 * same idea as `createTestModel`'s `serializeTransition`). Shortest paths to
 * every key then take every abstract edge.
 *
 * An edge keeps the key it was first given. `getShortestPaths` serialises
 * each edge twice: once while building the adjacency map, with the state the
 * move really came from, and once while building the path tree, with
 * whichever snapshot it last saw under that state's key. The move kind may
 * read what the abstraction drops (which seats may act), so the second call
 * could name a key the map does not have. Both passes hand over the very same
 * move object (the traversal asks for a state's moves once), so the key is
 * remembered by that object.
 *
 * @example
 * getShortestPaths(machine, { serializeState: edgeKey(defaultAbstraction(game), defaultMoveKind(game)), … })
 */
export function edgeKey(abstraction: Abstraction, moveKind: MoveKind) {
  const keys = new WeakMap<MoveEvent, string>();
  return (snapshot: TableSnapshot, move: MoveEvent | undefined, previous?: TableSnapshot): string => {
    if (move === undefined || previous === undefined) return abstraction(snapshot);
    const known = keys.get(move);
    if (known !== undefined) return known;
    const key = `${abstraction(snapshot)} <- ${abstraction(previous)} ${moveKind(previous, move)}`;
    keys.set(move, key);
    return key;
  };
}

/**
 * A move the table must refuse, so that refusals are walked in every state
 * too: a pass by the first seat that may not act now (once the game is over,
 * by the first seat), or, when every seat may act, a move of a type no game
 * has. Null when the table has no seats (an opening that was refused).
 *
 * @example
 * refusedProbe(mundane, snapshot) // { type: 'engine.pass', seat: 'seat:bob' } while seat:ann holds priority
 */
export function refusedProbe(game: AnyGame, snapshot: TableSnapshot): MoveEvent | null {
  const v = publicState(game, snapshot);
  const seats = Object.keys(v.seats);
  if (seats.length === 0) return null;
  const waiting = v.status === 'over' ? seats[0] : seats.find((seat) => !v.toAct.includes(seat));
  const probe: MoveEvent =
    waiting !== undefined
      ? { type: 'engine.pass', seat: waiting }
      : { type: 'plystack.no-such-move', seat: seats[0] as string };
  return checkMove(game, snapshot.context, probe) === null ? null : probe;
}

/**
 * The moves a traversal offers in a state: every legal move of every seat
 * (`table.legalMoves`, in table order: the seats that may act, and any move
 * the rules allow a waiting seat), then each of `seatless` (the application
 * acting for the table: a timer's pass or end of turn, a referee's
 * transition) that the table would accept now, then one move the table must
 * refuse.
 *
 * @example
 * tableEvents(mundane)(snapshot) // [{ type: 'engine.pass', seat: 'seat:ann' }, …, { type: 'engine.pass', seat: 'seat:bob' }]
 */
export function tableEvents(
  game: AnyGame,
  seatless: readonly MoveEvent[] = [],
): (snapshot: TableSnapshot) => MoveEvent[] {
  return (snapshot) => {
    const seats = Object.keys(publicState(game, snapshot).seats);
    const moves: MoveEvent[] = seats.flatMap((seat) => legalMovesFor(game, snapshot.context, seat).allowed);
    for (const move of seatless) {
      // Offered as the gate let it through: played from this snapshot, the chart takes it as it is.
      const verdict = gate(game, snapshot.context, move);
      if (verdict.ok) moves.push(verdict.move);
    }
    const probe = refusedProbe(game, snapshot);
    return probe === null ? moves : [...moves, probe];
  };
}

/**
 * The snapshots `stackBound` reached by trying a move, by the snapshot it was tried on and the move: the traversal
 * takes a kept move's next snapshot from here (`shortestTablePaths`) rather than play the move a second time.
 */
const tried = new WeakMap<TableSnapshot, WeakMap<MoveEvent, TableSnapshot>>();

/**
 * A filter that keeps the stack at most `maxStack` deep: in a state whose
 * stack is that deep already, a move that would make it deeper is not offered.
 * The move is tried on the pure machine, so any move that pushes counts,
 * whatever the game calls it.
 *
 * @example
 * getShortestPaths(machine, { filterEvents: stackBound(machine, mundane, 2), … })
 */
export function stackBound(machine: TableMachine, game: AnyGame, maxStack: number) {
  return (snapshot: TableSnapshot, move: MoveEvent): boolean => {
    const depth = publicState(game, snapshot).stack.length;
    if (depth < maxStack) return true;
    const next = getNextSnapshot(machine, snapshot, move);
    const from = tried.get(snapshot) ?? new WeakMap<MoveEvent, TableSnapshot>();
    tried.set(snapshot, from);
    from.set(move, next);
    return publicState(game, next).stack.length <= depth;
  };
}

/** The machine as the traversal plays it: a move `stackBound` tried already is not played again. */
function reusingTried(machine: TableMachine): TableMachine {
  const transition: TableMachine['transition'] = (snapshot, move, scope) =>
    tried.get(snapshot)?.get(move) ?? machine.transition(snapshot, move, scope);
  return Object.create(machine, { transition: { value: transition } }) as TableMachine;
}

/** What `shortestTablePaths` walks with. */
export interface TraversalOptions {
  readonly input: TableInput;
  readonly serializeState: (snapshot: TableSnapshot, move: MoveEvent | undefined, previous?: TableSnapshot) => string;
  readonly events: (snapshot: TableSnapshot) => readonly MoveEvent[];
  readonly filterEvents?: (snapshot: TableSnapshot, move: MoveEvent) => boolean;
  readonly stopWhen?: (snapshot: TableSnapshot) => boolean;
  /** How many states the traversal may take from its queue before it gives up. */
  readonly limit?: number;
}

/**
 * The shortest path to every key (`getShortestPaths`), and the same paths
 * with every path that is a prefix of a longer one dropped (`kept`): a longer
 * path checks every step of its prefix.
 *
 * The paths' moves stay playable although an abstraction drops the game's
 * pieces: `getShortestPaths` builds the adjacency map and the path tree in the
 * same breadth-first order, so a key's predecessor on its path is the state
 * whose transition first produced the key, and replaying a path from the
 * opening reproduces the concrete states its moves were taken from. Callers
 * replay every path anyway and read what happened from the replay.
 *
 * @example
 * shortestTablePaths(machine, { input, serializeState, events }).kept.length // 219
 */
export function shortestTablePaths(
  machine: TableMachine,
  options: TraversalOptions,
): { all: GraphPath[]; kept: GraphPath[] } {
  const limit = options.limit ?? 50_000;
  let all: GraphPath[];
  try {
    all = getShortestPaths(reusingTried(machine), {
      input: options.input,
      events: options.events,
      serializeState: options.serializeState as (
        s: TableSnapshot,
        e: MoveEvent | undefined,
        p?: TableSnapshot,
      ) => string,
      ...(options.filterEvents !== undefined ? { filterEvents: options.filterEvents } : {}),
      ...(options.stopWhen !== undefined ? { stopWhen: options.stopWhen } : {}),
      limit,
    }) as GraphPath[];
  } catch (error) {
    // xstate/graph's own words name no option: say which raise the limit.
    if (error instanceof Error && error.message === 'Traversal limit exceeded') throw new TraversalLimit(limit);
    throw error;
  }
  const moves = (p: GraphPath) => p.steps.slice(1).map((step) => JSON.stringify(step.event));
  const sorted = [...all].sort((a, b) => b.steps.length - a.steps.length);
  const prefixes = new Set<string>();
  const kept: GraphPath[] = [];
  for (const path of sorted) {
    const events = moves(path);
    if (prefixes.has(events.join('\n'))) continue;
    kept.push(path);
    for (let i = 0; i <= events.length; i++) prefixes.add(events.slice(0, i).join('\n'));
  }
  return { all, kept };
}

/** A traversal that took its limit of states before it ran out of new ones: the message names what raises it. */
export class TraversalLimit extends RangeError {
  override readonly name = 'TraversalLimit';
  readonly limit: number;
  constructor(limit: number) {
    super(
      `the traversal took ${limit} states from its queue and still met new ones: raise \`limit\` (createTableTestModel's option; plystack paths --limit N), keep less in the abstraction, or lower maxTurns or maxStack (--max-turns); to search every state for broken rules, use verify`,
    );
    this.limit = limit;
  }
}
