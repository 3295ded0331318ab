import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rls.ts';
import { subscriptions } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { type FakeStripe, startFakeStripe } from '../test/fake-stripe-server.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';

const WEBHOOK_SECRET = 'whsec_test_unusable_shapes';
const CREATED = Math.floor(Date.parse('2026-11-27T10:00:00Z') / 1000);

/** Correctly signed bodies that no retry can make usable (ADR 0037: 200, a logged reason, nothing written). */
function unusableBodies(known: { userId: string; customer: string; subscription: string }): [string, unknown][] {
  const event = (type: string, object: unknown, extra: Record<string, unknown> = {}) => ({
    id: `evt_unusable_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    created: CREATED,
    data: { object },
    ...extra,
  });
  const sub = (changes: Record<string, unknown>) => ({
    id: known.subscription,
    object: 'subscription',
    customer: known.customer,
    status: 'active',
    cancel_at_period_end: false,
    metadata: { userId: known.userId },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          current_period_end: CREATED + 86_400,
          price: { id: 'price_x', lookup_key: 'bigpig_annual', metadata: {}, recurring: { interval: 'year' } },
        },
      ],
    },
    ...changes,
  });
  return [
    ['null', null],
    ['an array', []],
    ['a string', 'hello'],
    ['an empty object', {}],
    ['no data', { id: 'evt_no_data', object: 'event', type: 'invoice.paid', created: CREATED }],
    ['data without object', event('invoice.paid', undefined)],
    ['a null object', event('invoice.paid', null)],
    ['a string object', event('customer.subscription.updated', 'sub_1')],
    ['no event id', { ...event('invoice.paid', { customer: known.customer }), id: undefined }],
    ['a number for the event id', { ...event('invoice.paid', { customer: known.customer }), id: 12 }],
    ['a string for created', event('invoice.paid', { customer: known.customer }, { created: 'yesterday' })],
    ['a created in year 33658', event('invoice.paid', { customer: known.customer }, { created: 1e15 })],
    ['a negative created', event('invoice.paid', { customer: known.customer }, { created: -5 })],
    ['no type', { ...event('invoice.paid', { customer: known.customer }), type: undefined }],
    ['an unknown type for a known customer', event('charge.refunded', { customer: known.customer })],
    ['a subscription without items', event('customer.subscription.updated', sub({ items: undefined }))],
    ['items.data not a list', event('customer.subscription.updated', sub({ items: { data: 'x' } }))],
    [
      'a null price',
      event('customer.subscription.updated', sub({ items: { data: [{ current_period_end: CREATED, price: null }] } })),
    ],
    [
      'a string period end',
      event(
        'customer.subscription.updated',
        sub({ items: { data: [{ current_period_end: 'soon', price: { id: 'price_x', lookup_key: null } }] } }),
      ),
    ],
    ['a null status', event('customer.subscription.updated', sub({ status: null }))],
    ['a null customer', event('customer.subscription.created', sub({ customer: null }))],
    ['a number for the subscription id', event('customer.subscription.created', sub({ id: 7 }))],
    [
      'an unknown customer and subscription',
      event('customer.subscription.created', sub({ id: 'sub_nobody', customer: 'cus_nobody', metadata: {} })),
    ],
    ['an invoice for an unknown customer', event('invoice.paid', { customer: 'cus_nobody', parent: null })],
    ['a string attempt count', event('invoice.payment_failed', { customer: known.customer, attempt_count: 'three' })],
    ['a string parent', event('invoice.paid', { customer: known.customer, parent: 'x' })],
    ['metadata a string', event('checkout.session.completed', { customer: known.customer, metadata: 'userId' })],
    ['a number reference id', event('checkout.session.completed', { client_reference_id: 42 })],
    [
      'a checkout for nobody we know',
      event('checkout.session.completed', { customer: 'cus_nobody', metadata: { userId: 'no-such-user' } }),
    ],
  ];
}

describe.each(testDatabaseKinds())('correctly signed but unusable webhooks on %s', (kind) => {
  let server: TestServer;
  let fake: FakeStripe;
  let known: { userId: string; customer: string; subscription: string };

  const send = (body: unknown) => {
    const payload = JSON.stringify(body) ?? 'undefined';
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
  const knownRow = async () =>
    (await server.deps.database.db.select().from(subscriptions).where(eq(subscriptions.userId, known.userId)))[0];

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await createTestServer(kind, fake.env(WEBHOOK_SECRET));
    const saver = await signUpAndSignIn(server, { email: 'unusable-webhooks@example.com' });
    const sub = fake.addSubscription({
      customer: 'cus_known',
      userId: saver.userId,
      tier: 'boar',
      cycle: 'monthly',
      periodEnd: new Date((CREATED + 30 * 86_400) * 1000),
    });
    known = { userId: saver.userId, customer: 'cus_known', subscription: sub.id as string };
    const usable = await send({
      id: 'evt_usable',
      object: 'event',
      type: 'customer.subscription.created',
      created: CREATED,
      data: { object: sub },
    });
    expect(usable.status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('answers each with 200 and writes nothing: no event recorded, the saver unchanged', async () => {
    const before = { events: await eventsRecorded(), row: await knownRow() };
    expect(before.row).toMatchObject({ tier: 'boar', paymentStatus: 'active' });
    const answers: [string, number][] = [];
    for (const [name, body] of unusableBodies(known)) answers.push([name, (await send(body)).status]);
    expect(answers.filter(([, status]) => status !== 200)).toEqual([]);
    expect(await eventsRecorded()).toBe(before.events);
    expect(await knownRow()).toEqual(before.row);
  });

  it('still refuses a body whose signature does not match with 400', async () => {
    const res = await server.request('/api/billing/webhook', {
      method: 'POST',
      body: '{}',
      headers: { 'stripe-signature': 't=1,v1=deadbeef' },
    });
    expect(res.status).toBe(400);
  });
});
