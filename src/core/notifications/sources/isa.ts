import type { IsaAlertLevel } from '../../isa/alerts.ts';
import { notificationId } from '../id.ts';
import type { NotificationRows } from '../rows.ts';
import type { AppNotification, NotificationSeverity } from '../types.ts';

const SEVERITY: Readonly<Record<IsaAlertLevel, NotificationSeverity>> = {
  critical: 'error',
  warning: 'warning',
  info: 'info',
};

/**
 * The ISA alerts (maturity, transfer, allowance use, flexible replacement) at their own horizons
 * (`isaAlerts`, 001 §9): critical is an error. Each links to its ISA's page; an allowance across
 * ISAs to the first ISA's, where the allowance panel is.
 */
export function isaNotifications(rows: NotificationRows): AppNotification[] {
  if (!rows.isa) return [];
  const { firstIsaAccountId } = rows.isa;
  return rows.isa.alerts.flatMap((alert): AppNotification[] => {
    const accountId = alert.accountId ?? firstIsaAccountId;
    if (accountId === null) return [];
    return [
      {
        id: notificationId('isa', alert.id, [alert.signature]),
        kind: 'isa',
        severity: SEVERITY[alert.level],
        title: alert.title,
        message: alert.message,
        link: { label: alert.accountId ? 'View ISA' : 'View ISA allowance', href: `/account/${accountId}` },
        date: rows.today,
      },
    ];
  });
}
