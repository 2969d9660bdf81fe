/**
 * `createTableTestModel`: model-based tests of a game's turn structure, for
 * any game. The table machine of the game is walked with `xstate/graph` over a
 * bounded abstraction (src/testing/traversal.ts), and every path is replayed
 * on a real actor, so what a path expects and what it covers are what XState
 * really did, not what the abstraction guessed.
 */

import { createActor, type InspectionEvent } from 'xstate';
import { DEMO_SEATS } from '../bots/autoplay.js';
import { InvalidTable } from '../core/errors.js';
import type { Move } from '../core/move.js';
import type { Seed } from '../core/random.js';
import type { AnyGame } from '../definition/game.js';
import { gate } from '../engine/gate.js';
import type { TableInput } from '../engine/input.js';
import { seatlessMoves } from '../engine/legalMoves.js';
import { unusedEngineMove } from '../engine/rules.js';
import { createTable } from '../table/table.js';
import {
  CoverageRecorder,
  type CoverageReport,
  formatReport,
  inventory,
  parallelRegions,
  region,
  report,
} from './coverage.js';
import { describeMove, describePath } from './describe.js';
import {
  checkOpening,
  checkPath,
  type ExpectedState,
  expectedOf,
  type RefusedOpening,
  type TablePath,
  type TablePathStep,
} from './path.js';
import {
  type Abstraction,
  defaultAbstraction,
  defaultMoveKind,
  edgeKey,
  publicState,
  shortestTablePaths,
  stackBound,
  tableEvents,
} from './traversal.js';

/** How to build a test model of a game. */
export interface TableTestModelOptions {
  /** How many seats (named `seat:ann`, `seat:bob`, …), or the seat ids in table order. */
  readonly seats: number | readonly string[];
  /** The game's options, as a table gets them. */
  readonly options?: unknown;
  /** The table's seed (default 1): the paths replay only with the same seed. */
  readonly seed?: Seed;
  /** The table id (default `table:paths`). */
  readonly table?: string;
  /**
   * What tells two states of the table apart, as a string (default:
   * `defaultAbstraction`, which keeps the chart value, status, turn, phase,
   * passes, stack depth and where priority is, and drops the game's pieces).
   * Keep more to get more paths; drop more to get fewer.
   */
  readonly abstraction?: Abstraction;
  /** Nothing past this turn is explored (default: the seat count plus one, so the turn goes round once). */
  readonly maxTurns?: number;
  /** A move that would stack more items than this is not offered (default 2: a response on top of a card). */
  readonly maxStack?: number;
  /** States and transitions unreachable by design, by name (as coverage prints them), with the reason. */
  readonly unreachable?: Readonly<Record<string, string>>;
  /** How many states the traversal may take before it gives up (default 50,000). */
  readonly limit?: number;
}

/** Something the paths do not reach, and why. */
export interface Unreached {
  readonly name: string;
  readonly reason: string;
}

/** What the paths cover: the whole machine, each parallel region, and what they do not reach. */
export interface TableCoverage {
  /** The whole machine, labelled with the game's id, with the generation time. */
  readonly total: CoverageReport;
  /** One report per parallel region, by the region's key. */
  readonly regions: readonly CoverageReport[];
  /** Every state and transition no path reached, by name, with the reason: first what the bounds left out, then what was declared unreachable. */
  readonly unreached: readonly Unreached[];
  /** Names declared unreachable that a path reached after all, or that the machine does not have. */
  readonly stale: readonly string[];
  /** Generating the paths (traversal and replays), in milliseconds. */
  readonly milliseconds: number;
}

/** The test model of a game's turn structure. */
export interface TableTestModel {
  readonly game: AnyGame;
  /** What every path opens its table with. */
  readonly input: TableInput;
  readonly paths: readonly TablePath[];
  readonly refusedOpenings: readonly RefusedOpening[];
  readonly coverage: TableCoverage;
  /**
   * Plays `path` on a new table through `createTable` and `table.play`, and
   * throws an `Error` naming the step and the fields where the table leaves
   * the model. A refused step must be refused with its code by `table.play`
   * and, sent straight to `table.actor`, by the chart itself, changing nothing.
   */
  check(path: TablePath): void;
  /** Opens the refused table and throws unless `createTable` refuses it with the expected code and path. */
  checkOpening(opening: RefusedOpening): void;
}

function whereIs(state: ExpectedState): string {
  if (state.status === 'over') return `over after turn ${state.turn}`;
  return `turn ${state.turn} ${state.phase}${state.stack > 0 ? `, stack ${state.stack}` : ''}`;
}

function seatIds(seats: number | readonly string[]): string[] {
  if (typeof seats !== 'number') return [...seats];
  if (!Number.isInteger(seats) || seats < 1 || seats > DEMO_SEATS.length) {
    throw new RangeError(`seats: a whole number from 1 to ${DEMO_SEATS.length}, or the seat ids; not ${seats}`);
  }
  return DEMO_SEATS.slice(0, seats);
}

/**
 * A test model of `game`'s turn structure: paths from the opening that, taken
 * together, reach every state and every transition of the game's table machine
 * that a table of these seats and options can reach within the bounds, each
 * with a readable description and the state the table must show after every
 * step; a table the engine must refuse to open; and the coverage, with
 * anything not reached listed by name. Throws `InvalidTable` when the seats or
 * options do not open a table.
 *
 * @example
 * const model = createTableTestModel(mundane, { seats: 2, options: { turns: 2 } })
 * for (const path of model.paths) it(path.description, () => model.check(path))
 * console.log(formatCoverage(model.coverage).join('\n'))
 */
export function createTableTestModel(game: AnyGame, options: TableTestModelOptions): TableTestModel {
  const started = performance.now();
  const seats = seatIds(options.seats);
  const input: TableInput = {
    table: options.table ?? 'table:paths',
    seats,
    seed: options.seed ?? 1,
    options: options.options ?? {},
  };
  // Opening a table checks the seats and options (InvalidTable names the field), and gives the very machine tables of them run.
  const probe = createTable(game, input);
  const machine = probe.actor.logic;
  const plan = probe.context.opening.structure;
  probe.stop();
  const maxTurns = options.maxTurns ?? seats.length + 1;
  const maxStack = options.maxStack ?? 2;
  const { kept } = shortestTablePaths(machine, {
    input,
    serializeState: edgeKey(options.abstraction ?? defaultAbstraction(game), defaultMoveKind(game)),
    events: tableEvents(game, seatlessMoves(game, input.options)),
    filterEvents: stackBound(machine, game, maxStack),
    stopWhen: (snapshot) => publicState(game, snapshot).turn > maxTurns,
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
  });

  // Every path is replayed on a real actor: what it expects and covers is what XState did. Paths share their first
  // moves (a shortest path often runs through another's end), and the same moves from the opening give the same step:
  // each step is played once, on an actor restored from the snapshot before it, and keeps what it covered.
  const runs: CoverageRecorder[] = [];
  let covering = new CoverageRecorder();
  const inspect = (event: InspectionEvent) => covering.record(event);
  const openingCovered = covering;
  const openingActor = createActor(machine, { input, inspect }).start();
  const openingSnapshot = openingActor.getSnapshot();
  openingActor.stop();
  const opening = expectedOf(game, openingSnapshot, 0);
  /** Each step played, by the moves from the opening to it: the step, the snapshot after it, the plies recorded so far. */
  const played = new Map<
    string,
    { step: TablePathStep; after: typeof openingSnapshot; plies: number; covered: CoverageRecorder }
  >();
  const paths: TablePath[] = kept.map((graphPath) => {
    const taken = new CoverageRecorder();
    taken.addAll(openingCovered);
    runs.push(taken);
    let actor: ReturnType<typeof createActor<typeof machine>> | undefined;
    // The plies the table records: the notation of a move is the engine's own, and plies count them all.
    const recorded: { notation: string }[] = [];
    let key = '';
    let from = { after: openingSnapshot, plies: 0 };
    const steps: TablePathStep[] = graphPath.steps.slice(1).map(({ event }) => {
      const move = event as Move;
      key += `${JSON.stringify(move)}\n`;
      let done = played.get(key);
      if (done === undefined) {
        if (actor === undefined) {
          actor = createActor(machine, { snapshot: from.after, inspect });
          actor.on('ply.recorded', (e) => recorded.push(e.ply));
          actor.start();
        }
        covering = new CoverageRecorder();
        // Checked once: an allowed move is sent as the gate let it through; a refused one goes to the chart's door.
        const verdict = gate(game, actor.getSnapshot().context, move);
        const refused = verdict.ok ? null : verdict.refusal.code;
        const before = recorded.length;
        actor.send(verdict.ok ? verdict.move : event);
        if (actor.getSnapshot().status === 'error')
          throw new Error(`plystack bug: the table machine failed on ${JSON.stringify(move)}`);
        const plies = from.plies + recorded.length - before;
        const step = {
          move,
          description: describeMove(game, move, refused, recorded[before]?.notation),
          refused,
          expected: expectedOf(game, actor.getSnapshot(), plies),
        };
        done = { step, after: actor.getSnapshot(), plies, covered: covering };
        played.set(key, done);
      }
      taken.addAll(done.covered);
      from = done;
      return done.step;
    });
    actor?.stop();
    const description = describePath(
      steps.map((s) => ({ move: s.move, text: s.description, refused: s.refused, after: whereIs(s.expected) })),
      whereIs(opening),
    );
    return { description, opening, steps };
  });

  // A table with a seat given twice: the opening the chart must refuse, whatever the game.
  const refusedOpenings: RefusedOpening[] = [];
  const first = seats[0] as string;
  const twice = seats.length >= 2 ? [...seats.slice(0, -1), first] : [first, first];
  const refusedInput: TableInput = { ...input, seats: twice };
  const taken = new CoverageRecorder();
  runs.push(taken);
  createActor(machine, { input: refusedInput, inspect: taken.observer() }).start().stop();
  try {
    createTable(game, refusedInput).stop();
  } catch (error) {
    if (!(error instanceof InvalidTable)) throw error;
    refusedOpenings.push({
      description: `a table with ${first} seated twice is refused: ${error.code} at ${error.path}`,
      input: refusedInput,
      code: error.code,
      path: error.path,
    });
  }

  const milliseconds = performance.now() - started;
  const inv = inventory(machine);
  const total = new CoverageRecorder();
  for (const run of runs) total.addAll(run);
  const declared = options.unreachable ?? {};
  const allNames = new Set([
    ...inv.states.map((n) => `state ${n.id}`),
    ...inv.transitions.map((t) => `transition ${t.name}`),
  ]);
  const count = (part: typeof inv) => runs.filter((run) => run.touches(part)).length;
  const whole = { ...report(game.id, inv, total, count(inv), declared), milliseconds };
  const bound = `no path reached it within the bounds (turns up to ${maxTurns}, a stack up to ${maxStack} deep): the game may never allow it, or not that soon; if it is unreachable by design, declare it in \`unreachable\` with the reason`;
  const reasonFor = (name: string) => {
    // A transition on an engine move the game has no use for: the game's own words say why.
    const type = /^transition \S+ on (\S+) #/.exec(name)?.[1];
    const unused = type === undefined ? null : unusedEngineMove(game, plan, type);
    return unused === null ? bound : `${game.id} refuses ${type}: ${unused.message}`;
  };
  const unreached: Unreached[] = [
    ...whole.missing.map((name) => ({ name, reason: reasonFor(name) })),
    ...whole.unreachable,
  ];
  const coverage: TableCoverage = {
    total: whole,
    regions: parallelRegions(machine).map(({ label, id }) => {
      const part = region(inv, id);
      return report(label, part, total, count(part), declared);
    }),
    unreached,
    stale: [...whole.staleAllowances, ...Object.keys(declared).filter((name) => !allNames.has(name))],
    milliseconds,
  };

  const judged = new Set<string>();
  return {
    game,
    input,
    paths,
    refusedOpenings,
    coverage,
    // The paths share their first moves: a state one path's check judged is not judged again by the next.
    check: (path) => checkPath(game, input, path, judged),
    checkOpening: (opening) => checkOpening(game, opening),
  };
}

/**
 * The coverage as lines for a person: one per region, the whole machine with
 * the generation time, then what no path reached, each with its reason.
 *
 * @example
 * formatCoverage(model.coverage) // ['coverage turn: states 8/8 (100%), …', …, 'coverage mundane: states 18/18 (100%), …, generated in 640 ms']
 */
export function formatCoverage(coverage: TableCoverage): string[] {
  return [
    ...coverage.regions.map(formatReport),
    formatReport(coverage.total),
    ...coverage.unreached.map((u) => `  unreached: ${u.name}: ${u.reason}`),
    ...coverage.stale.map((name) => `  declared unreachable, but reached or unknown: ${name}`),
  ];
}
