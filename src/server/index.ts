/**
 * plystack's table server and its client, for programs that embed them.
 */
export { startServer, type ServerOptions, type PlystackServer } from './server.js';
export { Store, Conflict, type TableRecord, type MoveRecord, type ClockSpec } from './store/store.js';
export { openPglite, openPostgres, isUnavailable, type Sql } from './store/sql.js';
export { migrate, MIGRATIONS } from './store/migrations.js';
export { viewOf, EVERYTHING, type Viewer, type Viewed } from './view.js';
export { followServerTable, type FollowServerTableOptions, type ServerTableFollower } from '../inspect/followServer.js';
export {
  connect,
  ServerError,
  type PlystackClient,
  type CreateTableRequest,
  type CreatedTable,
  type TableReading,
  type ServedLog,
  type StreamMessage,
  type TableStream,
} from '../client/client.js';
