import { effectiveTier, type SubscriptionFacts } from '../../core/subscriptions/access.ts';
import { tierRank } from '../../core/subscriptions/tier.ts';
import { restoreArchivedAccounts } from '../accounts/archive.ts';
import type { Tx } from '../db/client.ts';
import { subscriptions } from '../db/schema/index.ts';
import { publish } from '../realtime/hub.ts';
import { readSubscriptionFacts } from './redeem.ts';

/**
 * Turns an admin's Big Pig override (`subscriptions.admin_override`) on or off for a user, in the
 * admin's transaction: creates the row if the user has none, tells the user's tabs, and brings
 * back the accounts a downgrade archived when the tier rises. Returns the facts before and after.
 * The two admin screens that set it (the override route and the user detail page) both call this.
 */
export async function setAdminOverride(
  tx: Tx,
  { userId, adminOverride, now }: { userId: string; adminOverride: boolean; now: Date },
): Promise<{ before: SubscriptionFacts | null; after: SubscriptionFacts | null }> {
  const before = await readSubscriptionFacts(tx, userId);
  await tx
    .insert(subscriptions)
    .values({ userId, adminOverride, updatedAt: now })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { adminOverride, updatedAt: now } });
  await publish(tx, { type: 'subscription.changed', userId, invalidate: [['me']] });
  const after = await readSubscriptionFacts(tx, userId);
  const tierBefore = effectiveTier(before, { isAdmin: false, now });
  const tierAfter = effectiveTier(after, { isAdmin: false, now });
  // A higher tier brings back the accounts a downgrade archived, as many as it has room for.
  if (tierRank(tierAfter) > tierRank(tierBefore)) await restoreArchivedAccounts(tx, userId, tierAfter);
  return { before, after };
}
