/**
 * Remote tables: the page's connection to the relay, and one session per actor
 * an app inspects. Speaks `@statelyai/inspect`'s wire format, so any XState v5
 * app shows up; a plystack table's `snapshot.plystack` adds its public state,
 * plies and legal moves.
 */

import type { Ply } from 'plystack';
import {
  activeStateIds,
  type ChartState,
  chartFromDefinition,
  guessTakenTransitions,
  PAGE_PATH,
  type PlystackActorInfo,
  type PlystackSnapshotInfo,
  type RelayMessage,
} from 'plystack/inspect';
import { type EventEntry, EventLog, emittedText, moveText, withLines } from './events.js';
import { Notifier } from './notifier.js';
import { PlyEvents } from './plyEvents.js';

type Wire = Record<string, unknown> & { type: string; sessionId?: string };

export class RemoteSession {
  readonly kind = 'remote' as const;
  name: string;
  chart: ChartState | null = null;
  value: unknown = undefined;
  status = 'active';
  context: unknown = undefined;
  table: PlystackActorInfo | null = null;
  info: PlystackSnapshotInfo | null = null;
  /** The plies received so far: `plies[i]` is ply `pliesFrom + i`. */
  plies: Ply[] = [];
  pliesFrom = 0;
  /** The lines the app sent: its moves as they reached the table, and what it emitted between two snapshots. */
  events = new EventLog();
  /** The lines made in the page from the plies (`PlyEvents`); undefined: not tried yet, null: they cannot be made. */
  private made: PlyEvents | null | undefined = undefined;
  /** The log last shown, and the lists and lengths it was made of (a log trimmed to its limit is a new list). */
  private shown: { from: readonly unknown[]; entries: readonly EventEntry[] } | null = null;
  taken: readonly string[] = [];
  open = true;
  version = 0;
  /** What the page could not read from the app's last messages (a field of the wrong type), newest last. */
  problems: string[] = [];
  private lastEvent = '';

  constructor(
    readonly id: string,
    name: string,
  ) {
    this.name = name;
  }

  /** Whether every ply from the first is here: then the table can be replayed in the page. */
  get complete(): boolean {
    return this.info !== null && this.pliesFrom === 0 && this.plies.length === this.info.plies.total;
  }

  /** The plies the page has heard of, received or not. */
  get plyTotal(): number {
    return Math.max(this.info?.plies.total ?? 0, this.pliesFrom + this.plies.length);
  }

  /**
   * The event log to show. Made from the plies when the page can (every ply
   * from the first is here and the game is built in): the lines an in-page
   * table would show for them, whenever the page opened, with the refusals the
   * app sent placed after the lines of their ply. Otherwise the lines the app
   * sent.
   */
  get eventEntries(): readonly EventEntry[] {
    const made = this.made;
    if (made === null || made === undefined) return this.events.entries;
    const from = [made.events.entries, made.events.entries.length, this.events.entries, this.events.entries.length];
    if (this.shown === null || from.some((part, i) => part !== this.shown?.from[i]))
      this.shown = {
        from,
        entries: withLines(
          made.events.entries,
          this.events.entries.filter((e) => e.type === 'move.refused'),
        ),
      };
    return this.shown.entries;
  }

  /** Makes the lines of the plies that arrived, from the first ply (a window that starts later leaves them to the app). */
  private makeEvents() {
    if (this.table === null || this.pliesFrom !== 0) {
      this.made = null;
      return;
    }
    if (this.made === undefined) this.made = PlyEvents.open(this.table);
    if (this.made !== null && !this.made.advance(this.plies)) this.made = null;
  }

  private problem(text: string) {
    this.problems = [...this.problems.slice(-9), text];
  }

  receive(event: Wire): void {
    this.version++;
    if (event.type === '@xstate.actor') {
      if (typeof event.definition === 'string') {
        try {
          this.chart = chartFromDefinition(JSON.parse(event.definition));
        } catch (error) {
          this.chart = null;
          this.problem(`definition: ${(error as Error).message}`);
        }
      }
      if (typeof event.name === 'string' && this.table === null) this.name = event.name;
      this.takeSnapshot(event.snapshot, false);
      return;
    }
    if (event.type === '@xstate.event') {
      const e = (event.event ?? {}) as { type?: string };
      this.lastEvent = String(e.type ?? '');
      this.events.add(
        'move',
        this.lastEvent,
        `event ${moveText(typeof e === 'object' && e !== null ? e : {})}`,
        e,
        this.plyTotal + 1,
      );
      return;
    }
    if (event.type === '@xstate.snapshot') this.takeSnapshot(event.snapshot, true);
  }

  private takeSnapshot(raw: unknown, moved: boolean) {
    if (typeof raw !== 'object' || raw === null) return this.problem('snapshot: not an object');
    const snapshot = raw as { value?: unknown; status?: unknown; context?: unknown; plystack?: unknown };
    const before = this.chart === null ? null : activeStateIds(this.chart, this.value);
    this.value = snapshot.value;
    this.status = typeof snapshot.status === 'string' ? snapshot.status : 'active';
    this.context = snapshot.context;
    const plystack = readPlystack(snapshot.plystack, this.info, (text) => this.problem(text));
    if (plystack !== null) {
      this.info = plystack;
      this.table = plystack.table;
      this.name = typeof plystack.table.name === 'string' ? plystack.table.name : this.name;
      this.merge(plystack.plies.from, plystack.plies.items as Ply[]);
      for (const e of plystack.emitted) this.events.add('emitted', String(e.type), emittedText(e), e, this.plyTotal);
      this.makeEvents();
    }
    if (!moved) return;
    if (plystack !== null) this.taken = plystack.transitions;
    else if (this.chart !== null && before !== null)
      this.taken = guessTakenTransitions(this.chart, before, activeStateIds(this.chart, this.value), this.lastEvent);
  }

  /** Adds a window of plies; appending (the usual case) costs the window, not the game. */
  private merge(from: number, items: Ply[]) {
    const end = this.pliesFrom + this.plies.length;
    // Plies other than the next ones: the lines made from the old ones are made again.
    if (from !== end) this.made = undefined;
    if (from > end || from < this.pliesFrom) {
      this.pliesFrom = from;
      this.plies = [];
    } else {
      this.plies.length = from - this.pliesFrom;
    }
    for (const ply of items) this.plies.push(ply);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A snapshot's `plystack` part, read defensively: a part of the wrong type is
 * left out (the previous one kept where there is one) and named in `problem`,
 * so one bad field never takes the page down.
 */
export function readPlystack(
  raw: unknown,
  previous: PlystackSnapshotInfo | null,
  problem: (text: string) => void,
): PlystackSnapshotInfo | null {
  if (raw === undefined) return null;
  if (!isObject(raw)) {
    problem('plystack: not an object');
    return null;
  }
  const table =
    isObject(raw.table) &&
    isObject(raw.table.game) &&
    isObject(raw.table.opening) &&
    Array.isArray(raw.table.opening.seats)
      ? raw.table
      : previous?.table;
  if (table === undefined) {
    problem('plystack.table: not a table description');
    return null;
  }
  if (table !== raw.table) problem('plystack.table: not a table description; the previous one is kept');
  const plies = raw.plies;
  const pliesOk =
    isObject(plies) &&
    Number.isInteger(plies.from) &&
    Number.isInteger(plies.total) &&
    Array.isArray(plies.items) &&
    plies.items.every(isObject);
  if (!pliesOk) problem('plystack.plies: not a window of plies; no ply was added');
  const state = isObject(raw.state) ? raw.state : null;
  if (state === null) problem('plystack.state: not an object');
  const list = (key: string): unknown[] => {
    if (Array.isArray(raw[key])) return raw[key] as unknown[];
    if (raw[key] !== undefined) problem(`plystack.${key}: not a list`);
    return [];
  };
  return {
    ...(raw as unknown as PlystackSnapshotInfo),
    table: table as unknown as PlystackSnapshotInfo['table'],
    plies: pliesOk
      ? (plies as unknown as PlystackSnapshotInfo['plies'])
      : ({ from: previous?.plies.total ?? 0, total: previous?.plies.total ?? 0, items: [] } as never),
    state: state as unknown as PlystackSnapshotInfo['state'],
    transitions: list('transitions').filter((t): t is string => typeof t === 'string'),
    emitted: list('emitted').filter(isObject) as unknown as PlystackSnapshotInfo['emitted'],
    legal: (isObject(raw.legal) ? raw.legal : {}) as PlystackSnapshotInfo['legal'],
  };
}

/** The relay's page socket address: this page's host, or `?relay=ws://…`. */
export function relayUrl(): string | null {
  const given = new URLSearchParams(location.search).get('relay');
  if (given !== null) return given;
  if (location.protocol !== 'http:' && location.protocol !== 'https:') return null;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${PAGE_PATH}`;
}

/** The server table the page was opened to follow (`?follow=ID`, which `plystack inspect --table ID` prints), or null. */
export function followedTableId(): string | null {
  const id = new URLSearchParams(location.search).get('follow');
  return id === null || id === '' ? null : id;
}

export class RemoteStore {
  status: 'connecting' | 'open' | 'offline' = 'connecting';
  /** The address apps send to, as the relay announced it. */
  appUrl: string | null = null;
  readonly sessions = new Map<string, RemoteSession>();
  private readonly notifier = new Notifier();
  private socket: WebSocket | null = null;
  private stopped = false;

  constructor(private readonly url: string | null) {
    if (url === null) this.status = 'offline';
    else this.connect();
  }

  private connect() {
    if (this.url === null || this.stopped) return;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => this.set('open');
    socket.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      try {
        this.receive(JSON.parse(message.data) as Wire);
      } catch {
        // a message the page cannot read is left out; the next snapshot carries the state again
      }
    };
    socket.onclose = () => {
      this.set('offline');
      setTimeout(() => this.connect(), 1500);
    };
  }

  private receive(message: Wire) {
    const relay = message as unknown as RelayMessage;
    if (relay.type === '@plystack.hello') {
      this.appUrl = relay.appUrl;
      // A reconnected page hears everything again: start from a clean list.
      this.sessions.clear();
    } else if (relay.type === '@plystack.closed') {
      for (const id of relay.sessionIds) {
        const session = this.sessions.get(id);
        if (session !== undefined) {
          session.open = false;
          session.version++;
        }
      }
    } else if (typeof message.sessionId === 'string') {
      let session = this.sessions.get(message.sessionId);
      if (session === undefined) {
        session = new RemoteSession(message.sessionId, message.sessionId);
        this.sessions.set(message.sessionId, session);
      }
      session.receive(message);
    }
    this.bump();
  }

  private set(status: RemoteStore['status']) {
    this.status = status;
    this.bump();
  }

  /** The session of the plystack table with this id (`opening.table`): the newest open one, else the newest closed one. */
  sessionOfTable(table: string): RemoteSession | null {
    let found: RemoteSession | null = null;
    for (const session of this.sessions.values())
      if (session.table?.opening.table === table && (session.open || found === null || !found.open)) found = session;
    return found;
  }

  subscribe = (listener: () => void) => this.notifier.subscribe(listener);

  getVersion = () => this.notifier.version;

  stop() {
    this.stopped = true;
    this.socket?.close();
  }

  private bump() {
    this.notifier.changed();
  }
}
