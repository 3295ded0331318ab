import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, promoCodes, subscriptions } from '../db/schema/index.ts';
import { rowsOf } from '../db/rls.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { type FakeStripe, startFakeStripe } from '../test/fake-stripe-server.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';

const WEBHOOK_SECRET = 'whsec_test_integrity_secret';
const DAY = 86_400_000;
type Person = { cookie: string; userId: string };
type Json = Record<string, unknown>;

const post = (server: TestServer, who: Person, path: string, json: unknown = {}) =>
  server.request(path, { method: 'POST', cookie: who.cookie, json });

describe.each(testDatabaseKinds())('billing integrity with Stripe on %s', (kind) => {
  let server: TestServer;
  let fake: FakeStripe;
  let admin: Person;
  const start = new Date('2026-11-27T10:00:00Z');
  let serial = 0;
  const saver = () => signUpAndSignIn(server, { email: `stripe-saver-${++serial}@example.com` });
  const row = async (userId: string) =>
    (await server.deps.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
  const send = async (type: string, object: Json, id = `evt_${type}_${++serial}`) => {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      created: Math.floor(server.clock.now().getTime() / 1000),
      data: { object },
    });
    return server.request('/api/billing/webhook', {
      method: 'POST',
      body: payload,
      headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    });
  };
  const eventsRecorded = async () =>
    Number(
      rowsOf<{ n: string }>(await server.deps.database.db.execute(sql`select count(*) as n from billing_events`))[0]!.n,
    );

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await createTestServer(kind, fake.env(WEBHOOK_SECRET));
    server.clock.set(start);
    admin = await signUpAndSignIn(server, { email: 'stripe-integrity-admin@example.com' });
    await grantAdmin(server, admin.userId);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it("limits a one-time code's coupon to one redemption, reserves it at checkout and gives it back when the checkout expires", async () => {
    const created = await post(server, admin, '/api/admin/promo-codes', {
      code: 'STRIPE-ONCE',
      promoType: 'discount',
      discountPercentage: 100,
      isOneTimeUse: true,
    });
    const promo = ((await created.json()) as { promoCode: { id: string } }).promoCode;
    const [amy, bea] = [await saver(), await saver()];
    const res = await post(server, amy, '/api/billing/checkout', {
      tier: 'bigpig',
      cycle: 'annual',
      promoCodeId: promo.id,
    });
    expect(res.status).toBe(200);
    expect(fake.coupons.get(`savvypig_${promo.id}_100_once`)).toMatchObject({ percent_off: 100, max_redemptions: '1' });
    const taken = await post(server, bea, '/api/billing/checkout', {
      tier: 'bigpig',
      cycle: 'annual',
      promoCodeId: promo.id,
    });
    expect(taken.status).toBe(400);
    const session = [...fake.checkoutSessions.values()].find((s) => s.client_reference_id === amy.userId)!;
    const expired = await send('checkout.session.expired', { ...session, status: 'expired' });
    expect(expired.status).toBe(200);
    const [after] = await server.deps.database.db.select().from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(after?.timesRedeemed).toBe(0);
    const retaken = await post(server, bea, '/api/billing/checkout', {
      tier: 'bigpig',
      cycle: 'annual',
      promoCodeId: promo.id,
    });
    expect(retaken.status).toBe(200);
  });

  it("expires the saver's earlier open checkout when they open another, so only the newest can be paid", async () => {
    const cal = await saver();
    await post(server, cal, '/api/billing/checkout', { tier: 'piglet', cycle: 'monthly' });
    await post(server, cal, '/api/billing/checkout', { tier: 'bigpig', cycle: 'annual' });
    const sessions = [...fake.checkoutSessions.values()].filter((s) => s.client_reference_id === cal.userId);
    expect(sessions.map((s) => s.status)).toEqual(['expired', 'open']);
  });

  it('cancels a second live subscription at the provider instead of tracking two, and writes nothing for it', async () => {
    const dee = await saver();
    await post(server, dee, '/api/billing/checkout', { tier: 'boar', cycle: 'monthly' });
    const customer = (await row(dee.userId))!.stripeCustomerId!;
    const periodEnd = new Date(start.getTime() + 30 * DAY);
    const first = fake.addSubscription({ customer, userId: dee.userId, tier: 'boar', cycle: 'monthly', periodEnd });
    expect((await send('customer.subscription.created', first)).status).toBe(200);
    const tracked = await row(dee.userId);
    expect(tracked).toMatchObject({ stripeSubscriptionId: first.id, paymentStatus: 'active', tier: 'boar' });
    const recorded = await eventsRecorded();

    const extra = fake.addSubscription({ customer, userId: dee.userId, tier: 'bigpig', cycle: 'annual', periodEnd });
    expect((await send('customer.subscription.created', extra)).status).toBe(200);
    expect(
      (await send('invoice.paid', { customer, parent: { subscription_details: { subscription: extra.id } } })).status,
    ).toBe(200);
    expect(await row(dee.userId)).toEqual(tracked);
    expect(await eventsRecorded()).toBe(recorded);
    expect(fake.subscriptions.get(extra.id as string)?.status).toBe('canceled');
    expect(
      fake.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${extra.id as string}`),
    ).toBe(true);
    expect(fake.subscriptions.get(first.id as string)?.status).toBe('active');
    const [event] = await server.deps.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.userId, dee.userId));
    expect(event).toBeDefined();
  });
});
