import { ShieldHalf, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { formatPence } from '../../core/money/format.ts';
import { isRegistered, paths } from '../app/paths.ts';
import { SummaryCard, TotalProtectedCard, UnprotectedAmountCard } from '../protection/summary-cards.tsx';
import type { AccountList } from './api.ts';

/**
 * The top of /accounts: the total balance, and how much of the money is protected and at risk:
 * the Protection Hub's own cards and figures (the same picture code on the same accounts).
 */
export function AccountsTotals({ list }: { list: AccountList }) {
  const { count, max } = list.cap;
  const { totals } = list.protection;
  const hasJointShare = totals.totalPence !== list.totalBalancePence;
  return (
    <section aria-label="Your money" className="grid gap-3">
      <div className="grid gap-4 md:grid-cols-3">
        <SummaryCard
          title="Total balance"
          icon={<Wallet className="size-5 text-muted-foreground" aria-hidden />}
          figure={formatPence(list.totalBalancePence)}
        >
          <p aria-live="polite">
            {count === 1 ? '1 account' : `${count} accounts`}
            {max !== null ? ` of ${max} on your plan` : ''}
          </p>
          {hasJointShare ? <p>Counting only your share of joint accounts: {formatPence(totals.totalPence)}.</p> : null}
        </SummaryCard>
        <TotalProtectedCard totals={totals} />
        <UnprotectedAmountCard totals={totals} />
      </div>
      {isRegistered('protection') ? (
        <p className="text-sm">
          <Link
            to={paths.protection()}
            className="inline-flex items-center gap-1.5 font-medium underline underline-offset-4"
          >
            <ShieldHalf className="size-4" aria-hidden />
            See your protection licence by licence in the Protection Hub
          </Link>
        </p>
      ) : null}
    </section>
  );
}
