import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { addAccountAt, bankIdNamed } from '../test/accounts-api.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { readTurns } from './read-turns.ts';

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

  /** Takes the only turn until the returned function is called. */
  const takeTheTurn = () => {
    let letGo: () => void = () => undefined;
    const taken = server.deps.readTurns.inTurn(() => new Promise<void>((resolve) => (letGo = resolve)));
    return async () => {
      letGo();
      await taken;
    };
  };
  /** A deposit dated today into the saver's account. */
  const deposit = (amountPence: number) =>
    server.request(`/api/accounts/${accountId}/transactions`, {
      method: 'POST',
      cookie,
      json: { transactions: [{ type: 'deposit', amountPence, date: calendarDateInLondon(server.clock.now()) }] },
    });
  const balanceListed = async (res: Response) => {
    const { accounts } = (await res.json()) as { accounts: Array<{ id: string; balancePence: number }> };
    return accounts.find((a) => a.id === accountId)?.balancePence;
  };

  it('holds a read while every turn is taken, and never a write, the live events or the health check', async () => {
    const turns = server.deps.readTurns;
    const release = takeTheTurn();
    try {
      expect(turns.running).toBe(1);
      let hasReadAnswered = false;
      const read = server.request('/api/accounts', { cookie }).then((res) => {
        hasReadAnswered = true;
        return res;
      });
      // A deposit (its transaction sent with the opening) and a balance update (the opening alone first).
      const deposited = await deposit(2_500);
      expect(deposited.status).toBe(201);
      expect(((await deposited.json()) as { balancePence: number }).balancePence).toBe(12_500);
      const updated = await server.request(`/api/accounts/${accountId}/balance-updates`, {
        method: 'POST',
        cookie,
        json: { balancePence: 13_000 },
      });
      expect(updated.status).toBe(201);
      expect((await server.request('/api/health')).status).toBe(200);
      const events = await server.request('/api/events', { cookie });
      expect(events.status).toBe(200);
      await events.body?.cancel();

      expect(turns.waiting).toBe(1);
      expect(hasReadAnswered).toBe(false);
      await release();
      const answer = await read;
      expect(answer.status).toBe(200);
      // The read waited, so it sees the writes sent after it.
      expect(await balanceListed(answer)).toBe(13_000);
      expect([turns.running, turns.waiting]).toEqual([0, 0]);
    } finally {
      await release();
    }
  });

  it('hands the turn on when a read is refused or fails, so the next read answers', async () => {
    // Refused by the opening's rows (not an admin): thrown out of the read's turn.
    expect((await server.request('/api/admin/system/health', { cookie })).status).toBe(403);
    // Thrown by the handler (no such account).
    const missing = await server.request('/api/accounts/00000000-0000-4000-8000-000000000000', { cookie });
    expect(missing.status).toBe(404);
    expect((await server.request('/api/me', { cookie })).status).toBe(200);
    expect([server.deps.readTurns.running, server.deps.readTurns.waiting]).toEqual([0, 0]);
  });

  it('answers 503 with Retry-After to a read whose turn does not come in time, and runs nothing for it', async () => {
    const usual = server.deps.readTurns;
    server.deps.readTurns = readTurns(1, { maxWaitMs: 50 });
    const release = takeTheTurn();
    try {
      const late = await server.request('/api/accounts', { cookie });
      expect(late.status).toBe(503);
      expect(late.headers.get('retry-after')).toBe('2');
      expect(((await late.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE');
      expect(server.deps.readTurns.waiting).toBe(0);
      await release();
      const next = await server.request('/api/accounts', { cookie });
      expect(next.status).toBe(200);
    } finally {
      await release();
      server.deps.readTurns = usual;
    }
  });

  it('sends an on-demand read back for its reads as a continuing turn at the pool, and a deposit sent with its opening as a starting one', async () => {
    const { database } = server.deps;
    const original = database.readsOpenedWith;
    const turns: unknown[] = [];
    database.readsOpenedWith = ((opening, admit, reads, options) => {
      turns.push(options?.turn);
      return original.call(database, opening, admit, reads, options);
    }) as typeof original;
    try {
      const deposited = await deposit(100);
      expect(deposited.status).toBe(201);
      // The page reads again: the deposit changed what it shows.
      expect((await server.request(`/api/accounts/${accountId}`, { cookie })).status).toBe(200);
    } finally {
      database.readsOpenedWith = original;
    }
    // On PostgreSQL a known session's deposit goes whole with its opening (ADR 0072); PGlite runs
    // the opening alone first, so its deposit continues too.
    expect(turns).toEqual([kind === 'postgres' ? undefined : 'continuing', 'continuing']);
  });
});
