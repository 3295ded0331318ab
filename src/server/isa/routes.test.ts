import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withActor } from '../db/rls.ts';
import { accounts, isaAccounts } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import type { IsaAllowance, IsaSaved, IsaView } from './routes.ts';
import { ISA_ROUTE_MESSAGES } from './routes.ts';

type Person = { cookie: string; userId: string };
type ErrorBody = { error: { code: string; message: string } };

// HMRC ISA manager references in data/reference/isa_providers.csv.
const NATIONWIDE = 'Z1198'; // banking group: Nationwide Building Society, FRN 106078
const TESCO = 'Z1751'; // banking group: Barclays Bank UK PLC's licence, FRN 759676
const VANGUARD = 'Z1891'; // investment platform
const HL_SAVINGS = 'Z2039'; // cash platform: partner banks hold the money

describe.each(testDatabaseKinds())('the ISA API on %s', (kind) => {
  let server: TestServer;
  let people = 0;

  const newPerson = async () => {
    people += 1;
    return signUpAndSignIn(server, { email: `isa-${people}@example.com` });
  };

  const addAccount = async (who: Person, json: Record<string, unknown>) => {
    const res = await server.request('/api/accounts', {
      method: 'POST',
      cookie: who.cookie,
      json: { accountNumber: '12345678', bankId: null, ...json },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { account: { id: string } }).account.id;
  };

  const bankId = async (name: string) => {
    const res = await server.request(`/api/reference/banks?q=${encodeURIComponent(name)}`);
    const { banks } = (await res.json()) as { banks: { id: string; bankName: string }[] };
    return banks.find((b) => b.bankName === name)!.id;
  };

  const move = async (who: Person, accountId: string, rows: { type: string; amountPence: number; date: string }[]) => {
    const res = await server.request(`/api/accounts/${accountId}/transactions`, {
      method: 'POST',
      cookie: who.cookie,
      json: { transactions: rows.map((r) => ({ ...r, notes: '' })) },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  };

  const chooseProvider = async (who: Person, accountId: string, providerId: string) => {
    const res = await server.request(`/api/accounts/${accountId}/isa/provider`, {
      method: 'PUT',
      cookie: who.cookie,
      json: { providerId },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as IsaSaved;
  };

  const allowance = async (who: Person, taxYear?: string) => {
    const res = await server.request(`/api/isa/allowance${taxYear ? `?taxYear=${taxYear}` : ''}`, {
      cookie: who.cookie,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as IsaAllowance;
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    // Wednesday 10 June 2026: in the 2026/27 tax year; the deposit limit is £120,000.
    server.clock.set(new Date('2026-06-10T12:00:00Z'));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('creates the ISA record with the defaults when the provider is chosen, and changes it in place', async () => {
    const ann = await newPerson();
    const id = await addAccount(ann, { name: 'Rainy Day ISA', accountType: 'Cash ISA' });

    const before = await server.request(`/api/accounts/${id}/isa`, { cookie: ann.cookie });
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ accountId: id, isa: null, provider: null, defaultIsaType: 'cash' });

    const refused = await server.request(`/api/accounts/${id}/isa`, {
      method: 'PATCH',
      cookie: ann.cookie,
      json: { isFlexible: true },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(ISA_ROUTE_MESSAGES.providerFirst);

    const saved = await chooseProvider(ann, id, NATIONWIDE);
    expect(saved.isa).toMatchObject({
      providerId: NATIONWIDE,
      isaType: 'cash',
      fundingType: 'new_subscription',
      isFlexible: false,
      plannedAnnualContributionPence: 0,
      plannedTransferAmountPence: 0,
      beneficialOwner: 'you',
      niNumberPresent: true,
    });
    expect(saved.provider).toMatchObject({
      platformName: 'Nationwide Building Society',
      fscsCategory: 'banking_group',
    });
    expect(saved.provider!.fscsNote).toBe(
      '£120,000 protection per banking licence: this cash ISA shares one limit with all your other money at Nationwide Building Society.',
    );
    expect(saved.account.bank).toBe('Nationwide Building Society');

    const patched = await server.request(`/api/accounts/${id}/isa`, {
      method: 'PATCH',
      cookie: ann.cookie,
      json: { isFlexible: true, plannedAnnualContributionPence: 500_000, fundingType: 'both', beneficialOwner: 'you' },
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(((await patched.json()) as IsaSaved).isa).toMatchObject({
      isFlexible: true,
      plannedAnnualContributionPence: 500_000,
      fundingType: 'both',
    });

    // A second provider replaces the first on the same record; the details stay.
    const again = await chooseProvider(ann, id, TESCO);
    expect(again.isa).toMatchObject({ providerId: TESCO, isFlexible: true, plannedAnnualContributionPence: 500_000 });
    expect(again.account.bank).toBe('Tesco Personal Finance plc');
    const rows = await withActor(server.deps.database.db, { userId: ann.userId }, (tx) =>
      tx.select().from(isaAccounts).where(eq(isaAccounts.accountId, id)),
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses invalid details with the spec’s messages and an unknown provider', async () => {
    const ann = await newPerson();
    const id = await addAccount(ann, { name: 'ISA', accountType: 'Cash ISA' });
    await chooseProvider(ann, id, NATIONWIDE);
    const patch = (json: unknown) =>
      server.request(`/api/accounts/${id}/isa`, { method: 'PATCH', cookie: ann.cookie, json });
    const negative = await patch({ plannedTransferAmountPence: -1 });
    expect(negative.status).toBe(400);
    expect(((await negative.json()) as ErrorBody).error.message).toBe(
      'Enter an amount of £0 or more, in pounds and pence',
    );
    const noType = await patch({ isaType: '' });
    expect(((await noType.json()) as ErrorBody).error.message).toBe('ISA type is required');
    const unknown = await server.request(`/api/accounts/${id}/isa/provider`, {
      method: 'PUT',
      cookie: ann.cookie,
      json: { providerId: 'Z0000' },
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as ErrorBody).error.message).toBe('Choose an ISA provider from the list');
  });

  it('answers a savings account’s ISA routes with 409', async () => {
    const ann = await newPerson();
    const id = await addAccount(ann, { name: 'Saver', accountType: 'Savings', bankId: await bankId('Halifax') });
    const res = await server.request(`/api/accounts/${id}/isa`, { cookie: ann.cookie });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(ISA_ROUTE_MESSAGES.notAnIsa);
  });

  it('lets protection follow the provider: a cash ISA shares its bank’s licence limit, stocks and shares its own scheme', async () => {
    const ann = await newPerson();
    // £100,000 at Barclays and a £30,000 Tesco cash ISA: both under Barclays Bank UK PLC's licence.
    await addAccount(ann, {
      name: 'Barclays saver',
      accountType: 'Savings',
      bankId: await bankId('Barclays'),
      startingBalancePence: 10_000_000,
    });
    const isa = await addAccount(ann, { name: 'Tesco ISA', accountType: 'Cash ISA', startingBalancePence: 3_000_000 });
    const unknown = (await (
      await server.request(`/api/accounts/${isa}/isa`, { cookie: ann.cookie })
    ).json()) as IsaView;
    expect(unknown.isa).toBeNull();
    const list = async () =>
      (
        (await (await server.request('/api/accounts', { cookie: ann.cookie })).json()) as {
          accounts: {
            id: string;
            name: string;
            bank: string | null;
            protection: { status: string; uncoveredPence: number | null };
          }[];
        }
      ).accounts;
    expect((await list()).find((a) => a.id === isa)!.protection.status).toBe('unknown-bank');

    const saved = await chooseProvider(ann, isa, TESCO);
    expect(saved.account.protection).toEqual({ status: 'partly-covered', uncoveredPence: 1_000_000, reason: null });
    const after = await list();
    expect(after.map((a) => a.protection)).toEqual([
      { status: 'partly-covered', uncoveredPence: 1_000_000, reason: null },
      { status: 'partly-covered', uncoveredPence: 1_000_000, reason: null },
    ]);

    // A stocks and shares ISA at an investment platform: investment protection, never deposit money.
    const shares = await addAccount(ann, {
      name: 'Vanguard ISA',
      accountType: 'Stocks and Shares ISA',
      startingBalancePence: 20_000_000,
    });
    const vanguard = await chooseProvider(ann, shares, VANGUARD);
    expect(vanguard.isa!.isaType).toBe('stocks_and_shares');
    expect(vanguard.account.protection.status).toBe('partly-covered');
    const hub = await server.request('/api/protection', { cookie: ann.cookie });
    const picture = (await hub.json()) as { groups: { scheme: string; name: string; accounts: { id: string }[] }[] };
    const investment = picture.groups.find((g) => g.accounts.some((a) => a.id === shares));
    expect(investment).toMatchObject({ scheme: 'investment', name: 'Vanguard Asset Management Limited' });

    // A cash ISA platform holds nothing itself: the partner bank has to be named.
    const platform = await addAccount(ann, { name: 'HL cash ISA', accountType: 'Cash ISA', startingBalancePence: 100 });
    const hl = await chooseProvider(ann, platform, HL_SAVINGS);
    expect(hl.account.protection).toEqual({
      status: 'unknown-bank',
      uncoveredPence: null,
      reason: 'platform-bank-missing',
    });
  });

  it('never lets another user read or write an ISA record', async () => {
    const ann = await newPerson();
    const eve = await newPerson();
    const id = await addAccount(ann, { name: 'Ann ISA', accountType: 'Cash ISA', startingBalancePence: 100 });
    await chooseProvider(ann, id, NATIONWIDE);
    await move(ann, id, [{ type: 'deposit', amountPence: 100_000, date: '2026-05-01' }]);

    expect((await server.request(`/api/accounts/${id}/isa`, { cookie: eve.cookie })).status).toBe(404);
    const put = await server.request(`/api/accounts/${id}/isa/provider`, {
      method: 'PUT',
      cookie: eve.cookie,
      json: { providerId: TESCO },
    });
    expect(put.status).toBe(404);
    const patch = await server.request(`/api/accounts/${id}/isa`, {
      method: 'PATCH',
      cookie: eve.cookie,
      json: { isFlexible: true },
    });
    expect(patch.status).toBe(404);
    expect((await allowance(eve)).overall.usedPence).toBe(0);

    // Row-level security is the second wall: Eve's transaction sees no row and cannot add one to Ann's account.
    const db = server.deps.database.db;
    const seen = await withActor(db, { userId: eve.userId }, (tx) => tx.select().from(isaAccounts));
    expect(seen).toHaveLength(0);
    await expect(
      withActor(db, { userId: eve.userId }, (tx) =>
        tx.insert(isaAccounts).values({ accountId: id, userId: eve.userId, providerId: TESCO }),
      ),
    ).rejects.toThrow();
    const [mine] = await withActor(db, { userId: ann.userId }, (tx) =>
      tx
        .select({ providerId: isaAccounts.providerId, bank: accounts.bank })
        .from(isaAccounts)
        .innerJoin(accounts, eq(accounts.id, isaAccounts.accountId)),
    );
    expect(mine).toEqual({ providerId: NATIONWIDE, bank: 'Nationwide Building Society' });
  });

  it('works out the allowance across two ISAs, with a flexible withdrawal put back, on the 5/6 April boundary', async () => {
    const ann = await newPerson();
    const cash = await addAccount(ann, { name: 'Nationwide ISA', accountType: 'Cash ISA' });
    const shares = await addAccount(ann, { name: 'Vanguard ISA', accountType: 'Stocks and Shares ISA' });
    await chooseProvider(ann, cash, NATIONWIDE);
    await chooseProvider(ann, shares, VANGUARD);
    await server.request(`/api/accounts/${cash}/isa`, {
      method: 'PATCH',
      cookie: ann.cookie,
      json: { isFlexible: true },
    });
    await move(ann, shares, [
      { type: 'deposit', amountPence: 100_000, date: '2026-04-05' }, // 2025/26
      { type: 'deposit', amountPence: 500_000, date: '2026-04-06' }, // 2026/27
    ]);
    await move(ann, cash, [
      { type: 'deposit', amountPence: 1_000_000, date: '2026-04-10' },
      { type: 'withdrawal', amountPence: 300_000, date: '2026-05-01' },
      { type: 'deposit', amountPence: 200_000, date: '2026-05-10' }, // puts back £2,000 of the £3,000
      { type: 'interest', amountPence: 1_234, date: '2026-05-31' }, // uses no allowance
    ]);

    const now = await allowance(ann);
    expect(now.taxYear).toEqual({ startYear: 2026, label: '2026/27', firstDay: '2026-04-06', lastDay: '2027-04-05' });
    expect(now.isCurrentTaxYear).toBe(true);
    expect(now.overall).toMatchObject({ limitPence: 2_000_000, usedPence: 1_500_000, remainingPence: 500_000 });
    expect(now.overall.words.used).toBe(
      'You have used £15,000.00 of your ISA allowance: £10,000.00 into Nationwide ISA and £5,000.00 into Vanguard ISA.',
    );
    const nationwide = now.accounts.find((a) => a.accountId === cash)!;
    expect(nationwide).toMatchObject({
      isFlexible: true,
      paidInPence: 1_200_000,
      subscribedPence: 1_000_000,
      replacedPence: 200_000,
      withdrawnPence: 300_000,
      replaceablePence: 100_000,
    });
    expect(now.replaceablePence).toBe(100_000);
    expect(now.explanation.length).toBeGreaterThan(0);

    const last = await allowance(ann, '2025/26');
    expect(last.isCurrentTaxYear).toBe(false);
    expect(last.overall.usedPence).toBe(100_000);
    expect(last.alerts).toEqual([]);

    const bad = await server.request('/api/isa/allowance?taxYear=2016/17', { cookie: ann.cookie });
    expect(bad.status).toBe(400);
  });

  it('says a starting balance dated this tax year is not counted as paid in, and counts it once its type is Deposit (issue 24)', async () => {
    const ann = await newPerson();
    const id = await addAccount(ann, { name: 'New cash ISA', accountType: 'Cash ISA', startingBalancePence: 500_000 });
    const before = (await allowance(ann)).accounts.find((a) => a.accountId === id)!;
    expect(before.paidInPence).toBe(0);
    expect(before.startingBalanceWords).toBe(
      'The starting balance of £5,000.00 on 10 Jun 2026 is not counted as paid in this tax year: it is taken as money from before, or moved in from another ISA. If you paid it in this tax year, change its type to Deposit in the transactions and it counts.',
    );
    const [opening] = (await (await server.request(`/api/accounts/${id}/transactions`, { cookie: ann.cookie })).json())
      .items as { id: string }[];
    const changed = await server.request(`/api/transactions/${opening!.id}`, {
      method: 'PATCH',
      cookie: ann.cookie,
      json: { type: 'deposit' },
    });
    expect(changed.status).toBe(200);
    const after = (await allowance(ann)).accounts.find((a) => a.accountId === id)!;
    expect(after).toMatchObject({ paidInPence: 500_000, startingBalanceWords: null });
  });

  it('counts a Cash ISA’s starting balance ticked Paid in this tax year towards the allowance, as a deposit (issue 24)', async () => {
    const ann = await newPerson();
    const id = await addAccount(ann, {
      name: 'Paid-in cash ISA',
      accountType: 'Cash ISA',
      startingBalancePence: 500_000,
      startingBalanceDate: '2026-05-01',
      startingBalancePaidIn: true,
    });
    const held = (await allowance(ann)).accounts.find((a) => a.accountId === id)!;
    expect(held).toMatchObject({ paidInPence: 500_000, startingBalanceWords: null });
    const { items } = (await (
      await server.request(`/api/accounts/${id}/transactions`, { cookie: ann.cookie })
    ).json()) as { items: { type: string; amountPence: number; date: string }[] };
    expect(items.map((t) => [t.type, t.amountPence, t.date])).toEqual([['deposit', 500_000, '2026-05-01']]);

    // Refused, with nothing written: a date before this tax year, or an account that is not a Cash ISA.
    const refused = async (json: Record<string, unknown>) => {
      const res = await server.request('/api/accounts', {
        method: 'POST',
        cookie: ann.cookie,
        json: {
          accountNumber: '12345678',
          bankId: null,
          startingBalancePence: 100_00,
          startingBalancePaidIn: true,
          ...json,
        },
      });
      return { status: res.status, ...((await res.json()) as { error: { message: string } }).error };
    };
    expect(
      await refused({ name: 'Old ISA', accountType: 'Cash ISA', startingBalanceDate: '2026-04-05' }),
    ).toMatchObject({
      status: 400,
      message: 'A starting balance paid in this tax year is dated from 6 Apr 2026',
    });
    expect(await refused({ name: 'Shares', accountType: 'Stocks and Shares ISA' })).toMatchObject({
      status: 400,
      message: 'Only a Cash ISA’s starting balance can count as paid in this tax year',
    });
    const list = (await (await server.request('/api/accounts', { cookie: ann.cookie })).json()) as {
      accounts: { id: string }[];
    };
    expect(list.accounts.map((a) => a.id)).toEqual([id]);
  });

  it('counts Junior ISAs naming the same child against one £9,000 limit, and clears a name', async () => {
    const ann = await newPerson();
    const patch = async (id: string, json: Record<string, unknown>) => {
      const res = await server.request(`/api/accounts/${id}/isa`, { method: 'PATCH', cookie: ann.cookie, json });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as IsaSaved;
    };
    const first = await addAccount(ann, { name: 'Ella JISA one', accountType: 'Junior ISA' });
    const second = await addAccount(ann, { name: 'Ella JISA two', accountType: 'Junior ISA' });
    for (const id of [first, second]) await chooseProvider(ann, id, NATIONWIDE);
    expect((await patch(first, { jisaChildName: 'Ella' })).isa!.jisaChildName).toBe('Ella');
    await patch(second, { jisaChildName: ' ella ' });
    await move(ann, first, [{ type: 'deposit', amountPence: 500_000, date: '2026-05-01' }]);
    await move(ann, second, [{ type: 'deposit', amountPence: 500_000, date: '2026-05-02' }]);

    const shared = await allowance(ann);
    expect(shared.juniors).toHaveLength(1);
    expect(shared.juniors[0]).toMatchObject({ childName: 'Ella', usedPence: 1_000_000, limitPence: 900_000 });
    expect(shared.juniors[0]!.accountIds.sort()).toEqual([first, second].sort());

    // An empty name is no name: each Junior ISA has a limit of its own again.
    expect((await patch(second, { jisaChildName: '' })).isa!.jisaChildName).toBeNull();
    expect((await allowance(ann)).juniors.map((child) => child.usedPence)).toEqual([500_000, 500_000]);
  });

  it('counts an ISA funded by transfers in as using no allowance, and raises the spec’s alerts', async () => {
    const ann = await newPerson();
    const id = await addAccount(ann, { name: 'Moved ISA', accountType: 'Cash ISA' });
    await chooseProvider(ann, id, NATIONWIDE);
    await server.request(`/api/accounts/${id}/isa`, {
      method: 'PATCH',
      cookie: ann.cookie,
      json: {
        fundingType: 'transfer_in',
        maturityDate: '2026-06-15',
        transferStatus: 'in_progress',
        transferStartedOn: '2026-05-01',
      },
    });
    await move(ann, id, [{ type: 'deposit', amountPence: 1_900_000, date: '2026-05-20' }]);
    const now = await allowance(ann);
    expect(now.overall.usedPence).toBe(0);
    expect(now.accounts[0]!.transferredInPence).toBe(1_900_000);
    expect(now.accounts[0]!.fundingWords).toBe(
      'Moved ISA is funded by transfers in from other ISAs, so its deposits use none of your allowance.',
    );
    // Matures in 5 days (critical); the transfer started 40 days ago against the default 30 (overdue: critical).
    expect(now.alerts.map((a) => [a.kind, a.level])).toEqual([
      ['maturity', 'critical'],
      ['transfer', 'critical'],
    ]);
  });
});
