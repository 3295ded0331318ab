import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentStatusOf, priceLookupKey } from '../../core/subscriptions/billing.ts';
import { BILLING_CYCLES, type BillingCycle, PLAN_TIERS } from '../../core/subscriptions/plans.ts';
import type { StoredTier } from '../../core/subscriptions/access.ts';
import { billingEvents, subscriptions, user } from '../db/schema/index.ts';
import { rowsOf } from '../db/rls.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe-server.ts';
import { createTestServer, type TestServer } from '../test/server.ts';

const WEBHOOK_SECRET = 'whsec_test_webhook_storm_secret';
const USERS = 50;
const EVENTS_PER_USER = 20;
const START_SECONDS = Math.floor(Date.parse('2026-11-01T09:00:00Z') / 1000);
const SUB_STATUSES = ['active', 'past_due', 'canceled', 'incomplete', 'unpaid', 'trialing'] as const;

type StormEvent = {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
  object: 'event';
};

/** A small seeded generator: the storm is the same every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

function subscriptionObject(
  u: number,
  input: { status: string; tier: StoredTier; cycle: BillingCycle; periodEnd: number; cancel: boolean },
) {
  return {
    id: `sub_u${u}`,
    object: 'subscription',
    customer: `cus_u${u}`,
    status: input.status,
    cancel_at_period_end: input.cancel,
    metadata: { userId: `storm-user-${u}` },
    items: {
      object: 'list',
      data: [
        {
          id: `si_u${u}`,
          current_period_end: input.periodEnd,
          price: {
            id: `price_${priceLookupKey(input.tier, input.cycle)}`,
            lookup_key: priceLookupKey(input.tier, input.cycle),
            metadata: {},
            recurring: { interval: input.cycle === 'monthly' ? 'month' : 'year' },
          },
        },
      ],
    },
  };
}

function invoiceObject(u: number, n: number, status: string, attemptCount: number) {
  return {
    id: `in_u${u}_${n}`,
    object: 'invoice',
    customer: `cus_u${u}`,
    status,
    attempt_count: attemptCount,
    billing_reason: 'subscription_cycle',
    parent: { type: 'subscription_details', subscription_details: { subscription: `sub_u${u}`, metadata: {} } },
  };
}

type Expected = {
  paymentStatus: string;
  tier: string | null;
  billingCycle: string | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  paymentFailureCount: number;
  lastPaymentFailureAt: number | null;
};

/**
 * The storm's events per user and the state they must leave, worked out independently of the
 * server's state machine: each field group follows the newest event that carries it.
 */
function stormFor(u: number, random: () => number): { events: StormEvent[]; expected: Expected } {
  const events: StormEvent[] = [];
  // Distinct seconds, in a random order of creation, so delivery order says nothing about age.
  const seconds = Array.from({ length: EVENTS_PER_USER }, (_, k) => START_SECONDS + u * 1000 + k * 7);
  type SubState = {
    created: number;
    status: string;
    tier: StoredTier;
    cycle: BillingCycle;
    periodEnd: number;
    cancel: boolean;
  };
  type InvoiceState = { created: number; paid: boolean; attempts: number };
  const newest: { sub: SubState | null; invoice: InvoiceState | null } = { sub: null, invoice: null };
  let lastFailure: number | null = null;
  seconds.forEach((created, n) => {
    const pick = random();
    if (pick < 0.5) {
      const status = SUB_STATUSES[Math.floor(random() * SUB_STATUSES.length)]!;
      const tier = PLAN_TIERS[Math.floor(random() * 3)]!;
      const cycle = BILLING_CYCLES[Math.floor(random() * 2)]!;
      const periodEnd = created + 30 * 86_400;
      const cancel = random() < 0.3;
      const type = status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated';
      events.push({
        id: `evt_u${u}_${n}`,
        object: 'event',
        type,
        created,
        data: { object: subscriptionObject(u, { status, tier, cycle, periodEnd, cancel }) },
      });
      if (!newest.sub || created > newest.sub.created) newest.sub = { created, status, tier, cycle, periodEnd, cancel };
    } else if (pick < 0.8) {
      const attempts = 1 + Math.floor(random() * 4);
      events.push({
        id: `evt_u${u}_${n}`,
        object: 'event',
        type: 'invoice.payment_failed',
        created,
        data: { object: invoiceObject(u, n, 'open', attempts) },
      });
      lastFailure = Math.max(lastFailure ?? 0, created);
      if (!newest.invoice || created > newest.invoice.created) newest.invoice = { created, paid: false, attempts };
    } else {
      events.push({
        id: `evt_u${u}_${n}`,
        object: 'event',
        type: random() < 0.5 ? 'invoice.paid' : 'invoice.payment_succeeded',
        created,
        data: { object: invoiceObject(u, n, 'paid', 1) },
      });
      if (!newest.invoice || created > newest.invoice.created) newest.invoice = { created, paid: true, attempts: 0 };
    }
  });
  const { sub, invoice } = newest;
  const subNewest = sub && (!invoice || sub.created > invoice.created);
  const paymentStatus = subNewest
    ? paymentStatusOf(sub.status)
    : invoice
      ? invoice.paid
        ? 'active'
        : 'past_due'
      : 'inactive';
  return {
    events,
    expected: {
      paymentStatus,
      tier: sub?.tier ?? null,
      billingCycle: sub?.cycle ?? null,
      currentPeriodEnd: sub ? sub.periodEnd * 1000 : null,
      cancelAtPeriodEnd: sub?.cancel ?? false,
      paymentFailureCount: invoice ? (invoice.paid ? 0 : invoice.attempts) : 0,
      lastPaymentFailureAt: lastFailure === null ? null : lastFailure * 1000,
    },
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe.each(testDatabaseKinds())('the card provider webhook on %s', (kind) => {
  let server: TestServer;
  let fake: FakeStripe;

  const deliver = (payload: string, signature: string | null) =>
    server.request('/api/billing/webhook', {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    });
  const eventCount = async () =>
    Number(
      rowsOf<{ n: string }>(await server.deps.database.db.execute(sql`select count(*) as n from billing_events`))[0]!.n,
    );
  const rowOf = async (userId: string) => {
    const [row] = await server.deps.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return row!;
  };

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await createTestServer(kind, fake.env(WEBHOOK_SECRET));
    const { db } = server.deps.database;
    for (let u = 0; u < USERS; u++) {
      await db.insert(user).values({ id: `storm-user-${u}`, name: `Storm ${u}`, email: `storm-${u}@example.com` });
      await db.insert(subscriptions).values({ userId: `storm-user-${u}`, stripeCustomerId: `cus_u${u}` });
    }
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('applies 1,000 events delivered 3 times each, shuffled, 16 at a time, exactly once each', async () => {
    const random = seeded(17);
    const storms = Array.from({ length: USERS }, (_, u) => stormFor(u, random));
    const deliveries = shuffle(
      storms.flatMap(({ events }) => events.flatMap((e) => [e, e, e])),
      random,
    );
    expect(deliveries).toHaveLength(3000);
    const statuses: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < deliveries.length) {
          const event = deliveries[next++]!;
          const payload = JSON.stringify(event);
          const res = await deliver(payload, sign(payload));
          statuses.push(res.status);
          await res.arrayBuffer();
        }
      }),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(await eventCount()).toBe(1000);
    for (let u = 0; u < USERS; u++) {
      const row = await rowOf(`storm-user-${u}`);
      expect(
        {
          paymentStatus: row.paymentStatus,
          tier: row.tier,
          billingCycle: row.billingCycle,
          currentPeriodEnd: row.currentPeriodEnd?.getTime() ?? null,
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
          paymentFailureCount: row.paymentFailureCount,
          lastPaymentFailureAt: row.lastPaymentFailureAt?.getTime() ?? null,
        },
        `user ${u}`,
      ).toEqual(storms[u]!.expected);
    }
    const recorded = await server.deps.database.db
      .select({ userId: billingEvents.userId })
      .from(billingEvents)
      .where(eq(billingEvents.eventId, 'evt_u3_0'));
    expect(recorded).toEqual([{ userId: 'storm-user-3' }]);
  }, 240_000);

  it('changes nothing when an applied event is delivered again', async () => {
    const before = await rowOf('storm-user-7');
    const count = await eventCount();
    const { events } = stormFor(7, seeded(17));
    const payload = JSON.stringify(events[EVENTS_PER_USER - 1]);
    const res = await deliver(payload, sign(payload));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: true });
    expect(await rowOf('storm-user-7')).toEqual(before);
    expect(await eventCount()).toBe(count);
  });

  // Stripe retries anything but a 2xx for days: a signed event we cannot use must never be a 500.
  it('answers a signed event it cannot use without a 500, and leaves the subscriptions alone', async () => {
    const before = await rowOf('storm-user-2');
    const odd = [
      {
        id: 'evt_odd_type',
        object: 'event',
        type: 'customer.created',
        created: START_SECONDS,
        data: { object: { id: 'cus_x' } },
      },
      {
        id: 'evt_no_object',
        object: 'event',
        type: 'customer.subscription.updated',
        created: START_SECONDS,
        data: { object: {} },
      },
      {
        id: 'evt_stranger',
        object: 'event',
        type: 'invoice.payment_failed',
        created: START_SECONDS,
        data: { object: { id: 'in_1', customer: 'cus_nobody' } },
      },
      {
        id: 'evt_garbled',
        object: 'event',
        type: 'checkout.session.completed',
        created: START_SECONDS,
        data: { object: { metadata: 'not an object', client_reference_id: 42 } },
      },
    ];
    for (const event of odd) {
      const payload = JSON.stringify(event);
      const res = await deliver(payload, sign(payload));
      expect(res.status, `${event.id}: ${await res.clone().text()}`).toBeLessThan(500);
    }
    const notJson = 'this is not json';
    expect((await deliver(notJson, sign(notJson))).status).toBe(400);
    expect(await rowOf('storm-user-2')).toEqual(before);
  });

  it('answers 400 to a forged or missing signature and writes nothing', async () => {
    const count = await eventCount();
    const before = await rowOf('storm-user-1');
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.updated',
      created: START_SECONDS + 999_999,
      data: {
        object: subscriptionObject(1, {
          status: 'active',
          tier: 'bigpig',
          cycle: 'annual',
          periodEnd: START_SECONDS + 9e6,
          cancel: false,
        }),
      },
    });
    const forged = await deliver(payload, sign(payload, 'whsec_someone_else'));
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { message: string } }).error.message).toBe(
      'Webhook signature verification failed',
    );
    expect((await deliver(payload, null)).status).toBe(400);
    const tampered = await deliver(payload.replace('bigpig', 'boar'), sign(payload));
    expect(tampered.status).toBe(400);
    expect(await eventCount()).toBe(count);
    expect(await rowOf('storm-user-1')).toEqual(before);
  });

  it('keeps the newer state when an older subscription update arrives after a newer one', async () => {
    const { db } = server.deps.database;
    await db.insert(user).values({ id: 'storm-user-900', name: 'Late', email: 'late@example.com' });
    const event = (n: number, created: number, tier: StoredTier, status: string) =>
      JSON.stringify({
        id: `evt_late_${n}`,
        object: 'event',
        type: 'customer.subscription.updated',
        created,
        data: {
          object: subscriptionObject(900, {
            status,
            tier,
            cycle: 'monthly',
            periodEnd: created + 86_400 * 30,
            cancel: false,
          }),
        },
      });
    const newer = event(2, START_SECONDS + 500, 'boar', 'active');
    const older = event(1, START_SECONDS + 400, 'bigpig', 'past_due');
    expect((await deliver(newer, sign(newer))).status).toBe(200);
    expect((await deliver(older, sign(older))).status).toBe(200);
    const row = await rowOf('storm-user-900');
    expect({ tier: row.tier, paymentStatus: row.paymentStatus }).toEqual({ tier: 'boar', paymentStatus: 'active' });
    expect(row.providerUpdatedAt?.getTime()).toBe((START_SECONDS + 500) * 1000);
  });
});
