/**
 * A table that lives in the page: played by clicking, watched through its
 * actor (the transitions each move takes, what it emits).
 */

import {
  type AnyGame,
  createTable,
  type PlayResult,
  type Ply,
  replayLog,
  type Table,
  type TableInput,
  type TableLog,
} from 'plystack';
import { type ChartState, chartFromDefinition, machineDefinition, takenTransitionId } from 'plystack/inspect';
import { addEmitted, EventLog, moveText } from './events.js';
import { Notifier } from './notifier.js';
import { PlyEvents } from './plyEvents.js';

const charts = new WeakMap<object, ChartState>();

/** The chart of a table's machine, built once per machine. */
export function chartOf(table: Table): ChartState {
  const machine = table.actor.logic;
  let chart = charts.get(machine);
  if (chart === undefined) {
    chart = chartFromDefinition(machineDefinition(machine));
    charts.set(machine, chart);
  }
  return chart;
}

let counter = 0;

/** A loaded log's refused move: its index (from 0), the move and why. */
export interface LoadProblem {
  readonly move: number;
  readonly played: unknown;
  readonly code: string;
  readonly message: string;
  readonly reason?: string;
  readonly applied: number;
}

/**
 * The property a verifier's counterexample breaks: a log with a `violation` member (`{ check, message, at }`, `at` the
 * moves applied when the violation shows, 0 for the opening).
 */
export interface Violation {
  readonly check: string;
  readonly message: string;
  readonly at: number;
  /** The ply the page opens at: the last ply of move `at - 1` (0, the opening, when `at` is 0). */
  readonly ply: number;
}

/**
 * A log's `violation` member read, or why it cannot be (a sentence); null when the log has none.
 *
 * @example
 * readViolation({ violation: { check: 'dead-end', message: 'no seat may act', at: 3 } }) // { check: 'dead-end', … }
 */
export function readViolation(log: unknown): Omit<Violation, 'ply'> | string | null {
  if (typeof log !== 'object' || log === null || !('violation' in log)) return null;
  const v = (log as { violation: unknown }).violation;
  if (typeof v !== 'object' || v === null) return 'its violation is not an object';
  const { check, message, at } = v as Record<string, unknown>;
  if (typeof check !== 'string' || check === '') return 'its violation names no check';
  if (typeof message !== 'string') return 'its violation has no message';
  if (typeof at !== 'number' || !Number.isInteger(at) || at < 0)
    return 'its violation.at is not a whole number of moves';
  return { check: check.slice(0, 200), message: message.slice(0, 2000), at };
}

export class LocalSession {
  readonly kind = 'local' as const;
  readonly id = `local-${++counter}`;
  readonly chart: ChartState;
  /** The seats in table order: they never change. */
  readonly seats: readonly string[];
  readonly events = new EventLog();
  /** Why a loaded log stops short: the move that was refused, and the refusal. */
  problem: LoadProblem | null = null;
  /** The property a loaded counterexample breaks, and where. */
  violation: Violation | null = null;
  /** Transition ids the last move took. */
  taken: readonly string[] = [];
  private pending: string[] = [];
  private readonly notifier = new Notifier();
  private pliesCache: { count: number; plies: readonly Ply[] } = { count: -1, plies: [] };
  private count: number;

  constructor(
    readonly table: Table,
    readonly name: string,
  ) {
    this.chart = chartOf(table);
    this.count = table.plies.length;
    this.seats = table.log.seats;
    const { actor } = table;
    actor.system.inspect((event) => {
      if (event.actorRef !== actor) return;
      if (event.type === '@xstate.event') this.pending = [];
      else if (event.type === '@xstate.microstep') this.pending.push(...event._transitions.map(takenTransitionId));
    });
    actor.on('*', (event) => {
      this.count = addEmitted(this.events, event, this.count);
    });
    actor.subscribe(() => {
      this.taken = this.pending;
      this.bump();
    });
  }

  /** Every ply so far; rebuilt only when a ply was added. */
  get plies(): readonly Ply[] {
    if (this.pliesCache.count !== this.count) this.pliesCache = { count: this.count, plies: this.table.plies };
    return this.pliesCache.plies;
  }

  /** How many plies the table has, kept from its `ply.recorded` events. */
  get plyCount(): number {
    return this.count;
  }

  /** Plays a move; a refusal goes to the event log and comes back as a value. */
  play(move: unknown): PlayResult {
    const result = this.table.tryPlay(move as never);
    if (!result.ok) {
      const detail = {
        move,
        code: result.error.code,
        message: result.error.message,
        ...(result.error.reason === undefined ? {} : { reason: result.error.reason }),
      };
      this.events.add(
        'refused',
        result.error.code,
        `refused ${moveText((move ?? {}) as object)}: ${result.error.code}: ${result.error.message}`,
        detail,
        this.count,
      );
      this.bump();
    }
    return result;
  }

  note(text: string): void {
    this.events.add('note', 'note', text, undefined, this.count);
    this.bump();
  }

  subscribe = (listener: () => void) => this.notifier.subscribe(listener);

  getVersion = () => this.notifier.version;

  private bump() {
    this.notifier.changed();
  }
}

/**
 * A new in-page table of `game`.
 *
 * @example
 * openLocal(mundane, { table: 'table:demo', seats: ['seat:ann', 'seat:bob'], seed: 7 })
 */
export function openLocal(game: AnyGame, input: TableInput): LocalSession {
  const session = new LocalSession(createTable(game, input), input.table);
  session.note(
    `opened ${input.table}: ${game.title}, seats ${input.seats.join(', ')}, seed ${JSON.stringify(session.table.log.seed)}`,
  );
  return session;
}

/**
 * An in-page table rebuilt from a log file; a refused move stops the replay there, with a note saying why.
 *
 * @example
 * openLog(JSON.parse(text))
 */
export function openLog(log: unknown): LocalSession {
  const { table, applied, error } = replayLog(log);
  const session = new LocalSession(table, `${table.log.table} (loaded)`);
  linesOfPlies(session, table);
  if (error === null) session.note(`loaded ${table.log.table}: ${applied} moves replayed`);
  else {
    const moves = (log as { moves?: unknown }).moves;
    const played = Array.isArray(moves) ? moves[error.move ?? applied] : undefined;
    session.problem = {
      move: error.move ?? applied,
      played,
      code: error.code,
      message: error.message,
      ...(error.reason === undefined ? {} : { reason: error.reason }),
      applied,
    };
    session.note(
      `loaded ${table.log.table}: only the first ${applied} moves; move ${error.move ?? applied} was refused: ${error.code}: ${error.message}`,
    );
  }
  const violation = readViolation(log);
  if (typeof violation === 'string') session.note(`the log's violation is left out: ${violation}`);
  else if (violation !== null) {
    // The plies of the moves before `at`: the table as it stood when the violation showed.
    const ply = table.plies.filter((p) => p.moveIndex < violation.at).length;
    session.violation = { ...violation, ply };
    session.note(`broken: ${violation.check}: ${violation.message} (after ${violation.at} moves)`);
  }
  return session;
}

/**
 * The event lines of a loaded log's plies, made as a remote table's are (played again on the fast runner), so a loaded
 * game lists what it emitted as if it had been played here; none when the page cannot make them.
 */
function linesOfPlies(session: LocalSession, table: Table): void {
  const { moves: _moves, ...opening } = table.log;
  const made = PlyEvents.ofOpening(opening);
  if (made === null || !made.advance(table.plies)) return;
  for (const line of made.events.entries) session.events.add(line.kind, line.type, line.text, line.detail, line.ply);
}

/**
 * The same table from its opening again: a new session with the first log's
 * opening and no moves, under the same name.
 *
 * @example
 * const fresh = resetSession(session)
 */
export function resetSession(session: LocalSession): LocalSession {
  const fresh = new LocalSession(session.table.branch(0), session.name);
  fresh.note(`reset ${session.name} to its opening`);
  return fresh;
}

/** The log of a session as a file's text. */
export function logText(log: TableLog): string {
  return `${JSON.stringify(log, null, 2)}\n`;
}
