import { TERM_STATUS_LABELS } from '../../terms/status.ts';
import { notificationId } from '../id.ts';
import type { NotificationRows } from '../rows.ts';
import type { NotificationDraft } from '../types.ts';

/**
 * A term whose notifications are on and that warns, alerts or has expired (`notifiesAbout`, ADR
 * 0028): one notification per term, its card's alerts as the message. An alert or an expiry is an
 * error, a warning a warning.
 */
export function accountTermNotifications(rows: NotificationRows): NotificationDraft[] {
  return rows.terms.flatMap((term): NotificationDraft[] => {
    if (!term.notifies) return [];
    const messages = term.alerts.map((alert) => alert.message);
    return [
      {
        id: notificationId('account-term', term.id, [term.status, ...messages]),
        kind: 'account-term',
        severity: term.status === 'warning' ? 'warning' : 'error',
        title: `${term.label} on ${term.accountName}: ${TERM_STATUS_LABELS[term.status]}`,
        message: messages.length > 0 ? messages.join(' ') : `${term.label} needs a look.`,
        link: { label: 'View terms', href: `/account/${term.accountId}` },
        date: rows.today,
      },
    ];
  });
}
