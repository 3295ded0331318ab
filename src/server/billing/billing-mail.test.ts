import fs from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLondonDays } from '../../core/dates/london-instant.ts';
import { runTrialEndingMails } from '../notifications/trial-ending-mail.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { type FakeStripe, startFakeStripe } from '../test/fake-stripe-server.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';

type Person = { cookie: string; userId: string; email: string };
const START = new Date('2026-11-27T10:00:00Z');

const post = (server: TestServer, who: Person, p: string, json: unknown = {}) =>
  server.request(p, { method: 'POST', cookie: who.cookie, json });

async function person(server: TestServer, email: string): Promise<Person> {
  return { ...(await signUpAndSignIn(server, { email })), email };
}

/** The billing e-mails (not sign-up's) in the local mailbox for one address, oldest first. */
async function billingMailTo(server: TestServer, email: string) {
  const mail = await server.mail();
  return mail.filter((m) => m.to === email && !/verify/i.test(m.subject)).sort((a, b) => a.id.localeCompare(b.id));
}

async function checkout(server: TestServer, who: Person, tier: string, cycle: string): Promise<string> {
  const res = await post(server, who, '/api/billing/checkout', { tier, cycle });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  return url.split('/subscription/test-checkout/')[1]!;
}

describe.each(testDatabaseKinds())('e-mails when money moves, in test mode, on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer(kind);
    server.clock.set(START);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('Pay sends "payment received" with the amount, plan, period and next payment; paying again sends nothing', async () => {
    const ann = await person(server, 'ann-mail@example.com');
    const id = await checkout(server, ann, 'bigpig', 'monthly');
    expect((await post(server, ann, `/api/billing/test-checkout/${id}/pay`)).status).toBe(200);
    const mail = await billingMailTo(server, ann.email);
    expect(mail.map((m) => m.subject)).toEqual(['Payment received: £9.99']);
    expect(mail[0]!.text).toContain('we have received £9.99 for SavvyPig Big Pig (monthly).');
    expect(mail[0]!.text).toContain('It pays for 27 November 2026 to 27 December 2026.');
    expect(mail[0]!.text).toContain('Your next payment is due on 27 December 2026.');

    // The same checkout's events again: duplicates, refused, and no second e-mail.
    expect((await post(server, ann, `/api/billing/test-checkout/${id}/pay`)).status).toBe(409);
    expect(await billingMailTo(server, ann.email)).toHaveLength(1);
  });

  it('a plan change and a cancellation each send their e-mail, once', async () => {
    const ben = await person(server, 'ben-mail@example.com');
    await post(server, ben, `/api/billing/test-checkout/${await checkout(server, ben, 'bigpig', 'monthly')}/pay`);

    expect((await post(server, ben, '/api/billing/change-plan', { tier: 'boar', cycle: 'annual' })).status).toBe(200);
    const changed = (await billingMailTo(server, ben.email)).at(-1)!;
    expect(changed.subject).toBe('Your SavvyPig plan is now Boar (annual)');
    expect(changed.text).toContain('from Big Pig (monthly) to Boar (annual) on 27 November 2026');
    // The figures confirmed in Settings, after the fact: paid for all of this month at £9.99, so all
    // of it back; Boar annual £49.99 from today; £40.00 charged today.
    expect(changed.text).toContain('Boar costs £49.99 a year.');
    expect(changed.text).toContain(
      'you were credited £9.99 for what was left of your previous plan and charged £49.99 for your first year. £40.00 was charged today.',
    );
    expect(changed.text).toContain('The plan then renews on 27 November 2027.');
    expect(changed.text).not.toContain('did not tell us');

    expect((await post(server, ben, '/api/billing/cancel', { cancelAtPeriodEnd: true })).status).toBe(200);
    const cancelled = (await billingMailTo(server, ben.email)).at(-1)!;
    expect(cancelled.subject).toBe('Your SavvyPig subscription is cancelled');
    // Monthly to annual started a new, yearly period at the change (as Stripe does).
    expect(cancelled.text).toContain('You keep your paid features until 27 November 2027');
    expect(cancelled.text).toContain('Nothing more will be charged.');
    expect(cancelled.text).toContain('you can export them at any time');

    // Cancelling again changes nothing and mails nothing.
    const count = (await billingMailTo(server, ben.email)).length;
    await post(server, ben, '/api/billing/cancel', { cancelAtPeriodEnd: true });
    expect(await billingMailTo(server, ben.email)).toHaveLength(count);
  });

  it('a refused plan change rolls back and mails nothing', async () => {
    const cat = await person(server, 'cat-mail@example.com');
    // No paid subscription: 409, and nothing in the mailbox.
    expect((await post(server, cat, '/api/billing/change-plan', { tier: 'boar', cycle: 'annual' })).status).toBe(409);
    expect(await billingMailTo(server, cat.email)).toEqual([]);
  });

  it('Decline sends "payment failed" with the amount, the grace period and its end, and the link to update the card', async () => {
    const dee = await person(server, 'dee-mail@example.com');
    const id = await checkout(server, dee, 'boar', 'annual');
    expect((await post(server, dee, `/api/billing/test-checkout/${id}/decline`)).status).toBe(200);
    const [failed, ...rest] = await billingMailTo(server, dee.email);
    expect(rest).toEqual([]);
    expect(failed!.subject).toBe('Your SavvyPig payment failed');
    expect(failed!.text).toContain('We could not take your payment of £49.99 on 27 November 2026.');
    expect(failed!.text).toContain('7-day grace period');
    expect(failed!.text).toContain('by 4 December 2026, your paid features end then');
    expect(failed!.links).toContain('http://localhost:3000/settings/subscription/payment');
  });

  it('sends "trial ending" once when 2 days or fewer are left, and not to a saver already paying', async () => {
    const eli = await person(server, 'eli-mail@example.com');
    const trialEnd = addLondonDays(START, 7);
    const deps = { database: server.deps.database, mailer: server.deps.mailer, publicUrl: 'http://localhost:3000' };
    // 3 days left: not yet.
    await runTrialEndingMails(deps, addLondonDays(START, 4));
    expect(await billingMailTo(server, eli.email)).toEqual([]);
    // 2 days left: once, however often the job runs.
    await runTrialEndingMails(deps, addLondonDays(START, 5));
    await runTrialEndingMails(deps, addLondonDays(START, 6));
    const mail = await billingMailTo(server, eli.email);
    expect(mail.map((m) => m.subject)).toEqual(['Your SavvyPig trial ends on 4 December 2026']);
    expect(mail[0]!.text).toContain('Nothing is charged unless you choose one');
    expect(trialEnd.toISOString()).toBe('2026-12-04T10:00:00.000Z');
    // Ann paid (her trial ended when she did): nothing for her.
    expect((await billingMailTo(server, 'ann-mail@example.com')).some((m) => /trial/i.test(m.subject))).toBe(false);
  });

  it('a mail that cannot be sent is logged; the payment still applies', async () => {
    const fay = await person(server, 'fay-mail@example.com');
    const mailDir = path.join(server.dataDir, 'mail');
    const moved = `${mailDir}-kept`;
    fs.renameSync(mailDir, moved);
    fs.writeFileSync(mailDir, 'not a folder');
    try {
      const id = await checkout(server, fay, 'piglet', 'monthly');
      expect((await post(server, fay, `/api/billing/test-checkout/${id}/pay`)).status).toBe(200);
      await server.deps.mailer.flush();
      const me = await server.request('/api/subscription', { cookie: fay.cookie });
      expect(await me.json()).toMatchObject({ tier: 'piglet', paymentStatus: 'active' });
    } finally {
      fs.rmSync(mailDir);
      fs.renameSync(moved, mailDir);
    }
  });
});

describe.each(testDatabaseKinds())('e-mails from Stripe webhooks on %s', (kind) => {
  const SECRET = 'whsec_test_billing_mail_secret';
  let server: TestServer;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await createTestServer(kind, fake.env(SECRET));
    server.clock.set(START);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const deliver = (event: object) => {
    const payload = JSON.stringify(event);
    return server.request('/api/billing/webhook', {
      method: 'POST',
      body: payload,
      headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
    });
  };

  it('mails a payment once: not again on redelivery, nor for the invoice.payment_succeeded twin', async () => {
    const gus = await person(server, 'gus-mail@example.com');
    const created = Math.floor(START.getTime() / 1000);
    const invoice = {
      id: 'in_gus_1',
      object: 'invoice',
      customer: 'cus_gus',
      status: 'paid',
      amount_paid: 123_456,
      amount_due: 123_456,
      lines: { object: 'list', data: [{ period: { start: created, end: created + 365 * 86_400 } }] },
      parent: { subscription_details: { subscription: 'sub_gus', metadata: { userId: gus.userId } } },
    };
    const paid = { id: 'evt_gus_paid', object: 'event', type: 'invoice.paid', created, data: { object: invoice } };
    expect((await deliver(paid)).status).toBe(200);
    expect((await deliver(paid)).status).toBe(200);
    const twin = { ...paid, id: 'evt_gus_succeeded', type: 'invoice.payment_succeeded' };
    expect((await deliver(twin)).status).toBe(200);
    const mail = await billingMailTo(server, gus.email);
    expect(mail.map((m) => m.subject)).toEqual(['Payment received: £1,234.56']);
    expect(mail[0]!.text).toContain('It pays for 27 November 2026 to 27 November 2027.');
  });

  it('mails the reminder three days before a card trial’s first payment: how much, and when', async () => {
    const ida = await person(server, 'ida-mail@example.com');
    const created = Math.floor(START.getTime() / 1000);
    const trialEnd = created + 3 * 86_400;
    const subscription = {
      id: 'sub_ida',
      object: 'subscription',
      customer: 'cus_ida',
      status: 'trialing',
      cancel_at_period_end: false,
      trial_end: trialEnd,
      metadata: { userId: ida.userId, trialDays: '14', trialThenPence: '999' },
      items: {
        object: 'list',
        data: [
          {
            current_period_end: trialEnd,
            price: {
              id: 'price_bigpig_monthly',
              lookup_key: 'bigpig_monthly',
              unit_amount: 999,
              recurring: { interval: 'month' },
            },
          },
        ],
      },
    };
    const event = {
      id: 'evt_ida_trial_will_end',
      object: 'event',
      type: 'customer.subscription.trial_will_end',
      created,
      data: { object: subscription },
    };
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(event)).status).toBe(200);
    const mail = await billingMailTo(server, ida.email);
    expect(mail.map((m) => m.subject)).toEqual(['Your SavvyPig free trial ends on 30 November 2026']);
    expect(mail[0]!.text).toContain(
      'Your first payment of £9.99 will be taken from your card on 30 November 2026. To pay nothing, cancel before then.',
    );
  });
});
