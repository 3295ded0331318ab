import { PiggyBank, TrendingUp, Wallet } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { formatPence } from '../../core/money/format.ts';
import type { AccountDetail } from './api.ts';

function SummaryCard({
  icon: Icon,
  label,
  pence,
  note,
}: {
  icon: LucideIcon;
  label: string;
  pence: number;
  note: string;
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
    </div>
  );
}

/** The three summary cards at the top of the account (001 §2, §9). */
export function SummaryCards({ summary }: { summary: AccountDetail['summary'] }) {
  return (
    <section aria-label="Account summary">
      <dl className="grid gap-4 sm:grid-cols-3">
        <SummaryCard
          icon={Wallet}
          label="Current Balance"
          pence={summary.currentBalancePence}
          note="The sum of all transactions"
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
