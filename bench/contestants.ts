/**
 * The contestants: each opens a run for a set of seats, plays a stream, and
 * reports its final state as an `Outcome` so the harness (and the smoke test)
 * can check it played the whole stream the same way as the plain reducer.
 *
 * - plystack           `createTable(benchMundane, …)` + `table.play(move)` for every move
 * - plystack, pure     the same with mundane itself (only short streams fit: see bench/game.ts)
 * - xstate-flat        a bare XState 5.33 actor: ONE state, the phase, priority and stack in
 *                      the context, each event one guarded transition with one `assign`
 * - xstate-shaped      a bare XState 5.33 actor shaped like the table machine: a `playing`
 *                      parallel state with `turn` (the five phases as states, `always` to the
 *                      next, onDone → next turn), `priority` (pass / cast transitions) and
 *                      `stack` (empty ⇄ holding, `always` resolve) regions, one-line actions
 * - reducer            `state = step(state, move)` (bench/streams.ts), immutable updates
 * - boardgameio        boardgame.io 0.50.2's `Client` (no server, no debug panel), moves `pass`
 *                      and `cast` over the same minimal state in G, `events.endTurn()` after
 *                      WIND_DOWN
 */

import { createRequire } from 'node:module';
import { and, assign, createActor, setup } from 'xstate';
import { mundane } from '../src/games/index.js';
import { type AnyGame, createTable, type Table } from '../src/index.js';
import { benchMundane, benchOptions } from './game.js';
import {
  type Outcome,
  openingState,
  outcomeOf,
  PHASES,
  type RefItem,
  type RefState,
  type StreamEvent,
  step,
} from './streams.js';
import type { CircularOutcome, SimultaneousOutcome, TurnEvent } from './turnStreams.js';

/** Any move of any bench stream. */
export type BenchEvent = StreamEvent | TurnEvent;
/** Any stream's comparable final state. */
export type AnyOutcome = Outcome | CircularOutcome | SimultaneousOutcome;

/** A contestant's table, game or actor, open and ready for a stream. */
export interface Run {
  /**
   * Plays `stream` in order; stops early only when `deadline` (a
   * `performance.now()` time) passes. Returns how many events it sent.
   */
  play(stream: readonly BenchEvent[], deadline?: number): number;
  /** The final state, in the shape every contestant of the stream shares. */
  outcome(): AnyOutcome;
  stop(): void;
}

export interface Contestant<R extends Run = Run> {
  readonly id: ContestantId;
  readonly label: string;
  open(seats: readonly string[]): R;
}

export type ContestantId = 'plystack' | 'plystack-pure' | 'xstate-flat' | 'xstate-shaped' | 'reducer' | 'boardgameio';

// ─── plystack ────────────────────────────────────────────────────────────────

export interface PlystackRun extends Run {
  readonly table: Table;
  outcome(): Outcome;
}

/** The comparable outcome of a plystack table, read through its public state. */
export function tableOutcome(table: Table): Outcome {
  const state = table.state;
  const ctx = table.context;
  return {
    plies: ctx.plies.size,
    turn: state.turn,
    round: state.round,
    phase: state.phase,
    activeSeat: state.activeSeat as string,
    prioritySeat: state.prioritySeat,
    passes: state.passes,
    stack: state.stack.map(({ id, seat }): RefItem => ({ id, seat })),
    nextStackId: ctx.nextStackId,
  };
}

/** A plystack table as a contestant's run, its outcome read by `outcome` (the priority streams' by default). */
export function tableRun<O extends AnyOutcome = Outcome>(
  table: Table,
  outcome: (table: Table) => O = tableOutcome as (table: Table) => O,
) {
  return {
    table,
    play(stream: readonly BenchEvent[]) {
      for (let i = 0; i < stream.length; i++) table.play(stream[i]);
      return stream.length;
    },
    outcome: () => outcome(table),
    stop: () => table.stop(),
  };
}

function plystackRun(table: Table): PlystackRun {
  return tableRun(table);
}

function openPlystack(game: AnyGame, seats: readonly string[], options: object): PlystackRun {
  return plystackRun(createTable(game, { table: 'table:bench', seats: [...seats], seed: 1, options }));
}

export const plystack: Contestant<PlystackRun> = {
  id: 'plystack',
  label: 'plystack table',
  open: (seats) => openPlystack(benchMundane, seats, benchOptions(seats)),
};

/** Pure mundane: every card cast is spent, so decks of 500 and an opening hand of 100 last about 1,800 plies. */
export const plystackPure: Contestant<PlystackRun> = {
  id: 'plystack-pure',
  label: 'plystack table, pure mundane',
  open: (seats) => openPlystack(mundane, seats, benchOptions(seats, 500, 100)),
};

export { plystackRun };

// ─── bare XState ─────────────────────────────────────────────────────────────

interface BareInput {
  readonly seats: readonly string[];
}

const bareGuards = {
  holdsPriority: ({ context, event }: { context: RefState; event: StreamEvent }) =>
    context.seats[context.priority] === event.seat,
  isLastToPass: ({ context }: { context: RefState }) => context.passes + 1 >= context.seats.length,
  allSeatsPassed: ({ context }: { context: RefState }) => context.passes >= context.seats.length,
  stackHasItems: ({ context }: { context: RefState }) => context.stack.length > 0,
  stackIsEmpty: ({ context }: { context: RefState }) => context.stack.length === 0,
  isLastPhase: ({ context }: { context: RefState }) => context.phase === PHASES.length - 1,
};

const next = (context: RefState, seat: number) => (seat + 1) % context.seats.length;

/** The flat machine: one state; each event is one guarded transition with one assign. */
export const flatMachine = setup({
  types: { context: {} as RefState, events: {} as StreamEvent, input: {} as BareInput },
  guards: bareGuards,
  actions: {
    passPriority: assign(({ context }) => ({
      plies: context.plies + 1,
      passes: context.passes + 1,
      priority: next(context, context.priority),
    })),
    resolveTop: assign(({ context }) => ({
      plies: context.plies + 1,
      stack: context.stack.slice(0, -1),
      priority: context.active,
      passes: 0,
    })),
    nextPhase: assign(({ context }) => ({
      plies: context.plies + 1,
      phase: context.phase + 1,
      priority: context.active,
      passes: 0,
    })),
    nextTurn: assign(({ context }) => {
      const active = next(context, context.active);
      return {
        plies: context.plies + 1,
        phase: 0,
        turn: context.turn + 1,
        round: active === 0 ? context.round + 1 : context.round,
        active,
        priority: active,
        passes: 0,
      };
    }),
    push: assign(({ context, event }) => ({
      plies: context.plies + 1,
      stack: [...context.stack, { id: context.nextStackId, seat: event.seat }],
      nextStackId: context.nextStackId + 1,
      priority: context.active,
      passes: 0,
    })),
  },
}).createMachine({
  id: 'flat',
  context: ({ input }) => openingState(input.seats),
  on: {
    'engine.pass': [
      { guard: and(['holdsPriority', 'isLastToPass', 'stackHasItems']), actions: 'resolveTop' },
      { guard: and(['holdsPriority', 'isLastToPass', 'isLastPhase']), actions: 'nextTurn' },
      { guard: and(['holdsPriority', 'isLastToPass']), actions: 'nextPhase' },
      { guard: 'holdsPriority', actions: 'passPriority' },
    ],
    CastInstant: { guard: 'holdsPriority', actions: 'push' },
  },
});

const shapedSetup = setup({
  types: { context: {} as RefState, events: {} as StreamEvent, input: {} as BareInput },
  guards: bareGuards,
  actions: {
    recordPly: assign(({ context }) => ({ plies: context.plies + 1 })),
    countPass: assign(({ context }) => ({ passes: context.passes + 1 })),
    passPriorityToNextSeat: assign(({ context }) => ({ priority: next(context, context.priority) })),
    returnPriorityToActiveSeat: assign(({ context }) => ({ priority: context.active, passes: 0 })),
    push: assign(({ context, event }) => ({
      stack: [...context.stack, { id: context.nextStackId, seat: event.seat }],
      nextStackId: context.nextStackId + 1,
      priority: context.active,
      passes: 0,
    })),
    resolveTop: assign(({ context }) => ({ stack: context.stack.slice(0, -1) })),
    enterPhase: assign(({ context }, params: { phase: number }) => ({
      phase: params.phase,
      priority: context.active,
      passes: 0,
    })),
    passTurn: assign(({ context }) => {
      const active = next(context, context.active);
      return { turn: context.turn + 1, round: active === 0 ? context.round + 1 : context.round, active };
    }),
  },
});

const shapedPhases: Record<string, object> = {};
PHASES.forEach((phase, i) => {
  shapedPhases[phase] = {
    entry: { type: 'enterPhase', params: { phase: i } },
    always: { guard: and(['allSeatsPassed', 'stackIsEmpty']), target: PHASES[i + 1] ?? 'done' },
  };
});
shapedPhases.done = { type: 'final' };

/** The table-shaped machine: the table machine's three parallel regions, without plystack's own work. */
export const shapedMachine = shapedSetup.createMachine({
  id: 'shaped',
  context: ({ input }) => openingState(input.seats),
  initial: 'playing',
  states: {
    playing: {
      type: 'parallel',
      states: {
        turn: {
          initial: 'inTurn',
          states: {
            inTurn: {
              initial: 'RESET',
              states: shapedPhases,
              onDone: { target: 'inTurn', reenter: true, actions: 'passTurn' },
            },
          },
        },
        priority: {
          initial: 'held',
          states: {
            held: {
              on: {
                'engine.pass': [
                  { guard: and(['holdsPriority', 'isLastToPass']), actions: ['recordPly', 'countPass'] },
                  { guard: 'holdsPriority', actions: ['recordPly', 'countPass', 'passPriorityToNextSeat'] },
                ],
                CastInstant: { guard: 'holdsPriority', actions: ['recordPly', 'push'] },
              },
            },
          },
        },
        stack: {
          initial: 'empty',
          states: {
            empty: { always: { guard: 'stackHasItems', target: 'holding' } },
            holding: {
              always: [
                { guard: 'allSeatsPassed', actions: ['resolveTop', 'returnPriorityToActiveSeat'] },
                { guard: 'stackIsEmpty', target: 'empty' },
              ],
            },
          },
        },
      },
    },
  },
} as Parameters<typeof shapedSetup.createMachine>[0]);

function bareRun(machine: typeof flatMachine | typeof shapedMachine, seats: readonly string[]): Run {
  const actor = createActor(machine as typeof flatMachine, { input: { seats } }).start();
  return {
    play(stream) {
      for (let i = 0; i < stream.length; i++) actor.send(stream[i] as StreamEvent);
      return stream.length;
    },
    outcome: () => outcomeOf(actor.getSnapshot().context),
    stop: () => actor.stop(),
  };
}

export const xstateFlat: Contestant = {
  id: 'xstate-flat',
  label: 'bare XState, flat',
  open: (seats) => bareRun(flatMachine, seats),
};
export const xstateShaped: Contestant = {
  id: 'xstate-shaped',
  label: 'bare XState, table-shaped',
  open: (seats) => bareRun(shapedMachine, seats),
};

// ─── plain reducer ───────────────────────────────────────────────────────────

export const reducer: Contestant = {
  id: 'reducer',
  label: 'plain reducer',
  open(seats) {
    let state = openingState(seats);
    return {
      play(stream) {
        for (let i = 0; i < stream.length; i++) state = step(state, stream[i] as StreamEvent);
        return stream.length;
      },
      outcome: () => outcomeOf(state),
      stop: () => undefined,
    };
  },
};

// ─── boardgame.io ────────────────────────────────────────────────────────────

interface BgItem {
  id: number;
  seat: number;
}
interface BgState {
  phase: number;
  priority: number;
  passes: number;
  stack: BgItem[];
  nextStackId: number;
  plies: number;
}
interface BgCtx {
  readonly numPlayers: number;
  readonly currentPlayer: string;
  readonly turn: number;
}
interface BgClient {
  start(): void;
  stop(): void;
  readonly moves: { pass(seat: number): void; cast(seat: number, card: string): void };
  getState(): { G: BgState; ctx: BgCtx } | null;
}

// boardgame.io ships CommonJS for 'boardgame.io/client' (a directory with a package.json), which ESM cannot import by name.
const require = createRequire(import.meta.url);
const { Client } = require('boardgame.io/client') as {
  Client: (opts: { game: object; numPlayers: number; debug: boolean }) => BgClient;
};
const { INVALID_MOVE } = require('boardgame.io/core') as { INVALID_MOVE: string };

/** The same minimal logic as `step`, written the boardgame.io way (Immer drafts of G). */
export const bgioGame = {
  name: 'priority-stream',
  setup: (): BgState => ({ phase: 0, priority: 0, passes: 0, stack: [], nextStackId: 1, plies: 0 }),
  turn: {
    onBegin: ({ G, ctx }: { G: BgState; ctx: BgCtx }) => {
      G.phase = 0;
      G.priority = Number(ctx.currentPlayer);
      G.passes = 0;
    },
  },
  moves: {
    pass: ({ G, ctx, events }: { G: BgState; ctx: BgCtx; events: { endTurn(): void } }, seat: number) => {
      if (seat !== G.priority) return INVALID_MOVE;
      G.plies++;
      G.passes++;
      if (G.passes < ctx.numPlayers) {
        G.priority = (G.priority + 1) % ctx.numPlayers;
        return undefined;
      }
      G.passes = 0;
      G.priority = Number(ctx.currentPlayer);
      if (G.stack.length > 0) G.stack.pop();
      else if (G.phase < PHASES.length - 1) G.phase++;
      else events.endTurn();
      return undefined;
    },
    cast: ({ G, ctx }: { G: BgState; ctx: BgCtx }, seat: number) => {
      if (seat !== G.priority) return INVALID_MOVE;
      G.plies++;
      G.stack.push({ id: G.nextStackId++, seat });
      G.priority = Number(ctx.currentPlayer);
      G.passes = 0;
      return undefined;
    },
  },
};

export const boardgameio: Contestant = {
  id: 'boardgameio',
  label: 'boardgame.io client',
  open(seats) {
    const client = Client({ game: bgioGame, numPlayers: seats.length, debug: false });
    client.start();
    const index = new Map(seats.map((seat, i) => [seat, i]));
    return {
      play(stream, deadline = Infinity) {
        for (let i = 0; i < stream.length; i++) {
          if ((i & 255) === 0 && performance.now() > deadline) return i;
          const event = stream[i] as StreamEvent;
          const seat = index.get(event.seat) as number;
          if (event.type === 'engine.pass') client.moves.pass(seat);
          else client.moves.cast(seat, event.payload.card);
        }
        return stream.length;
      },
      outcome() {
        const { G, ctx } = client.getState() as { G: BgState; ctx: BgCtx };
        const active = Number(ctx.currentPlayer);
        return {
          plies: G.plies,
          turn: ctx.turn,
          round: Math.floor((ctx.turn - 1) / seats.length) + 1, // boardgame.io keeps no rounds: derived from the turn
          phase: PHASES[G.phase] as string,
          activeSeat: seats[active] as string,
          prioritySeat: seats[G.priority] ?? null,
          passes: G.passes,
          stack: G.stack.map(({ id, seat }) => ({ id, seat: seats[seat] as string })),
          nextStackId: G.nextStackId,
        };
      },
      stop: () => client.stop(),
    };
  },
};

/** Every contestant of the throughput table, plystack first. */
export const CONTESTANTS: readonly Contestant[] = [plystack, xstateFlat, xstateShaped, reducer, boardgameio];
