import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { addDays } from '../../core/dates/day-count.ts';
import { withActor } from '../db/rls.ts';
import { notificationDigestSends, notificationDismissals, pensionTransfers } from '../db/schema/index.ts';
import { addAccountAt, bankIdNamed } from '../test/accounts-api.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { itOnPostgres } from '../test/postgres-only.ts';
import { createTestServer, signIn, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { statementsSent } from '../test/statements-sent.ts';
import { type DigestDeps, sendDigests } from './digest.ts';
import { NOTIFICATION_MESSAGES } from './routes.ts';

type Person = { cookie: string; userId: string; email: string };
type Listed = {
  id: string;
  kind: string;
  severity: string;
  title: string;
  message: string;
  link: { label: string; href: string };
  dismissible: boolean;
};
type ListBody = { date: string; enabled: boolean; notifications: Listed[] };

describe.each(testDatabaseKinds())('the notifications API on %s', (kind) => {
  let server: TestServer;
  let ann: Person;
  let bob: Person;
  let people = 0;
  const banks: Record<string, string> = {};
  let halifax = '';

  const newPerson = async (name: string): Promise<Person> => {
    people += 1;
    const email = `${name}-${people}@example.com`;
    return { ...(await signUpAndSignIn(server, { email })), email };
  };
  const today = () => calendarDateInLondon(server.clock.now());
  const list = async (who: { cookie: string }): Promise<ListBody> => {
    const res = await server.request('/api/notifications', { cookie: who.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as ListBody;
  };
  const dismiss = (who: { cookie: string }, json: unknown) =>
    server.request('/api/notifications/dismissals', { method: 'POST', cookie: who.cookie, json });
  const digestDeps = (): DigestDeps => ({
    database: server.deps.database,
    mailer: server.deps.mailer,
    secret: server.deps.secret,
    publicUrl: 'http://localhost:3000',
  });
  const digestsTo = async (email: string) =>
    (await server.mail()).filter((m) => m.to === email && /digest/.test(m.subject));

  beforeAll(async () => {
    server = await createTestServer(kind);
    for (const name of ['Halifax', 'Bank of Scotland']) banks[name] = await bankIdNamed(server, name);
    ann = await newPerson('ann');
    bob = await newPerson('bob');
    halifax = await addAccountAt(server, ann.cookie, {
      name: 'Halifax saver',
      bankId: banks.Halifax,
      pence: 70_000_00,
    });
    await addAccountAt(
      server,
      ann.cookie,
      { name: 'BoS fixed', bankId: banks['Bank of Scotland'], pence: 70_000_00 },
      { interestRateBps: 425, nextRateChange: addDays(calendarDateInLondon(new Date()), 10) },
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('tells a saver over the limit, links it to the Hub, and tells another user nothing', async () => {
    const body = await list(ann);
    expect(body.enabled).toBe(true);
    expect(body.notifications.map((n) => [n.kind, n.severity, n.title, n.link.href])).toEqual([
      ['protection', 'error', '£20,000.00 over the limit at Bank of Scotland plc', '/protection'],
      [
        'rate-change',
        'info',
        `BoS fixed's rate changes on ${formatted(addDays(today(), 10))}`,
        expect.stringMatching(/^\/account\//),
      ],
    ]);
    expect((await list(bob)).notifications).toEqual([]);
  });

  it('keeps a dismissal on the server: it holds on another device until the figures change', async () => {
    const [overLimit] = (await list(ann)).notifications;
    const res = await dismiss(ann, { id: overLimit!.id });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as ListBody).notifications.map((n) => n.kind)).toEqual(['rate-change']);
    const phone = await signIn(server, ann.email, 'correct horse battery');
    expect((await list(phone)).notifications.map((n) => n.kind)).toEqual(['rate-change']);
    // A pound more is new figures: a new id, showing again.
    const deposit = await server.request(`/api/accounts/${halifax}/transactions`, {
      method: 'POST',
      cookie: ann.cookie,
      json: { transactions: [{ type: 'deposit', amountPence: 100, date: today(), notes: '' }] },
    });
    expect(deposit.status).toBe(201);
    const again = (await list(ann)).notifications;
    expect(again[0]).toMatchObject({ kind: 'protection', title: '£20,001.00 over the limit at Bank of Scotland plc' });
    expect(again[0]!.id).not.toBe(overLimit!.id);
    // Dismissing prunes the dismissal of the old figures.
    expect((await dismiss(ann, { id: again[0]!.id })).status).toBe(200);
    const kept = await server.deps.database.db.select().from(notificationDismissals);
    expect(kept.map((d) => d.notificationId)).toEqual([again[0]!.id]);
  });

  it('refuses a notification that is not showing, another user’s, and a malformed body', async () => {
    const [annsOwn] = (await list(ann)).notifications;
    const gone = await dismiss(bob, { id: annsOwn!.id });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { message: string } }).error.message).toBe(NOTIFICATION_MESSAGES.gone);
    expect((await dismiss(ann, { id: '' })).status).toBe(400);
    expect((await dismiss(ann, { id: 'x', extra: 1 })).status).toBe(400);
    expect((await dismiss(ann, 'nope')).status).toBe(400);
    expect((await server.request('/api/notifications')).status).toBe(401);
  });

  it("says nothing with 'Account notifications' off", async () => {
    const off = await server.request('/api/settings', {
      method: 'PATCH',
      cookie: ann.cookie,
      json: { notificationsEnabled: false },
    });
    expect(off.status, await off.clone().text()).toBe(200);
    expect(await list(ann)).toMatchObject({ enabled: false, notifications: [] });
    await server.request('/api/settings', {
      method: 'PATCH',
      cookie: ann.cookie,
      json: { notificationsEnabled: true },
    });
  });

  it('keeps the digest’s kinds, known kinds only', async () => {
    const put = (json: unknown) =>
      server.request('/api/notifications/digest', { method: 'PUT', cookie: ann.cookie, json });
    expect((await put({ kinds: ['bogus'] })).status).toBe(400);
    const saved = await put({ kinds: ['rate-change', 'protection', 'protection'] });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ kinds: ['protection', 'rate-change'] });
    const read = await server.request('/api/notifications/digest', { cookie: ann.cookie });
    expect(await read.json()).toMatchObject({ kinds: ['protection', 'rate-change'] });
  });

  it('sends the digest once a day, of the opted-in kinds not dismissed, with an unsubscribe link that works signed out', async () => {
    const day = today();
    expect(await sendDigests(digestDeps(), day)).toEqual({ sent: 1, empty: 0, taken: 0, failed: 0 });
    expect(await sendDigests(digestDeps(), day)).toEqual({ sent: 0, empty: 0, taken: 0, failed: 0 });
    const [mail, ...more] = await digestsTo(ann.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Your SavvyPig digest for ${formatted(day)}: 1 notification`);
    expect(mail!.text).toContain("BoS fixed's rate changes");
    expect(mail!.text).not.toContain('over the limit'); // dismissed
    const link = mail!.links.find((l) => l.includes('/notifications/unsubscribe?token='));
    const token = new URL(link!).searchParams.get('token');
    const unsubscribe = (t: unknown) =>
      server.request('/api/notifications/unsubscribe', { method: 'POST', json: { token: t } });
    expect((await unsubscribe(`${token}x`)).status).toBe(400);
    const off = await unsubscribe(token);
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ turnedOff: ['Deposit protection', 'Rate changes'] });
    expect(await (await unsubscribe(token)).json()).toMatchObject({ turnedOff: [] });
    const read = await server.request('/api/notifications/digest', { cookie: ann.cookie });
    expect(await read.json()).toMatchObject({ kinds: [] });
    expect(await sendDigests(digestDeps(), addDays(day, 1))).toEqual({ sent: 0, empty: 0, taken: 0, failed: 0 });
  });

  it('tells a saver whose trial has ended only the plain fact of money over a limit, and where to see it', async () => {
    const fay = await newPerson('fay');
    await addAccountAt(server, fay.cookie, { name: 'Big saver', bankId: banks.Halifax, pence: 130_000_00 });
    await server.request('/api/notifications/digest', {
      method: 'PUT',
      cookie: fay.cookie,
      json: { kinds: ['protection'] },
    });
    const day = addDays(today(), 4);
    await server.deps.database.db.execute(
      sql`update subscriptions set payment_status = 'trial_expired', trial_expires_at = now() - interval '1 day' where user_id = ${fay.userId}`,
    );
    const run = await sendDigests(digestDeps(), day);
    expect(run.failed).toBe(0);
    // Never "nothing needs your attention" while money is over a limit: the fact, and the dashboard.
    const lapsed = await digestsTo(fay.email);
    expect(lapsed).toHaveLength(1);
    expect(lapsed[0]!.text).toContain('£10,000.00 over the limit at Bank of Scotland plc');
    expect(lapsed[0]!.links.some((l) => l.endsWith('/dashboard'))).toBe(true);
    expect(lapsed[0]!.links.some((l) => l.endsWith('/protection'))).toBe(false);
    // Back on the trial, the Hub's own notification is sent.
    await server.deps.database.db.execute(
      sql`update subscriptions set payment_status = 'trial', trial_expires_at = now() + interval '3 days' where user_id = ${fay.userId}`,
    );
    await sendDigests(digestDeps(), addDays(day, 1));
    expect(await digestsTo(fay.email)).toHaveLength(2);
    await server.request('/api/notifications/digest', { method: 'PUT', cookie: fay.cookie, json: { kinds: [] } });
  });

  itOnPostgres(kind)('sends each digest exactly once when two workers race', async () => {
    const savers = await Promise.all(['cat', 'dan', 'eve'].map((n) => newPerson(n)));
    for (const saver of savers) {
      await addAccountAt(server, saver.cookie, { name: 'Big saver', bankId: banks.Halifax, pence: 130_000_00 });
      await server.request('/api/notifications/digest', {
        method: 'PUT',
        cookie: saver.cookie,
        json: { kinds: ['protection'] },
      });
    }
    const day = addDays(today(), 2);
    const [a, b] = await Promise.all([sendDigests(digestDeps(), day), sendDigests(digestDeps(), day)]);
    expect(a.sent + b.sent).toBe(3);
    expect(a.failed + b.failed).toBe(0);
    for (const saver of savers) expect(await digestsTo(saver.email)).toHaveLength(1);
    const sends = await server.deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notificationDigestSends)
      .where(sql`day = ${day}::date`);
    expect(sends[0]!.n).toBe(3);
  });

  /** A new saver's pension with a transfer in progress since 20 days ago (past its 10 days). */
  const pensionTransferringSince20DaysAgo = async (who: Person, name: string) => {
    const id = await addAccountAt(
      server,
      who.cookie,
      { name, bankId: undefined, pence: 0 },
      { accountType: 'Personal Pension', bankId: null },
    );
    const started = await server.request(`/api/accounts/${id}/pension/transfers`, {
      method: 'POST',
      cookie: who.cookie,
      json: {},
    });
    expect(started.status, await started.clone().text()).toBe(200);
    const [transfer] = ((await started.json()) as { transfers: { id: string }[] }).transfers;
    const moving = await server.request(`/api/accounts/${id}/pension/transfers/${transfer!.id}`, {
      method: 'PATCH',
      cookie: who.cookie,
      json: { status: 'in_progress' },
    });
    expect(moving.status).toBe(200);
    // The session would not outlive a clock moved on 20 days: the transfer is backdated instead.
    await withActor(server.deps.database.db, { userId: who.userId }, (tx) =>
      tx
        .update(pensionTransfers)
        .set({ startedAt: new Date(server.clock.now().getTime() - 20 * 86_400_000) })
        .where(eq(pensionTransfers.id, transfer!.id)),
    );
    return id;
  };

  it('lists an overdue pension transfer as an error linked to its pension, to its owner only, and in their digest', async () => {
    const [gil, hal] = [await newPerson('gil'), await newPerson('hal')];
    const gils = await pensionTransferringSince20DaysAgo(gil, 'Gil pension');
    const hals = await pensionTransferringSince20DaysAgo(hal, 'Hal pension');
    const pensionsOf = async (who: Person) =>
      (await list(who)).notifications
        .filter((n) => n.kind === 'pension')
        .map((n) => [n.severity, n.title, n.link.href]);
    const overdue = 'Pension transfer is overdue - contact your provider';
    expect(await pensionsOf(gil)).toEqual([['error', overdue, `/account/${gils}`]]);
    expect(await pensionsOf(hal)).toEqual([['error', overdue, `/account/${hals}`]]);
    expect(await pensionsOf(bob)).toEqual([]);

    const digest = (kinds: string[]) =>
      server.request('/api/notifications/digest', { method: 'PUT', cookie: gil.cookie, json: { kinds } });
    const opted = await digest(['pension']);
    expect(opted.status).toBe(200);
    expect(((await opted.json()) as { available: unknown[] }).available).toContainEqual({
      kind: 'pension',
      label: 'Pension contributions and transfers',
    });
    const day = addDays(today(), 5);
    expect((await sendDigests(digestDeps(), day)).failed).toBe(0);
    const [mail, ...more] = await digestsTo(gil.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain(overdue);
    expect(mail!.text).toContain(`/account/${gils}`);
    expect(mail!.text).not.toContain(hals);
    expect(await digestsTo(hal.email)).toEqual([]);
    expect((await digest([])).status).toBe(200);
  });

  it('lists Payment Failed during the grace period to its owner only, and refuses to dismiss it', async () => {
    const ivy = await newPerson('ivy');
    const failedAt = new Date(server.clock.now().getTime() - 2 * 86_400_000);
    await server.deps.database.db.execute(
      sql`update subscriptions set payment_status = 'past_due', tier = 'bigpig', trial_expires_at = null,
        last_payment_failure_at = ${failedAt.toISOString()}::timestamptz, payment_failure_count = 1
        where user_id = ${ivy.userId}`,
    );
    const mine = (await list(ivy)).notifications.filter((n) => n.kind === 'subscription');
    expect(mine).toEqual([
      expect.objectContaining({
        severity: 'error',
        title: 'Payment Failed',
        message: 'Your payment failed. You have 5 days left in your grace period.',
        link: { label: 'Update Payment Method', href: '/settings/subscription/payment' },
        dismissible: false,
      }),
    ]);
    const refused = await dismiss(ivy, { id: mine[0]!.id });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      NOTIFICATION_MESSAGES.notDismissible,
    );
    expect((await list(ivy)).notifications.map((n) => n.title)).toContain('Payment Failed');
    // Even a dismissal stored behind the API's back does not hide it.
    await server.deps.database.db
      .insert(notificationDismissals)
      .values({ userId: ivy.userId, notificationId: mine[0]!.id, dismissedAt: server.clock.now() });
    expect((await list(ivy)).notifications.map((n) => n.title)).toContain('Payment Failed');
    expect((await list(bob)).notifications.filter((n) => n.kind === 'subscription')).toEqual([]);

    // Opted into the subscription kind, the digest carries it.
    const opted = await server.request('/api/notifications/digest', {
      method: 'PUT',
      cookie: ivy.cookie,
      json: { kinds: ['subscription'] },
    });
    expect(opted.status).toBe(200);
    expect((await sendDigests(digestDeps(), addDays(today(), 6))).failed).toBe(0);
    const [mail] = await digestsTo(ivy.email);
    expect(mail?.text).toContain('Payment Failed');
    await server.request('/api/notifications/digest', { method: 'PUT', cookie: ivy.cookie, json: { kinds: [] } });
  });

  itOnPostgres(kind)('reads in a constant number of statements, however many accounts', async () => {
    const fay = await newPerson('fay');
    const sent = () => statementsSent(() => list(fay));
    await sent();
    const few = await sent();
    for (let i = 0; i < 4; i++)
      await addAccountAt(server, fay.cookie, { name: `Saver ${i}`, bankId: banks.Halifax, pence: 30_000_00 });
    await pensionTransferringSince20DaysAgo(fay, 'Fay pension');
    await pensionTransferringSince20DaysAgo(fay, 'Fay old pension');
    // A failed payment's notification comes from the row the session read: no statement more.
    await server.deps.database.db.execute(
      sql`update subscriptions set payment_status = 'past_due', last_payment_failure_at = now() - interval '1 day'
        where user_id = ${fay.userId}`,
    );
    expect((await list(fay)).notifications.map((n) => n.title)).toContain('Payment Failed');
    expect(await sent()).toEqual(few);
    // The session's opening with BEGIN (2), the six reads sent together in one write, COMMIT.
    expect(few.statements).toBe(9);
    expect(few.writes).toBeLessThanOrEqual(3);
  });
});

function formatted(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}
