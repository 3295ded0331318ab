import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMO_MESSAGES } from '../../core/subscriptions/promo.ts';
import { loadConfig } from '../config.ts';
import { promoCodes, subscriptions } from '../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import { quietLogger, testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { createBillingProvider } from './create-provider.ts';
import { BILLING_MESSAGES, CHECKOUTS_PER_WINDOW } from './routes.ts';
import type { TestProvider } from './test-provider.ts';

type Person = { cookie: string; userId: string };
type Json = Record<string, unknown>;

const post = (server: TestServer, who: Person, path: string, json: unknown = {}) =>
  server.request(path, { method: 'POST', cookie: who.cookie, json });
const message = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;
const checkoutIdOf = async (res: Response) =>
  ((await res.json()) as { url: string }).url.split('/subscription/test-checkout/')[1]!;

describe('test mode is refused where other machines reach the server', () => {
  it('starts no checkout and finds none on a development server on 0.0.0.0, and says why in the log', async () => {
    const lines: string[] = [];
    const logger = { ...quietLogger, warn: (msg: string) => lines.push(msg) } as Logger;
    const open = createBillingProvider(loadConfig({}), { secret: 's', logger: quietLogger }) as TestProvider;
    const reachable = createBillingProvider(loadConfig({ HOST: '0.0.0.0' }), { secret: 's', logger }) as TestProvider;
    const request = {
      userId: 'u1',
      email: 'u1@example.com',
      customerId: 'cus_test_u1',
      tier: 'bigpig' as const,
      cycle: 'annual' as const,
      discountPercent: null,
      discountMonths: null,
      promoCodeId: null,
      promoOneTimeUse: false,
      trial: null,
      successUrl: '',
      cancelUrl: '',
    };
    const { url } = await open.createCheckout(request);
    await expect(reachable.createCheckout(request)).rejects.toThrow('card payments are not configured');
    expect(reachable.readCheckout(url.split('/subscription/test-checkout/')[1]!)).toBeNull();
    expect(lines).toEqual([expect.stringMatching(/card payments are off.*HOST is 0\.0\.0\.0/)]);
  });
});

describe.each(testDatabaseKinds())('billing integrity in test mode on %s', (kind) => {
  let server: TestServer;
  let admin: Person;
  const start = new Date('2026-11-27T10:00:00Z');
  let serial = 0;
  const saver = () => signUpAndSignIn(server, { email: `saver-${++serial}-integrity@example.com` });
  const row = async (userId: string) =>
    (await server.deps.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
  const timesRedeemed = async (id: string) =>
    (await server.deps.database.db.select().from(promoCodes).where(eq(promoCodes.id, id)))[0]?.timesRedeemed;

  beforeAll(async () => {
    server = await createTestServer(kind);
    server.clock.set(start);
    admin = await signUpAndSignIn(server, { email: 'admin-integrity@example.com' });
    await grantAdmin(server, admin.userId);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('pays a test checkout once: a second Pay, or a Pay after Decline, is refused', async () => {
    const ann = await saver();
    const id = await checkoutIdOf(
      await post(server, ann, '/api/billing/checkout', { tier: 'bigpig', cycle: 'annual' }),
    );
    expect((await post(server, ann, `/api/billing/test-checkout/${id}/pay`)).status).toBe(200);
    const paid = await row(ann.userId);
    const again = await post(server, ann, `/api/billing/test-checkout/${id}/pay`);
    expect(again.status).toBe(409);
    expect(await row(ann.userId)).toEqual(paid);

    const ben = await saver();
    const declinedId = await checkoutIdOf(
      await post(server, ben, '/api/billing/checkout', { tier: 'bigpig', cycle: 'annual' }),
    );
    expect((await post(server, ben, `/api/billing/test-checkout/${declinedId}/decline`)).status).toBe(200);
    const afterDecline = await post(server, ben, `/api/billing/test-checkout/${declinedId}/pay`);
    expect(afterDecline.status).toBe(409);
    expect(await message(afterDecline)).toBe(BILLING_MESSAGES.testCheckoutSettled);
    expect((await row(ben.userId))?.paymentStatus).toBe('action_required');
  });

  it('keeps one live subscription: a checkout opened before the first was paid cannot also be paid', async () => {
    const cat = await saver();
    const first = await checkoutIdOf(
      await post(server, cat, '/api/billing/checkout', { tier: 'piglet', cycle: 'monthly' }),
    );
    const second = await checkoutIdOf(
      await post(server, cat, '/api/billing/checkout', { tier: 'bigpig', cycle: 'annual' }),
    );
    expect((await post(server, cat, `/api/billing/test-checkout/${second}/pay`)).status).toBe(200);
    const live = await row(cat.userId);
    const stale = await post(server, cat, `/api/billing/test-checkout/${first}/pay`);
    expect(stale.status).toBe(409);
    expect(await message(stale)).toBe(BILLING_MESSAGES.alreadySubscribed);
    expect(await row(cat.userId)).toEqual(live);
    expect(live).toMatchObject({ tier: 'bigpig', billingCycle: 'annual', paymentStatus: 'active' });
  });

  it('gives a one-time code to exactly one of 10 concurrent checkouts, and back when that checkout is cancelled', async () => {
    const created = await post(server, admin, '/api/admin/promo-codes', {
      code: 'ONCE-FREE',
      promoType: 'discount',
      discountPercentage: 100,
      isOneTimeUse: true,
    });
    const promo = ((await created.json()) as { promoCode: { id: string } }).promoCode;
    const savers = await Promise.all(Array.from({ length: 10 }, saver));
    const answers = await Promise.all(
      savers.map((who) =>
        post(server, who, '/api/billing/checkout', { tier: 'bigpig', cycle: 'annual', promoCodeId: promo.id }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(9);
    for (const res of answers.filter((r) => r.status === 400)) expect(await message(res)).toBe(PROMO_MESSAGES.unknown);
    expect(await timesRedeemed(promo.id)).toBe(1);

    // The code is taken: to anyone else it answers exactly as a code that never existed.
    const someoneElse = await saver();
    const usedAnswer = await post(server, someoneElse, '/api/promo-codes/validate', { code: 'once-free' });
    const unknownAnswer = await post(server, someoneElse, '/api/promo-codes/validate', { code: 'never-was' });
    expect([usedAnswer.status, await usedAnswer.json()]).toEqual([unknownAnswer.status, await unknownAnswer.json()]);

    const winner = savers[statuses.indexOf(200)]!;
    const winnerId = await checkoutIdOf(answers[statuses.indexOf(200)]!);
    expect(await (await post(server, winner, `/api/billing/test-checkout/${winnerId}/cancel`)).json()).toEqual({
      redirectTo: '/subscription/cancel',
    });
    expect(await timesRedeemed(promo.id)).toBe(0);
    // Cancelled once: a Pay of the cancelled checkout is refused and the code stays free.
    expect((await post(server, winner, `/api/billing/test-checkout/${winnerId}/pay`)).status).toBe(409);
    expect(await timesRedeemed(promo.id)).toBe(0);
    const next = await post(server, someoneElse, '/api/billing/checkout', {
      tier: 'boar',
      cycle: 'monthly',
      promoCodeId: promo.id,
    });
    expect(next.status).toBe(200);
    const nextId = await checkoutIdOf(next);
    expect((await post(server, someoneElse, `/api/billing/test-checkout/${nextId}/pay`)).status).toBe(200);
    expect(await timesRedeemed(promo.id)).toBe(1);
  });

  it('refuses an upgrade while the last payment failed, until it is paid; a downgrade goes through', async () => {
    const dan = await saver();
    const id = await checkoutIdOf(await post(server, dan, '/api/billing/checkout', { tier: 'boar', cycle: 'monthly' }));
    await post(server, dan, `/api/billing/test-checkout/${id}/pay`);
    await server.deps.database.db
      .update(subscriptions)
      .set({ paymentStatus: 'past_due', paymentFailureCount: 1 })
      .where(eq(subscriptions.userId, dan.userId));
    for (const plan of [
      { tier: 'bigpig', cycle: 'monthly' },
      { tier: 'boar', cycle: 'annual' },
    ]) {
      const refused = await post(server, dan, '/api/billing/change-plan', plan);
      expect(refused.status).toBe(409);
      expect(await message(refused)).toBe(BILLING_MESSAGES.payBeforeUpgrade);
    }
    expect((await row(dan.userId))?.tier).toBe('boar');
    expect((await post(server, dan, '/api/billing/change-plan', { tier: 'piglet', cycle: 'monthly' })).status).toBe(
      200,
    );
    expect((await row(dan.userId))?.tier).toBe('piglet');
  });

  it(`rate-limits checkouts: ${CHECKOUTS_PER_WINDOW} in the window, then 429 with Retry-After`, async () => {
    const eli = await saver();
    for (let i = 0; i < CHECKOUTS_PER_WINDOW; i++)
      expect((await post(server, eli, '/api/billing/checkout', { tier: 'piglet', cycle: 'monthly' })).status).toBe(200);
    const refused = await post(server, eli, '/api/billing/checkout', { tier: 'piglet', cycle: 'monthly' });
    expect(refused.status).toBe(429);
    expect(await message(refused)).toBe(BILLING_MESSAGES.tooManyCheckouts);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another saver is not held back by Eli's attempts.
    expect(
      (await post(server, await saver(), '/api/billing/checkout', { tier: 'piglet', cycle: 'monthly' })).status,
    ).toBe(200);
  });

  it('refuses a promo expiry that is not a real date, in the past or decades away with 400, never 500', async () => {
    const cases: [string, string][] = [
      ['0000-01-01T00:00:00Z', 'Expiry must be a real date between the years 2000 and 2100'],
      ['2027-02-30T00:00:00Z', 'Expiry must be a date and time'],
      ['1999-12-31T23:59:59Z', 'Expiry must be a real date between the years 2000 and 2100'],
      ['2026-11-01T00:00:00Z', 'Expiry must be in the future'],
      ['2099-01-01T00:00:00Z', 'Expiry must be within 10 years from today'],
    ];
    for (const [index, [expiresAt, expected]] of cases.entries()) {
      const res = await post(server, admin, '/api/admin/promo-codes', {
        code: `EXPIRY-${index}`,
        promoType: 'discount',
        discountPercentage: 10,
        expiresAt,
      });
      expect([expiresAt, res.status, await message(res)]).toEqual([expiresAt, 400, expected]);
    }
    const good = await post(server, admin, '/api/admin/promo-codes', {
      code: 'EXPIRY-OK',
      promoType: 'discount',
      discountPercentage: 10,
      expiresAt: '2027-01-01T00:00:00Z',
    });
    expect(good.status).toBe(201);
    expect(((await good.json()) as { promoCode: Json }).promoCode).toMatchObject({
      expiresAt: '2027-01-01T00:00:00.000Z',
    });
  });
});
