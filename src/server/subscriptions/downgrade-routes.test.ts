import { and, eq, isNotNull } from 'drizzle-orm';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DowngradeAnalysisItem } from '../../core/subscriptions/downgrade.ts';
import { planChangeMoney } from '../../core/subscriptions/plan-change-money.ts';
import { type PlanChangePreview, planChangeLines } from '../../core/subscriptions/plan-change-words.ts';
import { DEFAULT_PRICES } from '../../core/subscriptions/plans.ts';
import type { AccountList } from '../accounts/account-json.ts';
import { subscriptions, transactions } from '../db/schema/index.ts';
import { processAllAccounts } from '../standing-orders/processing.ts';
import { addAccountAt, bankIdNamed } from '../test/accounts-api.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, grantAdmin, signIn, signUpAndSignIn, type TestServer } from '../test/server.ts';

type Person = { cookie: string; userId: string };
type ErrorBody = { error: { code: string; message: string } };
type Analysis = { toTier: string; cap: number; items: DowngradeAnalysisItem[] };

describe.each(testDatabaseKinds())('the downgrade wizard and archived accounts on %s', (kind) => {
  let server: TestServer;
  let admin: Person;
  let bankId = '';
  let people = 0;
  const newPerson = async () => {
    people += 1;
    return signUpAndSignIn(server, { email: `downgrade-${people}@example.com` });
  };
  const get = async <T>(who: Person, path: string): Promise<T> => {
    const res = await server.request(path, { cookie: who.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as T;
  };
  const post = (who: Person, path: string, json?: unknown) =>
    server.request(path, { method: 'POST', cookie: who.cookie, ...(json === undefined ? {} : { json }) });
  const downgrade = (who: Person, toTier: string, keep: string[], remove: string[], more: object = {}) =>
    post(who, '/api/subscription/downgrade', {
      toTier,
      selectedAccountsToKeep: keep,
      selectedAccountsToRemove: remove,
      ...more,
    });
  const messageOf = async (res: Response) => ((await res.json()) as ErrorBody).error.message;
  /** Pays for `tier` through test mode's checkout, the card provider's state machine included. */
  const payFor = async (who: Person, tier: 'piglet' | 'boar' | 'bigpig') => {
    const checkout = await post(who, '/api/billing/checkout', { tier, cycle: 'monthly' });
    expect(checkout.status, await checkout.clone().text()).toBe(200);
    const { url } = (await checkout.json()) as { url: string };
    const paid = await post(who, `/api/billing/test-checkout/${url.split('/subscription/test-checkout/')[1]}/pay`);
    expect(paid.status, await paid.clone().text()).toBe(200);
  };
  const tierOf = async (who: Person) => (await get<{ tier: string }>(who, '/api/subscription')).tier;
  const setStoredTier = (who: Person, tier: 'piglet' | 'boar') =>
    server.deps.database.db
      .insert(subscriptions)
      .values({ userId: who.userId, tier, paymentStatus: 'active' })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: { tier, paymentStatus: 'active', trialExpiresAt: null },
      });

  /** Five accounts: £60,000 with 250 transactions, £45,000, £12,000 with a standing order, £500, £0. */
  const fiveAccounts = async (who: Person) => {
    const add = (name: string, pence: number) => addAccountAt(server, who.cookie, { name, bankId, pence });
    const big = await add('Big saver', 6_000_000);
    const mid = await add('Middle saver', 4_500_000);
    const ordered = await add('Ordered saver', 1_200_000);
    const small = await add('Small saver', 50_000);
    const empty = await add('Empty saver', 0);
    const deposits = Array.from({ length: 249 }, (_, i) => ({
      type: 'deposit',
      amountPence: 100,
      date: `2026-0${(i % 9) + 1}-1${i % 10}`,
      notes: null,
    }));
    for (let i = 0; i < deposits.length; i += 100) {
      const res = await post(who, `/api/accounts/${big}/transactions`, { transactions: deposits.slice(i, i + 100) });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const order = await post(who, `/api/accounts/${ordered}/standing-orders`, {
      amountPence: 5_000,
      frequency: 'monthly',
      startDate: '2026-03-10',
    });
    expect(order.status, await order.clone().text()).toBe(201);
    const terms = await server.request(`/api/accounts/${small}`, {
      method: 'PATCH',
      cookie: who.cookie,
      json: { terms: 'Instant access, no penalties' },
    });
    expect(terms.status, await terms.clone().text()).toBe(200);
    return { big, mid, ordered, small, empty };
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    server.clock.set(new Date('2026-11-27T10:00:00Z'));
    bankId = await bankIdNamed(server, 'Nationwide Building Society');
    admin = await newPerson();
    await grantAdmin(server, admin.userId);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('analyses the accounts, highest balance first, with scores and recommendations', async () => {
    const ann = await newPerson();
    const ids = await fiveAccounts(ann);
    const analysis = await get<Analysis>(ann, '/api/subscription/downgrade-analysis?toTier=piglet');
    expect(analysis.toTier).toBe('piglet');
    expect(analysis.cap).toBe(3);
    expect(analysis.items.map((i) => [i.id, i.activityScore, i.recommendation])).toEqual([
      // £60,000 caps at 50, 250 transactions (249 and the starting balance) are 25.
      [ids.big, 75, 'keep'],
      [ids.mid, 45, 'consider_removing'],
      // 12 + 0.1 + 20, and standing orders force keep.
      [ids.ordered, 32, 'keep'],
      [ids.small, 0, 'remove'],
      [ids.empty, 0, 'remove'],
    ]);
    expect(analysis.items[2]).toMatchObject({ name: 'Ordered saver', balance: 1_200_000, hasStandingOrders: true });
    expect((await get<Analysis>(ann, '/api/subscription/downgrade-analysis?toTier=boar')).cap).toBe(10);
    const bad = await server.request('/api/subscription/downgrade-analysis?toTier=bigpig', { cookie: ann.cookie });
    expect(bad.status).toBe(400);
  });

  it('ranks by the money held today: a deposit dated next month does not lift an account (issue 24)', async () => {
    const fay = await newPerson();
    const add = (name: string, pence: number) => addAccountAt(server, fay.cookie, { name, bankId, pence });
    const held = await add('Held saver', 2_000_000);
    const scheduled = await add('Scheduled saver', 1_000_000);
    // £20,000 next month would make it £30,000, but today (27 Nov 2026) it holds £10,000.
    const res = await post(fay, `/api/accounts/${scheduled}/transactions`, {
      transactions: [{ type: 'deposit', amountPence: 2_000_000, date: '2026-12-27', notes: null }],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const analysis = await get<Analysis>(fay, '/api/subscription/downgrade-analysis?toTier=piglet');
    expect(analysis.items.map((i) => [i.id, i.balance])).toEqual([
      [held, 2_000_000],
      [scheduled, 1_000_000],
    ]);
  });

  it('refuses a bad selection with 400 and a clear message, archiving nothing', async () => {
    const bob = await newPerson();
    const { big, mid, ordered, small, empty } = await fiveAccounts(bob);
    const carol = await newPerson();
    const stranger = await addAccountAt(server, carol.cookie, { name: 'Carol saver', bankId, pence: 100 });
    const cases: [string, string, string[], string[], string][] = [
      ['none kept', 'piglet', [], [big, mid, ordered, small, empty], 'Select at least one account to keep'],
      ['four kept on piglet', 'piglet', [big, mid, ordered, small], [empty], 'Too many selected!'],
      [
        'one left out',
        'piglet',
        [big],
        [mid, ordered, small],
        'Every account must be either kept or archived, and none both',
      ],
      [
        'one in both',
        'piglet',
        [big, mid],
        [mid, ordered, small, empty],
        'Every account must be either kept or archived, and none both',
      ],
      [
        "someone else's",
        'piglet',
        [big],
        [mid, ordered, small, empty, stranger],
        'Every account must be either kept or archived, and none both',
      ],
    ];
    for (const [name, toTier, keep, remove, message] of cases) {
      const res = await downgrade(bob, toTier, keep, remove);
      expect(res.status, name).toBe(400);
      expect(await messageOf(res), name).toBe(message);
    }
    expect((await downgrade(bob, 'bigpig', [big], [mid, ordered, small, empty])).status).toBe(400);
    expect((await downgrade(bob, 'piglet', ['not-an-id'], [])).status).toBe(400);
    expect((await post(bob, '/api/subscription/downgrade', { toTier: 'piglet' })).status).toBe(400);
    // On Boar already, Boar is no downgrade.
    await setStoredTier(bob, 'boar');
    const same = await downgrade(bob, 'boar', [big, mid, ordered, small, empty], []);
    expect(same.status).toBe(400);
    expect(await messageOf(same)).toBe('You can only downgrade to a lower plan than the one you have');
    expect((await get<AccountList>(bob, '/api/accounts')).accounts).toHaveLength(5);
    expect((await get<AccountList>(carol, '/api/accounts')).accounts).toHaveLength(1);
  });

  it('archives the accounts not kept and moves the plan down: hidden from the list and the dashboard, 404 by URL', async () => {
    const dan = await newPerson();
    await payFor(dan, 'bigpig');
    const { big, mid, ordered, small, empty } = await fiveAccounts(dan);
    const before = await get<{ protection: { totals: { totalPence: number } }; accountCount: number }>(
      dan,
      '/api/dashboard',
    );
    expect(before.accountCount).toBe(5);
    const overview = async () => (await get<{ total: number }>(dan, '/api/transactions')).total;
    // The five starting balances, 249 deposits and the order's first payments: what matters is that two go.
    const transactionsBefore = await overview();
    const res = await downgrade(dan, 'piglet', [big, ordered, mid], [small, empty]);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { archived: { id: string; name: string }[]; kept: string[] };
    expect(body.archived.map((a) => a.name)).toEqual(['Empty saver', 'Small saver']);
    expect(body.kept).toEqual([big, ordered, mid]);
    // The paid plan moved down with it, through the card provider.
    expect(await tierOf(dan)).toBe('piglet');

    const list = await get<AccountList>(dan, '/api/accounts');
    expect(list.accounts.map((a) => a.id).sort()).toEqual([big, mid, ordered].sort());
    // The deposits are dated before the starting balance (today): the balance is the statement's.
    expect(list.totalBalancePence).toBe(6_000_000 + 4_500_000 + 1_200_000);
    const dashboard = await get<{ protection: { totals: { totalPence: number } }; accountCount: number }>(
      dan,
      '/api/dashboard',
    );
    expect(dashboard.accountCount).toBe(3);
    expect(dashboard.protection.totals.totalPence).toBe(before.protection.totals.totalPence - 50_000);
    // (The Hub reads the same protection rows as the dashboard; on Piglet it is not included.)
    // The transactions overview leaves out the archived accounts' starting balances (one each).
    expect(await overview()).toBe(transactionsBefore - 2);
    const line = await get<{ points: { balancePence: number }[] }>(dan, '/api/balance-series');
    expect(line.points.at(-1)?.balancePence).toBe(list.totalBalancePence);
    expect((await server.request(`/api/accounts/${small}`, { cookie: dan.cookie })).status).toBe(404);
    expect((await server.request(`/api/accounts/${small}/transactions`, { cookie: dan.cookie })).status).toBe(404);
    const analysis = await get<Analysis>(dan, '/api/subscription/downgrade-analysis?toTier=piglet');
    expect(analysis.items).toHaveLength(3);
    const archived = await get<{ accounts: { id: string }[] }>(dan, '/api/archived-accounts');
    expect(archived.accounts.map((a) => a.id).sort()).toEqual([small, empty].sort());
  });

  it('shows an archived account with the money held today, not a deposit dated next month (issue 24)', async () => {
    const hal = await newPerson();
    await payFor(hal, 'bigpig');
    const add = (name: string, pence: number) => addAccountAt(server, hal.cookie, { name, bankId, pence });
    const kept = [await add('Kept one', 300_000), await add('Kept two', 200_000), await add('Kept three', 100_000)];
    const scheduled = await add('Scheduled saver', 50_000);
    // £1,000 dated 27 Dec 2026: on 27 Nov 2026 the account holds £500.
    const res = await post(hal, `/api/accounts/${scheduled}/transactions`, {
      transactions: [{ type: 'deposit', amountPence: 100_000, date: '2026-12-27', notes: null }],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const down = await downgrade(hal, 'piglet', kept, [scheduled]);
    expect(down.status, await down.clone().text()).toBe(200);
    const { archived } = (await down.json()) as { archived: { id: string; balancePence: number }[] };
    expect(archived).toEqual([expect.objectContaining({ id: scheduled, balancePence: 50_000 })]);
    const list = await get<{ accounts: { id: string; balancePence: number }[] }>(hal, '/api/archived-accounts');
    expect(list.accounts.map((a) => [a.id, a.balancePence])).toEqual([[scheduled, 50_000]]);
    const dropped = await server.request(`/api/accounts/${kept[2]}`, { method: 'DELETE', cookie: hal.cookie });
    expect(dropped.status, await dropped.clone().text()).toBeLessThan(300);
    const restored = await post(hal, `/api/accounts/${scheduled}/restore`);
    expect(restored.status, await restored.clone().text()).toBe(200);
    expect(((await restored.json()) as { account: { balancePence: number } }).account.balancePence).toBe(50_000);
  });

  it('refuses a trial user, who has no paid plan to move, with 409 and archives nothing', async () => {
    const gil = await newPerson();
    const keep = await addAccountAt(server, gil.cookie, { name: 'Kept', bankId, pence: 100 });
    const gone = await addAccountAt(server, gil.cookie, { name: 'Gone', bankId, pence: 100 });
    const res = await downgrade(gil, 'piglet', [keep], [gone]);
    expect(res.status).toBe(409);
    expect((await get<AccountList>(gil, '/api/accounts')).accounts).toHaveLength(2);
    expect(await tierOf(gil)).toBe('trial_bigpig');
  });

  it('charges the figures the saver confirmed: the preview’s instant, refused when out of date (issue 25)', async () => {
    const start = new Date('2026-11-27T10:00:00Z');
    const email = 'downgrade-figures@example.com';
    let ivy = await signUpAndSignIn(server, { email });
    // Big Pig monthly, £9.99 for 27 Nov–27 Dec 2026 (43,200 minutes).
    await payFor(ivy, 'bigpig');
    const add = (name: string) => addAccountAt(server, ivy.cookie, { name, bankId, pence: 100 });
    const kept = [await add('Kept one'), await add('Kept two'), await add('Kept three')];
    const gone = await add('Gone');
    const periodEnd = new Date('2026-12-27T10:00:00Z');
    // 5 days 1 h 17 min in, 35,923 minutes left: £9.99 × 35,923 / 43,200 = £8.307 back, £2.99 × … = £2.486 charged.
    const previewAt = new Date(start.getTime() + 7_277 * 60_000);
    const spy = vi.spyOn(server.deps.billing, 'changePlan');
    // Minutes and days pass: a session idle for ten minutes ends, so Ivy signs in again.
    const clockAt = async (now: Date) => {
      server.clock.set(now);
      ivy = await signIn(server, email, 'correct horse battery');
    };
    try {
      await clockAt(previewAt);
      const preview = await get<PlanChangePreview>(ivy, '/api/billing/change-preview?tier=piglet&cycle=monthly');
      expect(preview).toEqual({
        tier: 'piglet',
        cycle: 'monthly',
        at: previewAt.toISOString(),
        newPricePence: DEFAULT_PRICES.piglet.monthlyPrice,
        creditPence: 831,
        chargePence: 249,
        netPence: -582,
        billed: 'next-invoice',
        billedAt: periodEnd.toISOString(),
        renewsAt: periodEnd.toISOString(),
      });

      // Out of date (31 minutes old), from the future, or not an instant: refused, and nothing changes.
      const refusals: [string, Date, unknown, string][] = [
        ['31 minutes old', new Date(previewAt.getTime() + 31 * 60_000), preview.at, 'out of date'],
        ['from the future', previewAt, new Date(previewAt.getTime() + 5 * 60_000).toISOString(), 'out of date'],
        ['not an instant', previewAt, 'yesterday', 'at must be a date and time'],
        ['a number', previewAt, Date.now(), 'at must be a date and time'],
      ];
      for (const [name, now, at, message] of refusals) {
        await clockAt(now);
        const res = await downgrade(ivy, 'piglet', kept, [gone], { at });
        expect(res.status, name).toBe(400);
        expect(await messageOf(res), name).toBe(
          message === 'out of date' ? 'The figures you were shown are out of date. Review the change again.' : message,
        );
      }
      // The request stays strict: a field it does not know is refused.
      expect((await downgrade(ivy, 'piglet', kept, [gone], { at: preview.at, cycle: 'annual' })).status).toBe(400);
      expect(spy).not.toHaveBeenCalled();
      expect(await tierOf(ivy)).toBe('bigpig');
      expect((await get<AccountList>(ivy, '/api/accounts')).accounts).toHaveLength(4);

      // Confirmed 20 minutes after the preview, when the proration would be £8.30 back and £2.48:
      // the change is priced at the preview's instant, and charges (and says) what was shown.
      const confirmedAt = new Date(previewAt.getTime() + 20 * 60_000);
      const then = planChangeMoney({
        from: { pricePence: DEFAULT_PRICES.bigpig.monthlyPrice, cycle: 'monthly' },
        to: { pricePence: DEFAULT_PRICES.piglet.monthlyPrice, cycle: 'monthly' },
        periodEnd,
        at: confirmedAt,
      });
      expect([then.creditPence, then.chargePence]).toEqual([830, 248]);
      await clockAt(confirmedAt);
      const res = await downgrade(ivy, 'piglet', kept, [gone], { at: preview.at });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0]?.[0].at.toISOString()).toBe(preview.at);
      expect(await tierOf(ivy)).toBe('piglet');
      expect((await get<{ accounts: { id: string }[] }>(ivy, '/api/archived-accounts')).accounts).toEqual([
        expect.objectContaining({ id: gone }),
      ]);
      const mail = (await server.mail()).find(
        (m) => m.to === email && m.subject === 'Your SavvyPig plan is now Piglet (monthly)',
      );
      const said = mail?.text.replace(/\s+/g, ' ') ?? '';
      for (const line of planChangeLines(preview, { done: true })) expect(said).toContain(line);
      expect(said).toContain('you were credited £8.31 for what was left of your previous plan and charged £2.49');
    } finally {
      spy.mockRestore();
      server.clock.set(start);
    }
  });

  it('restores: one by the user within the cap, all on a higher tier, with nothing lost', async () => {
    const eve = await newPerson();
    await payFor(eve, 'bigpig');
    const { big, mid, ordered, small, empty } = await fiveAccounts(eve);
    const detail = async (id: string) =>
      get<{ account: { terms: string | null; balancePence: number } }>(eve, `/api/accounts/${id}`);
    const smallBefore = await detail(small);
    const bigTransactions = async () => (await get<{ total: number }>(eve, `/api/transactions?accountId=${big}`)).total;
    expect(await bigTransactions()).toBe(250);
    const res = await downgrade(eve, 'piglet', [small], [big, mid, ordered, empty]);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await get<AccountList>(eve, '/api/accounts')).accounts).toHaveLength(1);

    // Piglet now: the user restores two of their own, then the cap stops a third.
    expect(await tierOf(eve)).toBe('piglet');
    expect((await post(eve, `/api/accounts/${mid}/restore`)).status).toBe(200);
    expect((await post(eve, `/api/accounts/${empty}/restore`)).status).toBe(200);
    const refused = await post(eve, `/api/accounts/${big}/restore`);
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toMatch(/^You have reached the limit of 3 accounts on the Piglet plan\./);
    expect((await post(eve, `/api/accounts/${mid}/restore`)).status).toBe(404);
    expect((await post(admin, `/api/accounts/${big}/restore`)).status).toBe(404);

    // Back up to Boar through the card provider: everything comes back, as it was.
    const upgrade = await post(eve, '/api/billing/change-plan', { tier: 'boar', cycle: 'monthly' });
    expect(upgrade.status, await upgrade.clone().text()).toBe(200);
    expect(await tierOf(eve)).toBe('boar');
    expect((await get<AccountList>(eve, '/api/accounts')).accounts).toHaveLength(5);
    expect((await get<{ accounts: unknown[] }>(eve, '/api/archived-accounts')).accounts).toHaveLength(0);
    expect(await bigTransactions()).toBe(250);
    expect((await detail(small)).account).toMatchObject({ terms: 'Instant access, no penalties' });
    expect((await detail(small)).account.balancePence).toBe(smallBefore.account.balancePence);
    const orders = await get<{ standingOrders: { amountPence: number }[] }>(
      eve,
      `/api/accounts/${ordered}/standing-orders`,
    );
    expect(orders.standingOrders.map((o) => o.amountPence)).toEqual([5_000]);
  });

  it('does not run an archived account’s standing orders', async () => {
    const fay = await newPerson();
    await payFor(fay, 'boar');
    const keep = await addAccountAt(server, fay.cookie, { name: 'Kept', bankId, pence: 100 });
    const gone = await addAccountAt(server, fay.cookie, { name: 'Gone', bankId, pence: 100 });
    for (const id of [keep, gone]) {
      const order = await post(fay, `/api/accounts/${id}/standing-orders`, {
        amountPence: 5_000,
        frequency: 'monthly',
        startDate: '2026-03-10',
      });
      expect(order.status).toBe(201);
    }
    expect((await downgrade(fay, 'piglet', [keep], [gone])).status).toBe(200);
    expect(await tierOf(fay)).toBe('piglet');
    expect((await post(fay, `/api/accounts/${gone}/standing-orders/process`)).status).toBe(404);
    const { db } = server.deps.database;
    await processAllAccounts((work) => db.transaction((tx) => work(tx as never)), {
      today: '2026-11-27' as CalendarDate,
    });
    const payments = async (accountId: string) =>
      (
        await db
          .select({ id: transactions.id })
          .from(transactions)
          .where(and(eq(transactions.accountId, accountId), isNotNull(transactions.standingOrderId)))
      ).length;
    expect(await payments(keep)).toBe(9);
    expect(await payments(gone)).toBe(0);
  });
});
