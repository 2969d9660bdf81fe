import { ServerError } from '../../../src/client/client.js';

/** The server's refusal of what `promise` asked: fails the test when it was answered 2xx or failed otherwise. */
export async function refusal(promise: Promise<unknown>): Promise<ServerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServerError) return error;
    throw error;
  }
  throw new Error('expected the server to refuse');
}
