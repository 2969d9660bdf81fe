/**
 * How the relay serves the inspector page's files: compressed when the build
 * wrote a compressed copy and the browser accepts it, hashed files cached for
 * good and the rest asked for again.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, type Relay, startRelay } from '../../src/inspect/relay.js';

const script = `console.log(${JSON.stringify('the page '.repeat(400))});\n`;
let dir: string;
let relay: Relay;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plystack-page-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><script src="./assets/index-0R7Uzjo6.js"></script>');
  await writeFile(join(dir, 'assets', 'index-0R7Uzjo6.js'), script);
  await writeFile(join(dir, 'assets', 'index-0R7Uzjo6.js.br'), brotliCompressSync(script));
  await writeFile(join(dir, 'assets', 'index-0R7Uzjo6.js.gz'), gzipSync(script));
  await writeFile(join(dir, 'assets', 'plain-Q1w2E3r4.css'), 'body { margin: 0 }');
  relay = await startRelay({ port: 0, pageDir: dir });
});
afterAll(async () => {
  await relay.close();
  await rm(dir, { recursive: true, force: true });
});

/** One GET with the given Accept-Encoding: the status, the headers and the body's bytes as sent. */
function get(path: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const url = new URL(path, relay.url);
    const req = request(url, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject).end();
  });
}

describe('the inspector page as the relay serves it', () => {
  it('sends the brotli copy to a browser that takes brotli, the gzip copy to one that takes only gzip, the file itself to the rest', async () => {
    const br = await get('/assets/index-0R7Uzjo6.js', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(br.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.headers.vary).toBe('accept-encoding');

    const gz = await get('/assets/index-0R7Uzjo6.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    for (const refusing of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/assets/index-0R7Uzjo6.js', refusing);
      expect(plain.headers['content-encoding'], String(refusing)).toBeUndefined();
      expect(plain.body.toString()).toBe(script);
    }
    // no compressed copy: the file as it is
    const css = await get('/assets/plain-Q1w2E3r4.css', 'br');
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body.toString()).toBe('body { margin: 0 }');
  });

  it('lets a browser keep a hashed file for good and asks it to check index.html every time', async () => {
    expect((await get('/assets/index-0R7Uzjo6.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/', 'br')).headers['cache-control']).toBe('no-cache');
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
  });

  it('reads Accept-Encoding as browsers and proxies write it', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect([...acceptedEncodings('br;q=0, GZIP;q=0.5')]).toEqual(['gzip']);
    expect([...acceptedEncodings(['gzip', 'br'])]).toEqual(['gzip', 'br']);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
    expect([...acceptedEncodings(' , ;q=1')]).toEqual([]);
  });
});
