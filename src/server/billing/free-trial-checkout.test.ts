import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionView } from '../../core/subscriptions/access.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { type FakeStripe, startFakeStripe } from '../test/fake-stripe-server.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';

// A free-tier promo code's 'Start Free Trial (Payment details required)' (001 §2, issue 25): the
// checkout starts the provider's free trial of the code's length; nothing is taken at the checkout,
// the saver is told by e-mail when the first payment is, and never "payment received: £0.00".
type Person = { cookie: string; userId: string; email: string };
type Json = Record<string, unknown>;
const START = new Date('2026-11-27T10:00:00Z');
const DAY = 86_400_000;

const post = (server: TestServer, who: Person, p: string, json: unknown = {}) =>
  server.request(p, { method: 'POST', cookie: who.cookie, json });
const get = (server: TestServer, who: Person, p: string) => server.request(p, { cookie: who.cookie });
const person = async (server: TestServer, email: string): Promise<Person> => ({
  ...(await signUpAndSignIn(server, { email })),
  email,
});
const billingMailTo = async (server: TestServer, email: string) =>
  (await server.mail())
    .filter((m) => m.to === email && !/verify/i.test(m.subject))
    .sort((a, b) => a.id.localeCompare(b.id));

async function createCode(server: TestServer, admin: Person, body: Json): Promise<string> {
  const res = await post(server, admin, '/api/admin/promo-codes', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { promoCode: { id: string } }).promoCode.id;
}

describe.each(testDatabaseKinds())(
  'a free-tier code starts a free trial at the checkout, in test mode, on %s',
  (kind) => {
    let server: TestServer;
    let admin: Person;
    const checkoutId = (url: string) => url.split('/subscription/test-checkout/')[1]!;

    beforeAll(async () => {
      server = await createTestServer(kind);
      server.clock.set(START);
      admin = await person(server, 'admin-free-trial@example.com');
      await grantAdmin(server, admin.userId);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('takes nothing today, bills from the trial’s end, records the code and mails the first payment’s date', async () => {
      const promoId = await createCode(server, admin, {
        code: 'TRY-FORTNIGHT',
        promoType: 'free_trial',
        isFreeTier: true,
        durationDays: 14,
      });
      const tia = await person(server, 'tia-free-trial@example.com');
      const res = await post(server, tia, '/api/billing/checkout', {
        tier: 'bigpig',
        cycle: 'monthly',
        promoCodeId: promoId,
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const id = checkoutId(((await res.json()) as { url: string }).url);
      // 27 November + 14 days of 24 hours: the first payment, £9.99, on 11 December.
      expect(await (await get(server, tia, `/api/billing/test-checkout/${id}`)).json()).toEqual({
        testMode: true,
        tier: 'bigpig',
        planName: 'Big Pig',
        cycle: 'monthly',
        pricePence: 999,
        discountPercent: null,
        amountPence: 0,
        isRetry: false,
        trial: { days: 14, endsAt: '2026-12-11T10:00:00.000Z', thenPence: 999 },
      });

      expect((await post(server, tia, `/api/billing/test-checkout/${id}/pay`)).status).toBe(200);
      expect((await (await get(server, tia, '/api/subscription')).json()) as SubscriptionView).toMatchObject({
        tier: 'bigpig',
        isActive: true,
        paymentStatus: 'active',
        billingCycle: 'monthly',
        currentPeriodEnd: new Date(START.getTime() + 14 * DAY).toISOString(),
      });
      const mail = await billingMailTo(server, tia.email);
      expect(mail.map((m) => m.subject)).toEqual(['Your SavvyPig free trial has started']);
      expect(mail[0]!.text).toContain(
        'Your free trial of SavvyPig Big Pig (monthly) has started. Nothing was taken today.',
      );
      expect(mail[0]!.text).toContain(
        'Your first payment of £9.99 will be taken on 11 December 2026. Cancel before then and you pay nothing.',
      );
      // The code is used: not again by Tia.
      expect(
        await (await post(server, tia, '/api/promo-codes/validate', { code: 'try-fortnight' })).json(),
      ).toMatchObject({ valid: false, message: 'This promo code has already been used' });
    });

    it('a declined card at a trial’s checkout sets nothing up and gives a one-time code back', async () => {
      const promoId = await createCode(server, admin, {
        code: 'TRY-ONCE',
        promoType: 'free_trial',
        isFreeTier: true,
        durationMonths: 1,
        isOneTimeUse: true,
      });
      const uma = await person(server, 'uma-free-trial@example.com');
      const res = await post(server, uma, '/api/billing/checkout', {
        tier: 'piglet',
        cycle: 'annual',
        promoCodeId: promoId,
      });
      const id = checkoutId(((await res.json()) as { url: string }).url);
      // Reserved by the checkout: nobody else can take the one use meanwhile.
      const other = await person(server, 'vic-free-trial@example.com');
      expect(await (await post(server, other, '/api/promo-codes/validate', { code: 'TRY-ONCE' })).json()).toMatchObject(
        {
          valid: false,
        },
      );
      expect((await post(server, uma, `/api/billing/test-checkout/${id}/decline`)).status).toBe(200);
      expect((await (await get(server, uma, '/api/subscription')).json()) as SubscriptionView).toMatchObject({
        paymentStatus: 'trial',
        isTrialing: true,
      });
      expect(await billingMailTo(server, uma.email)).toEqual([]);
      expect(await (await post(server, other, '/api/promo-codes/validate', { code: 'TRY-ONCE' })).json()).toMatchObject(
        {
          valid: true,
        },
      );
    });

    it('a code that is not free tier starts no trial: the checkout takes the price today', async () => {
      const promoId = await createCode(server, admin, {
        code: 'EXTEND-ONLY',
        promoType: 'free_trial',
        durationDays: 7,
      });
      const wes = await person(server, 'wes-free-trial@example.com');
      const res = await post(server, wes, '/api/billing/checkout', {
        tier: 'boar',
        cycle: 'monthly',
        promoCodeId: promoId,
      });
      const id = checkoutId(((await res.json()) as { url: string }).url);
      expect(await (await get(server, wes, `/api/billing/test-checkout/${id}`)).json()).toMatchObject({
        amountPence: 499,
        trial: null,
      });
    });
  },
);

describe.each(testDatabaseKinds())('a free-tier code with Stripe on %s', (kind) => {
  const SECRET = 'whsec_test_free_trial_secret';
  let server: TestServer;
  let fake: FakeStripe;
  let admin: Person;

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await createTestServer(kind, fake.env(SECRET));
    server.clock.set(START);
    admin = await person(server, 'admin-free-trial-stripe@example.com');
    await grantAdmin(server, admin.userId);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('asks Stripe for a trial of the code’s days, and mails the trial’s £0 invoice as a trial, not a payment', async () => {
    // One month from 27 November is 27 December: 30 days.
    const promoId = await createCode(server, admin, {
      code: 'STRIPE-MONTH',
      promoType: 'free_trial',
      isFreeTier: true,
      durationMonths: 1,
    });
    const xan = await person(server, 'xan-free-trial@example.com');
    const res = await post(server, xan, '/api/billing/checkout', {
      tier: 'boar',
      cycle: 'annual',
      promoCodeId: promoId,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const session = [...fake.requests].reverse().find((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST');
    expect(session!.params.subscription_data).toEqual({
      trial_period_days: '30',
      metadata: { userId: xan.userId, trialDays: '30', trialThenPence: '5000' },
    });
    expect(session!.params.metadata).toMatchObject({ promoCodeId: promoId });

    // What Stripe sends for the trial's first invoice: nothing paid, the subscription's metadata.
    const created = Math.floor(START.getTime() / 1000);
    const payload = JSON.stringify({
      id: 'evt_xan_trial_invoice',
      object: 'event',
      type: 'invoice.paid',
      created,
      data: {
        object: {
          id: 'in_xan_1',
          object: 'invoice',
          customer: 'cus_xan',
          status: 'paid',
          amount_paid: 0,
          amount_due: 0,
          billing_reason: 'subscription_create',
          lines: { object: 'list', data: [{ period: { start: created, end: created + 30 * 86_400 } }] },
          parent: {
            subscription_details: {
              subscription: 'sub_xan',
              metadata: { userId: xan.userId, trialDays: '30', trialThenPence: '5000' },
            },
          },
        },
      },
    });
    const delivered = await server.request('/api/billing/webhook', {
      method: 'POST',
      body: payload,
      headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
    });
    expect(delivered.status).toBe(200);
    const mail = await billingMailTo(server, xan.email);
    expect(mail.map((m) => m.subject)).toEqual(['Your SavvyPig free trial has started']);
    expect(mail[0]!.text).toContain('Your first payment of £50.00 will be taken on 27 December 2026.');
  });
});
