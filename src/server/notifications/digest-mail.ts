import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { digestSubject } from '../../core/notifications/digest.ts';
import type { AppNotification } from '../../core/notifications/types.ts';
import { compose } from '../mail/templates.ts';
import type { OutgoingMail } from '../mail/mailer.ts';

/** The daily digest: each notification with its link, then the one-click unsubscribe link. */
export function notificationDigestMail(
  to: string,
  day: CalendarDate,
  notifications: readonly AppNotification[],
  urls: { publicUrl: string; unsubscribeUrl: string },
): OutgoingMail {
  return compose(to, digestSubject(notifications.length, day), [
    { kind: 'p', text: 'Here is what needs your attention today.' },
    ...notifications.flatMap((n) => [
      { kind: 'p' as const, text: `${n.title}. ${n.message}` },
      { kind: 'p' as const, text: `${n.link.label}: ${urls.publicUrl}${n.link.href}` },
    ]),
    { kind: 'button', label: 'Open your notifications', url: `${urls.publicUrl}/notifications` },
    {
      kind: 'p',
      text: `You get this because you turned on the daily digest in Settings > Notifications. Turn it off with one click: ${urls.unsubscribeUrl}`,
    },
  ]);
}
