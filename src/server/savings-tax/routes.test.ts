import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { createTestAccount, insertStoredTransaction } from '../transactions/account-fixture.ts';

type Saver = { cookie: string; userId: string };

describe.each(testDatabaseKinds())('the savings tax estimate on %s', (kind) => {
  let server: TestServer;
  let ann: Saver;
  let bob: Saver;

  /** An account of `saver`'s with its type and rate, and its transactions (the balance follows them). */
  async function account(
    saver: Saver,
    set: { accountType: string; interestRateBps: number },
    entries: { amountPence: number; date: string; type: 'deposit' | 'interest' }[],
  ) {
    const accountId = await createTestAccount(server.deps.database.db, saver.userId, set.accountType);
    await server.deps.database.db.update(accounts).set(set).where(eq(accounts.id, accountId));
    for (const entry of entries) {
      await insertStoredTransaction(server.deps.database.db, { userId: saver.userId, accountId, ...entry });
    }
  }

  beforeAll(async () => {
    server = await createTestServer(kind);
    server.clock.set(new Date('2027-01-05T12:00:00Z'));
    ann = await signUpAndSignIn(server, { email: 'ann.tax@example.com' });
    bob = await signUpAndSignIn(server, { email: 'bob.tax@example.com' });
    // Ann's savings: £49,300 + £100 interest in 2025/26 + £600 interest on 1 Dec 2026 = £50,000 at 5%.
    await account(ann, { accountType: 'Savings', interestRateBps: 500 }, [
      { amountPence: 49_300_00, date: '2026-01-10', type: 'deposit' },
      { amountPence: 100_00, date: '2026-03-01', type: 'interest' },
      { amountPence: 600_00, date: '2026-12-01', type: 'interest' },
    ]);
    // Her cash ISA's interest is tax-free: left out.
    await account(ann, { accountType: 'Cash ISA', interestRateBps: 450 }, [
      { amountPence: 20_000_00, date: '2026-05-01', type: 'deposit' },
      { amountPence: 300_00, date: '2026-12-01', type: 'interest' },
    ]);
    // Bob's interest is his, never in Ann's figures.
    await account(bob, { accountType: 'Savings', interestRateBps: 600 }, [
      { amountPence: 100_000_00, date: '2026-05-01', type: 'deposit' },
      { amountPence: 5_000_00, date: '2026-12-01', type: 'interest' },
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const estimate = async (cookie: string) => {
    const res = await server.request('/api/savings-tax-estimate', { cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };
  const setBand = (savingsTaxBand: unknown, cookie = ann.cookie) =>
    server.request('/api/settings', { method: 'PATCH', cookie, json: { savingsTaxBand } });

  it('counts this tax year’s interest and the rest of the year’s, and asks for a band before a tax figure', async () => {
    // 5 Jan 2027: 90 days to 5 April. Earned £600.00 (the £100 was 2025/26's; the ISA's is left out).
    // Projected: £50,000 × 5% × 90 ÷ 365 = £616.438… → £616.43.
    expect(await estimate(ann.cookie)).toEqual({
      date: '2027-01-05',
      taxYear: { label: '2026/27', firstDay: '2026-04-06', lastDay: '2027-04-05' },
      daysLeft: 90,
      band: null,
      earnedPence: 600_00,
      projectedPence: 616_43,
      accountCount: 1,
      isaCount: 1,
      tax: null,
    });
  });

  it('taxes it at the band the saver chooses in Settings', async () => {
    expect((await setBand('higher')).status).toBe(200);
    // (£600.00 + £616.43 − £500 PSA) × 40% = £716.43 × 40% = £286.572 → £286.57.
    expect(await estimate(ann.cookie)).toMatchObject({
      band: 'higher',
      tax: { personalSavingsAllowancePence: 500_00, taxablePence: 716_43, ratePercent: 40, taxPence: 286_57 },
    });
    // Basic rate: £1,216.43 − £1,000 = £216.43 × 20% = £43.286 → £43.28.
    expect((await setBand('basic')).status).toBe(200);
    expect(await estimate(ann.cookie)).toMatchObject({ band: 'basic', tax: { taxPence: 43_28 } });
  });

  it('keeps each saver to their own accounts and band', async () => {
    // Bob: £5,000 earned; £105,000 × 6% × 90 ÷ 365 = £1,553.424… → £1,553.42; no band chosen.
    expect(await estimate(bob.cookie)).toMatchObject({
      band: null,
      earnedPence: 5_000_00,
      projectedPence: 1_553_42,
      tax: null,
    });
  });

  it('refuses a band that does not exist, and lets the saver clear theirs', async () => {
    const res = await setBand('emperor');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'Choose basic rate, higher rate or additional rate',
    );
    expect((await setBand(null)).status).toBe(200);
    expect(await estimate(ann.cookie)).toMatchObject({ band: null, tax: null });
  });

  it('refuses anonymous callers', async () => {
    expect((await server.request('/api/savings-tax-estimate')).status).toBe(401);
  });
});
