import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withActor } from '../db/rls.ts';
import { accounts, accountTerms } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { itOnPostgres } from '../test/postgres-only.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { createTestAccount, insertStoredTransaction } from '../transactions/account-fixture.ts';
import { TERMS_MESSAGES } from './routes.ts';
import type { TermJson } from './term-json.ts';

// "Today" for every test: Monday 15 June 2026, midday in London (tax year 2026/27).
const TODAY = new Date('2026-06-15T11:00:00Z');

type Person = { cookie: string; userId: string };

const withdrawalLimit = (overrides: Record<string, unknown> = {}) => ({
  termType: 'withdrawal_limit',
  label: '  ',
  inputs: { maxWithdrawals: 3, period: 'calendar_year', penalty: "90 days' interest" },
  notes: '  From the key facts  ',
  ...overrides,
});
const minimumDeposit = { termType: 'minimum_deposit', inputs: { amountPence: 10_000, frequency: 'monthly' } };

describe.each(testDatabaseKinds())('account terms API on %s', (kind) => {
  let server: TestServer;
  let ann: Person;
  let bob: Person;

  const call = (path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) =>
    server.request(path, { method: init.method ?? 'GET', json: init.json, cookie: init.cookie ?? ann.cookie });
  const list = async (accountId: string, cookie = ann.cookie) => {
    const res = await call(`/api/accounts/${accountId}/terms`, { cookie });
    expect(res.status).toBe(200);
    return ((await res.json()) as { terms: TermJson[] }).terms;
  };
  const add = async (accountId: string, body: unknown, cookie = ann.cookie) => {
    const res = await call(`/api/accounts/${accountId}/terms`, { method: 'POST', json: body, cookie });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { term: TermJson }).term;
  };
  const refusal = async (res: Response) => ({
    status: res.status,
    ...((await res.json()) as { error: { code: string; message: string; details?: { field?: string } } }).error,
  });
  const termRows = async (accountId: string) =>
    server.deps.database.db.select().from(accountTerms).where(eq(accountTerms.accountId, accountId));
  const deposit = (who: Person, accountId: string, date: string, amountPence: number) =>
    insertStoredTransaction(server.deps.database.db, {
      userId: who.userId,
      accountId,
      amountPence,
      date,
      type: 'deposit',
    });
  const withdrawal = (who: Person, accountId: string, date: string) =>
    insertStoredTransaction(server.deps.database.db, {
      userId: who.userId,
      accountId,
      amountPence: -1_000,
      date,
      type: 'withdrawal',
    });
  const accountOfType = async (who: Person, accountType: string) => {
    const [row] = await withActor(server.deps.database.db, { userId: who.userId }, (tx) =>
      tx
        .insert(accounts)
        .values({ userId: who.userId, name: accountType, accountNumber: '1', accountType })
        .returning({ id: accounts.id }),
    );
    return row!.id;
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    ann = await signUpAndSignIn(server, { email: 'ann@example.com' });
    bob = await signUpAndSignIn(server, { email: 'bob@example.com' });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    server.clock.set(TODAY);
  });

  it('adds a withdrawal limit and works out its status from the withdrawals of this calendar year', async () => {
    const accountId = await createTestAccount(server.deps.database.db, ann.userId);
    expect(await list(accountId)).toEqual([]);
    await withdrawal(ann, accountId, '2025-12-31'); // last year: does not count
    await withdrawal(ann, accountId, '2026-02-01');
    await withdrawal(ann, accountId, '2026-05-20');
    const term = await add(accountId, withdrawalLimit());
    expect(term).toMatchObject({
      accountId,
      termType: 'withdrawal_limit',
      label: 'Withdrawal limit', // a blank label takes the type's name
      notes: 'From the key facts',
      notificationsEnabled: true,
      inputs: { maxWithdrawals: 3, period: 'calendar_year', penalty: "90 days' interest" },
      status: 'warning',
      statusLabel: 'Warning',
      period: { start: '2026-01-01', end: '2026-12-31' },
      usage: { used: 2, limit: 3, unit: 'withdrawals', percent: 66 },
      events: [],
      eventCount: 0,
      notifies: true,
    });
    expect(term.insights).toContainEqual({ type: 'warning', text: '1 withdrawal left this calendar year' });
    expect(await list(accountId)).toEqual([term]);

    await withdrawal(ann, accountId, '2026-06-01');
    const [after] = await list(accountId);
    expect(after).toMatchObject({ status: 'alert', usage: { used: 3 } });
    expect(after!.alerts[0]).toMatchObject({ level: 'error' });
  });

  it('lists terms oldest first', async () => {
    const accountId = await createTestAccount(server.deps.database.db, ann.userId);
    const first = await add(accountId, withdrawalLimit({ label: 'First' }));
    const second = await add(accountId, { ...minimumDeposit, label: 'Second' });
    expect((await list(accountId)).map((t) => t.id)).toEqual([first.id, second.id]);
  });

  it('refuses a term without its type or required fields with core’s message, and writes nothing', async () => {
    const accountId = await createTestAccount(server.deps.database.db, ann.userId);
    const post = (body: unknown) => call(`/api/accounts/${accountId}/terms`, { method: 'POST', json: body });
    expect(await refusal(await post({ inputs: {} }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Choose a term type',
    });
    expect(await refusal(await post({ termType: 'withdrawal_limit', inputs: { period: 'monthly' } }))).toMatchObject({
      status: 400,
      message: 'Withdrawals allowed is required',
      details: { field: 'inputs.maxWithdrawals' },
    });
    expect(
      await refusal(await post({ termType: 'minimum_deposit', inputs: { amountPence: 0, frequency: 'monthly' } })),
    ).toMatchObject({ status: 400, message: 'Minimum deposit must be more than £0' });
    expect(await refusal(await post({ termType: 'fixed_term', inputs: { termEndDate: '2026-02-30' } }))).toMatchObject({
      status: 400,
      details: { field: 'inputs.termEndDate' },
    });
    expect(
      await refusal(await post({ termType: 'notice_period', inputs: { noticeDays: 30, rogue: 1 } })),
    ).toMatchObject({ status: 400, message: 'This field cannot be set for this term: rogue' });
    expect(await refusal(await post({ termType: 'made_up' }))).toMatchObject({ status: 400 });
    expect(await refusal(await post('not an object'))).toMatchObject({ status: 400 });
    // A pension's term on a savings account.
    expect(await refusal(await post({ termType: 'access_age', inputs: { accessAge: 57 } }))).toMatchObject({
      status: 400,
      message: TERMS_MESSAGES.typeNotOffered,
    });
    expect(await termRows(accountId)).toEqual([]);
  });

  it('offers ISA terms on an ISA and pension terms on a pension', async () => {
    const isa = await accountOfType(ann, 'Cash ISA');
    const pension = await accountOfType(ann, 'SIPP');
    await deposit(ann, isa, '2026-04-05', 500_000); // the 2025/26 tax year
    await deposit(ann, isa, '2026-04-06', 1_700_000); // the first day of 2026/27
    const allowance = await add(isa, { termType: 'annual_allowance', inputs: { maxAllowancePence: 2_000_000 } });
    expect(allowance).toMatchObject({
      status: 'warning',
      usage: { used: 1_700_000, limit: 2_000_000, percent: 85 },
      period: { start: '2026-04-06', end: '2027-04-05' },
    });
    const access = await add(pension, { termType: 'access_age', inputs: { accessAge: 57 } });
    expect(access).toMatchObject({ status: 'neutral', label: 'Access age' });
    expect(access.insights).toEqual([{ type: 'info', text: 'You can take money from this pension from age 57' }]);
    const res = await call(`/api/accounts/${pension}/terms`, { method: 'POST', json: withdrawalLimit() });
    expect(res.status).toBe(400);
  });

  it('reads the transactions of a named earlier tax year however long ago', async () => {
    const isa = await accountOfType(ann, 'Stocks and Shares ISA');
    await deposit(ann, isa, '2023-05-01', 2_000_000);
    const term = await add(isa, {
      termType: 'annual_allowance',
      inputs: { taxYear: '2023-24', maxAllowancePence: 2_000_000 },
    });
    expect(term).toMatchObject({
      status: 'expired',
      inputs: { taxYear: '2023/24' },
      usage: { used: 2_000_000, limit: 2_000_000, percent: 100 },
    });
  });

  it('saves an edit (keeping the events), the notifications switch, and deletes', async () => {
    const accountId = await createTestAccount(server.deps.database.db, ann.userId);
    const term = await add(accountId, minimumDeposit);
    await call(`/api/terms/${term.id}/mark-deposited`, { method: 'POST' });

    const put = await call(`/api/terms/${term.id}`, {
      method: 'PUT',
      json: { ...minimumDeposit, label: 'Regular saver', inputs: { amountPence: 25_000, frequency: 'quarterly' } },
    });
    expect(put.status).toBe(200);
    const edited = ((await put.json()) as { term: TermJson }).term;
    expect(edited).toMatchObject({
      label: 'Regular saver',
      inputs: { amountPence: 25_000, frequency: 'quarterly' },
      eventCount: 1,
      period: { start: '2026-04-01', end: '2026-06-30' },
    });

    const badPut = await call(`/api/terms/${term.id}`, { method: 'PUT', json: { termType: 'minimum_deposit' } });
    expect(await refusal(badPut)).toMatchObject({ status: 400, message: 'Minimum deposit is required' });

    const patch = await call(`/api/terms/${term.id}`, { method: 'PATCH', json: { notificationsEnabled: false } });
    expect(patch.status).toBe(200);
    expect(((await patch.json()) as { term: TermJson }).term).toMatchObject({
      notificationsEnabled: false,
      notifies: false,
      label: 'Regular saver',
    });
    expect(
      (await call(`/api/terms/${term.id}`, { method: 'PATCH', json: { notificationsEnabled: 'no' } })).status,
    ).toBe(400);

    expect((await call(`/api/terms/${term.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await list(accountId)).toEqual([]);
    expect((await call(`/api/terms/${term.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(`/api/terms/${term.id}`, { method: 'PUT', json: minimumDeposit })).status).toBe(404);
  });

  it('marks a minimum deposit deposited: the event of the spec, and the status turns ok', async () => {
    const accountId = await createTestAccount(server.deps.database.db, ann.userId);
    const term = await add(accountId, minimumDeposit);
    expect(term).toMatchObject({ status: 'warning', usage: { used: 0, limit: 10_000 } });
    expect(term.alerts).toEqual([
      { level: 'warning', message: 'No deposit yet towards the £100.00 due by 30 Jun 2026.', action: 'mark-deposited' },
    ]);
    const res = await call(`/api/terms/${term.id}/mark-deposited`, { method: 'POST' });
    expect(res.status).toBe(200);
    const marked = ((await res.json()) as { term: TermJson }).term;
    expect(marked).toMatchObject({
      status: 'ok',
      eventCount: 1,
      events: [{ type: 'deposit', date: '2026-06-15', amountPence: 10_000, description: 'Monthly deposit logged' }],
    });
    for (let i = 0; i < 4; i++) await call(`/api/terms/${term.id}/mark-deposited`, { method: 'POST' });
    const [after] = await list(accountId);
    expect(after).toMatchObject({ eventCount: 5 });
    expect(after!.events).toHaveLength(3);

    const other = await add(accountId, withdrawalLimit());
    expect(await refusal(await call(`/api/terms/${other.id}/mark-deposited`, { method: 'POST' }))).toMatchObject({
      status: 400,
      message: TERMS_MESSAGES.notMinimumDeposit,
    });
  });

  it('never shows or changes one user’s terms for another', async () => {
    const accountId = await createTestAccount(server.deps.database.db, ann.userId);
    const term = await add(accountId, minimumDeposit);
    const asBob = (path: string, method = 'GET', json?: unknown) => call(path, { method, json, cookie: bob.cookie });
    expect((await asBob(`/api/accounts/${accountId}/terms`)).status).toBe(404);
    expect((await asBob(`/api/accounts/${accountId}/terms`, 'POST', minimumDeposit)).status).toBe(404);
    expect((await asBob(`/api/terms/${term.id}`, 'PUT', { ...minimumDeposit, label: 'Mine now' })).status).toBe(404);
    expect((await asBob(`/api/terms/${term.id}`, 'PATCH', { notificationsEnabled: false })).status).toBe(404);
    expect((await asBob(`/api/terms/${term.id}/mark-deposited`, 'POST')).status).toBe(404);
    expect((await asBob(`/api/terms/${term.id}`, 'DELETE')).status).toBe(404);
    expect(await list(accountId)).toEqual([term]);
    // Not even through the database: row-level security keeps Bob to his rows.
    const seen = await withActor(server.deps.database.db, { userId: bob.userId }, (tx) =>
      tx.select().from(accountTerms),
    );
    expect(seen.filter((row) => row.id === term.id)).toEqual([]);
    const stolen = withActor(server.deps.database.db, { userId: bob.userId }, (tx) =>
      tx.insert(accountTerms).values({
        accountId,
        userId: bob.userId,
        termType: 'notice_period',
        label: 'x',
        inputsSavedOn: '2026-06-15',
      }),
    );
    await expect(stolen).rejects.toThrow();
  });

  it('answers 404 for an id that is not an id', async () => {
    expect((await call('/api/accounts/not-an-id/terms')).status).toBe(404);
    expect((await call('/api/terms/not-an-id', { method: 'DELETE' })).status).toBe(404);
    expect(
      (await call('/api/terms/00000000-0000-4000-8000-000000000000/mark-deposited', { method: 'POST' })).status,
    ).toBe(404);
  });

  itOnPostgres(kind)('lists in the same statements and socket writes however many terms', async () => {
    const accountId = await createTestAccount(server.deps.database.db, ann.userId);
    const sent = async () => {
      const query = vi.spyOn(pg.Client.prototype, 'query');
      const socket = net.Socket.prototype as unknown as { _write: () => void; _writev: () => void };
      const writes = [vi.spyOn(socket, '_write'), vi.spyOn(socket, '_writev')];
      try {
        await list(accountId);
        return { statements: query.mock.calls.length, writes: writes.reduce((n, w) => n + w.mock.calls.length, 0) };
      } finally {
        query.mockRestore();
        for (const w of writes) w.mockRestore();
      }
    };
    const none = await sent();
    await add(accountId, withdrawalLimit());
    await add(accountId, minimumDeposit);
    for (let i = 0; i < 20; i++) await deposit(ann, accountId, '2026-06-01', 100);
    const many = await sent();
    // BEGIN and the session opening, the one read, COMMIT.
    expect(none.statements).toBe(4);
    expect(many).toEqual(none);
  });

  it('keeps a term on its account’s owner (the composite key)', async () => {
    const annAccount = await createTestAccount(server.deps.database.db, ann.userId);
    const attempt = server.deps.database.db.execute(
      sql`insert into account_terms (account_id, user_id, term_type, label, inputs_saved_on)
          values (${annAccount}, ${bob.userId}, 'notice_period', 'x', '2026-06-15')`,
    );
    await expect(attempt).rejects.toThrow();
  });
});
