/**
 * The spec's `pendingCheckout`: the plan a visitor chose on the public plans page, kept in local
 * storage through sign-up and verification, then offered on /subscribe once they are signed in.
 */
import { type BillingCycle, isBillingCycle, isPlanTier } from '../../core/subscriptions/plans.ts';
import type { StoredTier } from '../../core/subscriptions/access.ts';

export const PENDING_CHECKOUT_KEY = 'pendingCheckout';

export type PendingCheckout = { tier: StoredTier; cycle: BillingCycle };

export function keepPendingCheckout(choice: PendingCheckout): void {
  try {
    localStorage.setItem(PENDING_CHECKOUT_KEY, JSON.stringify(choice));
  } catch {
    // Storage refused (private mode): the plan is chosen again after sign-up.
  }
}

/** The kept plan, left in place (to show it before sign-in). */
export function peekPendingCheckout(): PendingCheckout | null {
  try {
    const raw = localStorage.getItem(PENDING_CHECKOUT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingCheckout>;
    return isPlanTier(value.tier) && isBillingCycle(value.cycle) ? { tier: value.tier, cycle: value.cycle } : null;
  } catch {
    return null;
  }
}

/** The kept plan, cleared as it is used. */
export function takePendingCheckout(): PendingCheckout | null {
  const choice = peekPendingCheckout();
  try {
    localStorage.removeItem(PENDING_CHECKOUT_KEY);
  } catch {
    // Storage refused: nothing was kept either.
  }
  return choice;
}
