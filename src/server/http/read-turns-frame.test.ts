import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { addAccountAt, bankIdNamed } from '../test/accounts-api.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';

describe.each(testDatabaseKinds())('signed-in reads taking turns, on %s', (kind) => {
  let server: TestServer;
  let cookie: string;
  let accountId: string;

  beforeAll(async () => {
    // One read at a time, so the test can take the only turn itself.
    server = await createTestServer(kind, { API_READS_AT_ONCE: '1' });
    ({ cookie } = await signUpAndSignIn(server, { email: 'turns@example.com' }));
    accountId = await addAccountAt(server, cookie, {
      name: 'Everyday saver',
      bankId: await bankIdNamed(server, 'Halifax'),
      pence: 10_000,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('holds a read while every turn is taken, and never a write, the live events or the health check', async () => {
    const turns = server.deps.readTurns;
    let letGo: () => void = () => undefined;
    const taken = turns.inTurn(() => new Promise<void>((resolve) => (letGo = resolve)));
    expect(turns.running).toBe(1);

    let readAnswered = false;
    const read = server.request('/api/accounts', { cookie }).then((res) => {
      readAnswered = true;
      return res;
    });
    const added = await server.request(`/api/accounts/${accountId}/transactions`, {
      method: 'POST',
      cookie,
      json: {
        transactions: [{ type: 'deposit', amountPence: 2_500, date: calendarDateInLondon(server.clock.now()) }],
      },
    });
    expect(added.status).toBe(201);
    expect(((await added.json()) as { balancePence: number }).balancePence).toBe(12_500);
    expect((await server.request('/api/health')).status).toBe(200);
    const events = await server.request('/api/events', { cookie });
    expect(events.status).toBe(200);
    await events.body?.cancel();

    expect(turns.waiting).toBe(1);
    expect(readAnswered).toBe(false);
    letGo();
    await taken;
    const answer = await read;
    expect(answer.status).toBe(200);
    // The read waited, so it sees the deposit sent after it.
    const { accounts } = (await answer.json()) as { accounts: Array<{ id: string; balancePence: number }> };
    expect(accounts.find((a) => a.id === accountId)?.balancePence).toBe(12_500);
    expect([turns.running, turns.waiting]).toEqual([0, 0]);
  });

  it('hands the turn on when a read fails, so the next read answers', async () => {
    const noSession = await server.request('/api/accounts', { cookie: 'savvypig.session_token=nothing.valid' });
    expect(noSession.status).toBe(401);
    const missing = await server.request('/api/accounts/00000000-0000-4000-8000-000000000000', { cookie });
    expect(missing.status).toBe(404);
    expect((await server.request('/api/me', { cookie })).status).toBe(200);
    expect([server.deps.readTurns.running, server.deps.readTurns.waiting]).toEqual([0, 0]);
  });
});
