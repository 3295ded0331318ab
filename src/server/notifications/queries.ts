/**
 * The notifications' reads: six statements sent together (one round trip on PostgreSQL),
 * however many accounts, terms or payments the user has:
 * - the dashboard's three (`readDashboardRows`: the accounts list's statement, the Hub's alert
 *   dismissals, and the interest settings with the rest of the dashboard's extras), so the
 *   figures are the dashboard's and the Hub's;
 * - the ISA allowance's own statement for the current tax year (`readIsaAllowanceRows`);
 * - the pension records' own statement (`readUserPensions`): every pension with its record,
 *   provider, transfers, and the user's contributions, drawdowns and date of birth;
 * - `notification_extras`, below: rate changes due, every account with terms (its terms and the
 *   transactions they read, the terms card's own select), the standing-order payments of the last
 *   7 days, the user's notification dismissals, the 'Account notifications' switch, the
 *   digest's kinds and the bank connections not disconnected (their consents' ends).
 */
import { sql } from 'drizzle-orm';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { addDays } from '../../core/dates/day-count.ts';
import { type TaxYear, taxYearOf } from '../../core/dates/tax-year.ts';
import { NOTIFICATION_HORIZONS as H } from '../../core/notifications/horizons.ts';
import type { StoredConnectionStatus } from '../../core/open-banking/rules.ts';
import { type DashboardRows, readDashboardRows } from '../dashboard/queries.ts';
import type { Tx } from '../db/client.ts';
import { preparedPerConnection, sentTogether } from '../db/prepared.ts';
import { readIsaAllowanceRows, type IsaAllowanceRow } from '../isa/queries.ts';
import { type PensionAccountView, readUserPensions } from '../pension/queries.ts';
import { termAccountsSelect, type TermAccountRow } from '../terms/queries.ts';
import { transactionsSince } from '../terms/term-json.ts';

export type RateChangeRow = {
  accountId: string;
  accountName: string;
  nextRateChange: CalendarDate;
  interestRateBps: number;
  rateChangeNotifications: boolean;
};

export type ProcessedPaymentRow = {
  transactionId: string;
  accountId: string;
  accountName: string;
  payeeName: string;
  amountPence: number;
  date: CalendarDate;
};

export type OpenBankingConsentRow = {
  connectionId: string;
  bankName: string;
  status: StoredConnectionStatus;
  consentExpiresAt: string;
};

type ExtrasRow = {
  openBanking: OpenBankingConsentRow[] | null;
  rateChanges: RateChangeRow[] | null;
  termAccounts: TermAccountRow[] | null;
  processed: ProcessedPaymentRow[] | null;
  dismissed: string[] | null;
  enabled: boolean | null;
  digestKinds: string[] | null;
};

export type NotificationReads = {
  dashboard: DashboardRows;
  isa: { accounts: IsaAllowanceRow[]; dateOfBirth: CalendarDate | null };
  taxYear: TaxYear;
  pensions: PensionAccountView[];
  rateChanges: RateChangeRow[];
  termAccounts: TermAccountRow[];
  processed: ProcessedPaymentRow[];
  dismissedIds: Set<string>;
  /** The user's 'Account notifications' switch (`user_settings.notifications_enabled`). */
  enabled: boolean;
  digestKinds: string[];
  openBanking: OpenBankingConsentRow[];
};

const userId = sql.placeholder('userId');
const today = sql.placeholder('today');

/** One row of JSON arrays and values (see the file's comment), prepared once per connection. */
const extrasStatement = preparedPerConnection((tx) =>
  tx
    .select({
      rateChanges: sql<RateChangeRow[] | null>`(select json_agg(json_build_object('accountId', a.id,
          'accountName', a.name, 'nextRateChange', a.next_rate_change, 'interestRateBps', a.interest_rate_bps,
          'rateChangeNotifications', a.rate_change_notifications))
        from accounts a where a.user_id = ${userId} and a.archived_at is null
          and a.next_rate_change between ${today}::date and ${sql.placeholder('rateChangesTo')}::date)`.as(
        'rate_changes',
      ),
      termAccounts: sql<TermAccountRow[] | null>`(select json_agg(row_to_json(ta)) from (${termAccountsSelect(
        sql`${userId}`,
        sql`${sql.placeholder('termsSince')}`,
        sql`${today}`,
        sql`exists (select 1 from account_terms e where e.account_id = a.id and e.user_id = ${userId})`,
      )}) ta)`.as('term_accounts'),
      processed: sql<ProcessedPaymentRow[] | null>`(select json_agg(json_build_object('transactionId', t.id,
          'accountId', t.account_id, 'accountName', a.name, 'payeeName', o.payee_name, 'amountPence', t.amount_pence,
          'date', t.date) order by t.date desc, t.id)
        from transactions t join standing_orders o on o.id = t.standing_order_id join accounts a on a.id = t.account_id and a.archived_at is null
        where t.user_id = ${userId} and t.standing_order_id is not null
          and t.date between ${sql.placeholder('processedFrom')}::date and ${today}::date)`.as('processed'),
      dismissed: sql<string[] | null>`(select json_agg(d.notification_id) from notification_dismissals d
        where d.user_id = ${userId})`.as('dismissed'),
      enabled: sql<
        boolean | null
      >`(select s.notifications_enabled from user_settings s where s.user_id = ${userId})`.as('enabled'),
      digestKinds: sql<string[] | null>`(select p.kinds from notification_digest_preferences p
        where p.user_id = ${userId})`.as('digest_kinds'),
      openBanking: sql<OpenBankingConsentRow[] | null>`(select json_agg(json_build_object('connectionId', c.id,
          'bankName', c.bank_name, 'status', c.status, 'consentExpiresAt', c.consent_expires_at))
        from open_banking_connections c where c.user_id = ${userId} and c.status <> 'revoked')`.as('open_banking'),
    })
    .from(sql`(select 1) as one`)
    .prepare('notification_extras'),
);

/** Everything the user's notifications are worked out from, on `today` (UK): six statements, sent together. */
export async function readNotificationReads(tx: Tx, forUserId: string, day: CalendarDate): Promise<NotificationReads> {
  const taxYear = taxYearOf(day);
  const [dashboard, isa, pensions, extrasRows] = await sentTogether(tx, () =>
    Promise.all([
      readDashboardRows(tx, forUserId, day),
      readIsaAllowanceRows(tx, forUserId, taxYear),
      readUserPensions(tx, forUserId),
      extrasStatement(tx).execute({
        userId: forUserId,
        today: day,
        rateChangesTo: addDays(day, H.rateChangeWithinDays),
        termsSince: transactionsSince(day),
        processedFrom: addDays(day, 1 - H.processedWithinDays),
      }) as Promise<ExtrasRow[]>,
    ]),
  );
  const extras = extrasRows[0];
  return {
    dashboard,
    isa,
    taxYear,
    pensions,
    rateChanges: extras?.rateChanges ?? [],
    termAccounts: extras?.termAccounts ?? [],
    processed: (extras?.processed ?? []).map((p) => ({ ...p, amountPence: Number(p.amountPence) })),
    dismissedIds: new Set(extras?.dismissed ?? []),
    enabled: extras?.enabled ?? true,
    digestKinds: extras?.digestKinds ?? [],
    openBanking: extras?.openBanking ?? [],
  };
}
