/**
 * An engine's alert as a notification: its title and message as the engine words them, its id
 * from the alert's own id and signature (so a dismissal holds while the alert's figures do).
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { notificationId } from './id.ts';
import type { NotificationDraft, NotificationKind, NotificationLink, NotificationSeverity } from './types.ts';

/** The ISA and pension alerts' three levels (001 §8, §9): critical is an error. */
export const ALERT_LEVEL_SEVERITY: Readonly<Record<'critical' | 'warning' | 'info', NotificationSeverity>> = {
  critical: 'error',
  warning: 'warning',
  info: 'info',
};

export function alertNotification(
  kind: NotificationKind,
  alert: { id: string; title: string; message: string; signature: string },
  severity: NotificationSeverity,
  link: NotificationLink,
  today: CalendarDate,
): NotificationDraft {
  return {
    id: notificationId(kind, alert.id, [alert.signature]),
    kind,
    severity,
    title: alert.title,
    message: alert.message,
    link,
    date: today,
  };
}
