import { calendarDateInLondon } from '../../dates/calendar-date.ts';
import { connectionStatus } from '../../open-banking/rules.ts';
import { formatShortDate } from '../../standing-orders/text.ts';
import { notificationId } from '../id.ts';
import type { NotificationRows } from '../rows.ts';
import type { NotificationDraft } from '../types.ts';

const OPEN_BANKING_HREF = '/open-banking';

/**
 * A bank connection's consent ending (issue 32): from RECONFIRM_WARNING_DAYS before its 90 days
 * are up the saver is asked to reconfirm it, by the day it ends; once it has ended, to reconnect.
 * A connection the saver disconnected says nothing.
 */
export function openBankingNotifications(rows: NotificationRows): NotificationDraft[] {
  const openBanking = rows.openBanking;
  if (!openBanking) return [];
  return openBanking.connections.flatMap((connection): NotificationDraft[] => {
    const endsAt = new Date(connection.consentExpiresAt);
    const status = connectionStatus(connection.status, endsAt, openBanking.now);
    const endsOn = calendarDateInLondon(endsAt);
    const bank = connection.bankName;
    if (status === 'expiring') {
      return [
        {
          id: notificationId('open-banking', connection.connectionId, [endsOn, 'expiring']),
          kind: 'open-banking',
          severity: 'warning',
          title: `Reconfirm your ${bank} connection by ${formatShortDate(endsOn)}`,
          message: `Your consent for SavvyPig to read your ${bank} accounts ends on ${formatShortDate(endsOn)}. Reconfirm it with your bank so your balances stay up to date.`,
          link: { label: 'Reconnect', href: OPEN_BANKING_HREF },
          date: endsOn,
        },
      ];
    }
    if (status === 'expired') {
      return [
        {
          id: notificationId('open-banking', connection.connectionId, [endsOn, 'expired']),
          kind: 'open-banking',
          severity: 'warning',
          title: `Your ${bank} connection has ended`,
          message: `SavvyPig can no longer update your ${bank} balances. Reconnect to keep them current; until then they stay as they were on the last sync.`,
          link: { label: 'Reconnect', href: OPEN_BANKING_HREF },
          date: rows.today,
        },
      ];
    }
    return [];
  });
}
