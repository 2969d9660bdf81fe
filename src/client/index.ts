/**
 * The table server's typed client alone (no server code): `plystack/client`.
 */
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
} from './client.js';
