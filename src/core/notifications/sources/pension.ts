import type { PensionAlertKind } from '../../pension/alerts.ts';
import { ALERT_LEVEL_SEVERITY, alertNotification } from '../alert-notification.ts';
import type { NotificationRows } from '../rows.ts';
import type { NotificationDraft } from '../types.ts';

/**
 * The saver's own limits (the annual allowance is the person's): every pension's card shows them,
 * the list once, linked to the first pension's page, its id naming no account (so a dismissal
 * holds whichever pension comes first).
 */
const THE_SAVERS: ReadonlySet<PensionAlertKind> = new Set(['mpaa', 'taper']);

/**
 * How sure our reference data is about a provider is for the admins who keep it (issue 24): the
 * card's panel shows it beside the provider, but it is not news to send the saver.
 */
const NOT_FOR_THE_SAVER: ReadonlySet<PensionAlertKind> = new Set(['low-confidence']);

/**
 * Each pension's alerts (transfer overdue, MPAA, taper, the provider's data and messages: 001 §8,
 * `pensionSummary`), as the Pension Details card shows them: critical is an error. Each links to
 * its pension's page, where the card is.
 */
export function pensionNotifications(rows: NotificationRows): NotificationDraft[] {
  if (!rows.pensions) return [];
  const listed = new Set<PensionAlertKind>();
  return rows.pensions.flatMap((pension) =>
    pension.alerts.flatMap((alert) => {
      if (NOT_FOR_THE_SAVER.has(alert.kind)) return [];
      const savers = THE_SAVERS.has(alert.kind);
      if (savers && listed.has(alert.kind)) return [];
      listed.add(alert.kind);
      return [
        alertNotification(
          'pension',
          savers ? { ...alert, id: `pension-${alert.kind}` } : alert,
          ALERT_LEVEL_SEVERITY[alert.level],
          { label: `View ${pension.accountName}`, href: `/account/${pension.accountId}` },
          rows.today,
        ),
      ];
    }),
  );
}
