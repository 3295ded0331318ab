/**
 * "Estimated tax on your savings interest this tax year" (issue 29): the dashboard's card, with
 * what it assumes said under the figure (ADR 0056).
 */
import { Calculator, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { TAX_BAND_NAMES } from '../../core/calculators/savings-tax.ts';
import { formatPence } from '../../core/money/format.ts';
import { isRegistered, paths } from '../app/paths.ts';
import { Button } from '../ui/button.tsx';
import { displayDate } from '../ui/date-format.ts';
import { SectionLoadError } from '../ui/section-states.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { type SavingsTaxEstimate, useSavingsTaxEstimate } from './savings-tax-api.ts';

export const SAVINGS_TAX_TITLE = 'Estimated tax on your savings interest this tax year';

function Row({ label, pence }: { label: string; pence: number }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4">
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatPence(pence)}</dd>
    </div>
  );
}

function EstimateBody({ estimate }: { estimate: SavingsTaxEstimate }) {
  const { tax, taxYear } = estimate;
  const isas = estimate.isaCount === 1 ? 'your ISA is' : `your ${estimate.isaCount} ISAs are`;
  return (
    <div className="grid gap-3 text-sm">
      {tax && estimate.band ? (
        <p>
          <span className="text-3xl font-semibold tabular-nums" data-testid="savings-tax-estimate">
            {formatPence(tax.taxPence)}
          </span>{' '}
          <span className="text-muted-foreground">
            for {taxYear.label}, as a {TAX_BAND_NAMES[estimate.band].toLowerCase()} taxpayer
          </span>
        </p>
      ) : (
        <p>Choose your income tax band in Settings to see the tax on this interest.</p>
      )}
      <dl className="grid gap-1.5">
        <Row label={`Interest paid since ${displayDate(taxYear.firstDay)}`} pence={estimate.earnedPence} />
        <Row label={`Still to come by ${displayDate(taxYear.lastDay)}`} pence={estimate.projectedPence} />
        {tax ? (
          <>
            <Row label="Personal Savings Allowance used" pence={tax.personalSavingsAllowancePence} />
            <Row label={`Taxed at ${tax.ratePercent}%`} pence={tax.taxablePence} />
          </>
        ) : null}
      </dl>
      <p className="text-xs text-muted-foreground">
        An estimate: interest recorded on your accounts since 6 April, then {estimate.daysLeft} more days at today’s
        balances and rates with nothing paid in or out. Joint accounts count your share;{' '}
        {estimate.isaCount > 0
          ? `${isas} left out, as ISA interest is tax-free`
          : 'ISAs are left out, as their interest is tax-free'}
        . It assumes your other income uses your personal allowance and the starting rate for savings, and that these
        are all your savings.
      </p>
      <div className="flex flex-wrap gap-2">
        {!estimate.band ? (
          <Button asChild size="sm">
            <Link to={paths.settings()}>
              <Settings aria-hidden />
              Choose your tax band
            </Link>
          </Button>
        ) : (
          <Button asChild size="sm" variant="outline">
            <Link to={paths.settings()}>
              <Settings aria-hidden />
              Change your tax band
            </Link>
          </Button>
        )}
        {isRegistered('featureSavingsCalculator') ? (
          <Button asChild size="sm" variant="outline">
            <Link to={paths.featureSavingsCalculator()}>
              <Calculator aria-hidden />
              Savings calculator
            </Link>
          </Button>
        ) : null}
      </div>
    </div>
  );
}

export function SavingsTaxCard() {
  const query = useSavingsTaxEstimate();
  let body = null;
  if (query.data) body = <EstimateBody estimate={query.data} />;
  else if (query.isError)
    body = (
      <SectionLoadError
        message="Failed to load the tax estimate"
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  else
    body = (
      <div role="status" aria-busy="true">
        <span className="sr-only">Loading the tax estimate</span>
        <Skeleton className="h-32 w-full rounded-lg" />
      </div>
    );
  return (
    <section
      aria-labelledby="savings-tax-heading"
      className="grid min-w-0 content-start gap-4 rounded-xl border bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id="savings-tax-heading" className="text-xl font-semibold">
        {SAVINGS_TAX_TITLE}
      </h2>
      {body}
    </section>
  );
}
