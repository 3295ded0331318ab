import { Building2, ShieldCheck, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { DIVERSIFIED_INSTITUTIONS } from '../../core/protection/thresholds.ts';
import { formatPence } from '../../core/money/format.ts';
import { Badge } from '../ui/badge.tsx';
import { Card, CardContent, CardHeader } from '../ui/card.tsx';
import { cn } from '../ui/cn.ts';
import type { ProtectionPicture } from './api.ts';

/**
 * One figure on a card: its title (a heading), an icon, the figure and a line or two about it.
 * `compact` for pages with many cards (Smart Pig's eight): smaller, two a row on phones.
 */
export function SummaryCard({
  title,
  icon,
  figure,
  tone,
  compact = false,
  children,
}: {
  title: string;
  icon: ReactNode;
  figure: string;
  tone?: 'success' | 'destructive';
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <Card className={compact ? 'gap-1 py-4' : 'gap-2 py-5'}>
      <CardHeader
        className={cn('flex-row justify-between gap-2', compact ? 'items-start px-3 sm:px-4' : 'items-center px-5')}
      >
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <span className="shrink-0">{icon}</span>
      </CardHeader>
      <CardContent className={cn('grid gap-1', compact ? 'px-3 sm:px-4' : 'px-5')}>
        <p
          className={cn(
            'font-semibold tabular-nums',
            compact ? 'text-xl sm:text-2xl' : 'text-3xl',
            tone === 'success' && 'text-success',
            tone === 'destructive' && 'text-destructive',
          )}
        >
          {figure}
        </p>
        <div className={cn('text-muted-foreground', compact ? 'text-xs' : 'text-sm')}>{children}</div>
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
      {totals.unknownPence > 0 ? (
        <p>{formatPence(totals.unknownPence)} more has protection unknown until its provider or bank is chosen.</p>
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
          <span>
            {picture.licenceCount === 1 ? 'banking licence holds' : 'banking licences hold'} your money
            {picture.investmentFirmCount > 0
              ? `, and ${picture.investmentFirmCount} ${picture.investmentFirmCount === 1 ? 'investment firm holds' : 'investment firms hold'} your investments`
              : ''}
            .
          </span>
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
