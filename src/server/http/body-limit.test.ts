import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitByLength } from './body-limit.ts';

const LIMIT = 100;

/** One POST over a real socket: a Content-Length, or chunked when `chunks` is given. */
function post(port: number, body: { whole: string } | { chunks: string[] }): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if ('whole' in body) headers['content-length'] = String(Buffer.byteLength(body.whole));
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/echo', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    if ('whole' in body) req.end(body.whole);
    else {
      for (const chunk of body.chunks) req.write(chunk);
      req.end();
    }
  });
}

describe('bodyLimitByLength on the Node server', () => {
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    const app = new Hono();
    app.use(
      '*',
      bodyLimitByLength(LIMIT, () => {
        throw new Error('too large');
      }),
    );
    app.post('/echo', async (c) => c.json(await c.req.json()));
    app.onError((err, c) => c.text(err.message, err.message === 'too large' ? 413 : 500));
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('lets a body with a Content-Length within the limit through whole, to be read by the route', async () => {
    const body = JSON.stringify({ note: 'é'.repeat(30) });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(LIMIT);
    expect(await post(port, { whole: body })).toEqual({ status: 200, text: body });
  });

  it('refuses a Content-Length over the limit without reading the body', async () => {
    const body = JSON.stringify({ note: 'x'.repeat(LIMIT) });
    expect(await post(port, { whole: body })).toEqual({ status: 413, text: 'too large' });
  });

  it('counts a chunked body as it streams: over the limit refused, within it read whole', async () => {
    expect((await post(port, { chunks: ['{"note":"', 'x'.repeat(LIMIT), '"}'] })).status).toBe(413);
    expect(await post(port, { chunks: ['{"note":', '"short"}'] })).toEqual({ status: 200, text: '{"note":"short"}' });
  });

  it('takes a body of exactly the limit', async () => {
    const body = JSON.stringify({ note: 'x'.repeat(LIMIT - 11) });
    expect(Buffer.byteLength(body)).toBe(LIMIT);
    expect((await post(port, { whole: body })).status).toBe(200);
  });
});
