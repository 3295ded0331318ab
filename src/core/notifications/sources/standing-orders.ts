import { formatPence } from '../../money/format.ts';
import { formatShortDate } from '../../standing-orders/text.ts';
import { notificationId } from '../id.ts';
import type { NotificationRows } from '../rows.ts';
import type { NotificationDraft } from '../types.ts';

/** Each standing-order payment made in the last 7 days (the server reads no older), as a success. */
export function standingOrderNotifications(rows: NotificationRows): NotificationDraft[] {
  return rows.processedPayments.map((payment) => ({
    id: notificationId('standing-order', payment.transactionId, [payment.date, payment.amountPence]),
    kind: 'standing-order',
    severity: 'success',
    title: `${formatPence(payment.amountPence)} paid into ${payment.accountName}`,
    message: `Your standing order from ${payment.payeeName} paid ${formatPence(payment.amountPence)} into ${payment.accountName} on ${formatShortDate(payment.date)}.`,
    link: { label: 'View transactions', href: `/account/${payment.accountId}#transactions` },
    date: payment.date,
  }));
}
