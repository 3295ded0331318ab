import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureFlags } from '../../core/subscriptions/features.ts';
import { subscriptions, userSettings } from '../db/schema/index.ts';
import { addAccountAt, bankIdNamed } from '../test/accounts-api.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signIn, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { sendDigests } from '../notifications/digest.ts';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';

type Person = { cookie: string; userId: string; email: string };
type Refusal = { error: { code: string; message: string } };
const DAY = 86_400_000;

/**
 * ADR 0045: the features a user's plan gives end when the subscription ends (a cancelled Big Pig
 * subscriber keeps piglet's), what they stored stays readable and exportable, and an admin's
 * per-user grants open exactly the feature they name.
 */
describe.each(testDatabaseKinds())('access follows the subscription on %s', (kind) => {
  let server: TestServer;
  let people = 0;
  let bankId = '';
  const start = new Date('2026-11-27T10:00:00Z');

  const newPerson = async (): Promise<Person> => {
    people += 1;
    const email = `lapsed-${people}@example.com`;
    return { email, ...(await signUpAndSignIn(server, { email })) };
  };
  const send = (who: Person, path: string, method = 'GET', json?: unknown) =>
    server.request(path, { method, cookie: who.cookie, ...(json === undefined ? {} : { json }) });
  const refusal = async (res: Response) => ({ status: res.status, ...((await res.json()) as Refusal).error });
  const addAccount = (who: Person, name: string, accountType = 'Savings') =>
    send(who, '/api/accounts', 'POST', {
      name,
      accountType,
      accountNumber: '12345678',
      ...(accountType === 'Savings' ? { bankId } : {}),
    });
  const addAccountOk = (who: Person, name: string, accountType: string) =>
    addAccountAt(server, who.cookie, { name, bankId: undefined, pence: 0 }, { accountType, bankId: null });
  const db = () => server.deps.database.db;
  let avivaId = '';
  /** A pension record as the Pension card saves it. */
  const pensionRecord = () => ({
    schemeType: 'personal_pension',
    annualAllowancePence: 60_000_00,
    accessAge: 55,
    providerId: avivaId,
  });

  /** A paid Big Pig subscription, cancelled, its period over yesterday (the trial long gone). */
  const cancelBigPig = (who: Person) =>
    db()
      .update(subscriptions)
      .set({
        paymentStatus: 'canceled',
        tier: 'bigpig',
        trialTier: 'bigpig',
        trialExpiresAt: new Date(start.getTime() - 60 * DAY),
        billingCycle: 'monthly',
        currentPeriodEnd: new Date(start.getTime() - DAY),
        cancelAtPeriodEnd: true,
      })
      .where(eq(subscriptions.userId, who.userId));
  /** A trial that ended yesterday, nothing paid: the trial-ended saver. */
  const endTrial = (who: Person) =>
    db()
      .update(subscriptions)
      .set({ paymentStatus: 'trial_expired', tier: 'piglet', trialExpiresAt: new Date(start.getTime() - DAY) })
      .where(eq(subscriptions.userId, who.userId));
  const grant = (who: Person, flags: Partial<FeatureFlags>) =>
    db().update(userSettings).set(flags).where(eq(userSettings.userId, who.userId));

  beforeAll(async () => {
    server = await createTestServer(kind);
    server.clock.set(start);
    bankId = await bankIdNamed(server, 'Nationwide Building Society');
    const providers = (await (await server.request('/api/reference/pension-providers')).json()) as {
      providers: { id: string; providerDisplayName: string }[];
    };
    avivaId = providers.providers.find((p) => p.providerDisplayName === 'Aviva')?.id ?? '';
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  describe('a cancelled Big Pig subscriber', () => {
    let carol: Person;
    let isaId = '';
    let pensionId = '';

    beforeAll(async () => {
      carol = await newPerson();
      // Stored while the plan gave Big Pig: an ISA, a pension and three more accounts (five in all).
      isaId = await addAccountOk(carol, 'Rainy Day ISA', 'Cash ISA');
      pensionId = await addAccountOk(carol, 'Work pension', 'Personal Pension');
      for (const name of ['One', 'Two', 'Three']) expect((await addAccount(carol, name)).status).toBe(201);
      await cancelBigPig(carol);
      carol.cookie = (await signIn(server, carol.email, 'correct horse battery')).cookie;
    });

    it('is on piglet: the session, /api/me and the subscription view say so', async () => {
      const me = (await (await send(carol, '/api/me')).json()) as { tier: string; features: Record<string, unknown> };
      expect(me.tier).toBe('piglet');
      expect(me.features).toMatchObject({
        isas: false,
        pensions: false,
        protectionHub: false,
        smartPig: false,
        accountTerms: true,
        accountCap: { max: 3, source: 'tier', tier: 'piglet' },
      });
      expect(await (await send(carol, '/api/subscription')).json()).toMatchObject({ tier: 'piglet', isActive: false });
    });

    it.each([
      ['the Protection Hub', '/api/protection', 'GET', undefined, 'Protection Hub requires Big Pig tier or higher'],
      [
        'dismissing a Hub alert',
        '/api/protection/alert-dismissals',
        'POST',
        { alertId: 'x', signature: 'y' },
        'Protection Hub requires Big Pig tier or higher',
      ],
      ['Smart Pig', '/api/smart-pig', 'GET', undefined, 'Smart Pig requires Big Pig tier or higher'],
      ['the ISA allowance', '/api/isa/allowance', 'GET', undefined, 'ISA tracking requires Big Pig tier or higher'],
    ])('is refused %s with 403 and the spec’s message', async (_, path, method, json, message) => {
      expect(await refusal(await send(carol, path, method, json))).toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
        message,
      });
    });

    it('is refused ISA and pension writes, and new ISA or pension accounts', async () => {
      expect(
        await refusal(await send(carol, `/api/accounts/${isaId}/isa`, 'PATCH', { isFlexible: true })),
      ).toMatchObject({ status: 403, message: 'ISA tracking requires Big Pig tier or higher' });
      expect(
        await refusal(await send(carol, `/api/accounts/${pensionId}/pension`, 'PUT', pensionRecord())),
      ).toMatchObject({
        status: 403,
        message: 'Pension tracking requires Big Pig tier or higher',
      });
      expect(await refusal(await addAccount(carol, 'Another ISA', 'Cash ISA'))).toMatchObject({
        status: 403,
        message: 'ISA tracking requires Big Pig tier or higher',
      });
      expect(await refusal(await addAccount(carol, 'Another pension', 'Personal Pension'))).toMatchObject({
        status: 403,
        message: 'Pension tracking requires Big Pig tier or higher',
      });
    });

    it('cannot add an account beyond the piglet cap of 3 (five already stored)', async () => {
      expect(await refusal(await addAccount(carol, 'Sixth'))).toMatchObject({
        status: 403,
        code: 'ACCOUNT_LIMIT_REACHED',
      });
    });

    it('still reads everything stored, and exports it', async () => {
      const list = (await (await send(carol, '/api/accounts')).json()) as { accounts: { name: string }[] };
      expect(list.accounts).toHaveLength(5);
      expect((await send(carol, `/api/accounts/${isaId}/isa`)).status).toBe(200);
      expect((await send(carol, `/api/accounts/${pensionId}/pension`)).status).toBe(200);
      expect((await send(carol, `/api/accounts/${isaId}/terms`)).status).toBe(200);
      const exported = await send(carol, '/api/account/export');
      expect(exported.status).toBe(200);
      expect(JSON.stringify(await exported.json())).toContain('Rainy Day ISA');
    });

    it('gets Big Pig back with an admin override (the gates read the same function)', async () => {
      const dave = await newPerson();
      await cancelBigPig(dave);
      expect((await send(dave, '/api/smart-pig')).status).toBe(403);
      await db().update(subscriptions).set({ adminOverride: true }).where(eq(subscriptions.userId, dave.userId));
      expect((await send(dave, '/api/smart-pig')).status).toBe(200);
    });
  });

  it('keeps Big Pig for a subscriber cancelled at the period end until that end', async () => {
    const erin = await newPerson();
    await db()
      .update(subscriptions)
      .set({
        paymentStatus: 'active',
        tier: 'bigpig',
        trialExpiresAt: new Date(start.getTime() - 60 * DAY),
        currentPeriodEnd: new Date(start.getTime() + DAY),
        cancelAtPeriodEnd: true,
      })
      .where(eq(subscriptions.userId, erin.userId));
    expect((await send(erin, '/api/smart-pig')).status).toBe(200);
    server.clock.set(new Date(start.getTime() + DAY));
    erin.cookie = (await signIn(server, erin.email, 'correct horse battery')).cookie;
    expect((await send(erin, '/api/smart-pig')).status).toBe(403);
    server.clock.set(start);
  });

  it('lets a saver whose trial ended export their data', async () => {
    const fay = await newPerson();
    expect((await addAccount(fay, 'Kept savings')).status).toBe(201);
    await endTrial(fay);
    expect(await (await send(fay, '/api/subscription')).json()).toMatchObject({ isTrialExpired: true });
    const exported = await send(fay, '/api/account/export');
    expect(exported.status).toBe(200);
    expect(JSON.stringify(await exported.json())).toContain('Kept savings');
    expect((await send(fay, '/api/accounts')).status).toBe(200);
  });

  describe("an admin's per-user grants", () => {
    it('has_isas opens ISAs for a piglet, and not pensions or the Hub', async () => {
      const gil = await newPerson();
      await endTrial(gil);
      expect((await addAccount(gil, 'Before the grant', 'Cash ISA')).status).toBe(403);
      await grant(gil, { hasIsas: true });
      const me = (await (await send(gil, '/api/me')).json()) as { features: Record<string, unknown> };
      expect(me.features).toMatchObject({ isas: true, pensions: false, protectionHub: false, smartPig: false });
      expect((await addAccount(gil, 'Granted ISA', 'Cash ISA')).status).toBe(201);
      expect((await send(gil, '/api/isa/allowance')).status).toBe(200);
      expect((await addAccount(gil, 'Not granted', 'Personal Pension')).status).toBe(403);
      expect((await send(gil, '/api/protection')).status).toBe(403);
      expect((await send(gil, '/api/smart-pig')).status).toBe(403);
    });

    it('has_pensions opens pensions for a lapsed Big Pig subscriber, and not ISAs', async () => {
      const hal = await newPerson();
      const pension = await addAccountOk(hal, 'Work pension', 'Personal Pension');
      await cancelBigPig(hal);
      await grant(hal, { hasPensions: true });
      const saved = await send(hal, `/api/accounts/${pension}/pension`, 'PUT', pensionRecord());
      expect(saved.status, await saved.clone().text()).toBe(200);
      expect((await addAccount(hal, 'No ISA', 'Cash ISA')).status).toBe(403);
    });

    it('has_maturity_notifications reminds a piglet of a fixed term ending, in the bell and in the digest', async () => {
      const kit = await newPerson();
      const bond = await send(kit, '/api/accounts', 'POST', {
        name: 'One-year bond',
        accountType: 'Bond',
        accountNumber: '12345678',
        bankId,
        dateOpened: '2025-12-07',
        termLengthValue: 1,
        termLengthUnit: 'years',
      });
      expect(bond.status, await bond.clone().text()).toBe(201);
      expect((await send(kit, '/api/notifications/digest', 'PUT', { kinds: ['account-term'] })).status).toBe(200);
      await endTrial(kit);
      const reminders = async () =>
        ((await (await send(kit, '/api/notifications')).json()) as { notifications: { title: string }[] }).notifications
          .map((n) => n.title)
          .filter((title) => title.includes('fixed term ends'));
      const digests = async () => (await server.mail()).filter((m) => m.to === kit.email && /digest/.test(m.subject));
      const digestDeps = {
        database: server.deps.database,
        mailer: server.deps.mailer,
        secret: server.deps.secret,
        publicUrl: 'http://localhost:3000',
      };

      // Piglet: maturity reminders are Big Pig's (000 §6), so neither the bell nor a digest has one.
      expect(await reminders()).toEqual([]);
      await sendDigests(digestDeps, '2026-11-27' as CalendarDate, { now: start });
      expect(await digests()).toEqual([]);

      await grant(kit, { hasMaturityNotifications: true });
      expect(await reminders()).toEqual(["One-year bond's fixed term ends on 07/12/2026"]);
      await sendDigests(digestDeps, '2026-11-28' as CalendarDate, { now: start });
      const [digest, ...more] = await digests();
      expect(more).toEqual([]);
      expect(digest!.text).toContain("One-year bond's fixed term ends on 07/12/2026");
    });

    it('max_accounts raises the cap of a lapsed saver, and lowers it again', async () => {
      const ivy = await newPerson();
      for (const name of ['One', 'Two', 'Three']) expect((await addAccount(ivy, name)).status).toBe(201);
      await cancelBigPig(ivy);
      expect((await addAccount(ivy, 'Fourth')).status).toBe(403);
      await grant(ivy, { maxAccounts: 5 });
      expect((await addAccount(ivy, 'Fourth')).status).toBe(201);
      const me = (await (await send(ivy, '/api/me')).json()) as { features: { accountCap: unknown } };
      expect(me.features.accountCap).toEqual({ max: 5, source: 'admin', tier: 'piglet' });
      await grant(ivy, { maxAccounts: 2 });
      expect(await refusal(await addAccount(ivy, 'Fifth'))).toMatchObject({
        status: 403,
        code: 'ACCOUNT_LIMIT_REACHED',
      });
    });
  });

  it('lets a piglet add and change account terms: the feature matrix does not make them Big Pig only', async () => {
    const jo = await newPerson();
    const res = await addAccount(jo, 'Regular saver');
    const accountId = ((await res.json()) as { account: { id: string } }).account.id;
    await endTrial(jo);
    expect(((await (await send(jo, '/api/me')).json()) as { tier: string }).tier).toBe('piglet');
    const term = { termType: 'minimum_deposit', inputs: { amountPence: 10_000, frequency: 'monthly' } };
    const added = await send(jo, `/api/accounts/${accountId}/terms`, 'POST', term);
    expect(added.status, await added.clone().text()).toBe(201);
    const { id } = ((await added.json()) as { term: { id: string } }).term;
    expect((await send(jo, `/api/terms/${id}`, 'PATCH', { notificationsEnabled: false })).status).toBe(200);
  });
});
