import { daysBetween } from '../../dates/day-count.ts';
import { formatShortDate } from '../../standing-orders/text.ts';
import { maturityDate, maturityWords } from '../../terms/maturity.ts';
import { NOTIFICATION_HORIZONS as H } from '../horizons.ts';
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
  return [...termNotifications(rows), ...maturityNotifications(rows)];
}

/**
 * A fixed term maturing within 30 days (today included), from its opening date plus its term
 * (issue 24): a warning from 7 days, information before. An account with a fixed-term term is
 * left to that term's alerts, so it is not reminded twice.
 */
function maturityNotifications(rows: NotificationRows): NotificationDraft[] {
  return (rows.maturities ?? []).flatMap((account): NotificationDraft[] => {
    if (account.fixedTermEndsOn !== null) return [];
    const maturesOn = maturityDate(account);
    if (maturesOn === null) return [];
    const days = daysBetween(rows.today, maturesOn);
    if (days < 0 || days > H.maturityWithinDays) return [];
    const severity = days <= H.maturityWarningDays ? 'warning' : 'info';
    return [
      {
        id: notificationId('account-term', `maturity-${account.accountId}`, [maturesOn, severity]),
        kind: 'account-term',
        severity,
        title: `${account.accountName}'s fixed term ends ${days === 0 ? 'today' : `on ${formatShortDate(maturesOn)}`}`,
        message: `${maturityWords(maturesOn, rows.today)}. Decide where the money goes next before then: left alone, it may move to a lower rate.`,
        link: { label: 'View account', href: `/account/${account.accountId}` },
        date: maturesOn,
      },
    ];
  });
}

function termNotifications(rows: NotificationRows): NotificationDraft[] {
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
