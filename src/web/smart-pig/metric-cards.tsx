import { Building2, Coins, Percent, PiggyBank, ShieldCheck, TrendingUp, TriangleAlert, Wallet } from 'lucide-react';
import { formatRate } from '../../core/accounts/interest-rate.ts';
import { formatPence } from '../../core/money/format.ts';
import { DIVERSIFIED_INSTITUTIONS } from '../../core/protection/thresholds.ts';
import { SummaryCard } from '../protection/summary-cards.tsx';
import { cn } from '../ui/cn.ts';
import type { SmartPig } from './api.ts';

/** The spec's metric cards (002 §3 "Metrics"), the answer first: money at risk and what moving earns. */
export function MetricCards({ metrics }: { metrics: SmartPig['metrics'] }) {
  const atRisk = metrics.unprotectedDepositsPence > 0;
  const breaches = metrics.projectedBreaches;
  return (
    <section aria-label="Your figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <SummaryCard
        compact
        title="Unprotected deposits"
        icon={
          <TriangleAlert className={cn('size-5', atRisk ? 'text-destructive' : 'text-muted-foreground')} aria-hidden />
        }
        figure={formatPence(metrics.unprotectedDepositsPence)}
        tone={atRisk ? 'destructive' : undefined}
      >
        {atRisk ? 'Over a limit, or where the FSCS does not cover it.' : 'None of your money is over a limit.'}
      </SummaryCard>
      <SummaryCard
        compact
        title="Potential extra interest"
        icon={<TrendingUp className="size-5 text-success" aria-hidden />}
        figure={formatPence(metrics.potentialExtraInterestPence)}
      >
        A year, before tax, if you follow every suggestion.
      </SummaryCard>
      <SummaryCard
        compact
        title="Estimated net gain"
        icon={<Coins className="size-5 text-success" aria-hidden />}
        figure={formatPence(metrics.estimatedNetGainPence)}
      >
        A year, after {metrics.netGainTax} on the interest
        {/* A move into an ISA also frees the interest the money already earns from tax. */}
        {metrics.estimatedNetGainPence > metrics.potentialExtraInterestPence
          ? ', with the tax an ISA saves on the interest your money already earns.'
          : '.'}
      </SummaryCard>
      <SummaryCard
        compact
        title="Projected breaches"
        icon={
          <TriangleAlert
            className={cn('size-5', breaches > 0 ? 'text-warning' : 'text-muted-foreground')}
            aria-hidden
          />
        }
        figure={String(breaches)}
      >
        {breaches === 1 ? 'Banking group' : 'Banking groups'} above 90% of the limit.
      </SummaryCard>
      <SummaryCard
        compact
        title="Total balance"
        icon={<Wallet className="size-5 text-info" aria-hidden />}
        figure={formatPence(metrics.totalBalancePence)}
      >
        Your share of every account you track.
      </SummaryCard>
      <SummaryCard
        compact
        title="Average rate"
        icon={<Percent className="size-5 text-info" aria-hidden />}
        figure={formatRate(metrics.averageRateBps)}
      >
        Weighted by how much each account holds, over accounts that earn cash interest (not stocks and shares ISAs or
        pensions).
      </SummaryCard>
      <SummaryCard
        compact
        title="Protected balance"
        icon={<ShieldCheck className="size-5 text-success" aria-hidden />}
        figure={formatPence(metrics.protectedBalancePence)}
        tone="success"
      >
        Covered by the FSCS or backed by the government.
      </SummaryCard>
      <SummaryCard
        compact
        title="Banking groups"
        icon={
          metrics.bankingGroupCount >= DIVERSIFIED_INSTITUTIONS ? (
            <PiggyBank className="size-5 text-success" aria-hidden />
          ) : (
            <Building2 className="size-5 text-info" aria-hidden />
          )
        }
        figure={String(metrics.bankingGroupCount)}
      >
        {metrics.bankingGroupCount >= DIVERSIFIED_INSTITUTIONS
          ? `Diversified: ${DIVERSIFIED_INSTITUTIONS} or more hold your money.`
          : `Spread your money over ${DIVERSIFIED_INSTITUTIONS} or more to be diversified.`}
      </SummaryCard>
    </section>
  );
}
