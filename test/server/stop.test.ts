/**
 * A server stops at once, even with a stream whose reader stopped reading: a
 * client that never answers the close is cut off after a moment, instead of
 * holding the stop for the socket library's 30 s. Over real HTTP and
 * WebSocket on loopback, on the memory store.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer } from '../../src/server/server.js';

describe('stopping a server', () => {
  it('cuts off a stream whose reader stopped reading, and a reading one gets its close', async () => {
    const server = await startServer({ port: 0, memory: true, process: 'stop' });
    const created = await fetch(`${server.url}/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'mundane', seats: ['seat:ann', 'seat:bob'] }),
    });
    const { table, appToken } = (await created.json()) as { table: string; appToken: string };
    const open = async () => {
      const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/tables/${encodeURIComponent(table)}/stream`, {
        headers: { authorization: `Bearer ${appToken}` },
      });
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      return socket;
    };
    const stalled = await open();
    const reading = await open();
    // The stalled client reads nothing more: the server's close frame is never answered.
    stalled.pause();
    const closes: number[] = [];
    reading.on('close', (code) => closes.push(code));
    const started = Date.now();
    await server.close();
    // Well within the 30 s the socket library would wait for the stalled one (the bound is loose: a loaded machine).
    expect(Date.now() - started).toBeLessThan(10_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closes).toEqual([1001]);
    stalled.terminate();
  }, 60_000);
});
