import { Building2, Coins, Percent, PiggyBank, ShieldCheck, TrendingUp, TriangleAlert, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatRate } from '../../core/accounts/interest-rate.ts';
import { formatPence } from '../../core/money/format.ts';
import { DIVERSIFIED_INSTITUTIONS } from '../../core/protection/thresholds.ts';
import { Card, CardContent, CardHeader } from '../ui/card.tsx';
import { cn } from '../ui/cn.ts';
import type { SmartPig } from './api.ts';

function MetricCard({
  title,
  icon,
  figure,
  tone,
  children,
}: {
  title: string;
  icon: ReactNode;
  figure: string;
  tone?: 'success' | 'destructive';
  children: ReactNode;
}) {
  return (
    <Card className="gap-1 py-4">
      <CardHeader className="flex-row items-start justify-between gap-2 px-3 sm:px-4">
        <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
        <span className="shrink-0">{icon}</span>
      </CardHeader>
      <CardContent className="grid gap-1 px-3 sm:px-4">
        <p
          className={cn(
            'text-xl font-semibold tabular-nums sm:text-2xl',
            tone === 'success' && 'text-success',
            tone === 'destructive' && 'text-destructive',
          )}
        >
          {figure}
        </p>
        <p className="text-xs text-muted-foreground">{children}</p>
      </CardContent>
    </Card>
  );
}

/** The spec's metric cards (002 §3 "Metrics"), the answer first: money at risk and what moving earns. */
export function MetricCards({ metrics }: { metrics: SmartPig['metrics'] }) {
  const atRisk = metrics.unprotectedDepositsPence > 0;
  const breaches = metrics.projectedBreaches;
  return (
    <section aria-labelledby="metrics-heading" className="grid gap-3">
      <h2 id="metrics-heading" className="sr-only">
        Your figures
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <MetricCard
          title="Unprotected deposits"
          icon={
            <TriangleAlert
              className={cn('size-5', atRisk ? 'text-destructive' : 'text-muted-foreground')}
              aria-hidden
            />
          }
          figure={formatPence(metrics.unprotectedDepositsPence)}
          tone={atRisk ? 'destructive' : undefined}
        >
          {atRisk ? 'Over a limit, or where the FSCS does not cover it.' : 'None of your money is over a limit.'}
        </MetricCard>
        <MetricCard
          title="Potential extra interest"
          icon={<TrendingUp className="size-5 text-success" aria-hidden />}
          figure={formatPence(metrics.potentialExtraInterestPence)}
        >
          A year, before tax, if you follow every suggestion.
        </MetricCard>
        <MetricCard
          title="Estimated net gain"
          icon={<Coins className="size-5 text-success" aria-hidden />}
          figure={formatPence(metrics.estimatedNetGainPence)}
        >
          A year, after 20% tax on the interest.
        </MetricCard>
        <MetricCard
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
        </MetricCard>
        <MetricCard
          title="Total balance"
          icon={<Wallet className="size-5 text-info" aria-hidden />}
          figure={formatPence(metrics.totalBalancePence)}
        >
          Your share of every account you track.
        </MetricCard>
        <MetricCard
          title="Average rate"
          icon={<Percent className="size-5 text-info" aria-hidden />}
          figure={formatRate(metrics.averageRateBps)}
        >
          Weighted by how much each account holds.
        </MetricCard>
        <MetricCard
          title="Protected balance"
          icon={<ShieldCheck className="size-5 text-success" aria-hidden />}
          figure={formatPence(metrics.protectedBalancePence)}
          tone="success"
        >
          Covered by the FSCS or backed by the government.
        </MetricCard>
        <MetricCard
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
        </MetricCard>
      </div>
    </section>
  );
}
