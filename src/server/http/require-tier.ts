/**
 * The server's tier check for a route a plan includes: 403 with the route's own message when the
 * user's effective tier (from their subscription, read with the session: ADR 0036) is below.
 * Only new use is gated: reads of what a user already stored, and the export, never call this.
 */
import { meetsTier, type Tier } from '../../core/subscriptions/tier.ts';
import type { SessionUser } from '../auth/session.ts';
import { AppError } from '../errors.ts';

export function requireTier(session: Pick<SessionUser, 'tier' | 'isAdmin'>, required: Tier, message: string): void {
  if (!meetsTier({ tier: session.tier, isAdmin: session.isAdmin }, required)) throw new AppError('FORBIDDEN', message);
}
