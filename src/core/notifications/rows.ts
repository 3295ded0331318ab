/**
 * What the notifications are worked out from: the user's rows as the server reads them (one
 * field per source), already through the engines that own their rules (the protection picture's
 * alerts, the ISA alerts, the term statuses, each pension's summary). A source whose feature the user's plan lacks is
 * given nothing (null) and says nothing.
 */
import type { InterestTerms } from '../dashboard/coming-up.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import type { IsaAlert } from '../isa/alerts.ts';
import type { PensionAlert } from '../pension/alerts.ts';
import type { ProtectionAlert } from '../protection/alerts.ts';
import type { SubscriptionFacts } from '../subscriptions/access.ts';
import type { StoredConnectionStatus } from '../open-banking/rules.ts';
import type { MaturityFacts } from '../terms/maturity.ts';
import type { TermAlert, TermStatus } from '../terms/status.ts';

export type NamedAccount = { accountId: string; accountName: string };

export type NotificationRows = {
  today: CalendarDate;
  /**
   * The protection picture's alerts and its licences' temporary high balances. `hasHub` false (a
   * plan without the Protection Hub): only money over a limit is told, as a plain fact with where
   * to see it (never "nothing needs your attention" while money is over a limit). Null: no picture.
   */
  protection: {
    hasHub?: boolean;
    alerts: readonly ProtectionAlert[];
    temporaryHighBalances: ReadonlyArray<{
      key: string;
      name: string;
      endsOn: CalendarDate | null;
      coveredPence: number;
    }>;
  } | null;
  /** The interest settings of the accounts paying interest. */
  interest: ReadonlyArray<InterestTerms & NamedAccount>;
  /** Accounts with a next rate change set. */
  rateChanges: ReadonlyArray<
    NamedAccount & { nextRateChange: CalendarDate; interestRateBps: number; rateChangeNotifications: boolean }
  >;
  /** The ISA alerts for today and the first ISA's id (allowance alerts link to its page); null without ISAs in the plan. */
  isa: { alerts: readonly IsaAlert[]; firstIsaAccountId: string | null } | null;
  /** Every term, evaluated today. */
  terms: ReadonlyArray<
    NamedAccount & {
      id: string;
      label: string;
      status: TermStatus;
      alerts: readonly TermAlert[];
      /** The term's switch is on and it warns, alerts or has expired (`notifiesAbout`). */
      notifies: boolean;
    }
  >;
  /**
   * Fixed-term accounts' maturity facts (`maturityDate`, issue 24); an account with a fixed-term
   * term is reminded by that term's own alerts. None when absent.
   */
  maturities?: ReadonlyArray<NamedAccount & MaturityFacts>;
  /** Standing-order payments made in the last `PROCESSED_WITHIN_DAYS` days. */
  processedPayments: ReadonlyArray<
    NamedAccount & { transactionId: string; payeeName: string; amountPence: number; date: CalendarDate }
  >;
  /** Each pension's alerts today (`pensionSummary`), by account; null without pensions in the plan. */
  pensions: ReadonlyArray<NamedAccount & { alerts: readonly PensionAlert[] }> | null;
  /**
   * The user's `subscriptions` row (read with the session) and the instant the grace period and
   * reminders are counted at; null without a row (a user from before subscriptions, ADR 0036).
   */
  subscription: { facts: SubscriptionFacts; now: Date } | null;
  /**
   * The saver's bank connections not disconnected (issue 32), and the instant their consents are
   * judged at; null or absent without Open Banking in the plan.
   */
  openBanking?: {
    now: Date;
    connections: ReadonlyArray<{
      connectionId: string;
      bankName: string;
      status: StoredConnectionStatus;
      /** ISO instant. */
      consentExpiresAt: string;
    }>;
  } | null;
};
