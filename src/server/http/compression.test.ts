import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sseReader } from '../realtime/sse-reader.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { COMPRESSION_THRESHOLD_BYTES, compressAnswers } from './compression.ts';
import type { AppEnv } from './context.ts';

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe.each(testDatabaseKinds())('compressed API answers on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const BANKS = '/api/reference/banks?q=a';

  it('sends a JSON answer over 1 KB as Brotli or gzip when asked, the same JSON once decompressed', async () => {
    const plain = await server.request(BANKS);
    const json = await plain.text();
    expect(plain.status).toBe(200);
    expect(Buffer.byteLength(json)).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);

    const br = await server.request(BANKS, { headers: BROWSER });
    const brBytes = await bytesOf(br);
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/^application\/json/);
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('content-length')).toBe(String(brBytes.length));
    expect(br.headers.get('cache-control')).toBe(plain.headers.get('cache-control'));
    expect(br.headers.get('x-content-type-options')).toBe('nosniff');
    expect(brBytes.length).toBeLessThan(Buffer.byteLength(json) / 2);
    expect(zlib.brotliDecompressSync(brBytes).toString('utf8')).toBe(json);

    const gzip = await server.request(BANKS, { headers: { 'accept-encoding': 'gzip' } });
    const gzipBytes = await bytesOf(gzip);
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('content-length')).toBe(String(gzipBytes.length));
    expect(zlib.gunzipSync(gzipBytes).toString('utf8')).toBe(json);
  });

  it('sends the JSON as it is without Accept-Encoding, or when the client refuses our codings', async () => {
    const refusals: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of refusals) {
      const res = await server.request(BANKS, { headers });
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(JSON.parse(await res.text())).toHaveProperty('banks');
    }
  });

  it('leaves an answer under 1 KB alone', async () => {
    const res = await server.request('/api/health', { headers: BROWSER });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(Buffer.byteLength(text)).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(text)).toHaveProperty('status');
  });

  it('never compresses the event stream: each event leaves as it happens', async () => {
    const { cookie } = await signUpAndSignIn(server, { email: 'sse.compression@example.com', verify: false });
    const res = await server.request('/api/events', { cookie, headers: BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('content-encoding')).toBeNull();
    const stream = sseReader(res.body!);
    expect((await stream.next()).event).toBe('ready');
    await stream.cancel();
  });
});

describe('compressAnswers', () => {
  const big = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) });
  const json = { 'Content-Type': 'application/json' };
  const app = new Hono<AppEnv>();
  app.use('/api/*', compressAnswers());
  app.get('/api/tagged', (c) => c.body(big, 200, { ...json, ETag: '"v1"' }));
  app.get('/api/untouchable', (c) => c.body(big, 200, { ...json, 'Cache-Control': 'no-store, no-transform' }));
  app.get('/api/auth/get-session', (c) => c.body(big, 200, json));
  app.get('/api/picture', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
  app.get('/api/unchanged', (c) => c.body(null, 304, { ...json, ETag: '"v1"' }));
  app.get('/api/csv', (c) =>
    c.body(`a,b\n${'1,2\n'.repeat(1000)}`, 200, { 'Content-Type': 'text/csv; charset=utf-8' }),
  );
  const get = (path: string) => app.request(path, { headers: BROWSER });

  it('makes a strong ETag weak on the compressed bytes, which are not the identity’s', async () => {
    const res = await get('/api/tagged');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('etag')).toBe('W/"v1"');
    expect((await app.request('/api/tagged')).headers.get('etag')).toBe('"v1"');
  });

  it('keeps its hands off no-transform answers and the credential-carrying auth answers (BREACH)', async () => {
    for (const path of ['/api/untouchable', '/api/auth/get-session']) {
      const res = await get(path);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(await res.text()).toBe(big);
    }
  });

  it('compresses text such as a CSV export, never a type that is compressed already', async () => {
    expect((await get('/api/csv')).headers.get('content-encoding')).toBe('br');
    const picture = await get('/api/picture');
    expect(picture.headers.get('content-encoding')).toBeNull();
    expect(picture.headers.get('vary')).toBeNull();
  });

  it('answers HEAD and 304 without a body or a coding', async () => {
    const head = await app.request('/api/tagged', { method: 'HEAD', headers: BROWSER });
    expect(head.headers.get('content-encoding')).toBeNull();
    const unchanged = await get('/api/unchanged');
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('content-encoding')).toBeNull();
    expect(unchanged.headers.get('etag')).toBe('"v1"');
  });
});
