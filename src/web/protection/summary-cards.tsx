import { Building2, ShieldCheck, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { DIVERSIFIED_INSTITUTIONS } from '../../core/protection/thresholds.ts';
import { formatPence } from '../../core/money/format.ts';
import { Badge } from '../ui/badge.tsx';
import { Card, CardContent, CardHeader } from '../ui/card.tsx';
import { cn } from '../ui/cn.ts';
import type { ProtectionPicture } from './api.ts';

/** One summary figure: a title, its icon, the figure in large type and a line or two of words beneath. */
export function SummaryCard({
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
    <Card className="gap-2 py-5">
      <CardHeader className="flex-row items-center justify-between gap-2 px-5">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        {icon}
      </CardHeader>
      <CardContent className="grid gap-1 px-5">
        <p
          className={cn(
            'text-3xl font-semibold tabular-nums',
            tone === 'success' && 'text-success',
            tone === 'destructive' && 'text-destructive',
          )}
        >
          {figure}
        </p>
        <div className="text-sm text-muted-foreground">{children}</div>
      </CardContent>
    </Card>
  );
}

type Totals = ProtectionPicture['totals'];

/** Total Protected: FSCS-covered and government-backed money, of all the saver's money. */
export function TotalProtectedCard({ totals }: { totals: Totals }) {
  const safe = totals.protectedPence + totals.governmentBackedPence;
  return (
    <SummaryCard
      title="Total Protected"
      icon={<ShieldCheck className="size-5 text-success" aria-hidden />}
      figure={formatPence(safe)}
      tone="success"
    >
      <p>
        of {formatPence(totals.totalPence)} in all.{' '}
        {totals.governmentBackedPence > 0
          ? `${formatPence(totals.protectedPence)} by the FSCS and ${formatPence(totals.governmentBackedPence)} backed by HM Treasury.`
          : 'Protected by the FSCS.'}
      </p>
      {totals.otherSchemePence > 0 ? (
        <p>{formatPence(totals.otherSchemePence)} more is under another scheme (pensions).</p>
      ) : null}
    </SummaryCard>
  );
}

/** Unprotected Amount: over a limit, or where the FSCS does not cover it. */
export function UnprotectedAmountCard({ totals }: { totals: Totals }) {
  return (
    <SummaryCard
      title="Unprotected Amount"
      icon={
        <TriangleAlert
          className={cn('size-5', totals.atRiskPence > 0 ? 'text-destructive' : 'text-muted-foreground')}
          aria-hidden
        />
      }
      figure={formatPence(totals.atRiskPence)}
      tone={totals.atRiskPence > 0 ? 'destructive' : undefined}
    >
      <p>
        {totals.atRiskPence > 0
          ? 'Over a limit, or where the FSCS does not cover it.'
          : 'None of your money is over a limit.'}
      </p>
    </SummaryCard>
  );
}

/** The spec's three cards: Total Protected, Unprotected Amount, Banking Groups. */
export function SummaryCards({ picture }: { picture: ProtectionPicture }) {
  return (
    <section aria-label="Summary" className="grid gap-4 md:grid-cols-3">
      <TotalProtectedCard totals={picture.totals} />
      <UnprotectedAmountCard totals={picture.totals} />
      <SummaryCard
        title="Banking Groups"
        icon={<Building2 className="size-5 text-info" aria-hidden />}
        figure={String(picture.licenceCount)}
      >
        <p className="flex flex-wrap items-center gap-2">
          <span>{picture.licenceCount === 1 ? 'banking licence' : 'banking licences'} hold your money.</span>
          {picture.isDiversified ? (
            <Badge variant="success">Diversified</Badge>
          ) : (
            <span>Spread it over {DIVERSIFIED_INSTITUTIONS} or more to be diversified.</span>
          )}
        </p>
      </SummaryCard>
    </section>
  );
}
