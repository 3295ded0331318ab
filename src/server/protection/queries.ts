/**
 * The Protection Hub's reads and writes. The picture is two named statements sent together (one
 * round trip on PostgreSQL), however many accounts: the accounts list's own statement (accounts,
 * banks, the admin's deposit limit override) and the user's alert dismissals.
 */
import { eq, sql } from 'drizzle-orm';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import type { AlertDismissal } from '../../core/protection/alerts.ts';
import { listUserAccounts, type UserAccounts } from '../accounts/queries.ts';
import type { Tx } from '../db/client.ts';
import { preparedPerConnection, sentTogether } from '../db/prepared.ts';
import { protectionAlertDismissals } from '../db/schema/index.ts';

const userId = sql.placeholder('userId');

const dismissalsStatement = preparedPerConnection((tx) =>
  tx
    .select({
      alertId: protectionAlertDismissals.alertId,
      signature: protectionAlertDismissals.signature,
      dismissedAt: protectionAlertDismissals.dismissedAt,
    })
    .from(protectionAlertDismissals)
    .where(eq(protectionAlertDismissals.userId, userId))
    .prepare('protection_alert_dismissals'),
);

export type ProtectionRows = { accounts: UserAccounts; dismissals: AlertDismissal[] };

/** The user's accounts with their protection facts, and their alert dismissals: two statements, sent together. */
export async function readProtectionRows(tx: Tx, forUserId: string, today: CalendarDate): Promise<ProtectionRows> {
  const [accounts, dismissals] = await sentTogether(tx, () =>
    Promise.all([listUserAccounts(tx, forUserId, today), dismissalsStatement(tx).execute({ userId: forUserId })]),
  );
  return { accounts, dismissals };
}

/** Records (or replaces) the user's dismissal of one alert with the figures it was dismissed on. */
export async function saveAlertDismissal(tx: Tx, forUserId: string, dismissal: AlertDismissal): Promise<void> {
  await tx
    .insert(protectionAlertDismissals)
    .values({ userId: forUserId, ...dismissal })
    .onConflictDoUpdate({
      target: [protectionAlertDismissals.userId, protectionAlertDismissals.alertId],
      set: { signature: dismissal.signature, dismissedAt: dismissal.dismissedAt },
    });
}
