import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayPostgres, dropThrowawayPostgres } from '../test/databases.ts';
import {
  CURRENT_SERVER_ENTRY,
  signUpOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../test/server-process.ts';
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
        await startServerProcess(CURRENT_SERVER_ENTRY, {
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

  // A deposit's event leaves after its COMMIT by a NOTIFY of its own (ADR 0078): a stream on
  // the process that added it hears it from there, once; one on the other process through it.
  it('delivers a transaction added on process A to event streams on both processes, once each', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const email = 'cross.deposit@example.com';
    const cookie = await signUpOverHttp(a.base, { email, password: 'a good password' });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('update "user" set email_confirmed_at = now() where email = $1', [email]);
    } finally {
      await client.end();
    }
    const headers = { 'content-type': 'application/json', origin: a.base, cookie };
    const banks = await fetch(`${a.base}/api/reference/banks?q=Halifax`, { headers: { cookie } });
    const bankId = ((await banks.json()) as { banks: { id: string }[] }).banks[0]!.id;
    const created = await fetch(`${a.base}/api/accounts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Across', accountNumber: '12345678', bankId, startingBalancePence: 100 }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const accountId = ((await created.json()) as { account: { id: string } }).account.id;

    const controller = new AbortController();
    const streams = await Promise.all(
      [a, b].map(async (server) => {
        const res = await fetch(`${server.base}/api/events`, { headers: { cookie }, signal: controller.signal });
        expect(res.status).toBe(200);
        const stream = sseReader(res.body!);
        expect((await stream.next()).event).toBe('ready');
        return stream;
      }),
    );
    const added = await fetch(`${a.base}/api/accounts/${accountId}/transactions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ transactions: [{ type: 'deposit', amountPence: 250, date: '2026-03-14' }] }),
    });
    expect(added.status).toBe(201);
    for (const stream of streams) {
      const event = await stream.nextOf(['account.changed'], 10_000);
      expect(JSON.parse(event.data)).toMatchObject({ type: 'account.changed', data: { accountIds: [accountId] } });
    }
    // Process A also hears its own NOTIFY back: it must not tell its stream a second time.
    await expect(streams[0]!.nextOf(['account.changed'], 1_000)).rejects.toThrow(/timed out/);
    controller.abort();
  }, 30_000);
});
