/**
 * Remote tables: the page's connection to the relay, and one session per actor
 * an app inspects. Speaks `@statelyai/inspect`'s wire format, so any XState v5
 * app shows up; a plystack table's `snapshot.plystack` adds its public state,
 * plies and legal moves.
 */
import {
  activeStateIds, chartFromDefinition, guessTakenTransitions, PAGE_PATH,
  type ChartState, type Ply, type PlystackActorInfo, type PlystackSnapshotInfo, type RelayMessage,
} from '../../../src/index.js';
import { emittedText, EventLog, moveText } from './events.js';
import { Notifier } from './notifier.js';

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
  events = new EventLog();
  taken: readonly string[] = [];
  open = true;
  version = 0;
  private lastEvent = '';

  constructor(readonly id: string, name: string) {
    this.name = name;
  }

  /** Whether every ply from the first is here: then the table can be replayed in the page. */
  get complete(): boolean {
    return this.info !== null && this.pliesFrom === 0 && this.plies.length === this.info.plies.total;
  }

  receive(event: Wire): void {
    this.version++;
    if (event.type === '@xstate.actor') {
      if (typeof event.definition === 'string') {
        try {
          this.chart = chartFromDefinition(JSON.parse(event.definition));
        } catch {
          this.chart = null;
        }
      }
      if (typeof event.name === 'string' && this.table === null) this.name = event.name;
      this.takeSnapshot(event.snapshot, false);
      return;
    }
    if (event.type === '@xstate.event') {
      const e = (event.event ?? {}) as { type?: string };
      this.lastEvent = String(e.type ?? '');
      this.events.add('move', this.lastEvent, `event ${moveText(e)}`, e);
      return;
    }
    if (event.type === '@xstate.snapshot') this.takeSnapshot(event.snapshot, true);
  }

  private takeSnapshot(raw: unknown, moved: boolean) {
    if (typeof raw !== 'object' || raw === null) return;
    const snapshot = raw as { value?: unknown; status?: string; context?: unknown; plystack?: PlystackSnapshotInfo };
    const before = this.chart === null ? null : activeStateIds(this.chart, this.value);
    this.value = snapshot.value;
    this.status = snapshot.status ?? 'active';
    this.context = snapshot.context;
    const plystack = snapshot.plystack;
    if (plystack !== undefined) {
      this.info = plystack;
      this.table = plystack.table;
      this.name = plystack.table.name;
      this.merge(plystack.plies.from, plystack.plies.items as Ply[]);
      for (const e of plystack.emitted) this.events.add('emitted', e.type, emittedText(e), e);
    }
    if (!moved) return;
    if (plystack !== undefined) this.taken = plystack.transitions;
    else if (this.chart !== null && before !== null) this.taken = guessTakenTransitions(this.chart, before, activeStateIds(this.chart, this.value), this.lastEvent);
  }

  /** Adds a window of plies; appending (the usual case) costs the window, not the game. */
  private merge(from: number, items: Ply[]) {
    const end = this.pliesFrom + this.plies.length;
    if (from > end || from < this.pliesFrom) {
      this.pliesFrom = from;
      this.plies = [];
    } else {
      this.plies.length = from - this.pliesFrom;
    }
    for (const ply of items) this.plies.push(ply);
  }
}

/** The relay's page socket address: this page's host, or `?relay=ws://…`. */
export function relayUrl(): string | null {
  const given = new URLSearchParams(location.search).get('relay');
  if (given !== null) return given;
  if (location.protocol !== 'http:' && location.protocol !== 'https:') return null;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${PAGE_PATH}`;
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
        if (session !== undefined) (session.open = false), session.version++;
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
