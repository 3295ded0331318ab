import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayPostgres, dropThrowawayPostgres } from '../test/databases.ts';
import { signUpOverHttp, startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { sseReader } from './sse-reader.ts';

// Two app processes on one PostgreSQL: a change made through one reaches a browser connected to the other.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('realtime across two app processes', () => {
  let url: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    url = await createThrowawayPostgres();
    // The first start migrates; the second finds the schema ready.
    for (let i = 0; i < 2; i++) {
      servers.push(
        await startServerProcess('src/server/index.ts', {
          DATABASE_URL: url,
        }),
      );
    }
  }, 90_000);

  afterAll(async () => {
    for (const s of servers) await s.stop();
    if (url) await dropThrowawayPostgres(url);
  }, 30_000);

  it('delivers an update made on process A to an event stream on process B', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const cookie = await signUpOverHttp(a.base, { email: 'cross@example.com', password: 'a good password' });

    const controller = new AbortController();
    const streamRes = await fetch(`${b.base}/api/events`, { headers: { cookie }, signal: controller.signal });
    expect(streamRes.status).toBe(200);
    const stream = sseReader(streamRes.body!);
    expect((await stream.next()).event).toBe('ready');

    const patch = await fetch(`${a.base}/api/profile`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: a.base, cookie },
      body: JSON.stringify({ firstName: 'Crossed' }),
    });
    expect(patch.status).toBe(200);
    const event = await stream.nextOf(['profile.updated'], 10_000);
    expect(JSON.parse(event.data)).toMatchObject({ type: 'profile.updated', invalidate: [['me']] });
    controller.abort();
  }, 30_000);
});
