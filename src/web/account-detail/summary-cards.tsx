import { PiggyBank, TrendingUp, Wallet } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatPence } from '../../core/money/format.ts';
import type { AccountDetail } from './api.ts';

function SummaryCard({
  icon: Icon,
  label,
  pence,
  note,
  action,
}: {
  icon: LucideIcon;
  label: string;
  pence: number;
  note: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-5 text-card-foreground shadow-sm">
      <dt className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <Icon className="size-4" aria-hidden />
        {label}
      </dt>
      <dd className={`text-2xl font-semibold tabular-nums sm:text-3xl ${pence < 0 ? 'text-destructive' : ''}`}>
        {formatPence(pence)}
      </dd>
      <dd className="text-xs text-muted-foreground">{note}</dd>
      {action ? <dd className="mt-auto pt-1">{action}</dd> : null}
    </div>
  );
}

/**
 * The three summary cards at the top of the account (001 §2, §9). The balance follows the balance
 * rule (ADR 0022): with a stated balance (a starting balance or an update), it and the entries
 * from its date; without one, the sum of every transaction.
 */
export function SummaryCards({
  summary,
  hasStatedBalance,
  balanceAction,
}: {
  summary: AccountDetail['summary'];
  hasStatedBalance: boolean;
  /** The "Update balance" button, under the balance. */
  balanceAction?: ReactNode;
}) {
  return (
    <section aria-label="Account summary">
      <dl className="grid gap-4 sm:grid-cols-3">
        <SummaryCard
          icon={Wallet}
          label="Current Balance"
          pence={summary.currentBalancePence}
          note={
            hasStatedBalance ? 'Your latest stated balance plus the transactions since' : 'The sum of all transactions'
          }
          action={balanceAction}
        />
        <SummaryCard
          icon={TrendingUp}
          label="Avg Monthly Interest"
          pence={summary.avgMonthlyInterestPence}
          note="Over the months interest was paid in the last year"
        />
        <SummaryCard
          icon={PiggyBank}
          label="Lifetime Interest"
          pence={summary.lifetimeInterestPence}
          note="All interest recorded"
        />
      </dl>
    </section>
  );
}
