/**
 * The table server's typed client alone (no server code): `plystack/client`.
 */
export {
  type BotSeat,
  type ClientMoveOf,
  type ClientStateOf,
  type CreatedTable,
  type CreateTableRequest,
  connect,
  type PlystackClient,
  type ServedLog,
  ServerError,
  type StreamMessage,
  type TableReading,
  type TableStream,
} from './client.js';
