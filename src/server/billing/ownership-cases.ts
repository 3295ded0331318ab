/**
 * The authorisation harness's cases (src/server/http/authorisation.test.ts) for test mode's
 * checkout routes: a checkout is its owner's; another user and an admin get 404. Decline and
 * Cancel run before Pay, so the owner ends with a paid plan (the harness's later cases need the tier).
 */
import type { TestServer } from '../test/server.ts';

type Owner = { cookie: string; userId: string };

/** A test-mode checkout of the owner's, through the API; its path with `suffix`. */
async function ownersCheckout(server: TestServer, owner: Owner, suffix: string): Promise<string> {
  const res = await server.request('/api/billing/checkout', {
    method: 'POST',
    cookie: owner.cookie,
    json: { tier: 'bigpig', cycle: 'monthly' },
  });
  const { url } = (await res.json()) as { url: string };
  return `/api/billing/test-checkout/${url.split('/subscription/test-checkout/')[1]}${suffix}`;
}

const checkoutCase = (suffix: string) => ({
  otherStatus: 404 as const,
  adminAllowed: false,
  setup: (server: TestServer, owner: Owner) => ownersCheckout(server, owner, suffix),
});

export const BILLING_OWNERSHIP_CASES = {
  'GET /api/billing/test-checkout/:id': checkoutCase(''),
  'POST /api/billing/test-checkout/:id/decline': checkoutCase('/decline'),
  'POST /api/billing/test-checkout/:id/cancel': checkoutCase('/cancel'),
  'POST /api/billing/test-checkout/:id/pay': checkoutCase('/pay'),
};
