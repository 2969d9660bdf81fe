/**
 * The rate limit cannot be dodged with made-up tokens: a request whose token
 * is not one of a live table's counts against its address, so a fresh bucket
 * per invented token is gone; a valid token still has a bucket of its own.
 * Over real HTTP on loopback, against a server on the memory store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlystackServer, startServer } from '../../src/server/server.js';

let server: PlystackServer;

beforeAll(async () => {
  server = await startServer({ port: 0, memory: true, process: 'rate-limit', rateLimit: { max: 5, windowMs: 60_000 } });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

async function get(path: string, token: string) {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as { code?: string } };
}

describe('the rate limit', () => {
  it('counts made-up tokens against the address, and gives a valid token its own bucket', async () => {
    // The creation is the address's first request of five.
    const created = await fetch(`${server.url}/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'mundane', seats: ['seat:ann', 'seat:bob'] }),
    });
    expect(created.status).toBe(201);
    const { table, tokens } = (await created.json()) as { table: string; tokens: Record<string, string> };
    const path = `/tables/${encodeURIComponent(table)}`;
    // Each request brings a token nobody was given: four are judged (401), then the address is out of requests.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await get(path, `made-up-token-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    expect((await get(path, 'made-up-token-x')).body.code).toBe('RATE_LIMITED');
    // A seat's token is a live table's: its requests count apart, five of them.
    const seat: number[] = [];
    for (let i = 0; i < 6; i++) seat.push((await get(path, tokens['seat:ann']!)).status);
    expect(seat).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
