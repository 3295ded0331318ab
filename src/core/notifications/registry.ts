/**
 * The notification sources: one pure function per kind over the rows read. A new kind (subscriptions)
 * adds its rows to `NotificationRows`, its function here and its name in types.ts.
 */
import type { NotificationRows } from './rows.ts';
import { accountTermNotifications } from './sources/account-terms.ts';
import { interestNotifications } from './sources/interest.ts';
import { isaNotifications } from './sources/isa.ts';
import { openBankingNotifications } from './sources/open-banking.ts';
import { pensionNotifications } from './sources/pension.ts';
import { protectionNotifications } from './sources/protection.ts';
import { rateChangeNotifications } from './sources/rate-change.ts';
import { standingOrderNotifications } from './sources/standing-orders.ts';
import { subscriptionNotifications } from './sources/subscription.ts';
import type { AppNotification, NotificationDraft, NotificationKind, NotificationSeverity } from './types.ts';

export type NotificationSource = (rows: NotificationRows) => NotificationDraft[];

export const NOTIFICATION_SOURCES: Readonly<Record<NotificationKind, NotificationSource>> = {
  protection: protectionNotifications,
  interest: interestNotifications,
  'rate-change': rateChangeNotifications,
  isa: isaNotifications,
  'account-term': accountTermNotifications,
  'standing-order': standingOrderNotifications,
  pension: pensionNotifications,
  subscription: subscriptionNotifications,
  'open-banking': openBankingNotifications,
};

const RANK: Readonly<Record<NotificationSeverity, number>> = { error: 0, warning: 1, info: 2, success: 3 };

/**
 * Every notification for the rows on `today`: the most serious first, then the soonest, then by
 * id (so the order is the same on every reload). No two share an id.
 */
export function notificationsFrom(rows: NotificationRows): AppNotification[] {
  const all = Object.values(NOTIFICATION_SOURCES).flatMap((source) =>
    source(rows).map((n): AppNotification => ({ ...n, dismissible: n.dismissible ?? true })),
  );
  const unique = [...new Map(all.map((n) => [n.id, n])).values()];
  return unique.sort(
    (a, b) =>
      RANK[a.severity] - RANK[b.severity] ||
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * Those not dismissed: a dismissal names an id, and an id names the figures (ADR 0035). One that
 * may not be dismissed shows whatever was stored (ADR 0038).
 */
export function withoutDismissed(
  notifications: readonly AppNotification[],
  dismissedIds: ReadonlySet<string>,
): AppNotification[] {
  return notifications.filter((n) => !n.dismissible || !dismissedIds.has(n.id));
}
