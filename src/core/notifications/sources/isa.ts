import { ALERT_LEVEL_SEVERITY, alertNotification } from '../alert-notification.ts';
import type { NotificationRows } from '../rows.ts';
import type { NotificationDraft } from '../types.ts';

/**
 * The ISA alerts (maturity, transfer, allowance use, flexible replacement) at their own horizons
 * (`isaAlerts`, 001 §9): critical is an error. Each links to its ISA's page; an allowance across
 * ISAs to the first ISA's, where the allowance panel is.
 */
export function isaNotifications(rows: NotificationRows): NotificationDraft[] {
  if (!rows.isa) return [];
  const { firstIsaAccountId } = rows.isa;
  return rows.isa.alerts.flatMap((alert): NotificationDraft[] => {
    const accountId = alert.accountId ?? firstIsaAccountId;
    if (accountId === null) return [];
    const link = { label: alert.accountId ? 'View ISA' : 'View ISA allowance', href: `/account/${accountId}` };
    return [alertNotification('isa', alert, ALERT_LEVEL_SEVERITY[alert.level], link, rows.today)];
  });
}
