/**
 * Open Banking end to end against the local fake provider (issue 32), on PGlite and PostgreSQL:
 * consent link → callback with code and state → accounts → two linked at one bank → sync →
 * balances and transactions arrive, none twice; the bank's balance change shows on the next sync;
 * 429 and 500 are waited out and retried; an expired or revoked consent shows as such; the state
 * is bound to its session; the plan gate; other users see and touch nothing; and no token or
 * secret appears in a response, a log line or the export.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Connection,
  OPEN_BANKING_MESSAGES,
  type OpenBankingStatus,
  SAVER_SYNCS_PER_HOUR,
} from '../../core/open-banking/api-types.ts';
import {
  accounts,
  jobs,
  openBankingConnections,
  openBankingOauthStates,
  subscriptions,
  throttles,
  transactions,
} from '../db/schema/index.ts';
import { createLogger, type Logger } from '../logger.ts';
import { addAccountAt, bankIdNamed } from '../test/accounts-api.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signIn, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { enqueueSync, SYNC_JOB } from './service.ts';
import { type FakeProvider, startFakeProvider } from './test/fake-provider.ts';

type Person = { cookie: string; userId: string; email: string };

describe.each(testDatabaseKinds())('Open Banking on %s', (kind) => {
  let server: TestServer;
  let fake: FakeProvider;
  let bankId = '';
  let people = 0;
  const bodies: string[] = [];
  const logLines: string[] = [];

  const newPerson = async (name: string): Promise<Person> => {
    people += 1;
    const email = `${name}-${people}@example.com`;
    return { ...(await signUpAndSignIn(server, { email })), email };
  };
  const call = async (who: { cookie: string }, path: string, init: { method?: string; json?: unknown } = {}) => {
    const res = await server.request(path, { ...init, cookie: who.cookie, redirect: 'manual' });
    bodies.push(`${res.headers.get('location') ?? ''} ${await res.clone().text()}`);
    return res;
  };
  const status = async (who: Person): Promise<OpenBankingStatus> => {
    const res = await call(who, '/api/open-banking/status');
    expect(res.status).toBe(200);
    return (await res.json()) as OpenBankingStatus;
  };
  /** The bank's consent page answers straight back; the callback is opened with `cookie`. */
  const consent = async (who: Person, start: Response, cookie = who.cookie) => {
    expect(start.status, await start.clone().text()).toBe(200);
    const { authorisationUrl } = (await start.json()) as { authorisationUrl: string };
    expect(authorisationUrl.startsWith(fake.url)).toBe(true);
    const bank = await fetch(authorisationUrl, { redirect: 'manual' });
    expect(bank.status).toBe(302);
    const back = new URL(bank.headers.get('location')!);
    expect(back.pathname).toBe('/api/open-banking/callback');
    return call({ cookie }, `${back.pathname}${back.search}`);
  };
  const connect = async (who: Person) => {
    const done = await consent(
      who,
      await call(who, '/api/open-banking/connections', { method: 'POST', json: { bankId } }),
    );
    expect(done.status).toBe(302);
    const location = done.headers.get('location')!;
    expect(location).toMatch(/^\/open-banking\/connections\/[0-9a-f-]{36}\/link$/);
    return location.split('/')[3]!;
  };
  const connection = async (who: Person, id: string): Promise<Connection> => {
    const found = (await status(who)).connections.find((c) => c.id === id);
    if (!found) throw new Error('no connection');
    return found;
  };
  /** A saver's sync now (a minute on, as a saver would) and the queue run. */
  const syncNow = async (who: Person, id: string) => {
    server.clock.advance(61_000);
    const res = await call(who, `/api/open-banking/connections/${id}/sync`, { method: 'POST' });
    expect(res.status, await res.clone().text()).toBe(202);
    await server.deps.jobs.runDue();
  };
  const db = () => server.deps.database.db;
  const entriesOf = (accountId: string) =>
    db().select().from(transactions).where(eq(transactions.accountId, accountId)).orderBy(transactions.date);
  const balanceOf = async (accountId: string) =>
    (await db().select({ b: accounts.balancePence }).from(accounts).where(eq(accounts.id, accountId)))[0]!.b;

  beforeAll(async () => {
    fake = await startFakeProvider({ pageSize: 2 });
    const logger: Logger = createLogger('debug', {}, (line) => logLines.push(line));
    server = await createTestServer(kind, { ...fake.serverEnv(), LOG_LEVEL: 'debug' }, logger);
    bankId = await bankIdNamed(server, 'Nationwide Building Society');
  });

  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  let ann: Person;
  let annConnection = '';
  let easy = '';
  let bond = '';

  it('says it is on, and lists the bank among those it connects', async () => {
    ann = await newPerson('ann');
    const first = await status(ann);
    expect(first).toEqual({ enabled: true, missingSettings: [], connections: [] });
    const banks = (await (await call(ann, '/api/open-banking/banks')).json()) as {
      bankId: string;
      providerInstitutionId: string;
    }[];
    expect(banks).toContainEqual(expect.objectContaining({ bankId, providerInstitutionId: 'ob-nationwide' }));
  });

  it('connects: the consent comes back with code and state, and the bank accounts are listed unlinked', async () => {
    annConnection = await connect(ann);
    const c = await connection(ann, annConnection);
    expect(c).toMatchObject({ bankId, status: 'active', lastSyncedAt: null, lastSyncError: null });
    expect(c.accounts.map((a) => [a.providerAccountId, a.accountNumberMasked, a.linkedAccountId])).toEqual([
      ['acc-easy-access', '•••• 5678', null],
      ['acc-fixed-bond', '•••• 4321', null],
    ]);
    expect(Date.parse(c.consentExpiresAt) - server.clock.now().getTime()).toBeGreaterThan(89 * 86_400_000);
    expect(fake.stats.tokenExchanges).toBe(1);
  });

  it('links two accounts at one bank (one existing, one new with the bank known) and the first sync brings balances and transactions', async () => {
    easy = await addAccountAt(server, ann.cookie, { name: 'My easy access', bankId, pence: 100_00 });
    const res = await call(ann, `/api/open-banking/connections/${annConnection}/links`, {
      method: 'POST',
      json: {
        links: [
          { providerAccountId: 'acc-easy-access', accountId: easy },
          { providerAccountId: 'acc-fixed-bond', create: { name: 'Fixed bond' } },
        ],
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const linked = ((await res.json()) as { connection: Connection }).connection;
    bond = linked.accounts.find((a) => a.providerAccountId === 'acc-fixed-bond')!.linkedAccountId!;
    const [created] = await db().select().from(accounts).where(eq(accounts.id, bond));
    expect(created).toMatchObject({ name: 'Fixed bond', bankId, bank: 'Nationwide Building Society' });
    expect(created!.bankingGroupId).not.toBeNull();

    await server.deps.jobs.runDue();
    const c = await connection(ann, annConnection);
    expect(c.lastSyncedAt).not.toBeNull();
    expect(c.accounts.map((a) => a.balancePence)).toEqual([12_500_00, 40_000_00]);
    expect(await balanceOf(easy)).toBe(12_500_00);
    expect(await balanceOf(bond)).toBe(40_000_00);
    const easyEntries = await entriesOf(easy);
    // The saver's starting balance stays; four bank transactions (two pages and more) and the bank's balance.
    expect(easyEntries.filter((t) => t.providerTransactionId).map((t) => t.providerTransactionId)).toEqual([
      'tx-ea-1',
      'tx-ea-2',
      'tx-ea-3',
      'tx-ea-4',
    ]);
    expect(easyEntries.filter((t) => t.type === 'opening_balance')).toHaveLength(1);
    expect(easyEntries.filter((t) => t.type === 'balance_update').map((t) => t.amountPence)).toEqual([12_500_00]);
    expect(easyEntries.find((t) => t.providerTransactionId === 'tx-ea-2')).toMatchObject({
      type: 'interest',
      amountPence: 31_42,
    });
  });

  it('a second sync imports nothing twice; the bank’s new balance and transaction show on the next', async () => {
    const before = (await entriesOf(easy)).length;
    await syncNow(ann, annConnection);
    expect((await entriesOf(easy)).length).toBe(before);

    fake.setBalance('acc-easy-access', 12_800);
    fake.addTransaction('acc-easy-access', {
      transaction_id: 'tx-ea-5',
      timestamp: new Date(server.clock.now().getTime() - 3_600_000).toISOString(),
      description: 'Transfer in',
      amount: 300,
    });
    await syncNow(ann, annConnection);
    expect(await balanceOf(easy)).toBe(12_800_00);
    expect((await entriesOf(easy)).filter((t) => t.providerTransactionId === 'tx-ea-5')).toHaveLength(1);
    expect((await connection(ann, annConnection)).accounts[0]!.balancePence).toBe(12_800_00);
  });

  it('skips a bank transaction the saver already typed (the import’s duplicate rule)', async () => {
    const day = new Date(server.clock.now().getTime() - 2 * 86_400_000);
    const date = day.toISOString().slice(0, 10);
    const typed = await call(ann, `/api/accounts/${bond}/transactions`, {
      method: 'POST',
      json: { transactions: [{ date, amountPence: 250_00, type: 'deposit', notes: 'Top up' }] },
    });
    expect([200, 201]).toContain(typed.status);
    fake.addTransaction('acc-fixed-bond', {
      transaction_id: 'tx-fb-2',
      timestamp: `${date}T12:00:00Z`,
      description: 'Top up',
      amount: 250,
    });
    await syncNow(ann, annConnection);
    const entries = await entriesOf(bond);
    expect(entries.filter((t) => t.amountPence === 250_00)).toHaveLength(1);
    expect(entries.some((t) => t.providerTransactionId === 'tx-fb-2')).toBe(false);
  });

  it('waits out a 429 (Retry-After) and retries a 500', async () => {
    const limited = fake.stats.rateLimited;
    fake.rateLimitNext(1, 1);
    await syncNow(ann, annConnection);
    expect(fake.stats.rateLimited).toBe(limited + 1);
    expect((await connection(ann, annConnection)).lastSyncError).toBeNull();

    const failed = fake.stats.failed;
    fake.failNext(1);
    await syncNow(ann, annConnection);
    expect(fake.stats.failed).toBe(failed + 1);
    expect((await connection(ann, annConnection)).lastSyncError).toBeNull();
  });

  it('a sync that keeps failing is recorded on the connection with when it last worked', async () => {
    const { lastSyncedAt } = await connection(ann, annConnection);
    fake.failNext(20);
    await syncNow(ann, annConnection);
    fake.failNext(0);
    const c = await connection(ann, annConnection);
    expect(c.status).toBe('error');
    expect(c.lastSyncError).toMatch(/did not answer/);
    expect(c.lastSyncedAt).toBe(lastSyncedAt);
    await syncNow(ann, annConnection);
    expect((await connection(ann, annConnection)).status).toBe('active');
  }, 20_000);

  describe('Sync now', () => {
    const askSync = async (who: Person, id: string) => {
      const res = await call(who, `/api/open-banking/connections/${id}/sync`, { method: 'POST' });
      expect(res.status, await res.clone().text()).toBe(202);
      return ((await res.json()) as { status: string }).status;
    };
    const syncJobs = (id: string) =>
      db()
        .select({ id: jobs.id, status: jobs.status, payload: jobs.payload })
        .from(jobs)
        .where(and(eq(jobs.name, SYNC_JOB), sql`${jobs.payload}->>'connectionId' = ${id}`));
    const unattendedSyncs = async (id: string) =>
      (
        await db()
          .select({ u: openBankingConnections.unattendedSyncs })
          .from(openBankingConnections)
          .where(eq(openBankingConnections.id, id))
      )[0]!.u;

    // The scheduler may have queued an unattended sync of the new connection: each test starts with none waiting.
    beforeEach(async () => {
      for (let round = 0; round < 5; round++) {
        if (!(await syncJobs(annConnection)).some((j) => j.status === 'pending' || j.status === 'running')) return;
        await server.deps.jobs.runDue();
      }
      throw new Error('a sync of the connection still waits');
    });

    it('is queued again as soon as the last one finished, within the same minute', async () => {
      // Both asked in one clock minute, two seconds apart; then the clock runs on from there.
      const minute = Math.ceil(server.clock.now().getTime() / 60_000) * 60_000;
      server.clock.set(new Date(minute + 1_000));
      try {
        expect(await askSync(ann, annConnection)).toBe('queued');
        await server.deps.jobs.runDue();
        const { lastSyncedAt } = await connection(ann, annConnection);
        server.clock.advance(1_000);
        expect(await askSync(ann, annConnection)).toBe('queued');
        await server.deps.jobs.runDue();
        expect((await connection(ann, annConnection)).lastSyncedAt).not.toBe(lastSyncedAt);
      } finally {
        server.clock.reset();
        server.clock.advance(Math.max(0, minute + 3_000 - Date.now()));
      }
    });

    it('answers already_queued while one waits or runs, and queues nothing more', async () => {
      const before = (await syncJobs(annConnection)).length;
      expect(await askSync(ann, annConnection)).toBe('queued');
      expect(await askSync(ann, annConnection)).toBe('already_queued');
      const open = (await syncJobs(annConnection)).filter((j) => j.status === 'pending');
      expect(open).toHaveLength(1);
      await db().update(jobs).set({ status: 'running' }).where(eq(jobs.id, open[0]!.id));
      expect(await askSync(ann, annConnection)).toBe('already_queued');
      await db().update(jobs).set({ status: 'pending' }).where(eq(jobs.id, open[0]!.id));
      await server.deps.jobs.runDue();
      const after = await syncJobs(annConnection);
      expect(after).toHaveLength(before + 1);
      expect(after.filter((j) => j.status !== 'done')).toEqual([]);
      expect(await askSync(ann, annConnection)).toBe('queued');
      await server.deps.jobs.runDue();
    });

    it('leaves the four unattended syncs a day alone: the scheduler still queues its slot, counted apart', async () => {
      const before = (await unattendedSyncs(annConnection)).length;
      await askSync(ann, annConnection);
      await server.deps.jobs.runDue();
      expect(await unattendedSyncs(annConnection)).toHaveLength(before);

      // A scheduler slot of its own (a week on), so no earlier run of the scheduler has used it.
      const now = new Date(server.clock.now().getTime() + 7 * 86_400_000);
      const jobsOf = { connectionId: annConnection, userId: ann.userId, now };
      expect(await enqueueSync(server.deps.jobs, jobsOf)).toBe(true);
      expect(await enqueueSync(server.deps.jobs, jobsOf)).toBe(false);
      // The saver's request waits for the unattended one already waiting.
      expect(await askSync(ann, annConnection)).toBe('already_queued');
      await server.deps.jobs.runDue();
      expect(await unattendedSyncs(annConnection)).toHaveLength(before + 1);
      expect(await askSync(ann, annConnection)).toBe('queued');
      await server.deps.jobs.runDue();
      expect(await unattendedSyncs(annConnection)).toHaveLength(before + 1);
    });

    it(`refuses more than ${SAVER_SYNCS_PER_HOUR} asked for in an hour with a 429 that says so`, async () => {
      const key = `open-banking-sync:${ann.userId}`;
      await db()
        .insert(throttles)
        .values({ key, windowStart: new Date(), count: SAVER_SYNCS_PER_HOUR - 1 })
        .onConflictDoUpdate({
          target: throttles.key,
          set: { windowStart: new Date(), count: SAVER_SYNCS_PER_HOUR - 1 },
        });
      expect(await askSync(ann, annConnection)).toBe('queued');
      // One waits: that answer is not a new sync, so it is not refused.
      expect(await askSync(ann, annConnection)).toBe('already_queued');
      await server.deps.jobs.runDue();
      const refused = await call(ann, `/api/open-banking/connections/${annConnection}/sync`, { method: 'POST' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        OPEN_BANKING_MESSAGES.tooManySyncs,
      );
      expect((await syncJobs(annConnection)).filter((j) => j.status !== 'done')).toEqual([]);
      await db().delete(throttles).where(eq(throttles.key, key));
      expect(await askSync(ann, annConnection)).toBe('queued');
      await server.deps.jobs.runDue();
    });
  });

  it('refuses a state from another session, a used state, and an expired one', async () => {
    const other = await signIn(server, ann.email, 'correct horse battery');
    const start = await call(ann, '/api/open-banking/connections', { method: 'POST', json: { bankId } });
    const wrong = await consent(ann, start, other.cookie);
    expect(wrong.headers.get('location')).toBe('/open-banking?error=state');

    const again = await call(ann, '/api/open-banking/connections', { method: 'POST', json: { bankId } });
    const { authorisationUrl } = (await again.json()) as { authorisationUrl: string };
    const back = new URL((await fetch(authorisationUrl, { redirect: 'manual' })).headers.get('location')!);
    expect((await call(ann, `${back.pathname}${back.search}`)).headers.get('location')).toMatch(/\/link$/);
    expect((await call(ann, `${back.pathname}${back.search}`)).headers.get('location')).toBe(
      '/open-banking?error=state',
    );

    const late = await call(ann, '/api/open-banking/connections', { method: 'POST', json: { bankId } });
    await db()
      .update(openBankingOauthStates)
      .set({ expiresAt: new Date(server.clock.now().getTime() - 1000) })
      .where(eq(openBankingOauthStates.userId, ann.userId));
    expect((await consent(ann, late)).headers.get('location')).toBe('/open-banking?error=state');
  });

  it('a declined consent comes back with its reason', async () => {
    fake.denyNext();
    const done = await consent(
      ann,
      await call(ann, '/api/open-banking/connections', { method: 'POST', json: { bankId } }),
    );
    expect(done.headers.get('location')).toBe('/open-banking?error=denied');
  });

  it('refuses a saver without Big Pig at the gate', async () => {
    const carl = await newPerson('carl');
    await db()
      .update(subscriptions)
      .set({
        paymentStatus: 'trial_expired',
        tier: 'piglet',
        trialExpiresAt: new Date(server.clock.now().getTime() - 86_400_000),
      })
      .where(eq(subscriptions.userId, carl.userId));
    const fresh = await signIn(server, carl.email, 'correct horse battery');
    const res = await call(fresh, '/api/open-banking/connections', { method: 'POST', json: { bankId } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'Open Banking requires Big Pig tier or higher',
    );
    expect((await call(fresh, '/api/open-banking/banks')).status).toBe(403);
  });

  it('lets no one else see or act on a connection', async () => {
    const bob = await newPerson('bob');
    expect((await status(bob)).connections).toEqual([]);
    for (const [method, path, json] of [
      ['POST', `/api/open-banking/connections/${annConnection}/sync`, undefined],
      ['POST', `/api/open-banking/connections/${annConnection}/reconnect`, undefined],
      [
        'POST',
        `/api/open-banking/connections/${annConnection}/links`,
        { links: [{ providerAccountId: 'acc-easy-access', create: { name: 'x' } }] },
      ],
      ['DELETE', `/api/open-banking/connections/${annConnection}`, undefined],
    ] as const) {
      expect((await call(bob, path, { method, json })).status, `${method} ${path}`).toBe(404);
    }
    expect((await connection(ann, annConnection)).status).toBe('active');
  });

  it('an expired consent shows as expired and asks to reconnect; reconnecting renews it', async () => {
    const dan = await newPerson('dan');
    const id = await connect(dan);
    await call(dan, `/api/open-banking/connections/${id}/links`, {
      method: 'POST',
      json: { links: [{ providerAccountId: 'acc-easy-access', create: { name: 'Easy' } }] },
    });
    await server.deps.jobs.runDue();
    fake.expireConsents('latest');
    await syncNow(dan, id);
    const c = await connection(dan, id);
    expect(c.status).toBe('expired');
    expect(c.lastSyncError).toMatch(/reconnect/);
    const [row] = await db().select().from(openBankingConnections).where(eq(openBankingConnections.id, id));
    expect(row!.accessTokenEnc).toBeNull();
    expect((await call(dan, `/api/open-banking/connections/${id}/sync`, { method: 'POST' })).status).toBe(409);

    const again = await consent(
      dan,
      await call(dan, `/api/open-banking/connections/${id}/reconnect`, { method: 'POST' }),
    );
    expect(again.headers.get('location')).toBe(`/open-banking/connections/${id}/link`);
    await server.deps.jobs.runDue();
    expect((await connection(dan, id)).status).toBe('active');
  });

  it('a revoked consent shows as revoked', async () => {
    const eve = await newPerson('eve');
    const id = await connect(eve);
    await call(eve, `/api/open-banking/connections/${id}/links`, {
      method: 'POST',
      json: { links: [{ providerAccountId: 'acc-fixed-bond', create: { name: 'Bond' } }] },
    });
    await server.deps.jobs.runDue();
    fake.revokeConsents('latest');
    await syncNow(eve, id);
    expect((await connection(eve, id)).status).toBe('revoked');
  });

  it('disconnecting revokes at the provider and deletes the tokens; the linked accounts and history stay', async () => {
    // Other savers' tests moved the clock on: a fresh sign-in, not an idle one.
    ann = { ...ann, ...(await signIn(server, ann.email, 'correct horse battery')) };
    const revoked = fake.stats.revoked;
    const res = await call(ann, `/api/open-banking/connections/${annConnection}`, { method: 'DELETE' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(fake.stats.revoked).toBe(revoked + 1);
    expect((await connection(ann, annConnection)).status).toBe('revoked');
    const [row] = await db().select().from(openBankingConnections).where(eq(openBankingConnections.id, annConnection));
    expect([row!.accessTokenEnc, row!.refreshTokenEnc]).toEqual([null, null]);
    expect(await balanceOf(easy)).toBe(12_800_00);
    expect((await entriesOf(easy)).length).toBeGreaterThan(4);
  });

  it('the export lists connections without tokens, and no token or secret appears anywhere', async () => {
    ann = { ...ann, ...(await signIn(server, ann.email, 'correct horse battery')) };
    const exported = await call(ann, '/api/account/export');
    expect(exported.status).toBe(200);
    const document = (await exported.json()) as Record<string, unknown>;
    expect(JSON.stringify(document)).toContain('Nationwide Building Society');
    const stored = await db()
      .select({ a: openBankingConnections.accessTokenEnc })
      .from(openBankingConnections)
      .where(and(isNotNull(openBankingConnections.accessTokenEnc)));
    expect(stored.length).toBeGreaterThan(0);
    const secrets = [...fake.issuedSecrets(), ...stored.map((s) => s.a!)];
    const everything = [...bodies, ...logLines].join('\n');
    expect(logLines.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(everything.includes(secret), 'a secret leaked').toBe(false);
  });

  it('tells the saver in their notifications to reconfirm ahead of the 90 days, and to reconnect once ended', async () => {
    const gus = await newPerson('gus');
    const id = await connect(gus);
    const notices = async () => {
      const res = await call(gus, '/api/notifications');
      expect(res.status).toBe(200);
      const body = (await res.json()) as { notifications: { kind: string; title: string; link: { href: string } }[] };
      return body.notifications.filter((n) => n.kind === 'open-banking').map((n) => [n.title, n.link.href]);
    };
    const endIn = (days: number) =>
      db()
        .update(openBankingConnections)
        .set({ consentExpiresAt: new Date(server.clock.now().getTime() + days * 86_400_000) })
        .where(eq(openBankingConnections.id, id));
    expect(await notices()).toEqual([]);
    await endIn(10);
    const [[title, href]] = (await notices()) as [[string, string]];
    expect(title).toMatch(/^Reconfirm your .+ connection by \d{2}\/\d{2}\/\d{4}$/);
    expect(href).toBe('/open-banking');
    await endIn(-1);
    expect((await notices()).map(([t]) => t)).toEqual([expect.stringMatching(/^Your .+ connection has ended$/)]);
    await call(gus, `/api/open-banking/connections/${id}`, { method: 'DELETE' });
    expect(await notices()).toEqual([]);
  });

  it('account deletion revokes every consent at the provider', async () => {
    const fay = await newPerson('fay');
    await connect(fay);
    const revoked = fake.stats.revoked;
    const res = await call(fay, '/api/account/delete', { method: 'POST', json: { password: 'correct horse battery' } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(fake.stats.revoked).toBe(revoked + 1);
    expect(
      await db().select().from(openBankingConnections).where(eq(openBankingConnections.userId, fay.userId)),
    ).toEqual([]);
  });
});
