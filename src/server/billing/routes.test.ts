import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionView } from '../../core/subscriptions/access.ts';
import { subscriptions } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { type FakeStripe, startFakeStripe } from '../test/fake-stripe-server.ts';
import { createTestServer, grantAdmin, signIn, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { createTestProvider } from './test-provider.ts';
import { createBillingProvider } from './create-provider.ts';
import { loadConfig } from '../config.ts';
import { quietLogger } from '../test/databases.ts';

const WEBHOOK_SECRET = 'whsec_test_routes_secret';
const DAY = 86_400_000;
type Person = { cookie: string; userId: string };
type Json = Record<string, unknown>;

const post = (server: TestServer, who: Person, path: string, json: unknown = {}) =>
  server.request(path, { method: 'POST', cookie: who.cookie, json });
const get = (server: TestServer, who: Person, path: string) => server.request(path, { cookie: who.cookie });
const message = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;
const lastRequest = (fake: FakeStripe, method: string, path: string) =>
  [...fake.requests].reverse().find((r) => r.method === method && r.path === path);

describe.each(testDatabaseKinds())('card payments with Stripe on %s', (kind) => {
  let server: TestServer;
  let fake: FakeStripe;
  let alice: Person;
  let bob: Person;
  let admin: Person;
  const start = new Date('2026-11-27T10:00:00Z');

  /** What Stripe would send once Alice has paid: the subscription, signed, through the webhook. */
  const subscribeThroughWebhook = async (who: Person, customer: string, tier: 'piglet' | 'boar' | 'bigpig') => {
    const sub = fake.addSubscription({
      customer,
      userId: who.userId,
      tier,
      cycle: 'monthly',
      periodEnd: new Date(start.getTime() + 30 * DAY),
    });
    const payload = JSON.stringify({
      id: `evt_${sub.id as string}`,
      object: 'event',
      type: 'customer.subscription.created',
      created: Math.floor(start.getTime() / 1000),
      data: { object: sub },
    });
    const res = await server.request('/api/billing/webhook', {
      method: 'POST',
      body: payload,
      headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    });
    expect(res.status).toBe(200);
    return sub;
  };
  const view = async (who: Person) => (await (await get(server, who, '/api/subscription')).json()) as SubscriptionView;

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await createTestServer(kind, fake.env(WEBHOOK_SECRET));
    server.clock.set(start);
    alice = await signUpAndSignIn(server, { email: 'alice-billing@example.com' });
    bob = await signUpAndSignIn(server, { email: 'bob-billing@example.com' });
    admin = await signUpAndSignIn(server, { email: 'admin-billing@example.com' });
    await grantAdmin(server, admin.userId);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it("answers the provider's prices, and the defaults with the spec's message when it fails", async () => {
    const res = await server.request('/api/subscription/prices');
    expect(await res.json()).toEqual({
      prices: {
        piglet: { monthlyPrice: 300, yearlyPrice: 3000 },
        boar: { monthlyPrice: 500, yearlyPrice: 5000 },
        bigpig: { monthlyPrice: 1000, yearlyPrice: 10000 },
      },
      isDefault: false,
    });
    const failing = await createTestServer(kind, fake.env(WEBHOOK_SECRET));
    fake.failing.add('/v1/prices');
    try {
      const answer = (await (await failing.request('/api/subscription/prices')).json()) as Json;
      expect(answer).toMatchObject({
        isDefault: true,
        message: 'Error fetching prices from Stripe. Using default prices.',
        prices: { piglet: { monthlyPrice: 299, yearlyPrice: 2999 } },
      });
    } finally {
      fake.failing.delete('/v1/prices');
      await failing.close();
    }
  });

  it("returns the provider's checkout url for the plan, for the signed-in user's own customer", async () => {
    const res = await post(server, alice, '/api/billing/checkout', { tier: 'bigpig', cycle: 'annual' });
    expect(res.status, await res.clone().text()).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/checkout\.example\.test\/c\/pay\/cs_/);
    const sent = lastRequest(fake, 'POST', '/v1/checkout/sessions')!.params;
    const customer = lastRequest(fake, 'POST', '/v1/customers')!.params;
    expect(customer).toMatchObject({ email: 'alice-billing@example.com', metadata: { userId: alice.userId } });
    expect(sent).toMatchObject({
      mode: 'subscription',
      client_reference_id: alice.userId,
      line_items: [{ price: fake.priceFor('bigpig', 'annual').id, quantity: '1' }],
      subscription_data: { metadata: { userId: alice.userId } },
      success_url: 'http://localhost:3000/subscription/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/subscription/cancel',
    });
    expect(sent.discounts).toBeUndefined();
    // A second checkout uses the same customer.
    const customers = fake.customers.size;
    await post(server, alice, '/api/billing/checkout', { tier: 'boar', cycle: 'monthly' });
    expect(fake.customers.size).toBe(customers);
    expect(lastRequest(fake, 'POST', '/v1/checkout/sessions')!.params.customer).toBe(sent.customer);
    // Asking to buy is not paying: nothing about the plan is stored.
    expect(await view(alice)).toMatchObject({ paymentStatus: 'trial', isTrialing: true, billingCycle: null });
  });

  it("sends a discount promo code as the provider's coupon", async () => {
    const created = await post(server, admin, '/api/admin/promo-codes', {
      code: 'QUARTER-OFF',
      promoType: 'discount',
      discountPercentage: 25,
      discountMonths: 3,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const promo = ((await created.json()) as { promoCode: { id: string } }).promoCode;
    const res = await post(server, bob, '/api/billing/checkout', {
      tier: 'boar',
      cycle: 'monthly',
      promoCodeId: promo.id,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const coupon = fake.coupons.get(`savvypig_${promo.id}_25`);
    expect(coupon).toMatchObject({ percent_off: 25, duration: 'repeating', duration_in_months: 3 });
    expect(lastRequest(fake, 'POST', '/v1/checkout/sessions')!.params.discounts).toEqual([{ coupon: coupon!.id }]);
    // The next checkout finds the same coupon rather than making another.
    const coupons = fake.coupons.size;
    await post(server, bob, '/api/billing/checkout', { tier: 'boar', cycle: 'annual', promoCodeId: promo.id });
    expect(fake.coupons.size).toBe(coupons);
  });

  it('refuses a tier or status from the browser (mass assignment) and bad input with 400', async () => {
    for (const json of [
      { tier: 'bigpig', cycle: 'monthly', paymentStatus: 'active' },
      { tier: 'bigpig', cycle: 'monthly', isActive: true },
      { tier: 'trial_bigpig', cycle: 'monthly' },
      { tier: 'bigpig', cycle: 'weekly' },
      { tier: 'bigpig', cycle: 'monthly', promoCodeId: 'not-a-uuid' },
    ]) {
      const res = await post(server, bob, '/api/billing/checkout', json);
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    expect(await message(await post(server, bob, '/api/billing/checkout', { cycle: 'monthly' }))).toBe(
      'Please choose a plan',
    );
    for (const [path, json] of [
      ['/api/billing/change-plan', { tier: 'bigpig', cycle: 'monthly', paymentStatus: 'active' }],
      ['/api/billing/cancel', { cancelAtPeriodEnd: false, tier: 'bigpig' }],
      ['/api/billing/retry-payment', { subscriptionId: 'x', status: 'active' }],
    ] as const)
      expect((await post(server, bob, path, json)).status, path).toBe(400);
    expect(await view(bob)).toMatchObject({ paymentStatus: 'trial', tier: 'trial_bigpig' });
  });

  it("opens the provider's portal for a user with a billing account, and 404 for one without", async () => {
    const carol = await signUpAndSignIn(server, { email: 'carol-billing@example.com' });
    const none = await post(server, carol, '/api/billing/portal');
    expect(none.status).toBe(404);
    expect(await message(none)).toBe('You have no billing account yet. Choose a plan first.');
    const res = await post(server, alice, '/api/billing/portal');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { url: string }).url).toMatch(/^https:\/\/billing\.example\.test\/p\/session\//);
    expect(lastRequest(fake, 'POST', '/v1/billing_portal/sessions')!.params).toMatchObject({
      return_url: 'http://localhost:3000/settings?tab=subscription',
    });
    expect((await get(server, carol, '/api/billing/invoices').then((r) => r.json())) as Json).toEqual({ invoices: [] });
  });

  it("lists the user's own invoices, newest first", async () => {
    const [aliceRow] = await server.deps.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, alice.userId));
    const customer = aliceRow!.stripeCustomerId!;
    const invoice = (n: number, status: string, amount: number, created: string) => ({
      id: `in_alice_${n}`,
      object: 'invoice',
      customer,
      number: `ALICE-000${n}`,
      status,
      created: Date.parse(created) / 1000,
      amount_paid: status === 'paid' ? amount : 0,
      amount_due: amount,
      currency: 'gbp',
      hosted_invoice_url: `https://invoice.example.test/${n}`,
      parent: { subscription_details: { subscription: 'sub_alice' } },
    });
    fake.invoices.push(
      invoice(1, 'paid', 999, '2026-09-27T10:00:00Z'),
      invoice(2, 'open', 999, '2026-10-27T10:00:00Z'),
      { ...invoice(3, 'paid', 1, '2026-10-01T10:00:00Z'), customer: 'cus_someone_else' },
    );
    const res = await get(server, alice, '/api/billing/invoices');
    expect(await res.json()).toEqual({
      invoices: [
        {
          id: 'in_alice_2',
          number: 'ALICE-0002',
          createdAt: '2026-10-27T10:00:00.000Z',
          amountPence: 999,
          currency: 'gbp',
          status: 'open',
          url: 'https://invoice.example.test/2',
        },
        {
          id: 'in_alice_1',
          number: 'ALICE-0001',
          createdAt: '2026-09-27T10:00:00.000Z',
          amountPence: 999,
          currency: 'gbp',
          status: 'paid',
          url: 'https://invoice.example.test/1',
        },
      ],
    });
  });

  it('changes plan, cancels at period end and resumes through the provider, on the own row only', async () => {
    const [row] = await server.deps.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, alice.userId));
    const sub = await subscribeThroughWebhook(alice, row!.stripeCustomerId!, 'piglet');
    expect(await view(alice)).toMatchObject({ tier: 'piglet', paymentStatus: 'active', isTrialing: false });
    // Bob has no paid subscription: he cannot change one (not even Alice's).
    const refused = await post(server, bob, '/api/billing/change-plan', { tier: 'bigpig', cycle: 'annual' });
    expect(refused.status).toBe(409);
    expect(await message(refused)).toBe('You have no paid subscription to change. Choose a plan first.');

    // Stripe's preview, read as figures: Piglet monthly (£3.00 here) paid for 27 Nov–27 Dec, moved
    // to Big Pig annual (£100.00) at its start: all £3.00 back, £100.00 for a year from now.
    const preview = await get(server, alice, '/api/billing/change-preview?tier=bigpig&cycle=annual');
    expect(preview.status, await preview.clone().text()).toBe(200);
    const figures = (await preview.json()) as Json;
    expect(figures).toEqual({
      tier: 'bigpig',
      cycle: 'annual',
      at: start.toISOString(),
      newPricePence: 10000,
      creditPence: 300,
      chargePence: 10000,
      netPence: 9700,
      billed: 'now',
      billedAt: start.toISOString(),
      renewsAt: '2027-11-27T10:00:00.000Z',
    });
    expect(lastRequest(fake, 'POST', '/v1/invoices/create_preview')!.params).toMatchObject({
      customer: row!.stripeCustomerId,
      subscription: sub.id,
      subscription_details: {
        items: [{ price: fake.priceFor('bigpig', 'annual').id }],
        proration_behavior: 'create_prorations',
        proration_date: String(start.getTime() / 1000),
      },
    });
    expect((await get(server, bob, '/api/billing/change-preview?tier=bigpig&cycle=annual')).status).toBe(409);
    const stale = await post(server, alice, '/api/billing/change-plan', {
      tier: 'bigpig',
      cycle: 'annual',
      at: new Date(start.getTime() - 31 * 60_000).toISOString(),
    });
    expect(stale.status).toBe(400);
    expect(await message(stale)).toBe('The figures you were shown are out of date. Review the change again.');

    const changed = await post(server, alice, '/api/billing/change-plan', {
      tier: 'bigpig',
      cycle: 'annual',
      at: figures.at,
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await changed.json()).toMatchObject({ tier: 'bigpig', billingCycle: 'annual', paymentStatus: 'active' });
    expect(lastRequest(fake, 'POST', `/v1/subscriptions/${sub.id as string}`)!.params).toMatchObject({
      items: [{ price: fake.priceFor('bigpig', 'annual').id }],
      proration_behavior: 'create_prorations',
      proration_date: String(start.getTime() / 1000),
    });
    const same = await get(server, alice, '/api/billing/change-preview?tier=bigpig&cycle=annual');
    expect(same.status).toBe(409);
    expect(await message(same)).toBe('You are on this plan already.');

    const cancelled = await post(server, alice, '/api/billing/cancel', { cancelAtPeriodEnd: true });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ cancelAtPeriodEnd: true, tier: 'bigpig', isActive: true });
    const resumed = await post(server, alice, '/api/billing/cancel', { cancelAtPeriodEnd: false });
    expect(await resumed.json()).toMatchObject({ cancelAtPeriodEnd: false });
    expect(await view(bob)).toMatchObject({ tier: 'trial_bigpig', cancelAtPeriodEnd: false });
  });

  it("retries a payment with the open invoice's page; nothing to retry and another's subscription answer 409", async () => {
    const [row] = await server.deps.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, alice.userId));
    fake.invoices.push({
      id: 'in_alice_open',
      object: 'invoice',
      customer: row!.stripeCustomerId,
      status: 'open',
      created: Math.floor(start.getTime() / 1000),
      amount_due: 9999,
      hosted_invoice_url: 'https://invoice.example.test/open',
      parent: { subscription_details: { subscription: row!.stripeSubscriptionId } },
    });
    const res = await post(server, alice, '/api/billing/retry-payment', {});
    expect(await res.json()).toEqual({ url: 'https://invoice.example.test/open' });
    const other = await post(server, alice, '/api/billing/retry-payment', { subscriptionId: 'sub_not_alices' });
    expect(other.status).toBe(409);
    expect(
      (await post(server, bob, '/api/billing/retry-payment', { subscriptionId: row!.stripeSubscriptionId })).status,
    ).toBe(409);
    fake.failing.add('/v1/invoices');
    try {
      const failed = await post(server, alice, '/api/billing/retry-payment', {});
      expect(failed.status).toBe(503);
      expect(await message(failed)).toBe('Failed to retry payment. Please try again.');
    } finally {
      fake.failing.delete('/v1/invoices');
    }
  });

  it('answers 503 with a message when the provider fails a checkout, and 404 for the test-mode pages', async () => {
    fake.failing.add('/v1/checkout');
    try {
      const res = await post(server, bob, '/api/billing/checkout', { tier: 'piglet', cycle: 'monthly' });
      expect(res.status).toBe(503);
      expect(await message(res)).toBe('Failed to start checkout. Please try again.');
    } finally {
      fake.failing.delete('/v1/checkout');
    }
    expect((await get(server, bob, '/api/billing/test-checkout/abc.def')).status).toBe(404);
    expect((await post(server, bob, '/api/billing/test-checkout/abc.def/pay')).status).toBe(404);
    expect(await (await server.request('/api/billing/mode')).json()).toEqual({ testMode: false });
  });
});

describe.each(testDatabaseKinds())('card payments in test mode on %s', (kind) => {
  let server: TestServer;
  let dora: Person;
  let eve: Person;
  const start = new Date('2026-11-27T10:00:00Z');
  const view = async (who: Person) => (await (await get(server, who, '/api/subscription')).json()) as SubscriptionView;
  const checkoutId = (url: string) => url.split('/subscription/test-checkout/')[1]!;

  beforeAll(async () => {
    server = await createTestServer(kind);
    server.clock.set(start);
    dora = await signUpAndSignIn(server, { email: 'dora-test-mode@example.com' });
    eve = await signUpAndSignIn(server, { email: 'eve-test-mode@example.com' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('checks out on a local page labelled test mode, and Pay makes the plan active through the webhook path', async () => {
    expect(await (await server.request('/api/billing/mode')).json()).toEqual({ testMode: true });
    const res = await post(server, dora, '/api/billing/checkout', { tier: 'bigpig', cycle: 'annual' });
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^http:\/\/localhost:3000\/subscription\/test-checkout\/[\w-]+\.[\w-]+$/);
    const id = checkoutId(url);
    expect(await (await get(server, dora, `/api/billing/test-checkout/${id}`)).json()).toEqual({
      testMode: true,
      tier: 'bigpig',
      planName: 'Big Pig',
      cycle: 'annual',
      pricePence: 9999,
      discountPercent: null,
      amountPence: 9999,
      isRetry: false,
      trial: null,
    });
    // Someone else's checkout, or a forged one, is not found.
    expect((await get(server, eve, `/api/billing/test-checkout/${id}`)).status).toBe(404);
    expect((await post(server, eve, `/api/billing/test-checkout/${id}/pay`)).status).toBe(404);
    const forged = `${Buffer.from(JSON.stringify({ userId: dora.userId, tier: 'bigpig', cycle: 'annual' })).toString('base64url')}.${id.split('.')[1]}`;
    expect((await post(server, dora, `/api/billing/test-checkout/${forged}/pay`)).status).toBe(404);

    const paid = await post(server, dora, `/api/billing/test-checkout/${id}/pay`);
    expect(await paid.json()).toEqual({ redirectTo: '/subscription/success' });
    expect(await view(dora)).toMatchObject({
      tier: 'bigpig',
      isActive: true,
      paymentStatus: 'active',
      billingCycle: 'annual',
      isTrialing: false,
      hasBillingCustomer: true,
      currentPeriodEnd: '2027-11-27T10:00:00.000Z',
    });
    const events = await server.deps.database.db.query.billingEvents.findMany();
    expect(events.map((e) => e.eventType).sort()).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    expect(events.every((e) => e.userId === dora.userId)).toBe(true);
    // 'Manage Subscription' goes to test mode's stand-in for the portal, not back to Settings.
    expect(await (await post(server, dora, '/api/billing/portal')).json()).toEqual({
      url: 'http://localhost:3000/subscription/test-manage',
    });
    // Test mode charges by core's rule: Big Pig annual (£99.99, 27 Nov 2026–27 Nov 2027) moved to Boar
    // monthly on 27 May 2027, 181 days in, 184 of 365 left: £50.41 back; a new month, £4.99, from then.
    server.clock.set(new Date('2027-05-27T10:00:00Z'));
    dora = { ...dora, ...(await signIn(server, 'dora-test-mode@example.com', 'correct horse battery')) };
    const preview = (await (
      await get(server, dora, '/api/billing/change-preview?tier=boar&cycle=monthly')
    ).json()) as Json;
    expect(preview).toMatchObject({
      creditPence: 5041, // 9999 × 184 / 365 = 5040.59
      chargePence: 499,
      netPence: -4542,
      billed: 'now',
      renewsAt: '2027-06-27T10:00:00.000Z',
    });
    const changed = await post(server, dora, '/api/billing/change-plan', {
      tier: 'boar',
      cycle: 'monthly',
      at: preview.at,
    });
    expect(await changed.json()).toMatchObject({ tier: 'boar', billingCycle: 'monthly', paymentStatus: 'active' });
    expect(await view(dora)).toMatchObject({ currentPeriodEnd: '2027-06-27T10:00:00.000Z' });
    const cancelled = await post(server, dora, '/api/billing/cancel', { cancelAtPeriodEnd: true });
    expect(await cancelled.json()).toMatchObject({ cancelAtPeriodEnd: true, tier: 'boar' });
    server.clock.set(start);
  });

  it('records a discount code as used once the checkout is paid, with the discount on the test page', async () => {
    const admin = await signUpAndSignIn(server, { email: 'admin-test-mode@example.com' });
    await grantAdmin(server, admin.userId);
    const fran = await signUpAndSignIn(server, { email: 'fran-test-mode@example.com' });
    const created = await post(server, admin, '/api/admin/promo-codes', {
      code: 'ONCE-HALF',
      promoType: 'discount',
      discountPercentage: 50,
      isOneTimeUse: true,
    });
    const promo = ((await created.json()) as { promoCode: { id: string } }).promoCode;
    const res = await post(server, fran, '/api/billing/checkout', {
      tier: 'boar',
      cycle: 'monthly',
      promoCodeId: promo.id,
    });
    const id = checkoutId(((await res.json()) as { url: string }).url);
    expect(await (await get(server, fran, `/api/billing/test-checkout/${id}`)).json()).toMatchObject({
      pricePence: 499,
      discountPercent: 50,
      amountPence: 250,
    });
    await post(server, fran, `/api/billing/test-checkout/${id}/pay`);
    const validation = (await (
      await post(server, fran, '/api/promo-codes/validate', { code: 'once-half' })
    ).json()) as Json;
    expect(validation).toMatchObject({ valid: false, message: 'This promo code has already been used' });
    const listed = (await (await get(server, admin, '/api/admin/promo-codes')).json()) as {
      promoCodes: { code: string; timesRedeemed: number }[];
    };
    expect(listed.promoCodes.find((p) => p.code === 'ONCE-HALF')?.timesRedeemed).toBe(1);
  });

  it('Decline leaves the plan unpaid with no access; retry opens a test page whose Pay makes it active', async () => {
    const res = await post(server, eve, '/api/billing/checkout', { tier: 'piglet', cycle: 'monthly' });
    const id = checkoutId(((await res.json()) as { url: string }).url);
    const declined = await post(server, eve, `/api/billing/test-checkout/${id}/decline`);
    expect(await declined.json()).toEqual({ redirectTo: '/subscription/cancel?declined=1' });
    expect(await view(eve)).toMatchObject({
      paymentStatus: 'action_required',
      paymentFailureCount: 1,
      lastPaymentFailureAt: start.toISOString(),
      // Her trial goes on: an unpaid plan does not end it.
      isTrialing: true,
    });
    const retry = await post(server, eve, '/api/billing/retry-payment', {});
    const retryId = checkoutId(((await retry.json()) as { url: string }).url);
    expect(await (await get(server, eve, `/api/billing/test-checkout/${retryId}`)).json()).toMatchObject({
      tier: 'piglet',
      isRetry: true,
    });
    await post(server, eve, `/api/billing/test-checkout/${retryId}/pay`);
    expect(await view(eve)).toMatchObject({ paymentStatus: 'active', paymentFailureCount: 0, tier: 'piglet' });
  });

  it('reads a checkout made before a restart (the id is signed with the server secret, no memory)', () => {
    const before = createTestProvider({ secret: 'one-secret', publicUrl: 'http://x' });
    const after = createTestProvider({ secret: 'one-secret', publicUrl: 'http://x' });
    const other = createTestProvider({ secret: 'another-secret', publicUrl: 'http://x' });
    return before
      .createCheckout({
        userId: 'u1',
        email: 'u1@example.com',
        customerId: 'cus_test_u1',
        tier: 'boar',
        cycle: 'annual',
        discountPercent: 20,
        discountMonths: null,
        promoCodeId: '00000000-0000-4000-8000-000000000000',
        promoOneTimeUse: false,
        trial: null,
        successUrl: '',
        cancelUrl: '',
      })
      .then(({ url }) => {
        const id = url.split('/subscription/test-checkout/')[1]!;
        expect(after.readCheckout(id)).toMatchObject({
          userId: 'u1',
          tier: 'boar',
          cycle: 'annual',
          discountPercent: 20,
        });
        expect(other.readCheckout(id)).toBeNull();
      });
  });

  it('offers no test checkout on a production server other machines can reach', async () => {
    const provider = (host: string) =>
      createBillingProvider(loadConfig({ NODE_ENV: 'production', HOST: host }), { secret: 's', logger: quietLogger });
    const request = {
      userId: 'u1',
      email: 'u1@example.com',
      customerId: 'cus_test_u1',
      tier: 'bigpig' as const,
      cycle: 'monthly' as const,
      discountPercent: null,
      discountMonths: null,
      promoCodeId: null,
      promoOneTimeUse: false,
      trial: null,
      successUrl: '',
      cancelUrl: '',
    };
    const { url } = await provider('127.0.0.1').createCheckout(request);
    expect(url).toContain('/subscription/test-checkout/');
    const reachable = provider('0.0.0.0') as ReturnType<typeof createTestProvider>;
    await expect(reachable.createCheckout(request)).rejects.toThrow('card payments are not configured');
    expect(reachable.readCheckout(url.split('/subscription/test-checkout/')[1]!)).toBeNull();
  });
});
