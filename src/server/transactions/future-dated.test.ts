/**
 * Issue 24: an entry dated after the UK today is scheduled, not money today (ADR 0044). £1,000
 * today and a £500 deposit dated next month: the account, the accounts list, its protection, the
 * Protection Hub and the dashboard all say £1,000 until the deposit's date, then £1,500, with no
 * write in between; an ISA deposit dated next month uses none of this tax year's allowance until
 * its date.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankReferenceId } from '../reference/rows.ts';
import { addAccountAt } from '../test/accounts-api.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signIn, signUpAndSignIn, type TestServer } from '../test/server.ts';

// Saturday 28 November 2026, 10:00 in London; the deposit is dated Monday 28 December 2026.
const TODAY = new Date('2026-11-28T10:00:00Z');
const DEPOSIT_DAY = '2026-12-28';
// The deposit's day, one minute past midnight in London, and the evening before it.
const ON_THE_DAY = new Date('2026-12-28T00:01:00Z');
const EVENING_BEFORE = new Date('2026-12-27T23:59:00Z');
const HALIFAX = bankReferenceId('frn-169628/Halifax');

type Person = { cookie: string; userId: string };

describe.each(testDatabaseKinds())('future-dated entries are scheduled, not money today, on %s', (kind) => {
  let server: TestServer;
  let ann: Person;
  let saverId = '';
  let isaId = '';

  const get = async <T>(path: string): Promise<T> => {
    const res = await server.request(path, { cookie: ann.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as T;
  };
  const add = async (accountId: string, amountPence: number, date: string) => {
    const res = await server.request(`/api/accounts/${accountId}/transactions`, {
      method: 'POST',
      cookie: ann.cookie,
      json: { transactions: [{ type: 'deposit', amountPence, date, notes: '' }] },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  };

  /** Moves the server's clock; a month on, Ann signs in again (a session ends after inactivity). */
  const at = async (when: Date) => {
    server.clock.set(when);
    ann = await signIn(server, 'ann.future@example.com', 'correct horse battery');
  };

  /** What every screen that shows money today says about Ann's easy saver. */
  const everywhere = async () => {
    const account = await get<{ account: { balancePence: number } }>(`/api/accounts/${saverId}`);
    const list = await get<{
      accounts: { id: string; balancePence: number }[];
      totalBalancePence: number;
      protection: { totals: { totalPence: number } };
    }>('/api/accounts');
    const hub = await get<{ totals: { totalPence: number } }>('/api/protection');
    const dashboard = await get<{ protection: { totals: { totalPence: number } } }>('/api/dashboard');
    return {
      account: account.account.balancePence,
      listed: list.accounts.find((a) => a.id === saverId)!.balancePence,
      listTotal: list.totalBalancePence,
      listProtection: list.protection.totals.totalPence,
      hub: hub.totals.totalPence,
      dashboard: dashboard.protection.totals.totalPence,
    };
  };
  const isaUsed = async () =>
    (await get<{ overall: { usedPence: number } }>('/api/isa/allowance?taxYear=2026/27')).overall.usedPence;

  beforeAll(async () => {
    server = await createTestServer(kind);
    server.clock.set(TODAY);
    ann = await signUpAndSignIn(server, { email: 'ann.future@example.com' });
    // Big Pig, paid: the Hub and ISAs are open to her whatever the date.
    await server.deps.database.db.execute(
      sql`update subscriptions set tier = 'bigpig', payment_status = 'active', trial_expires_at = null
        where user_id = ${ann.userId}`,
    );
    saverId = await addAccountAt(server, ann.cookie, { name: 'Easy saver', bankId: HALIFAX, pence: 1_000_00 });
    await add(saverId, 500_00, DEPOSIT_DAY);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('counts £1,000, not £1,500, everywhere before the deposit’s date', async () => {
    await at(TODAY);
    const before = await everywhere();
    expect(before.account).toBe(1_000_00);
    expect(before.listed).toBe(1_000_00);
    expect(before.listProtection).toBe(1_000_00);
    expect(before.hub).toBe(1_000_00);
    expect(before.dashboard).toBe(1_000_00);
    await at(EVENING_BEFORE);
    expect(await everywhere()).toEqual(before);
  });

  it('counts £1,500 everywhere from the deposit’s date, with no write in between', async () => {
    await at(ON_THE_DAY);
    const after = await everywhere();
    expect(after).toEqual({
      account: 1_500_00,
      listed: 1_500_00,
      listTotal: after.listTotal,
      listProtection: 1_500_00,
      hub: 1_500_00,
      dashboard: 1_500_00,
    });
    expect(after.listTotal).toBeGreaterThanOrEqual(1_500_00);
  });

  it('keeps a future-dated ISA deposit out of the tax year’s use until its date', async () => {
    await at(TODAY);
    isaId = await addAccountAt(
      server,
      ann.cookie,
      { name: 'Halifax Cash ISA', bankId: HALIFAX, pence: 0 },
      { accountType: 'Cash ISA' },
    );
    await add(isaId, 2_000_00, '2026-11-28');
    await add(isaId, 3_000_00, DEPOSIT_DAY);
    expect(await isaUsed()).toBe(2_000_00);
    await at(EVENING_BEFORE);
    expect(await isaUsed()).toBe(2_000_00);
    await at(ON_THE_DAY);
    expect(await isaUsed()).toBe(5_000_00);
  });
});
