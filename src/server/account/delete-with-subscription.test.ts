import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, user } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { type FakeStripe, startFakeStripe } from '../test/fake-stripe-server.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { DELETE_ACCOUNT_MESSAGES } from './delete-routes.ts';

const SECRET = 'whsec_test_delete_account_secret';
const PASSWORD = 'correct horse battery';
const START = new Date('2026-11-27T10:00:00Z');

type Person = { cookie: string; userId: string; email: string };

describe.each(testDatabaseKinds())('deleting an account with a subscription on %s', (kind) => {
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

  async function subscriber(email: string): Promise<Person & { subscriptionId: string }> {
    const who = { ...(await signUpAndSignIn(server, { email, password: PASSWORD })), email };
    const sub = fake.addSubscription({
      customer: `cus_${who.userId}`,
      userId: who.userId,
      tier: 'bigpig',
      cycle: 'monthly',
      periodEnd: new Date(START.getTime() + 30 * 86_400_000),
    });
    const payload = JSON.stringify({
      id: `evt_${sub.id as string}`,
      object: 'event',
      type: 'customer.subscription.created',
      created: Math.floor(START.getTime() / 1000),
      data: { object: sub },
    });
    const res = await server.request('/api/billing/webhook', {
      method: 'POST',
      body: payload,
      headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
    });
    expect(res.status).toBe(200);
    return { ...who, subscriptionId: sub.id as string };
  }

  const remove = (who: Person) =>
    server.request('/api/account/delete', { method: 'POST', cookie: who.cookie, json: { password: PASSWORD } });
  const exists = async (who: Person) =>
    (await server.deps.database.db.select({ id: user.id }).from(user).where(eq(user.id, who.userId))).length === 1;
  const cancelCalls = (subscriptionId: string) =>
    fake.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`);

  it('cancels the subscription at the provider, deletes the account, then e-mails that both happened', async () => {
    const ivy = await subscriber('ivy-delete@example.com');
    const res = await remove(ivy);
    expect(res.status).toBe(200);
    expect(cancelCalls(ivy.subscriptionId)).toHaveLength(1);
    expect(fake.subscriptions.get(ivy.subscriptionId)?.status).toBe('canceled');
    expect(await exists(ivy)).toBe(false);
    const mail = (await server.mail()).find(
      (m) => m.to === ivy.email && m.subject === 'Your SavvyPig account has been deleted',
    );
    expect(mail?.text).toContain('Your Big Pig subscription was cancelled with the card provider');
    expect(mail?.text).toContain('you will not be charged again');
  });

  it('refuses with 503 and deletes nothing when the provider cannot cancel', async () => {
    const jon = await subscriber('jon-delete@example.com');
    // A subscription the provider does not know: its cancel fails, as when it is unreachable.
    await server.deps.database.db
      .update(subscriptions)
      .set({ stripeSubscriptionId: 'sub_unknown_to_provider' })
      .where(eq(subscriptions.userId, jon.userId));
    const res = await remove(jon);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      DELETE_ACCOUNT_MESSAGES.providerUnavailable,
    );
    expect(await exists(jon)).toBe(true);
    const [row] = await server.deps.database.db
      .select({ tier: subscriptions.tier, status: subscriptions.paymentStatus })
      .from(subscriptions)
      .where(eq(subscriptions.userId, jon.userId));
    expect(row).toEqual({ tier: 'bigpig', status: 'active' });
    expect((await server.request('/api/me', { cookie: jon.cookie })).status).toBe(200);
    await server.deps.mailer.flush();
    expect((await server.mail()).some((m) => m.to === jon.email && /deleted/.test(m.subject))).toBe(false);
  });

  it('does not call the provider for a saver without a paid subscription, nor mention one', async () => {
    const kit = { ...(await signUpAndSignIn(server, { email: 'kit-delete@example.com', password: PASSWORD })) };
    const before = fake.requests.filter((r) => r.method === 'DELETE').length;
    expect((await remove({ ...kit, email: 'kit-delete@example.com' })).status).toBe(200);
    expect(fake.requests.filter((r) => r.method === 'DELETE')).toHaveLength(before);
    const mail = (await server.mail()).find((m) => m.to === 'kit-delete@example.com' && /deleted/.test(m.subject));
    expect(mail?.text).not.toContain('subscription');
  });
});
