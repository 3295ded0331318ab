import { daysBetween } from '../../dates/day-count.ts';
import { formatPence } from '../../money/format.ts';
import { formatShortDate } from '../../standing-orders/text.ts';
import { NOTIFICATION_HORIZONS as H } from '../horizons.ts';
import { notificationId } from '../id.ts';
import type { NotificationRows } from '../rows.ts';
import type { NotificationDraft, NotificationSeverity } from '../types.ts';

const HUB = { label: 'Open the Protection Hub', href: '/protection' };
const DASHBOARD = { label: 'See where your money is', href: '/dashboard' };

/**
 * Without the Protection Hub (a plan below Big Pig): money over a limit is still told, as the plain
 * fact and where to see it (the dashboard lists every licence on every plan). Closer alerts and
 * temporary high balances ending are the Hub's.
 */
function overLimitFacts(rows: NotificationRows): NotificationDraft[] {
  return (rows.protection?.alerts ?? [])
    .filter((alert) => alert.level === 'over-limit')
    .map((alert) => ({
      id: notificationId('protection', alert.id, [alert.signature]),
      kind: 'protection',
      severity: 'error',
      title: alert.title,
      message: `${alert.message} Your dashboard shows each banking licence against its limit.`,
      link: DASHBOARD,
      date: rows.today,
    }));
}

const SEVERITY = { 'over-limit': 'error', 'projected-breach': 'warning', approaching: 'warning' } as const;

function whenText(days: number): string {
  return days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
}

/**
 * The Hub's alerts (85% or more of a limit, a projected breach, money over the limit) and each
 * temporary high balance whose cover ends within 30 days. Over the limit is an error; the others
 * warnings; a cover ending is a warning from 7 days, information before.
 */
export function protectionNotifications(rows: NotificationRows): NotificationDraft[] {
  if (!rows.protection) return [];
  if (rows.protection.hasHub === false) return overLimitFacts(rows);
  const alerts = rows.protection.alerts.map(
    (alert): NotificationDraft => ({
      id: notificationId('protection', alert.id, [alert.signature]),
      kind: 'protection',
      severity: SEVERITY[alert.level],
      title: alert.title,
      message: alert.message,
      link: HUB,
      date: rows.today,
    }),
  );
  const endings = rows.protection.temporaryHighBalances.flatMap((thb): NotificationDraft[] => {
    if (thb.endsOn === null) return [];
    const days = daysBetween(rows.today, thb.endsOn);
    if (days < 0 || days > H.temporaryHighBalanceWithinDays) return [];
    const severity: NotificationSeverity = days <= H.temporaryHighBalanceWarningDays ? 'warning' : 'info';
    return [
      {
        id: notificationId('protection', `thb:${thb.key}`, [thb.endsOn, thb.coveredPence, severity]),
        kind: 'protection',
        severity,
        title: `Temporary high balance cover at ${thb.name} ends ${whenText(days)}`,
        message: `${formatPence(thb.coveredPence)} is covered as a temporary high balance at ${thb.name} until ${formatShortDate(thb.endsOn)}. From then only the standard limit applies: move anything above it to a bank with a different licence.`,
        link: HUB,
        date: thb.endsOn,
      },
    ];
  });
  return [...alerts, ...endings];
}
