/**
 * The user's notifications from their reads: each engine that owns a rule runs here (the
 * protection picture, the ISA allowance and alerts, the term statuses, each pension's summary)
 * and core's registry turns their results into notifications. The Protection Hub, ISAs and
 * pensions are Big Pig features (000 §5): without them ISAs and pensions say nothing, and
 * protection says only that money is over a limit, where the dashboard shows it. Maturity
 * reminders follow the maturity notifications feature, bank connections' consents Open Banking.
 */
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { notificationsFrom, withoutDismissed } from '../../core/notifications/registry.ts';
import type { NotificationRows } from '../../core/notifications/rows.ts';
import type { AppNotification } from '../../core/notifications/types.ts';
import type { SubscriptionFacts } from '../../core/subscriptions/access.ts';
import { userAccountsPicture } from '../accounts/protection-facts.ts';
import { isaAlertsOf, isaAllowanceOf } from '../isa/allowance.ts';
import { pensionSummaryOf } from '../pension/pension-summary-of.ts';
import { termAccountsRead } from '../terms/queries.ts';
import { termsJson } from '../terms/term-json.ts';
import type { NotificationReads } from './queries.ts';
import type { ResolvedFeatures } from '../../core/subscriptions/features.ts';

/** The features that decide which kinds a user is told about (core `featuresFor`, ADR 0045). */
export type NotificationFeatures = Pick<
  ResolvedFeatures,
  'isas' | 'pensions' | 'protectionHub' | 'maturityNotifications' | 'openBanking'
>;

/** The user's subscription row as the session read it, and the instant to count it at (ADR 0038). */
export type SubscriptionAt = { facts: SubscriptionFacts | null; now: Date };

export function notificationRowsOf(
  reads: NotificationReads,
  today: CalendarDate,
  features: NotificationFeatures,
  subscription: SubscriptionAt,
): NotificationRows {
  const { dashboard } = reads;
  const names = new Map(dashboard.accounts.rows.map(({ item }) => [item.id, item.name]));
  // Every plan gets the picture: below Big Pig only money over a limit is told (the plain fact).
  const picture = userAccountsPicture(dashboard.accounts, today);
  const isa = features.isas ? isaAllowanceOf(reads.isa, reads.taxYear, today) : null;
  return {
    today,
    protection: {
      hasHub: features.protectionHub,
      alerts: picture.alerts,
      temporaryHighBalances: picture.groups.flatMap((group) =>
        group.temporaryHighBalance ? [{ key: group.key, name: group.name, ...group.temporaryHighBalance }] : [],
      ),
    },
    interest: dashboard.interest.flatMap((terms) => {
      const accountName = names.get(terms.accountId);
      return accountName === undefined ? [] : [{ ...terms, accountName }];
    }),
    rateChanges: reads.rateChanges,
    isa: isa && {
      alerts: isaAlertsOf(isa.isas, isa.allowance, today),
      firstIsaAccountId: isa.isas[0]?.id ?? null,
    },
    terms: reads.termAccounts.flatMap((raw) => {
      const read = termAccountsRead(raw);
      return termsJson(read, today).map((term) => ({
        accountId: read.accountId,
        accountName: read.accountName,
        id: term.id,
        label: term.label,
        status: term.status,
        alerts: term.alerts,
        notifies: term.notifies,
      }));
    }),
    // Reminders of a fixed term's end are a Big Pig feature (000 §6), or an admin's grant.
    maturities: (features.maturityNotifications ? dashboard.maturities : []).flatMap((m) => {
      const item = dashboard.accounts.rows.find((row) => row.item.id === m.accountId)?.item;
      return item ? [{ ...m, accountName: item.name, accountType: item.accountType }] : [];
    }),
    processedPayments: reads.processed,
    pensions: features.pensions
      ? reads.pensions.map((view) => ({
          accountId: view.account.id,
          accountName: view.account.name,
          alerts: pensionSummaryOf(view, today).alerts,
        }))
      : null,
    subscription: subscription.facts && { facts: subscription.facts, now: subscription.now },
    // A consent's end is told while the plan has Open Banking; a lapsed plan's connections sync no more.
    openBanking: features.openBanking ? { now: subscription.now, connections: reads.openBanking } : null,
  };
}

/**
 * Every notification the user has today (none with 'Account notifications' off), and those they
 * have not dismissed. The subscription's come from the row the session read: no statement more.
 */
export function userNotifications(
  reads: NotificationReads,
  today: CalendarDate,
  features: NotificationFeatures,
  subscription: SubscriptionAt,
): { all: AppNotification[]; showing: AppNotification[] } {
  if (!reads.enabled) return { all: [], showing: [] };
  const all = notificationsFrom(notificationRowsOf(reads, today, features, subscription));
  return { all, showing: withoutDismissed(all, reads.dismissedIds) };
}
