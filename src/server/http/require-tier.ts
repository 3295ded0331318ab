/**
 * The server's tier check for a route a plan includes (everyone is on the trial until
 * subscriptions land, issue 17): 403 with the route's own message when the user's plan is below.
 */
import { effectiveTier, meetsTier, type Tier } from '../../core/subscriptions/tier.ts';
import type { SessionUser } from '../auth/session.ts';
import { AppError } from '../errors.ts';

export function requireTier(session: SessionUser, required: Tier, message: string): void {
  const tier = effectiveTier({ isAdmin: session.isAdmin });
  if (!meetsTier({ tier, isAdmin: session.isAdmin }, required)) throw new AppError('FORBIDDEN', message);
}
