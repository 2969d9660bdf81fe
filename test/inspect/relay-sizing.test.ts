import { afterEach, describe, expect, it } from 'vitest';
import { mundane } from '../../src/games/index.js';
import { createTable } from '../../src/index.js';
import { inspectTable, type PlystackSnapshotInfo } from '../../src/inspect/index.js';
import { startRelay } from '../../src/inspect/relay.js';
import { fitWithin, jsonBytes, utf8Length, windowed } from '../../src/inspect/sanitize.js';
import { openClient, type RelayClient } from '../support/relay.js';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

type Snapshot = { type: string; snapshot?: { plystack?: PlystackSnapshotInfo } };

/** A mundane table whose state is large: full hands of cards with 64-character names. */
function bulkyTable() {
  const deck = (seat: string) =>
    Array.from({ length: 150 }, (_, i) => ({ name: `${seat}-${i}-`.padEnd(64, 'x'), type: 'INSTANT' as const }));
  return createTable(mundane, {
    table: 'table:bulky',
    seats: ['seat:ann', 'seat:bob'],
    seed: 5,
    options: { decks: { 'seat:ann': deck('ann'), 'seat:bob': deck('bob') }, openingHand: 100 },
  });
}

describe("the app side keeps every message under the relay's limit", () => {
  it('cuts a large state deeper and spreads a large ply window over several snapshots, losing no ply', async () => {
    const messageBytes = 48 * 1024;
    const relay = await startRelay({
      port: 0,
      pageDir: null,
      limits: { messageBytes },
      onError: (error) => {
        throw error;
      },
    });
    cleanup.push(() => relay.close());
    const table = bulkyTable();
    for (let i = 0; i < 600; i++) table.play({ type: 'engine.pass', seat: table.state.prioritySeat as string });
    const inspection = inspectTable(table, { url: relay.appUrl, maxMessageBytes: messageBytes });
    cleanup.push(() => inspection.stop());
    const opened = await openClient(`${relay.appUrl}/inspector`);
    if (typeof opened === 'number') throw new Error(`refused: ${opened}`);
    const page: RelayClient = opened;
    cleanup.push(() => page.socket.terminate());
    const parsed = () => page.messages.map((m) => JSON.parse(m) as Snapshot);
    const last = () =>
      parsed()
        .filter((m) => m.type === '@xstate.snapshot')
        .at(-1)?.snapshot?.plystack;
    for (let i = 0; i < 300 && (last()?.plies.from ?? 0) + (last()?.plies.items.length ?? 0) < 600; i++)
      await page.received(page.messages.length + 1, 500);

    expect(page.messages.every((m) => utf8Length(m) <= messageBytes)).toBe(true);
    const snapshots = parsed()
      .filter((m) => m.type === '@xstate.snapshot')
      .map((m) => m.snapshot!.plystack!);
    expect(snapshots.length).toBeGreaterThan(1);
    // consecutive windows that together hold every ply, in order
    let next = 0;
    for (const { plies } of snapshots) {
      expect(plies.from).toBe(next);
      next += plies.items.length;
    }
    expect(next).toBe(600);
    expect(snapshots.flatMap((s) => s.plies.items.map((p) => p.notation))).toEqual(Array(600).fill('pass'));
    expect(snapshots.at(-1)?.state.turn).toBe(table.state.turn);
    expect(relay.stats().openSessions).toBe(1);
    table.stop();
  });

  it('fits a value in a budget by cutting deeper, step by step', () => {
    const value = { list: Array.from({ length: 500 }, (_, i) => 'v'.repeat(300) + i) };
    const loose = fitWithin((l) => windowed(value, l), 1_000_000);
    expect(loose.bytes).toBe(jsonBytes(windowed(value)));
    const tight = fitWithin((l) => windowed(value, l), 5_000);
    expect(tight.bytes).toBeLessThanOrEqual(5_000);
    expect(tight.bytes).toBe(jsonBytes(tight.value));
    expect(utf8Length('né€😀')).toBe(Buffer.byteLength('né€😀'));
  });
});
