import { ALERT_LEVEL_SEVERITY, alertNotification } from '../alert-notification.ts';
import type { NotificationRows } from '../rows.ts';
import type { AppNotification } from '../types.ts';

/**
 * Each pension's alerts (transfer overdue, MPAA, taper, the provider's data and messages: 001 §8,
 * `pensionSummary`), as the Pension Details card shows them: critical is an error. Each links to
 * its pension's page, where the card is.
 */
export function pensionNotifications(rows: NotificationRows): AppNotification[] {
  if (!rows.pensions) return [];
  return rows.pensions.flatMap((pension) =>
    pension.alerts.map((alert) =>
      alertNotification(
        'pension',
        alert,
        ALERT_LEVEL_SEVERITY[alert.level],
        { label: `View ${pension.accountName}`, href: `/account/${pension.accountId}` },
        rows.today,
      ),
    ),
  );
}
