/**
 * The contestants of the turn-progression streams (bench/turnStreams.ts):
 *
 * - plystack        `createTable(sandbox, …)` with one game phase `main` (Circular with
 *                   `allowSelfSuccessor`, or Simultaneous) + `table.play(move)` for every move
 * - xstate-flat     a bare XState 5.33 actor: ONE state, everything in the context, each
 *                   move one guarded transition with one `assign`
 * - reducer         `circularStep` / `simultaneousStep`, immutable updates
 * - boardgameio     boardgame.io 0.50.2's `Client`: the circular table as a custom
 *                   `turn.order` (`next` from the direction and pending skips in G) with
 *                   `events.endTurn()`; the simultaneous round as `turn.activePlayers`
 *                   ALL, each seat's end of turn `events.endStage()`, and `turn.endIf`
 *                   when no seat is left
 *
 * There is no table-shaped bare actor for these streams: the issue asks for one bare
 * actor "with the same minimal logic", and the table's chart for turn progression
 * (game phases as states, a turn region per strategy) has no minimal counterpart that
 * would not be a copy of plystack's chart.
 */

import { createRequire } from 'node:module';
import { and, assign, createActor, not, setup } from 'xstate';
import { sandbox } from '../src/games/index.js';
import { createTable, type Table } from '../src/index.js';
import { type Contestant, type PlystackRun, type Run, tableRun } from './contestants.js';
import {
  type CircularOutcome,
  type CircularState,
  circularOpening,
  circularOutcome,
  circularStep,
  type SimultaneousOutcome,
  type SimultaneousState,
  simultaneousOpening,
  simultaneousOutcome,
  simultaneousStep,
  type TurnEvent,
} from './turnStreams.js';

// ─── plystack: the sandbox table ─────────────────────────────────────────────

export const CIRCULAR_OPTIONS = {
  phases: [{ name: 'main', turns: { strategy: 'Circular', circular: { allowSelfSuccessor: true } } }],
};
export const SIMULTANEOUS_OPTIONS = { phases: [{ name: 'main', turns: { strategy: 'Simultaneous' } }] };

const playedOf = (table: Table): Record<string, number> => {
  const seats = table.state.seats as Record<string, { played: number }>;
  return Object.fromEntries(Object.entries(seats).map(([seat, view]) => [seat, view.played]));
};

/** The circular outcome of a sandbox table, read through its public state. */
export function circularTableOutcome(table: Table): CircularOutcome {
  const state = table.state;
  return {
    plies: table.context.plies.size,
    turn: state.turn,
    round: state.round,
    activeSeat: state.activeSeat as string,
    direction: state.direction as 1 | -1,
    played: playedOf(table),
  };
}

/** The simultaneous outcome of a sandbox table, read through its public state. */
export function simultaneousTableOutcome(table: Table): SimultaneousOutcome {
  const state = table.state;
  return {
    plies: table.context.plies.size,
    turn: state.turn,
    round: state.round,
    toAct: [...state.toAct],
    played: playedOf(table),
  };
}

type SandboxRun = Omit<PlystackRun, 'outcome'> & Run;

function sandboxRun(
  options: object,
  outcome: (table: Table) => CircularOutcome | SimultaneousOutcome,
  seats: readonly string[],
): SandboxRun {
  return tableRun(createTable(sandbox, { table: 'table:bench', seats: [...seats], seed: 1, options }), outcome);
}

export const plystackCircular: Contestant<SandboxRun> = {
  id: 'plystack',
  label: 'plystack table',
  open: (seats) => sandboxRun(CIRCULAR_OPTIONS, circularTableOutcome, seats),
};
export const plystackSimultaneous: Contestant<SandboxRun> = {
  id: 'plystack',
  label: 'plystack table',
  open: (seats) => sandboxRun(SIMULTANEOUS_OPTIONS, simultaneousTableOutcome, seats),
};

// ─── bare XState, flat ───────────────────────────────────────────────────────

interface BareInput {
  readonly seats: readonly string[];
}
const bumped = (played: readonly number[], seat: number): number[] => {
  const next = played.slice();
  next[seat] = (next[seat] as number) + 1;
  return next;
};

/** The circular table as one state: each move one guarded transition with one assign. */
export const circularMachine = setup({
  types: { context: {} as CircularState, events: {} as TurnEvent, input: {} as BareInput },
  guards: {
    isActive: ({ context, event }) => context.seats[context.active] === event.seat,
  },
  actions: {
    play: assign(({ context }) => ({ plies: context.plies + 1, played: bumped(context.played, context.active) })),
    reverse: assign(({ context }) => ({
      plies: context.plies + 1,
      played: bumped(context.played, context.active),
      direction: context.direction === 1 ? (-1 as const) : (1 as const),
    })),
    skip: assign(({ context }) => ({
      plies: context.plies + 1,
      played: bumped(context.played, context.active),
      pending: context.pending + 1,
    })),
    endTurn: assign(({ context }) => {
      const n = context.seats.length;
      return {
        plies: context.plies + 1,
        active: (((context.active + context.direction * (1 + context.pending)) % n) + n) % n,
        pending: 0,
        turn: context.turn + 1,
        activations: context.activations + 1,
      };
    }),
  },
}).createMachine({
  id: 'circular',
  context: ({ input }) => circularOpening(input.seats),
  on: {
    play: { guard: 'isActive', actions: 'play' },
    reverse: { guard: 'isActive', actions: 'reverse' },
    skip: { guard: 'isActive', actions: 'skip' },
    'engine.end-turn': { guard: 'isActive', actions: 'endTurn' },
  },
});

const bit = (context: SimultaneousState, seat: string): number => 1 << context.seats.indexOf(seat);

/** The simultaneous round as one state: each move one guarded transition with one assign. */
export const simultaneousMachine = setup({
  types: { context: {} as SimultaneousState, events: {} as TurnEvent, input: {} as BareInput },
  guards: {
    isToAct: ({ context, event }) =>
      context.seats.includes(event.seat) && (context.toAct & bit(context, event.seat)) !== 0,
    isLastToAct: ({ context, event }) => context.toAct === bit(context, event.seat),
  },
  actions: {
    play: assign(({ context, event }) => ({
      plies: context.plies + 1,
      played: bumped(context.played, context.seats.indexOf(event.seat)),
    })),
    endOwnTurn: assign(({ context, event }) => ({
      plies: context.plies + 1,
      toAct: context.toAct & ~bit(context, event.seat),
    })),
    endRound: assign(({ context }) => ({
      plies: context.plies + 1,
      toAct: (1 << context.seats.length) - 1,
      round: context.round + 1,
    })),
  },
}).createMachine({
  id: 'simultaneous',
  context: ({ input }) => simultaneousOpening(input.seats),
  on: {
    play: { guard: 'isToAct', actions: 'play' },
    'engine.end-turn': [
      { guard: and(['isToAct', 'isLastToAct']), actions: 'endRound' },
      { guard: and(['isToAct', not('isLastToAct')]), actions: 'endOwnTurn' },
    ],
  },
});

function bareRun<C extends CircularState | SimultaneousState>(
  machine: typeof circularMachine | typeof simultaneousMachine,
  outcome: (context: C) => CircularOutcome | SimultaneousOutcome,
  seats: readonly string[],
): Run {
  const actor = createActor(machine as typeof circularMachine, { input: { seats } }).start();
  return {
    play(stream) {
      for (let i = 0; i < stream.length; i++) actor.send(stream[i] as TurnEvent);
      return stream.length;
    },
    outcome: () => outcome(actor.getSnapshot().context as unknown as C),
    stop: () => actor.stop(),
  };
}

export const xstateCircular: Contestant = {
  id: 'xstate-flat',
  label: 'bare XState, flat',
  open: (seats) => bareRun(circularMachine, circularOutcome, seats),
};
export const xstateSimultaneous: Contestant = {
  id: 'xstate-flat',
  label: 'bare XState, flat',
  open: (seats) => bareRun(simultaneousMachine, simultaneousOutcome, seats),
};

// ─── plain reducer ───────────────────────────────────────────────────────────

function reducerRun<S>(
  opening: S,
  reduce: (state: S, event: TurnEvent) => S,
  outcome: (state: S) => CircularOutcome | SimultaneousOutcome,
): Run {
  let state = opening;
  return {
    play(stream) {
      for (let i = 0; i < stream.length; i++) state = reduce(state, stream[i] as TurnEvent);
      return stream.length;
    },
    outcome: () => outcome(state),
    stop: () => undefined,
  };
}

export const reducerCircular: Contestant = {
  id: 'reducer',
  label: 'plain reducer',
  open: (seats) => reducerRun(circularOpening(seats), circularStep, circularOutcome),
};
export const reducerSimultaneous: Contestant = {
  id: 'reducer',
  label: 'plain reducer',
  open: (seats) => reducerRun(simultaneousOpening(seats), simultaneousStep, simultaneousOutcome),
};

// ─── boardgame.io ────────────────────────────────────────────────────────────

interface BgCtx {
  readonly numPlayers: number;
  readonly currentPlayer: string;
  readonly playOrderPos: number;
  readonly turn: number;
  readonly activePlayers: Record<string, string> | null;
}
interface BgClient<G> {
  start(): void;
  stop(): void;
  readonly moves: Record<string, (...args: unknown[]) => void>;
  readonly events: { endTurn(): void; endStage(): void };
  updatePlayerID(id: string | null): void;
  getState(): { G: G; ctx: BgCtx } | null;
}

const require = createRequire(import.meta.url);
const { Client } = require('boardgame.io/client') as {
  Client: (opts: { game: object; numPlayers: number; debug: boolean; playerID?: string }) => BgClient<never>;
};
const { INVALID_MOVE, ActivePlayers } = require('boardgame.io/core') as {
  INVALID_MOVE: string;
  ActivePlayers: { ALL: object };
};

interface BgCircular {
  direction: 1 | -1;
  pending: number;
  plies: number;
  played: number[];
}

/** The circular table, the boardgame.io way: a custom turn order reads the direction and pending skips from G. */
export const bgioCircularGame = {
  name: 'circular-stream',
  setup: ({ ctx }: { ctx: BgCtx }): BgCircular => ({
    direction: 1,
    pending: 0,
    plies: 0,
    played: Array.from({ length: ctx.numPlayers }, () => 0),
  }),
  turn: {
    order: {
      first: () => 0,
      next: ({ G, ctx }: { G: BgCircular; ctx: BgCtx }) =>
        (((ctx.playOrderPos + G.direction * (1 + G.pending)) % ctx.numPlayers) + ctx.numPlayers) % ctx.numPlayers,
    },
    onBegin: ({ G }: { G: BgCircular }) => {
      G.pending = 0;
    },
    // The end of a turn is the event endTurn, not a move: count its ply here.
    onEnd: ({ G }: { G: BgCircular }) => {
      G.plies++;
    },
  },
  moves: {
    play: ({ G, ctx }: { G: BgCircular; ctx: BgCtx }, seat: number) => {
      if (seat !== Number(ctx.currentPlayer)) return INVALID_MOVE;
      G.plies++;
      (G.played[seat] as number)++;
      return undefined;
    },
    reverse: ({ G, ctx }: { G: BgCircular; ctx: BgCtx }, seat: number) => {
      if (seat !== Number(ctx.currentPlayer)) return INVALID_MOVE;
      G.plies++;
      (G.played[seat] as number)++;
      G.direction = G.direction === 1 ? -1 : 1;
      return undefined;
    },
    skip: ({ G, ctx }: { G: BgCircular; ctx: BgCtx }, seat: number) => {
      if (seat !== Number(ctx.currentPlayer)) return INVALID_MOVE;
      G.plies++;
      (G.played[seat] as number)++;
      G.pending++;
      return undefined;
    },
  },
};

interface BgSimultaneous {
  plies: number;
  played: number[];
}

/**
 * The simultaneous round, the boardgame.io way: every player active (ActivePlayers.ALL), each ends its own
 * stage with `done` (events.endStage), and the turn ends when no player is left active.
 */
export const bgioSimultaneousGame = {
  name: 'simultaneous-stream',
  setup: ({ ctx }: { ctx: BgCtx }): BgSimultaneous => ({
    plies: 0,
    played: Array.from({ length: ctx.numPlayers }, () => 0),
  }),
  turn: {
    activePlayers: ActivePlayers.ALL,
    endIf: ({ ctx }: { ctx: BgCtx }) => ctx.activePlayers === null,
  },
  moves: {
    play: ({ G, playerID }: { G: BgSimultaneous; playerID: string }) => {
      G.plies++;
      (G.played[Number(playerID)] as number)++;
    },
    done: ({ G, events }: { G: BgSimultaneous; events: { endStage(): void } }) => {
      G.plies++;
      events.endStage();
    },
  },
};

function bgioRun<G>(
  game: object,
  seats: readonly string[],
  send: (client: BgClient<G>, event: TurnEvent, seat: number) => void,
  outcome: (G: G, ctx: BgCtx) => CircularOutcome | SimultaneousOutcome,
): Run {
  const client = Client({ game, numPlayers: seats.length, debug: false }) as unknown as BgClient<G>;
  client.start();
  const index = new Map(seats.map((seat, i) => [seat, i]));
  return {
    play(stream, deadline = Infinity) {
      for (let i = 0; i < stream.length; i++) {
        if ((i & 255) === 0 && performance.now() > deadline) return i;
        const event = stream[i] as TurnEvent;
        send(client, event, index.get(event.seat) as number);
      }
      return stream.length;
    },
    outcome() {
      const { G, ctx } = client.getState() as { G: G; ctx: BgCtx };
      return outcome(G, ctx);
    },
    stop: () => client.stop(),
  };
}

const playedBySeat = (seats: readonly string[], played: readonly number[]) =>
  Object.fromEntries(seats.map((seat, i) => [seat, played[i] as number]));

export const bgioCircular: Contestant = {
  id: 'boardgameio',
  label: 'boardgame.io client',
  open: (seats) =>
    bgioRun<BgCircular>(
      bgioCircularGame,
      seats,
      (client, event, seat) =>
        event.type === 'engine.end-turn' ? client.events.endTurn() : client.moves[event.type]?.(seat),
      (G, ctx) => ({
        plies: G.plies,
        turn: ctx.turn,
        round: Math.floor((ctx.turn - 1) / seats.length) + 1, // boardgame.io keeps no rounds: derived from the turn
        activeSeat: seats[Number(ctx.currentPlayer)] as string,
        direction: G.direction,
        played: playedBySeat(seats, G.played),
      }),
    ),
};

export const bgioSimultaneous: Contestant = {
  id: 'boardgameio',
  label: 'boardgame.io client',
  open(seats) {
    // One client, no server: the client acts as one player at a time, so it is switched to the seat that moves.
    let current: string | null = null;
    return bgioRun<BgSimultaneous>(
      bgioSimultaneousGame,
      seats,
      (client, event, seat) => {
        const id = String(seat);
        if (id !== current) {
          current = id;
          client.updatePlayerID(id);
        }
        (event.type === 'engine.end-turn' ? client.moves.done : client.moves.play)?.();
      },
      (G, ctx) => ({
        plies: G.plies,
        turn: ctx.turn,
        round: ctx.turn, // one boardgame.io turn per round
        toAct: seats.filter((_, i) => ctx.activePlayers !== null && String(i) in ctx.activePlayers),
        played: playedBySeat(seats, G.played),
      }),
    );
  },
};

export const CIRCULAR_CONTESTANTS: readonly Contestant[] = [
  plystackCircular,
  xstateCircular,
  reducerCircular,
  bgioCircular,
];
export const SIMULTANEOUS_CONTESTANTS: readonly Contestant[] = [
  plystackSimultaneous,
  xstateSimultaneous,
  reducerSimultaneous,
  bgioSimultaneous,
];
