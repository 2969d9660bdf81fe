import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openClient } from '../support/relay.js';

const cli = join(import.meta.dirname, '..', '..', 'dist', 'cli', 'main.js');

/** Runs `plystack inspect` with `args`; resolves with its page URL once it serves, or its exit code and stderr. */
async function inspect(args: string[]) {
  const page = await mkdtemp(join(tmpdir(), 'plystack-origins-'));
  await writeFile(join(page, 'index.html'), '<!doctype html><title>page</title>');
  const child = spawn(process.execPath, [cli, 'inspect', '--port', '0', '--page', page, ...args]);
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk) => (err += chunk));
  const result = await new Promise<{ url: string } | { code: number | null }>((resolve) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const url = /plystack inspector: (http:\/\/\S+)/.exec(out)?.[1];
      if (url !== undefined && out.includes('Ctrl+C')) resolve({ url });
    });
    child.on('exit', (code) => resolve({ code }));
  });
  return { result, child, stderr: () => err };
}

describe('plystack inspect --allow-origin', () => {
  it('lets the named origin connect and no other', async () => {
    const { result, child } = await inspect(['--allow-origin', 'http://localhost:5173']);
    try {
      if (!('url' in result)) throw new Error(`exited ${result.code}`);
      const port = new URL(result.url).port;
      const ws = `ws://127.0.0.1:${port}/inspector`;
      const dev = await openClient(ws, { origin: 'http://localhost:5173' });
      expect(typeof dev).toBe('object');
      if (typeof dev === 'object') dev.socket.terminate();
      expect(await openClient(ws, { origin: 'http://localhost:5174' })).toBe(403);
      expect(await openClient(`ws://127.0.0.1:${port}/app`, { origin: 'https://evil.example' })).toBe(403);
    } finally {
      child.kill('SIGINT');
    }
  });

  it('refuses a value that is not an origin, naming the option (exit 2)', async () => {
    const { result, stderr } = await inspect(['--allow-origin', 'localhost:5173/inspector']);
    expect(result).toEqual({ code: 2 });
    expect(stderr()).toMatch(/^--allow-origin: .*not an origin/);
  });
});
