import type { PensionAlertLevel } from '../../pension/alerts.ts';
import { notificationId } from '../id.ts';
import type { NotificationRows } from '../rows.ts';
import type { AppNotification, NotificationSeverity } from '../types.ts';

const SEVERITY: Readonly<Record<PensionAlertLevel, NotificationSeverity>> = {
  critical: 'error',
  warning: 'warning',
  info: 'info',
};

/**
 * Each pension's alerts (transfer overdue, MPAA, taper, the provider's data and messages: 001 §8,
 * `pensionSummary`), as the Pension Details card shows them: critical is an error. Each links to
 * its pension's page, where the card is; the alert's signature names its figures.
 */
export function pensionNotifications(rows: NotificationRows): AppNotification[] {
  if (!rows.pensions) return [];
  return rows.pensions.flatMap((pension) =>
    pension.alerts.map(
      (alert): AppNotification => ({
        id: notificationId('pension', alert.id, [alert.signature]),
        kind: 'pension',
        severity: SEVERITY[alert.level],
        title: alert.title,
        message: alert.message,
        link: { label: `View ${pension.accountName}`, href: `/account/${pension.accountId}` },
        date: rows.today,
      }),
    ),
  );
}
