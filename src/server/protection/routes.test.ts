import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { addMonths } from '../../core/protection/thb.ts';
import { appSettings, protectionAlertDismissals } from '../db/schema/index.ts';
import { withActor } from '../db/rls.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { itOnPostgres } from '../test/postgres-only.ts';
import { addAccountAt, bankIdNamed } from '../test/accounts-api.ts';
import { statementsSent } from '../test/statements-sent.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import type { ProtectionPictureJson } from './picture-json.ts';
import { PROTECTION_MESSAGES } from './routes.ts';

type Person = { cookie: string; userId: string };
type ErrorBody = { error: { code: string; message: string } };

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDatabaseKinds())('the Protection Hub API on %s', (kind) => {
  let server: TestServer;
  let ann: Person;
  let bob: Person;
  let people = 0;
  const banks: Record<string, string> = {};
  let halifaxAccount = '';

  const newPerson = async (name: string) => {
    people += 1;
    return signUpAndSignIn(server, { email: `${name}-${people}@example.com` });
  };

  const addAccount = (who: Person, name: string, bank: string, pence: number, extra = {}) =>
    addAccountAt(server, who.cookie, { name, bankId: banks[bank], pence }, extra);

  const deposit = async (who: Person, accountId: string, pence: number) => {
    const res = await server.request(`/api/accounts/${accountId}/transactions`, {
      method: 'POST',
      cookie: who.cookie,
      json: {
        transactions: [
          { type: 'deposit', amountPence: pence, date: calendarDateInLondon(server.clock.now()), notes: '' },
        ],
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  };

  const picture = async (who: Person): Promise<ProtectionPictureJson> => {
    const res = await server.request('/api/protection', { cookie: who.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as ProtectionPictureJson;
  };

  const dismiss = (who: Person, json: unknown) =>
    server.request('/api/protection/alert-dismissals', { method: 'POST', cookie: who.cookie, json });

  const storedDismissals = async () =>
    server.deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(protectionAlertDismissals)
      .then((rows) => rows[0]!.n);

  beforeAll(async () => {
    server = await createTestServer(kind);
    for (const name of ['Halifax', 'Bank of Scotland', 'Nationwide Building Society', 'NS&I'])
      banks[name] = await bankIdNamed(server, name);
    ann = await newPerson('ann');
    bob = await newPerson('bob');
    halifaxAccount = await addAccount(ann, 'Halifax saver', 'Halifax', 70_000_00);
    await addAccount(ann, 'Bank of Scotland saver', 'Bank of Scotland', 70_000_00);
    await addAccount(ann, 'Nationwide saver', 'Nationwide Building Society', 50_000_00);
    await addAccount(ann, 'Premium Bonds', 'NS&I', 10_000_00);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('shows a Cash ISA whose provider is not chosen as protection unknown, saying where to choose it, never at risk', async () => {
    const cat = await newPerson('cat');
    await addAccount(cat, 'Halifax saver', 'Halifax', 50_000_00);
    // Added without a bank: its provider is chosen on its ISA Details card, not yet.
    await addAccount(cat, 'My Cash ISA', 'none', 20_000_00, { accountType: 'Cash ISA' });
    const body = await picture(cat);
    expect(body.totals).toMatchObject({ totalPence: 70_000_00, atRiskPence: 0, unknownPence: 20_000_00 });
    expect(body.badge).toBe('fully-protected');
    expect(body.outside).toEqual([
      expect.objectContaining({
        kind: 'unknown-bank',
        bucket: 'unknown',
        unknownReason: 'isa-provider-missing',
        totalPence: 20_000_00,
      }),
    ]);
    expect(body.outside[0]!.reason).toContain('Choose the provider in the ISA Details card');
  });

  it('answers as at an earlier date with the limits then: £85,000 on 30 November 2025, and refuses dates it cannot answer', async () => {
    const res = await server.request('/api/protection?asAt=2025-11-30', { cookie: ann.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as ProtectionPictureJson;
    expect(body.date).toBe('2025-11-30');
    expect(body.limits.deposit).toEqual({ amountPence: 85_000_00, effectiveFrom: '2017-01-30', isOverride: false });
    // £140,000 at Bank of Scotland plc against £85,000: £55,000 over.
    expect(body.groups[0]).toMatchObject({ name: 'Bank of Scotland plc', atRiskPence: 55_000_00 });
    for (const [asAt, message] of [
      ['2017-01-29', 'The limits are known from 30/01/2017: choose that date or a later one'],
      ['2099-01-01', 'Choose today or an earlier date'],
      ['30/11/2025', 'Enter the date as dd/mm/yyyy'],
    ] as const) {
      const refused = await server.request(`/api/protection?asAt=${encodeURIComponent(asAt)}`, { cookie: ann.cookie });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as ErrorBody).error.message).toBe(message);
    }
  });

  it('shows one licence £20,000 at risk (never £40,000), Nationwide fully protected and NS&I backed by HM Treasury', async () => {
    const body = await picture(ann);
    expect(body.totals).toEqual({
      totalPence: 200_000_00,
      protectedPence: 170_000_00,
      atRiskPence: 20_000_00,
      governmentBackedPence: 10_000_00,
      otherSchemePence: 0,
      unknownPence: 0,
    });
    expect(body.limits.deposit).toEqual({ amountPence: 120_000_00, effectiveFrom: '2025-12-01', isOverride: false });
    expect(body).toMatchObject({ badge: 'mostly-protected', licenceCount: 2, isDiversified: false });
    expect(body.groups.map((g) => [g.name, g.brands, g.totalPence, g.coveredPence, g.atRiskPence])).toEqual([
      ['Bank of Scotland plc', ['Halifax', 'Bank of Scotland'], 140_000_00, 120_000_00, 20_000_00],
      ['Nationwide Building Society', ['Nationwide Building Society'], 50_000_00, 50_000_00, 0],
    ]);
    expect(body.groups[0]!.sharedLimitReason).toBe(
      'Halifax and Bank of Scotland are brands of Bank of Scotland plc (FRN 169628): one £120,000 limit covers them together.',
    );
    expect(body.groups[0]!.accounts.map((a) => a.name)).toEqual(['Halifax saver', 'Bank of Scotland saver']);
    expect(body.outside).toEqual([
      expect.objectContaining({
        kind: 'ns-and-i',
        bucket: 'government-backed',
        bankName: 'NS&I',
        status: 'Backed by HM Treasury',
        totalPence: 10_000_00,
      }),
    ]);
    expect(body.alerts).toEqual([
      expect.objectContaining({
        id: body.groups[0]!.key,
        level: 'over-limit',
        title: '£20,000.00 over the limit at Bank of Scotland plc',
        dismissedUntil: null,
      }),
    ]);
  });

  it('shows each user only their own money', async () => {
    const body = await picture(bob);
    expect(body.totals.totalPence).toBe(0);
    expect([body.groups, body.outside, body.alerts, body.badge]).toEqual([[], [], [], 'fully-protected']);
  });

  it('refuses a visitor who is not signed in', async () => {
    expect((await server.request('/api/protection')).status).toBe(401);
    expect((await server.request('/api/protection/alert-dismissals', { method: 'POST', json: {} })).status).toBe(401);
  });

  describe('dismissing an alert', () => {
    it('hides it for 7 days, then shows it again', async () => {
      const [alert] = (await picture(ann)).alerts;
      const res = await dismiss(ann, { alertId: alert!.id, signature: alert!.signature });
      expect(res.status, await res.clone().text()).toBe(200);
      const until = ((await res.json()) as ProtectionPictureJson).alerts[0]!.dismissedUntil;
      expect(until).not.toBeNull();
      expect(new Date(until!).getTime() - server.clock.now().getTime()).toBeGreaterThan(7 * DAY_MS - 60_000);
      expect((await picture(ann)).alerts[0]!.dismissedUntil).toBe(until);

      // Moving the clock a week would sign Ann out (inactivity): the dismissal is dated back instead.
      const dismissedAgo = (ms: number) =>
        server.deps.database.db
          .update(protectionAlertDismissals)
          .set({ dismissedAt: new Date(server.clock.now().getTime() - ms) })
          .where(eq(protectionAlertDismissals.userId, ann.userId));
      await dismissedAgo(7 * DAY_MS - 60_000);
      expect((await picture(ann)).alerts[0]!.dismissedUntil).not.toBeNull();
      await dismissedAgo(7 * DAY_MS);
      expect((await picture(ann)).alerts[0]!.dismissedUntil).toBeNull();
    });

    it('shows it again as soon as a pound more is at that licence', async () => {
      const [alert] = (await picture(ann)).alerts;
      expect((await dismiss(ann, { alertId: alert!.id, signature: alert!.signature })).status).toBe(200);
      expect((await picture(ann)).alerts[0]!.dismissedUntil).not.toBeNull();
      await deposit(ann, halifaxAccount, 1_00);
      const after = await picture(ann);
      expect(after.alerts[0]).toMatchObject({
        title: '£20,001.00 over the limit at Bank of Scotland plc',
        dismissedUntil: null,
      });
      expect(after.alerts[0]!.signature).not.toBe(alert!.signature);
    });

    it('refuses an alert that is not showing, one whose figures have changed, and a bad body, writing nothing', async () => {
      const [alert] = (await picture(ann)).alerts;
      const before = await storedDismissals();
      const gone = await dismiss(ann, { alertId: 'deposit|frn:000000', signature: alert!.signature });
      expect(gone.status).toBe(404);
      expect(((await gone.json()) as ErrorBody).error.message).toBe(PROTECTION_MESSAGES.alertGone);
      const changed = await dismiss(ann, { alertId: alert!.id, signature: 'over-limit:1:1:1' });
      expect(changed.status).toBe(409);
      expect(((await changed.json()) as ErrorBody).error.message).toBe(PROTECTION_MESSAGES.alertChanged);
      // Bob has no such alert: he cannot dismiss Ann's.
      expect((await dismiss(bob, { alertId: alert!.id, signature: alert!.signature })).status).toBe(404);
      const bad = await dismiss(ann, { alertId: '', signature: alert!.signature });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as ErrorBody).error.message).toBe(PROTECTION_MESSAGES.alertId);
      expect((await dismiss(ann, { alertId: alert!.id })).status).toBe(400);
      expect((await dismiss(ann, { ...alert, extra: true })).status).toBe(400);
      expect(await storedDismissals()).toBe(before);
    });

    it('keeps each user’s dismissals to themselves (row-level security, with no WHERE clause)', async () => {
      const { db } = server.deps.database;
      const seenBy = (userId: string) =>
        withActor(db, { userId }, (tx) =>
          tx.select({ userId: protectionAlertDismissals.userId }).from(protectionAlertDismissals),
        );
      expect(new Set((await seenBy(ann.userId)).map((r) => r.userId))).toEqual(new Set([ann.userId]));
      expect(await seenBy(bob.userId)).toEqual([]);
      await expect(
        withActor(db, { userId: bob.userId }, (tx) =>
          tx
            .insert(protectionAlertDismissals)
            .values({ userId: ann.userId, alertId: 'x', signature: 'y', dismissedAt: new Date() }),
        ),
      ).rejects.toThrow();
    });
  });

  it('applies an admin’s override of the deposit limit', async () => {
    await server.deps.database.db.insert(appSettings).values({ key: 'fscs_protection', value: { limit: 150_000 } });
    try {
      const body = await picture(ann);
      expect(body.limits.deposit).toMatchObject({ amountPence: 150_000_00, isOverride: true });
      expect(body.groups[0]).toMatchObject({ atRiskPence: 0, alertLevel: 'projected-breach', limitUsedPercent: 93.3 });
      expect(body.alerts[0]).toMatchObject({ level: 'projected-breach', dismissedUntil: null });
    } finally {
      await server.deps.database.db.delete(appSettings).where(eq(appSettings.key, 'fscs_protection'));
    }
  });

  it('shows a joint account as the user’s share and a temporary high balance with its end date', async () => {
    const carol = await newPerson('carol');
    const today = calendarDateInLondon(server.clock.now());
    await addAccount(carol, 'Joint saver', 'Nationwide Building Society', 100_000_00, { holders: 2 });
    await addAccount(carol, 'House sale', 'Halifax', 400_000_00, {
      temporaryHighBalance: { lifeEvent: 'home-sale', qualifyingPence: 350_000_00, creditedDate: today },
    });
    const body = await picture(carol);
    const nationwide = body.groups.find((g) => g.name === 'Nationwide Building Society')!;
    expect(nationwide).toMatchObject({ totalPence: 50_000_00, atRiskPence: 0 });
    expect(nationwide.jointShares).toEqual([
      'Only your half of Joint saver counts here: £50,000.00 of its £100,000.00. Each of its 2 holders has their own £120,000 limit.',
    ]);
    const halifax = body.groups.find((g) => g.name === 'Bank of Scotland plc')!;
    expect(halifax).toMatchObject({ coveredPence: 400_000_00, atRiskPence: 0, alertLevel: 'none' });
    expect(halifax.temporaryHighBalance).toMatchObject({
      coveredPence: 350_000_00,
      startedOn: today,
      endsOn: addMonths(today, 6),
    });
  });

  itOnPostgres(kind)(
    'reads the picture in the same statements and socket writes however many accounts, and none of its own while it is kept',
    async () => {
      const dan = await newPerson('dan');
      const sent = () => statementsSent(() => picture(dan));
      await sent(); // the first call on a connection prepares its statements
      // Nothing changed since: the kept picture is sent after the session opening alone.
      expect(await sent()).toEqual({ statements: 1, writes: 1 });
      await addAccount(dan, 'Saver 0', 'NS&I', 30_000_00);
      // Read again after a write: the opening; BEGIN, the opening again, the switch to app_user, the
      // accounts, the dismissals and COMMIT together.
      const one = await sent();
      expect(one).toEqual({ statements: 7, writes: 2 });
      for (let i = 1; i < 6; i++) await addAccount(dan, `Saver ${i}`, i % 2 ? 'Halifax' : 'NS&I', 30_000_00);
      expect(await sent()).toEqual(one);
    },
  );
});
