import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, balanceLineFirstPoint } from '../../core/dashboard/coming-up.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { addMonths } from '../../core/protection/thb.ts';
import type { BalanceSeriesJson } from '../balance-series/routes.ts';
import type { ProtectionPictureJson } from '../protection/picture-json.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { itOnPostgres } from '../test/postgres-only.ts';
import { statementsSent } from '../test/statements-sent.ts';
import { bankIdNamed } from '../test/accounts-api.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import type { DashboardJson } from './routes.ts';

type Person = { cookie: string; userId: string };

describe.each(testDatabaseKinds())('the dashboard API on %s', (kind) => {
  let server: TestServer;
  let ann: Person;
  let bob: Person;
  let people = 0;
  let today = '';
  const banks: Record<string, string> = {};
  const annAccounts: string[] = [];
  let bobAccount = '';

  const newPerson = async (name: string) => {
    people += 1;
    return signUpAndSignIn(server, { email: `${name}-${people}@example.com` });
  };

  const bankId = (name: string) => bankIdNamed(server, name);

  const addAccount = async (who: Person, name: string, bank: string, pence: number | null, extra = {}) => {
    const res = await server.request('/api/accounts', {
      method: 'POST',
      cookie: who.cookie,
      json: {
        name,
        accountNumber: '12345678',
        bankId: banks[bank],
        ...(pence === null ? {} : { startingBalancePence: pence }),
        ...extra,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { account: { id: string } }).account.id;
  };

  const addEntries = async (
    who: Person,
    accountId: string,
    entries: Array<{ type: 'deposit' | 'withdrawal'; amountPence: number; date: string }>,
  ) => {
    const res = await server.request(`/api/accounts/${accountId}/transactions`, {
      method: 'POST',
      cookie: who.cookie,
      json: { transactions: entries.map((e) => ({ ...e, notes: `${e.type} ${e.date}` })) },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    // Its event leaves for the other instances after the answer (ADR 0078): gone before the next
    // request's statements are counted.
    await server.deps.hub.eventsSent();
  };

  const updateBalance = async (who: Person, accountId: string, balancePence: number, date: string) => {
    const res = await server.request(`/api/accounts/${accountId}/balance-updates`, {
      method: 'POST',
      cookie: who.cookie,
      json: { balancePence, date },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  };

  const addStandingOrder = async (who: Person, accountId: string, order: Record<string, unknown>) => {
    const res = await server.request(`/api/accounts/${accountId}/standing-orders`, {
      method: 'POST',
      cookie: who.cookie,
      json: order,
    });
    expect(res.status, await res.clone().text()).toBe(201);
  };

  const dashboard = async (who: Person): Promise<DashboardJson> => {
    const res = await server.request('/api/dashboard', { cookie: who.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as DashboardJson;
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    today = calendarDateInLondon(server.clock.now());
    for (const name of ['Halifax', 'Bank of Scotland', 'Nationwide Building Society', 'NS&I'])
      banks[name] = await bankId(name);
    ann = await newPerson('ann');
    bob = await newPerson('bob');
    annAccounts.push(await addAccount(ann, 'Halifax saver', 'Halifax', 70_000_00));
    annAccounts.push(await addAccount(ann, 'Bank of Scotland saver', 'Bank of Scotland', 70_000_00));
    // Interest paid monthly on the day 10 days from now.
    const interestDay = Number(addDays(today, 10).slice(8, 10));
    annAccounts.push(
      await addAccount(ann, 'Nationwide saver', 'Nationwide Building Society', 50_000_00, {
        interestRateBps: 400,
        interestFrequency: 'Monthly',
        interestPaymentDay: interestDay,
      }),
    );
    annAccounts.push(await addAccount(ann, 'Premium Bonds', 'NS&I', 10_000_00));
    bobAccount = await addAccount(bob, 'Bob saver', 'Halifax', 1_000_00);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers with the protection picture: one licence £20,000 at risk (never £40,000), Nationwide covered, NS&I backed by HM Treasury', async () => {
    const body = await dashboard(ann);
    expect(body.accountCount).toBe(4);
    expect(body.withheld).toEqual([]);
    expect(body.protection.totals).toEqual({
      totalPence: 200_000_00,
      protectedPence: 170_000_00,
      atRiskPence: 20_000_00,
      governmentBackedPence: 10_000_00,
      otherSchemePence: 0,
      unknownPence: 0,
    });
    expect(body.protection).toMatchObject({ badge: 'mostly-protected', licenceCount: 2, isDiversified: false });
    expect(
      body.protection.groups.map((g) => [g.name, g.brands, g.atRiskPence, g.limitUsedPercent, g.alertLevel]),
    ).toEqual([
      ['Bank of Scotland plc', ['Halifax', 'Bank of Scotland'], 20_000_00, 116.7, 'over-limit'],
      ['Nationwide Building Society', ['Nationwide Building Society'], 0, 41.7, 'none'],
    ]);
    expect(body.protection.outside).toEqual([
      expect.objectContaining({ kind: 'ns-and-i', bucket: 'government-backed', status: 'Backed by HM Treasury' }),
    ]);
    expect(body.protection.alerts.map((a) => a.title)).toEqual(['£20,000.00 over the limit at Bank of Scotland plc']);

    // The same figures as the Protection Hub, computed by the same code, without the account lines.
    const hub = (await (
      await server.request('/api/protection', { cookie: ann.cookie })
    ).json()) as ProtectionPictureJson;
    expect(body.protection).toEqual({
      ...hub,
      groups: hub.groups.map(({ accounts: _lines, ...group }) => group),
      outside: hub.outside.map(({ accounts: _lines, ...group }) => group),
    });
  });

  it('leaves out an alert while it is dismissed', async () => {
    const [alert] = (await dashboard(ann)).protection.alerts;
    const res = await server.request('/api/protection/alert-dismissals', {
      method: 'POST',
      cookie: ann.cookie,
      json: { alertId: alert!.id, signature: alert!.signature },
    });
    expect(res.status).toBe(200);
    const body = await dashboard(ann);
    expect(body.protection.alerts).toEqual([]);
    expect(body.protection.totals.atRiskPence).toBe(20_000_00);
  });

  it('lists standing-order payments, interest and a temporary high balance ending in the next 30 days, and nothing later', async () => {
    const nationwide = annAccounts[2]!;
    await addStandingOrder(ann, nationwide, {
      amountPence: 250_00,
      frequency: 'weekly',
      startDate: addDays(today, 5),
      firstPaymentAmountPence: 500_00,
    });
    // Starts after the window: none of its payments is listed.
    await addStandingOrder(ann, annAccounts[0]!, {
      amountPence: 99_00,
      frequency: 'monthly',
      startDate: addDays(today, 31),
    });
    const body = await dashboard(ann);
    expect(body.comingUp).toMatchObject({ from: today, to: addDays(today, 30), moreCount: 0 });
    const orders = body.comingUp.items.filter((i) => i.kind === 'standing-order');
    expect(orders).toEqual([
      {
        kind: 'standing-order',
        date: addDays(today, 5),
        accountId: nationwide,
        name: 'Nationwide saver',
        amountPence: 500_00,
      },
      {
        kind: 'standing-order',
        date: addDays(today, 12),
        accountId: nationwide,
        name: 'Nationwide saver',
        amountPence: 250_00,
      },
      {
        kind: 'standing-order',
        date: addDays(today, 19),
        accountId: nationwide,
        name: 'Nationwide saver',
        amountPence: 250_00,
      },
      {
        kind: 'standing-order',
        date: addDays(today, 26),
        accountId: nationwide,
        name: 'Nationwide saver',
        amountPence: 250_00,
      },
    ]);
    const interest = body.comingUp.items.filter((i) => i.kind === 'interest');
    expect(interest).toContainEqual({
      kind: 'interest',
      date: addDays(today, 10),
      accountId: nationwide,
      name: 'Nationwide saver',
      amountPence: null,
    });
    for (const item of body.comingUp.items) {
      expect(item.date >= today && item.date <= addDays(today, 30), item.date).toBe(true);
    }
    expect([...body.comingUp.items].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))).toEqual(
      body.comingUp.items,
    );

    const carol = await newPerson('carol');
    // Credited six months before five days from now: the extra cover ends in five days or so.
    const creditedDate = addMonths(addDays(today, 5), -6);
    await addAccount(carol, 'House sale', 'Halifax', 400_000_00, {
      temporaryHighBalance: { lifeEvent: 'home-sale', qualifyingPence: 350_000_00, creditedDate },
    });
    const carols = await dashboard(carol);
    expect(carols.comingUp.items).toEqual([
      {
        kind: 'temporary-high-balance-ends',
        date: addMonths(creditedDate, 6),
        accountId: null,
        name: 'Bank of Scotland plc',
        amountPence: 350_000_00,
      },
    ]);
    expect(carols.protection.groups[0]!.temporaryHighBalance?.endsOn).toBe(addMonths(creditedDate, 6));
  });

  it('lists a fixed-term account maturing in the next 30 days, on its opening date plus its term (issue 24)', async () => {
    const dora = await newPerson('dora');
    const opened = addMonths(addDays(today, 10), -12);
    const id = await addAccount(dora, 'One-year bond', 'Halifax', 5_000_00, {
      accountType: 'Bond',
      dateOpened: opened,
      termLengthValue: 1,
      termLengthUnit: 'years',
    });
    await addAccount(dora, 'Two-year bond', 'Halifax', 1_00, {
      accountType: 'Bond',
      dateOpened: opened,
      termLengthValue: 2,
      termLengthUnit: 'years',
    });
    expect((await dashboard(dora)).comingUp.items).toEqual([
      { kind: 'maturity', date: addMonths(opened, 12), accountId: id, name: 'One-year bond', amountPence: 5_000_00 },
    ]);
  });

  it('lists the newest 10 transactions across the user’s own accounts, newest first, never another user’s', async () => {
    await addEntries(bob, bobAccount, [{ type: 'deposit', amountPence: 7_00, date: today }]);
    await addEntries(
      ann,
      annAccounts[3]!,
      Array.from({ length: 12 }, (_, i) => ({
        type: 'deposit' as const,
        amountPence: (i + 1) * 100,
        date: addDays(today, -i),
      })),
    );
    const body = await dashboard(ann);
    expect(body.recentTransactions).toHaveLength(10);
    // Today: the four starting balances and a deposit; then a deposit a day.
    expect(body.recentTransactions.map((t) => t.date)).toEqual([
      ...Array.from({ length: 5 }, () => today),
      ...Array.from({ length: 5 }, (_, i) => addDays(today, -1 - i)),
    ]);
    expect(body.recentTransactions[0]).toMatchObject({
      accountId: annAccounts[3],
      accountName: 'Premium Bonds',
      amountPence: 1_00,
      type: 'deposit',
      notes: `deposit ${today}`,
    });
    for (const t of body.recentTransactions) expect(annAccounts).toContain(t.accountId);
    const bobs = await dashboard(bob);
    expect(bobs.recentTransactions.map((t) => t.accountName)).toEqual(['Bob saver', 'Bob saver']);
    expect(bobs.protection.totals.totalPence).toBe(1_007_00);
  });

  it('gives a new user an empty answer', async () => {
    const dan = await newPerson('dan');
    const body = await dashboard(dan);
    expect(body).toMatchObject({
      accountCount: 0,
      withheld: [],
      comingUp: { items: [], moreCount: 0 },
      recentTransactions: [],
      balanceLine: { points: [] },
    });
    expect(body.protection.totals.totalPence).toBe(0);
    expect([body.protection.groups, body.protection.outside, body.protection.alerts]).toEqual([[], [], []]);
  });

  it('draws the total balance over the last 12 months as the whole line does, whatever the statements', async () => {
    const eve = await newPerson('eve');
    const ago = (days: number) => addDays(today, -days);
    // No statement at all.
    const plain = await addAccount(eve, 'Plain', 'Halifax', null);
    await addEntries(eve, plain, [
      { type: 'deposit', amountPence: 1_000_00, date: ago(700) },
      { type: 'deposit', amountPence: 200_00, date: ago(420) },
      { type: 'withdrawal', amountPence: 50_00, date: ago(100) },
    ]);
    // A starting balance long before the line starts, nothing stated since.
    const started = await addAccount(eve, 'Started', 'Nationwide Building Society', 5_000_00, {
      startingBalanceDate: ago(600),
    });
    await addEntries(eve, started, [
      { type: 'deposit', amountPence: 300_00, date: ago(500) },
      { type: 'deposit', amountPence: 40_00, date: ago(30) },
    ]);
    // Its only statement inside the 12 months: the line before it works back from it.
    const later = await addAccount(eve, 'Stated later', 'NS&I', null);
    await addEntries(eve, later, [
      { type: 'deposit', amountPence: 800_00, date: ago(650) },
      { type: 'deposit', amountPence: 25_00, date: ago(60) },
    ]);
    await updateBalance(eve, later, 900_00, ago(90));
    // Statements both before the line starts and inside it.
    const both = await addAccount(eve, 'Stated often', 'Bank of Scotland', 2_000_00, { startingBalanceDate: ago(700) });
    await addEntries(eve, both, [
      { type: 'deposit', amountPence: 100_00, date: ago(500) },
      { type: 'deposit', amountPence: 70_00, date: ago(410) },
      { type: 'deposit', amountPence: 5_00, date: ago(10) },
    ]);
    await updateBalance(eve, both, 2_500_00, ago(420));
    await updateBalance(eve, both, 3_000_00, ago(200));

    const lineFrom = balanceLineFirstPoint(today);
    const wholeLine = async () =>
      (await (await server.request('/api/balance-series', { cookie: eve.cookie })).json()) as BalanceSeriesJson;
    let whole = await wholeLine();
    let body = await dashboard(eve);
    expect(body.balanceLine.granularity).toBe('month');
    expect(body.balanceLine.points[0]!.date).toBe(lineFrom);
    expect(body.balanceLine.points).toHaveLength(13);
    expect(body.balanceLine.points).toEqual(whole.points.filter((p) => p.date >= lineFrom));
    expect(body.balanceLine.points.at(-1)!.balancePence).toBe(body.protection.totals.totalPence);
    expect(body.balanceLine.trackingStart).toBeUndefined();

    // An account with only recent entries: the total starts where it is tracked, and says so
    // (it once counted it as holding nothing before, a jump on the day it was added).
    const recent = await addAccount(eve, 'Recent', 'Halifax', 10_00, { startingBalanceDate: ago(50) });
    await addEntries(eve, recent, [{ type: 'deposit', amountPence: 1_00, date: ago(5) }]);
    whole = await wholeLine();
    body = await dashboard(eve);
    // Three accounts start after the first one's (ago(700)), the latest on Recent's starting balance.
    expect(body.balanceLine.trackingStart).toEqual({ date: ago(50), accountCount: 3, isOneDate: false });
    expect(whole.trackingStart).toEqual(body.balanceLine.trackingStart);
    expect(body.balanceLine.points[0]!.date >= ago(50)).toBe(true);
    expect(body.balanceLine.points).toEqual(whole.points.filter((p) => p.date >= lineFrom));
    expect(body.balanceLine.points.at(-1)!.balancePence).toBe(body.protection.totals.totalPence);
  });

  it('keeps the line only while the transactions are unchanged: a moved entry redraws it though the balance stays', async () => {
    const hal = await newPerson('hal');
    const account = await addAccount(hal, 'Steady saver', 'Halifax', 1_000_00, {
      startingBalanceDate: addDays(today, -300),
    });
    await addEntries(hal, account, [{ type: 'deposit', amountPence: 100_00, date: addDays(today, -200) }]);
    const first = await dashboard(hal);
    expect(await dashboard(hal)).toEqual(first);

    const [entry] = first.recentTransactions.filter((t) => t.type === 'deposit');
    const res = await server.request(`/api/transactions/${entry!.id}`, {
      method: 'PATCH',
      cookie: hal.cookie,
      json: { type: 'deposit', amountPence: 100_00, date: addDays(today, -20), notes: 'moved' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const moved = await dashboard(hal);
    expect(moved.protection.totals.totalPence).toBe(first.protection.totals.totalPence);
    expect(moved.balanceLine).not.toEqual(first.balanceLine);
    const whole = (await (
      await server.request('/api/balance-series', { cookie: hal.cookie })
    ).json()) as BalanceSeriesJson;
    const lineFrom = balanceLineFirstPoint(today);
    expect(moved.balanceLine.points).toEqual(whole.points.filter((p) => p.date >= lineFrom));

    // A new account, even one without entries yet, is a new ledger too.
    await addAccount(hal, 'Second saver', 'NS&I', 50_00, { startingBalanceDate: addDays(today, -100) });
    expect((await dashboard(hal)).balanceLine.points.at(-1)!.balancePence).toBe(1_150_00);
  });

  it('draws a short history whole, day by day', async () => {
    const fay = await newPerson('fay');
    const account = await addAccount(fay, 'New saver', 'Halifax', 100_00, { startingBalanceDate: addDays(today, -20) });
    await addEntries(fay, account, [{ type: 'deposit', amountPence: 5_00, date: addDays(today, -3) }]);
    const whole = (await (
      await server.request('/api/balance-series', { cookie: fay.cookie })
    ).json()) as BalanceSeriesJson;
    const body = await dashboard(fay);
    expect(body.balanceLine).toEqual(whole);
    expect(body.balanceLine).toMatchObject({ granularity: 'day' });
    expect(body.balanceLine.points).toHaveLength(21);
  });

  it('carries entries added today into the kept line, and the line stays the whole line’s after every kind of write', async () => {
    const ivy = await newPerson('ivy');
    const ago = (days: number) => addDays(today, -days);
    const lineFrom = balanceLineFirstPoint(today);
    const plain = await addAccount(ivy, 'Plain', 'Halifax', null);
    await addEntries(ivy, plain, [
      { type: 'deposit', amountPence: 1_000_00, date: ago(500) },
      { type: 'withdrawal', amountPence: 50_00, date: ago(100) },
    ]);
    // Restated inside the 12 months: its line works back from the statement.
    const stated = await addAccount(ivy, 'Stated', 'NS&I', 700_00, { startingBalanceDate: ago(400) });
    await addEntries(ivy, stated, [{ type: 'deposit', amountPence: 25_00, date: ago(60) }]);
    await updateBalance(ivy, stated, 900_00, ago(90));
    const wholeFromLineStart = async () => {
      const whole = (await (
        await server.request('/api/balance-series', { cookie: ivy.cookie })
      ).json()) as BalanceSeriesJson;
      return whole.points.filter((p) => p.date >= lineFrom);
    };
    // The line runs to the latest entry's date: past today once an entry is scheduled.
    const expectTrue = async ({ scheduled = false } = {}) => {
      const body = await dashboard(ivy);
      expect(body.balanceLine.points).toEqual(await wholeFromLineStart());
      if (!scheduled) expect(body.balanceLine.points.at(-1)!.balancePence).toBe(body.protection.totals.totalPence);
      return body;
    };
    const before = await expectTrue();

    // Today's deposit and withdrawal on each kind of account: today's point moves by their sum.
    await addEntries(ivy, plain, [
      { type: 'deposit', amountPence: 12_34, date: today },
      { type: 'withdrawal', amountPence: 1_00, date: today },
    ]);
    await addEntries(ivy, stated, [{ type: 'deposit', amountPence: 5_00, date: today }]);
    const after = await expectTrue();
    expect(after.balanceLine.points.at(-1)!.balancePence).toBe(before.balanceLine.points.at(-1)!.balancePence + 16_34);
    expect(after.balanceLine.points.slice(0, -1)).toEqual(before.balanceLine.points.slice(0, -1));

    // Writes that are not carried, each followed by one that may be: the line is read again, and true.
    await updateBalance(ivy, plain, 2_000_00, today);
    await expectTrue();
    await addEntries(ivy, plain, [{ type: 'deposit', amountPence: 3_00, date: today }]);
    await expectTrue();
    await addEntries(ivy, stated, [{ type: 'deposit', amountPence: 7_00, date: ago(3) }]);
    await expectTrue();
    await addEntries(ivy, stated, [{ type: 'deposit', amountPence: 9_00, date: addDays(today, 5) }]);
    await expectTrue({ scheduled: true });
    await addEntries(ivy, stated, [{ type: 'deposit', amountPence: 1_00, date: today }]);
    await expectTrue({ scheduled: true });
    // A new account's first entries move the tracking start: never carried.
    const fresh = await addAccount(ivy, 'Fresh', 'Nationwide Building Society', null);
    await expectTrue({ scheduled: true });
    await addEntries(ivy, fresh, [{ type: 'deposit', amountPence: 40_00, date: today }]);
    const started = await expectTrue({ scheduled: true });
    expect(started.balanceLine.trackingStart?.date).toBe(today);
  });

  it('refuses a visitor who is not signed in', async () => {
    expect((await server.request('/api/dashboard')).status).toBe(401);
  });

  itOnPostgres(kind)(
    'reads nothing but the session while nothing changed, and the same statements however many accounts after a change',
    async () => {
      const gus = await newPerson('gus');
      const sent = () => statementsSent(() => dashboard(gus));
      await sent(); // the first call on a connection prepares its statements
      // The session opening alone (it reads the versions too): the kept answer.
      const kept = await sent();
      expect(kept).toEqual({ statements: 1, writes: 1 });
      for (let i = 0; i < 6; i++) {
        const id = await addAccount(gus, `Saver ${i}`, i % 2 ? 'Halifax' : 'NS&I', 30_000_00, {
          startingBalanceDate: addDays(today, -500),
          interestRateBps: 300,
          interestPaymentDay: 1,
        });
        await addEntries(gus, id, [
          { type: 'deposit', amountPence: 1_00, date: addDays(today, -400) },
          { type: 'deposit', amountPence: 2_00, date: addDays(today, -2) },
        ]);
        await addStandingOrder(gus, id, { amountPence: 10_00, frequency: 'weekly', startDate: addDays(today, 1) });
      }
      // After a change: the opening; BEGIN, the opening again, the switch to app_user, the three
      // reads and COMMIT together; then, its ledger changed, the line's statement in a
      // transaction of its own sent the same way (BEGIN, opening, switch, the line, COMMIT).
      expect(await sent()).toEqual({ statements: 13, writes: 3 });
      expect(await sent()).toEqual(kept);
      // A change that leaves the ledger as it was: the line is still kept.
      const [first] = (await dashboard(gus)).recentTransactions;
      await addStandingOrder(gus, first!.accountId, { amountPence: 5_00, frequency: 'monthly', startDate: today });
      expect(await sent()).toEqual({ statements: 8, writes: 2 });
      expect(await sent()).toEqual(kept);
      // A deposit dated today, added through this server: the extras carried with the entry merged
      // in (kept-extras.ts), the line carried too (line-cache.ts), the accounts and dismissals with
      // the account's new balance (kept-rows.ts): nothing is read but the session.
      await addEntries(gus, first!.accountId, [{ type: 'deposit', amountPence: 4_00, date: today }]);
      expect(await sent()).toEqual(kept);
      expect((await dashboard(gus)).recentTransactions[0]).toMatchObject({ amountPence: 4_00, date: today });
    },
  );
});
