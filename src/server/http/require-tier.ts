/**
 * The server's gates for what a plan includes: 403 with the route's own message when the user may
 * not use it. The session carries the resolved features (core `featuresFor`: the effective tier,
 * which a lapsed subscription no longer lifts, plus an admin's per-user grants; ADR 0036, 0045).
 * Only new use is gated: reads of what a user already stored, and the export, never call these.
 */
import type { Feature } from '../../core/subscriptions/features.ts';
import { meetsTier, type Tier } from '../../core/subscriptions/tier.ts';
import type { SessionUser } from '../auth/session.ts';
import { AppError } from '../errors.ts';

export function requireFeature(session: Pick<SessionUser, 'features'>, feature: Feature, message: string): void {
  if (!session.features[feature]) throw new AppError('FORBIDDEN', message);
}

/** For a requirement no feature names (a whole plan rank). */
export function requireTier(session: Pick<SessionUser, 'tier' | 'isAdmin'>, required: Tier, message: string): void {
  if (!meetsTier({ tier: session.tier, isAdmin: session.isAdmin }, required)) throw new AppError('FORBIDDEN', message);
}
