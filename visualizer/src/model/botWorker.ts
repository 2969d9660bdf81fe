/**
 * The MCTS bot's thread: it opens the page's table again from its persisted
 * snapshot, searches, and answers with the move, so a long search never holds
 * up the page. The page stops the worker to cancel a search.
 */
import { findGame } from 'plystack/games';
import '../shims/buffer.js';
import { restoreTable } from 'plystack';
import { type BotAnswer, type BotRequest, searchMove } from './bots.js';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<BotRequest>) => void) | null;
  postMessage(answer: BotAnswer): void;
};

scope.onmessage = (event) => {
  const { id, game: gameId, persisted, ...search } = event.data;
  let answer: BotAnswer;
  try {
    const game = findGame(gameId);
    if (game === undefined) answer = { id, error: `the bot does not know the game ${JSON.stringify(gameId)}` };
    else {
      const table = restoreTable(game, persisted);
      try {
        answer = { id, move: searchMove(table, search) };
      } finally {
        table.stop();
      }
    }
  } catch (error) {
    answer = { id, error: `the bot could not choose: ${(error as Error).message}` };
  }
  scope.postMessage(answer);
};
