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
} from './client.js';
