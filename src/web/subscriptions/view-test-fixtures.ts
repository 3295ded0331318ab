import { subscriptionView } from '../../core/subscriptions/access.ts';
import { payingFacts } from '../../core/subscriptions/facts-test-fixtures.ts';
import type { Subscription } from './api.ts';

/**
 * The view GET /api/subscription sends for a paying Big Pig (monthly, renewing on 3 December
 * 2026), through the server's own mapping, with `over` laid on top.
 */
export function payingView(over: Partial<Subscription> = {}): Subscription {
  const facts = payingFacts({ currentPeriodEnd: new Date('2026-12-03T10:00:00.000Z') });
  return { ...subscriptionView(facts, { isAdmin: false, now: new Date('2026-11-27T10:00:00Z') }), ...over };
}
