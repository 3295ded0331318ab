/**
 * The daily e-mail digest (issue 16): the notifications of the kinds the user opted into
 * (Settings > Notifications), those they have not dismissed, the most serious first.
 */
import { formatShortDate } from '../standing-orders/text.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { type AppNotification, NOTIFICATION_KINDS, type NotificationKind } from './types.ts';

/** Known kinds only, each once, in the registry's order: stored opt-ins may predate a kind's removal. */
export function digestKindsOf(stored: readonly string[]): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => stored.includes(kind));
}

/** What the day's digest lists: the showing notifications of the opted-in kinds. */
export function digestNotifications(
  showing: readonly AppNotification[],
  kinds: readonly NotificationKind[],
): AppNotification[] {
  return showing.filter((n) => kinds.includes(n.kind));
}

export function digestSubject(count: number, day: CalendarDate): string {
  return `Your SavvyPig digest for ${formatShortDate(day)}: ${count} ${count === 1 ? 'notification' : 'notifications'}`;
}
