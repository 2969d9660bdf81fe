/**
 * plystack's table server and its client, for programs that embed them.
 */

export {
  type BotSeat,
  type ClientMoveOf,
  type ClientStateOf,
  type CreatedTable,
  type CreateTableRequest,
  connect,
  type LobbyTable,
  type PlystackClient,
  type Seating,
  type SeatToken,
  type ServedLog,
  ServerError,
  type StreamMessage,
  type TableReading,
  type TableStream,
  type TakenSeat,
} from '../client/client.js';
export { type FollowServerTableOptions, followServerTable, type ServerTableFollower } from '../inspect/followServer.js';
export { type ChessClockLog, chessBanks, FLAGGED_MS } from './clock.js';
export { type PlystackServer, type ServerOptions, startServer } from './server.js';
export { MemoryStore } from './store/memoryStore.js';
export { MIGRATIONS, migrate } from './store/migrations.js';
export { isUnavailable, openPglite, openPostgres, type Sql } from './store/sql.js';
export { Store } from './store/store.js';
export { type ClockSpec, Conflict, type MoveRecord, type TableRecord, type TableStore } from './store/tableStore.js';
export { EVERYTHING, type Viewed, type Viewer, viewOf } from './view.js';
