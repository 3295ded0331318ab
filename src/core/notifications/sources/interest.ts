import { addDays, interestPaymentDates } from '../../dashboard/coming-up.ts';
import { formatShortDate } from '../../standing-orders/text.ts';
import { NOTIFICATION_HORIZONS as H } from '../horizons.ts';
import { notificationId } from '../id.ts';
import type { NotificationRows } from '../rows.ts';
import type { NotificationDraft } from '../types.ts';

/** Each account's next interest payment within 30 days (today included), for information. */
export function interestNotifications(rows: NotificationRows): NotificationDraft[] {
  const to = addDays(rows.today, H.interestWithinDays);
  return rows.interest.flatMap((account): NotificationDraft[] => {
    const [next] = interestPaymentDates(account, rows.today, to);
    if (next === undefined) return [];
    const when = next === rows.today ? 'today' : `on ${formatShortDate(next)}`;
    return [
      {
        id: notificationId('interest', account.accountId, [next]),
        kind: 'interest',
        severity: 'info',
        title: `Interest due on ${account.accountName} ${when}`,
        message: `${account.accountName} pays interest ${when}, by its interest settings. Check it arrives, and that the rate is still the best you can get.`,
        link: { label: 'View account', href: `/account/${account.accountId}` },
        date: next,
      },
    ];
  });
}
