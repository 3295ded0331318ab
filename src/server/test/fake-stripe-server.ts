/**
 * A local HTTP server speaking the parts of Stripe's API the billing provider uses (prices list,
 * customers, coupons, checkout and billing portal sessions, invoices list and preview,
 * subscriptions retrieve and update), so the real SDK runs against it through STRIPE_API_BASE. It records each request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { priceLookupKey } from '../../core/subscriptions/billing.ts';
import { BILLING_CYCLES, DEFAULT_PRICES, PLAN_TIERS, type BillingCycle } from '../../core/subscriptions/plans.ts';
import type { StoredTier } from '../../core/subscriptions/access.ts';
import { addCycles, planChangeMoney } from '../../core/subscriptions/plan-change-money.ts';

type Json = Record<string, unknown>;
export type FakeRequest = { method: string; path: string; params: Json };

/** `a[b][0]=x` form or query pairs as nested objects and arrays (Stripe's encoding). */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Json = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Json;
      }
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k)))
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export type FakeStripe = {
  url: string;
  /** The server's environment for the Stripe provider against this fake, signing webhooks with `webhookSecret`. */
  env(webhookSecret: string): Record<string, string>;
  requests: FakeRequest[];
  prices: Json[];
  customers: Map<string, Json>;
  coupons: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** Checkout sessions created, with their status ('open', 'expired'). */
  checkoutSessions: Map<string, Json>;
  invoices: Json[];
  /** Path prefixes that answer 500 (the provider failing). */
  failing: Set<string>;
  priceFor(tier: StoredTier, cycle: BillingCycle): Json;
  addSubscription(input: {
    customer: string;
    userId: string;
    tier: StoredTier;
    cycle: BillingCycle;
    status?: string;
    periodEnd: Date;
  }): Json;
  close(): Promise<void>;
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const prices: Json[] = PLAN_TIERS.flatMap((tier) =>
    BILLING_CYCLES.map((cycle) => ({
      id: id('price'),
      object: 'price',
      active: true,
      currency: 'gbp',
      lookup_key: priceLookupKey(tier, cycle),
      metadata: { tier },
      recurring: { interval: cycle === 'monthly' ? 'month' : 'year', interval_count: 1 },
      // Not the defaults, so a test can tell the provider's prices from them.
      unit_amount: (cycle === 'monthly' ? DEFAULT_PRICES[tier].monthlyPrice : DEFAULT_PRICES[tier].yearlyPrice) + 1,
    })),
  );
  const state = {
    requests: [] as FakeRequest[],
    prices,
    customers: new Map<string, Json>(),
    coupons: new Map<string, Json>(),
    subscriptions: new Map<string, Json>(),
    checkoutSessions: new Map<string, Json>(),
    invoices: [] as Json[],
    failing: new Set<string>(),
  };
  const priceFor = (tier: StoredTier, cycle: BillingCycle) =>
    prices.find((p) => p.lookup_key === priceLookupKey(tier, cycle))!;
  const list = (data: Json[], path: string) => ({ object: 'list', data, has_more: false, url: path });
  const missing = (what: string) => ({
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
  });

  /**
   * The preview of a price change (`invoices.create_preview` with `subscription_details`), its
   * lines as Stripe lays them out: the proration credit and charge, then the next period's price
   * (a new billing cycle: the new period's line, billed now). Amounts by core's proration rule.
   */
  const previewInvoice = (params: Json): { status: number; body: unknown } => {
    const sub = state.subscriptions.get(params.subscription as string);
    const details = params.subscription_details as
      | { items?: { id: string; price: string }[]; proration_date?: string }
      | undefined;
    const change = details?.items?.[0];
    const item = (sub?.items as { data: Json[] } | undefined)?.data.find((i) => i.id === change?.id);
    const to = prices.find((p) => p.id === change?.price);
    if (!sub || !item || !to || !details?.proration_date) return missing('subscription item or price');
    const from = item.price as Json;
    const cycleOf = (price: Json): BillingCycle =>
      (price.recurring as { interval: string }).interval === 'year' ? 'annual' : 'monthly';
    const money = planChangeMoney({
      from: { pricePence: from.unit_amount as number, cycle: cycleOf(from) },
      to: { pricePence: to.unit_amount as number, cycle: cycleOf(to) },
      periodEnd: new Date((item.current_period_end as number) * 1000),
      at: new Date(Number(details.proration_date) * 1000),
    });
    const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
    const line = (amount: number, proration: boolean, end: Date) => ({
      id: id('il'),
      object: 'line_item',
      amount,
      currency: 'gbp',
      period: { start: Number(details.proration_date), end: seconds(end) },
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: { proration, subscription: sub.id, subscription_item: item.id },
      },
    });
    const lines =
      money.billed === 'now'
        ? [line(-money.creditPence, true, money.billedAt), line(money.chargePence, false, money.renewsAt)]
        : [
            line(-money.creditPence, true, money.billedAt),
            line(money.chargePence, true, money.billedAt),
            line(to.unit_amount as number, false, addCycles(money.renewsAt, cycleOf(to), 1)),
          ];
    return {
      status: 200,
      body: {
        object: 'invoice',
        customer: params.customer,
        total: lines.reduce((sum, l) => sum + l.amount, 0),
        lines: { object: 'list', data: lines, has_more: false, url: '/v1/invoices/upcoming/lines' },
      },
    };
  };

  const route = (method: string, path: string, params: Json): { status: number; body: unknown } => {
    const ok = (body: unknown) => ({ status: 200, body });
    const coupon = /^\/v1\/coupons\/([^/]+)$/.exec(path);
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && path === '/v1/prices') {
      const keys = (params.lookup_keys as string[] | undefined) ?? [];
      return ok(
        list(
          prices.filter((p) => keys.length === 0 || keys.includes(p.lookup_key as string)),
          path,
        ),
      );
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: params.email, metadata: params.metadata ?? {} };
      state.customers.set(customer.id, customer);
      return ok(customer);
    }
    if (method === 'GET' && coupon) {
      const found = state.coupons.get(decodeURIComponent(coupon[1]!));
      return found ? ok(found) : missing('coupon');
    }
    if (method === 'POST' && path === '/v1/coupons') {
      const created = {
        object: 'coupon',
        ...params,
        id: (params.id as string) ?? id('co'),
        percent_off: Number(params.percent_off),
        duration_in_months: params.duration_in_months ? Number(params.duration_in_months) : null,
      };
      state.coupons.set(created.id, created);
      return ok(created);
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session = { id: id('cs'), object: 'checkout.session', ...params, status: 'open' };
      state.checkoutSessions.set(session.id, session);
      return ok({ ...session, url: `https://checkout.example.test/c/pay/${session.id}` });
    }
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const found = [...state.checkoutSessions.values()].filter(
        (s) => (!params.customer || s.customer === params.customer) && (!params.status || s.status === params.status),
      );
      return ok(list(found, path));
    }
    if (method === 'POST' && expire) {
      const session = state.checkoutSessions.get(decodeURIComponent(expire[1]!));
      if (!session) return missing('checkout session');
      session.status = 'expired';
      return ok(session);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const portal = { id: id('bps'), object: 'billing_portal.session', ...params };
      return ok({ ...portal, url: `https://billing.example.test/p/session/${portal.id}` });
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const found = state.invoices.filter(
        (i) =>
          (!params.customer || i.customer === params.customer) &&
          (!params.status || i.status === params.status) &&
          (!params.subscription ||
            (i.parent as { subscription_details: { subscription: string } }).subscription_details.subscription ===
              params.subscription),
      );
      return ok(list(found, path));
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') return previewInvoice(params);
    if (subscription) {
      const sub = state.subscriptions.get(decodeURIComponent(subscription[1]!));
      if (!sub) return missing('subscription');
      if (method === 'GET') return ok(sub);
      if (method === 'DELETE') {
        sub.status = 'canceled';
        return ok(sub);
      }
      if (method === 'POST') {
        if (params.cancel_at_period_end !== undefined)
          sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
        const items = params.items as { id: string; price: string }[] | undefined;
        for (const change of items ?? []) {
          const item = (sub.items as { data: Json[] }).data.find((i) => i.id === change.id);
          const price = prices.find((p) => p.id === change.price);
          if (!item || !price) return missing('price');
          item.price = price;
        }
        return ok(sub);
      }
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized ${method} ${path}` } },
    };
  };

  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : text);
      state.requests.push({ method, path: url.pathname, params });
      const failed = [...state.failing].some((prefix) => url.pathname.startsWith(prefix));
      const { status, body } = failed
        ? { status: 500, body: { error: { type: 'api_error', message: 'fake failure' } } }
        : route(method, url.pathname, params);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    env: (webhookSecret) => ({
      STRIPE_SECRET_KEY: 'sk_test_fake_key',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    }),
    ...state,
    priceFor,
    addSubscription({ customer, userId, tier, cycle, status = 'active', periodEnd }) {
      const subId = id('sub');
      const sub: Json = {
        id: subId,
        object: 'subscription',
        customer,
        status,
        cancel_at_period_end: false,
        metadata: { userId },
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              current_period_end: Math.floor(periodEnd.getTime() / 1000),
              price: priceFor(tier, cycle),
            },
          ],
        },
      };
      state.subscriptions.set(subId, sub);
      return sub;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
