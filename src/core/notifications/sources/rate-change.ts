import { formatRate } from '../../accounts/interest-rate.ts';
import { daysBetween } from '../../dates/day-count.ts';
import { formatShortDate } from '../../standing-orders/text.ts';
import { NOTIFICATION_HORIZONS as H } from '../horizons.ts';
import { notificationId } from '../id.ts';
import type { NotificationRows } from '../rows.ts';
import type { NotificationDraft } from '../types.ts';

/**
 * An account's next rate change within 30 days (today included) when its rate-change
 * notifications are on: a warning from 7 days, information before.
 */
export function rateChangeNotifications(rows: NotificationRows): NotificationDraft[] {
  return rows.rateChanges.flatMap((account): NotificationDraft[] => {
    if (!account.rateChangeNotifications) return [];
    const days = daysBetween(rows.today, account.nextRateChange);
    if (days < 0 || days > H.rateChangeWithinDays) return [];
    const severity = days <= H.rateChangeWarningDays ? 'warning' : 'info';
    const on = formatShortDate(account.nextRateChange);
    return [
      {
        id: notificationId('rate-change', account.accountId, [
          account.nextRateChange,
          account.interestRateBps,
          severity,
        ]),
        kind: 'rate-change',
        severity,
        title: `${account.accountName}'s rate changes ${days === 0 ? 'today' : `on ${on}`}`,
        message: `${account.accountName} pays ${formatRate(account.interestRateBps)} until its rate changes on ${on}. Compare the new rate with other accounts before then.`,
        link: { label: 'View account', href: `/account/${account.accountId}` },
        date: account.nextRateChange,
      },
    ];
  });
}
