/**
 * A small typed client of the table server (docs/contract.md, "The table server over HTTP"):
 * one token per client; `withToken` gives another. It runs in Node.js (fetch,
 * and the `ws` package for streams) and in browsers (fetch and WebSocket, the
 * token then in the stream's query, as browsers send no headers on a WebSocket).
 */

import type { Move } from '../core/move.js';
import type { AnyGame, MoveOf, ViewedSeatOf } from '../definition/game.js';
import type { Ply, TableState } from '../definition/records.js';

import type { LegalMoves } from '../engine/legalMoves.js';
import type { TableLog } from '../engine/view.js';

/** An answer other than 2xx: its HTTP status and its `{ code, message, … }` body. */
export class ServerError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(`${status} ${code}: ${message}`);
    this.name = 'ServerError';
  }
}

/**
 * A seat the server's bot plays: a uniformly random legal move, or Monte Carlo tree search with
 * `iterations` playouts a move (1 to 100; 25 when left out).
 */
export type BotSeat = { readonly kind: 'random' } | { readonly kind: 'mcts'; readonly iterations?: number };

/** What `create` sends. */
export interface CreateTableRequest {
  readonly game: string;
  readonly seats: readonly string[];
  readonly options?: Record<string, unknown>;
  readonly seed?: number | string;
  readonly table?: string;
  /**
   * A deadline per turn or per move, in ms, or a chess clock: each seat's `bank` in ms and the `increment` its
   * own move adds. When it runs out the server plays the game's timeout move.
   */
  readonly clock?:
    | { readonly per: 'turn' | 'move'; readonly ms: number }
    | { readonly per: 'seat'; readonly bank: number; readonly increment?: number };
  /**
   * Seats the server's bots play, by seat: such a seat gets no token, and whenever it must act the server plays its
   * bot's move as that seat.
   */
  readonly bots?: Readonly<Record<string, BotSeat>>;
  /** Open to spectators: anyone reads the table's public view and stream without a token, and acts in nothing. */
  readonly spectators?: boolean;
  /**
   * Open in the lobby: no seat token now (`tokens` is empty); players take the free seats with `takeSeat`, and the
   * table starts once every seat is taken.
   */
  readonly lobby?: boolean;
}

/** A lobby table's seating, in a reading: whether it still waits for players, its free seats, its players' names. */
export interface Seating {
  readonly waiting: boolean;
  readonly free: string[];
  readonly names: Record<string, string>;
}

/** A table waiting in the lobby, as the lobby lists it. */
export interface LobbyTable {
  readonly table: string;
  readonly game: string;
  /** When it was created (ISO 8601). */
  readonly created: string;
  readonly seats: string[];
  readonly free: string[];
  readonly names: Record<string, string>;
  readonly options: Record<string, unknown>;
  readonly clock: CreateTableRequest['clock'] | null;
  readonly bots?: Record<string, BotSeat>;
  readonly spectators: boolean;
}

/** A seat taken in the lobby: its token (shown once), and whether that was the last free seat. */
export interface TakenSeat {
  readonly table: string;
  readonly seat: string;
  readonly token: string;
  readonly started: boolean;
}

/** A seat's token replaced: the new one (shown once); the old one is refused from now on. */
export interface SeatToken {
  readonly table: string;
  readonly seat: string;
  readonly token: string;
}

/** A clocked table's clock, in a reading: when it runs out and, for a chess clock, each seat's bank. */
export interface ClockState {
  readonly per: 'turn' | 'move' | 'seat';
  /** When it runs out (ISO 8601, the server's time), or null while it does not run. */
  readonly deadline: string | null;
  readonly ms?: number;
  readonly bank?: number;
  readonly increment?: number;
  /** A chess clock: when the banks were last charged (the last move, or the table's creation). */
  readonly since?: string;
  /** A chess clock: each seat's bank as it stood at `since`, in ms. */
  readonly banks?: Record<string, number>;
  /** A chess clock: what is left of each bank now; the `running` seats' banks run down. */
  readonly remaining?: Record<string, number>;
  readonly running?: string[];
}

/** What `create` answers: the table, a token per seat (bot seats have none) and the app token. */
export interface CreatedTable {
  readonly table: string;
  readonly tokens: Record<string, string>;
  readonly appToken: string;
}

/**
 * The moves a client of game `Gm` sends (`connect<typeof myGame>(…)`): the game's own moves with their payloads and
 * the engine's, so a misspelt type or payload field does not compile; any move for a client of no game in particular.
 */
export type ClientMoveOf<Gm> = unknown extends MoveOf<Gm> ? Move : MoveOf<Gm>;

/** The state a client of game `Gm` reads: each seat as the game's view gives it (other seats' hidden as JSON). */
export type ClientStateOf<Gm> = TableState<ViewedSeatOf<Gm>>;

/** A table as the token's viewer may see it. */
export interface TableReading<Gm extends AnyGame = AnyGame> {
  readonly table: string;
  readonly game: string;
  readonly ply: number;
  readonly turnModel: string;
  readonly state: ClientStateOf<Gm>;
  readonly plies: Ply[];
  /** Only for a table created with a clock. */
  readonly clock?: ClockState;
  /** Only for a table with bot seats: which bot plays each (an MCTS bot with its `iterations`). */
  readonly bots?: Record<string, BotSeat>;
  /** Only for a table open to spectators. */
  readonly spectators?: true;
  /** Only for a table opened in the lobby: whether it waits, its free seats, its players' names. */
  readonly lobby?: Seating;
}

/** The server's log: the table's truth, with when each move was committed. */
export interface ServedLog extends Omit<TableLog, 'rulesRevision'> {
  /** The turn rules revision the table was opened with; absent for a table stored before the server kept it. */
  readonly rulesRevision?: number;
  readonly times: string[];
  readonly timeouts: number[];
  /** When the table started: its creation, or for a table opened in the lobby when its last seat was taken (a chess clock starts then). */
  readonly started: string;
  readonly clock: CreateTableRequest['clock'] | null;
  /** Only for a table with bot seats: which bot plays each. */
  readonly bots?: Record<string, BotSeat>;
}

/** A message of the stream. */
export interface StreamMessage<Gm extends AnyGame = AnyGame> {
  readonly index: number;
  readonly ply: Ply;
  readonly state: ClientStateOf<Gm>;
}

/** An open stream. */
export interface TableStream<Gm extends AnyGame = AnyGame> {
  /** The next ply index it waits for. */
  readonly next: number;
  /** Resolves once the server accepted the stream. */
  readonly opened: Promise<void>;
  /**
   * Plays a move on the stream's connection, as `play` does by HTTP (the same token, checks and answers): resolves
   * once it is committed; 409 STALE, 422 refusals and the rest throw `ServerError`. Its plies come as stream messages
   * too. If the connection drops before the answer, the promise rejects and the move may or may not have been played:
   * send it again with the same `key` to be sure it plays once.
   */
  play(move: ClientMoveOf<Gm>, options?: { expect?: number; key?: string }): Promise<{ ply: Ply; index: number }>;
  close(): void;
}

/** The server's answer, on a stream, to a move sent on it: the status and body `POST …/moves` would answer. */
interface StreamReply {
  readonly reply: string | number | null;
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** What the client needs of a WebSocket: the browser's, or the `ws` package's. */
interface WebSocketLike {
  addEventListener(type: 'open' | 'error', listener: () => void): void;
  addEventListener(type: 'close', listener: (event: { code?: number; reason?: string }) => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  send(data: string): void;
  close(): void;
}

/** The error a non-2xx answer stands for. */
function serverError(status: number, body: Record<string, unknown>, statusText = String(status)): ServerError {
  return new ServerError(status, String(body.code ?? status), String(body.message ?? statusText), body);
}

/** A client of one server, acting with one token (or none); `Gm` types the moves it plays and the states it reads. */
export interface PlystackClient<Gm extends AnyGame = AnyGame> {
  readonly url: string;
  readonly token: string | null;
  /** The same server with another token. */
  withToken(token: string | null): PlystackClient<Gm>;
  create(request: CreateTableRequest): Promise<CreatedTable>;
  get(table: string): Promise<TableReading<Gm>>;
  /** The token's seat's legal moves (with the app token, name the seat). */
  legalMoves(table: string, seat?: string): Promise<LegalMoves<ClientMoveOf<Gm>>>;
  /** Plays a move; resolves once it is committed. 409 STALE and 422 refusals throw `ServerError`. */
  play(
    table: string,
    move: ClientMoveOf<Gm>,
    options?: { expect?: number; key?: string },
  ): Promise<{ ply: Ply; index: number }>;
  log(table: string): Promise<ServedLog>;
  /** The tables waiting in the lobby for players (only `game`'s, when given), the newest first. */
  lobby(game?: string): Promise<{ tables: LobbyTable[] }>;
  /** Takes a free seat of a table waiting in the lobby; play with its token: `withToken(seat.token)`. */
  takeSeat(table: string, seat: string, options?: { name?: string }): Promise<TakenSeat>;
  /** Leaves a seat before its table starts (the seat's token, or the app's): the seat's token is no longer valid. */
  leaveSeat(table: string, seat: string): Promise<void>;
  /** Closes a table still waiting in the lobby (the app token). */
  close(table: string): Promise<void>;
  /** Gives a seat a new token (the app token): the seat's old token is refused from now on, its streams closed. */
  replaceSeatToken(table: string, seat: string): Promise<SeatToken>;
  /** Gives the table a new app token (the app token): the old one is refused from now on, its streams closed. */
  replaceAppToken(table: string): Promise<{ readonly table: string; readonly appToken: string }>;
  /**
   * Streams the table's plies from ply `from` on. With `reconnect` (default true) a dropped
   * connection is opened again from the next ply it waits for, so nothing is missed.
   */
  stream(
    table: string,
    options: {
      from?: number;
      reconnect?: boolean;
      onMessage: (message: StreamMessage<Gm>) => void;
      onError?: (error: Error) => void;
    },
  ): TableStream<Gm>;
}

/**
 * A client of the server at `url`; `connect<typeof myGame>(…)` types it by your game (its moves and views).
 *
 * @example
 * const app = connect<typeof mundane>('http://127.0.0.1:8080')
 * const { table, tokens } = await app.create({ game: 'mundane', seats: ['seat:ann', 'seat:bob'] })
 * await app.withToken(tokens['seat:ann']).play(table, { type: 'engine.pass', seat: 'seat:ann' })
 */
export function connect<Gm extends AnyGame = AnyGame>(url: string, token: string | null = null): PlystackClient<Gm> {
  const base = url.replace(/\/+$/, '');
  const request = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = {};
    if (token !== null) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text.length > 0 ? JSON.parse(text) : null;
    } catch {
      parsed = { code: 'NOT_JSON', message: text.slice(0, 200) };
    }
    if (!response.ok)
      throw serverError(response.status, (parsed ?? {}) as Record<string, unknown>, response.statusText);
    return parsed as T;
  };
  const at = (table: string) => `/tables/${encodeURIComponent(table)}`;
  return {
    url: base,
    token,
    withToken: (other) => connect<Gm>(base, other),
    create: (body) => request('POST', '/tables', body),
    get: (table) => request('GET', at(table)),
    legalMoves: (table, seat) =>
      request('GET', `${at(table)}/legal-moves${seat === undefined ? '' : `?seat=${encodeURIComponent(seat)}`}`),
    play: (table, move, options = {}) => request('POST', `${at(table)}/moves`, { move, ...options }),
    log: (table) => request('GET', `${at(table)}/log`),
    lobby: (game) => request('GET', `/lobby${game === undefined ? '' : `?game=${encodeURIComponent(game)}`}`),
    takeSeat: (table, seat, options = {}) => request('POST', `${at(table)}/seats/${encodeURIComponent(seat)}`, options),
    leaveSeat: (table, seat) => request('DELETE', `${at(table)}/seats/${encodeURIComponent(seat)}`),
    close: (table) => request('DELETE', at(table)),
    replaceSeatToken: (table, seat) => request('POST', `${at(table)}/seats/${encodeURIComponent(seat)}/token`),
    replaceAppToken: (table) => request('POST', `${at(table)}/token`),
    stream(table, options) {
      let next = options.from ?? 0;
      let socket: WebSocketLike | null = null;
      let stopped = false;
      let firstOpen: (() => void) | null = null;
      let firstFail: ((error: Error) => void) | null = null;
      /** Moves sent on this connection and not answered yet, by the id sent with each. */
      const pending = new Map<
        number,
        { resolve: (played: { ply: Ply; index: number }) => void; reject: (error: Error) => void }
      >();
      let lastId = 0;
      let live = false;
      const dropPending = () => {
        for (const waiting of pending.values())
          waiting.reject(
            new Error('the stream closed before the server answered the move; send it again with its key'),
          );
        pending.clear();
      };
      const opened = new Promise<void>((resolve, reject) => {
        firstOpen = resolve;
        firstFail = reject;
      });
      opened.catch(() => undefined);
      const open = async () => {
        const address = `${base.replace(/^http/, 'ws')}${at(table)}/stream?from=${next}`;
        const Browser = (globalThis as { WebSocket?: new (url: string) => WebSocketLike }).WebSocket;
        let ws: WebSocketLike;
        if (Browser !== undefined)
          ws = new Browser(token === null ? address : `${address}&token=${encodeURIComponent(token)}`);
        else {
          const { default: NodeWebSocket } = await import('ws');
          const nodeWs = new NodeWebSocket(
            address,
            token === null ? {} : { headers: { authorization: `Bearer ${token}` } },
          );
          nodeWs.on('unexpected-response', (_req, res) => {
            const error = new ServerError(
              res.statusCode ?? 0,
              String(res.statusCode),
              'the server refused the stream',
              {},
            );
            firstFail?.(error);
            options.onError?.(error);
            stopped = true;
            nodeWs.terminate();
          });
          nodeWs.on('error', () => undefined);
          ws = nodeWs as unknown as WebSocketLike;
        }
        if (stopped) return ws.close();
        socket = ws;
        ws.addEventListener('open', () => {
          live = true;
          firstOpen?.();
        });
        ws.addEventListener('message', (event) => {
          const message = JSON.parse(String(event.data)) as StreamMessage | StreamReply;
          if ('reply' in message) {
            const waiting = typeof message.reply === 'number' ? pending.get(message.reply) : undefined;
            if (waiting === undefined) return;
            pending.delete(message.reply as number);
            if (message.status === 200) waiting.resolve(message.body as unknown as { ply: Ply; index: number });
            else waiting.reject(serverError(message.status, message.body));
            return;
          }
          if (message.index !== next) return;
          next = message.index + 1;
          options.onMessage(message);
        });
        ws.addEventListener('error', () => options.onError?.(new Error("the stream's connection failed")));
        ws.addEventListener('close', (event) => {
          live = false;
          if (socket === ws) socket = null;
          dropPending();
          // The token was replaced (4401): opened again with it, the stream would only be refused.
          if (event.code === 4401 && !stopped) {
            stopped = true;
            options.onError?.(new Error(`the stream's token was replaced: ${event.reason ?? ''}`));
          }
          if (!stopped && options.reconnect !== false) setTimeout(() => !stopped && void open(), 200);
        });
      };
      void open();
      return {
        get next() {
          return next;
        },
        opened,
        play(move, moveOptions = {}) {
          if (stopped || socket === null || !live)
            return Promise.reject(new Error('the stream is not open: wait for opened, or play by HTTP'));
          const id = ++lastId;
          const answered = new Promise<{ ply: Ply; index: number }>((resolve, reject) =>
            pending.set(id, { resolve, reject }),
          );
          socket.send(JSON.stringify({ id, move, ...moveOptions }));
          return answered;
        },
        close() {
          stopped = true;
          socket?.close();
          dropPending();
        },
      };
    },
  };
}
