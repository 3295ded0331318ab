import { ArrowRight, Link2, Lock, PiggyBank, RotateCcw, TriangleAlert } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { checkSavings } from '../../core/checker/check.ts';
import { formatLimit } from '../../core/checker/text.ts';
import { asAtDateProblem } from '../../core/protection/limits.ts';
import { useMe } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { paths } from '../app/paths.ts';
import { CheckerExplained } from '../features/checker-explained.tsx';
import { AsAtField } from '../protection/as-at-field.tsx';
import { useProtectionLimits } from '../protection/use-protection-limits.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent } from '../ui/card.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { AddRowForm } from './add-row-form.tsx';
import { ResultPanel } from './result-panel.tsx';
import { RowList } from './row-list.tsx';
import { useCheckerRows } from './use-checker-rows.ts';

export const LINK_COPIED = 'Link copied. It holds the amounts you entered, so share it only with people you trust.';
export const LINK_NOT_COPIED = 'The link could not be copied. Copy it from your browser’s address bar instead.';

async function copyLink() {
  try {
    await navigator.clipboard.writeText(window.location.href);
    notify.success(LINK_COPIED);
  } catch {
    notify.error(LINK_NOT_COPIED);
  }
}

function ResultSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-5">
      <span className="sr-only">Loading your check</span>
      <Skeleton className="h-5 w-4/5" />
      <Skeleton className="h-28 w-full rounded-lg" />
      <Skeleton className="h-40 w-full rounded-xl" />
    </div>
  );
}

function SignUpCallToAction() {
  const { data: me } = useMe();
  return (
    <section
      aria-labelledby="checker-cta-heading"
      className="mt-12 flex flex-col items-center gap-4 rounded-2xl bg-brand-soft px-6 py-10 text-center"
    >
      <PiggyBank className="size-10 text-brand" aria-hidden />
      <h2 id="checker-cta-heading" className="max-w-2xl text-2xl font-bold tracking-tight text-balance">
        Keep this check up to date with your real accounts
      </h2>
      <p className="max-w-xl text-foreground/80">
        SavvyPig tracks your balances, rates and maturity dates in one place, groups them by banking licence and warns
        you before you go over a limit.
      </p>
      <Button asChild size="lg" className="h-auto min-h-11 py-2 whitespace-normal text-center">
        {me ? (
          <Link to={paths.dashboard()}>
            Go to your dashboard
            <ArrowRight aria-hidden />
          </Link>
        ) : (
          <Link to={paths.signup()}>
            Track your real accounts free for 7 days
            <ArrowRight aria-hidden />
          </Link>
        )}
      </Button>
    </section>
  );
}

/** The public deposit protection checker: no sign-in, worked out in the browser, saved in the URL fragment. */
export function CheckerPage() {
  const { limits, override, isLoading } = useProtectionLimits();
  const checker = useCheckerRows();
  // '' or today: today's limits; an earlier date answers as at that day, with the limits then.
  const [asAt, setAsAt] = useState('');
  const asAtProblem = asAt === '' ? null : asAtDateProblem(asAt, limits.date);
  const date = asAt === '' || asAtProblem ? limits.date : asAt;
  const result = useMemo(() => checkSavings(checker.rows, { date, override }), [checker.rows, date, override]);
  const isBusy = isLoading || checker.isRestoring;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-14">
      <Badge variant="brand">Free · no sign-up needed</Badge>
      <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">Deposit protection checker</h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">
        The FSCS protects up to {formatLimit(limits.deposit.amountPence)} per person for each banking licence. Brands
        that share a licence share one limit. Add the money you have with each bank or building society to see how much
        of it is protected today.
      </p>
      <p className="mt-3 flex max-w-3xl gap-2 text-sm text-muted-foreground">
        <Lock className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
        The amounts you enter stay in your browser: the check is worked out on this page and saved only in its web
        address, after the # sign, which your browser never sends to us.
      </p>

      {checker.notice ? (
        <Alert variant="warning" className="mt-6" role="alert">
          <TriangleAlert aria-hidden />
          <AlertTitle>{checker.notice}</AlertTitle>
        </Alert>
      ) : null}
      {checker.restoreError ? (
        <Alert variant="destructive" className="mt-6" role="alert">
          <TriangleAlert aria-hidden />
          <AlertTitle>{checker.restoreError}</AlertTitle>
          <AlertDescription>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button size="sm" onClick={checker.retryRestore}>
                <RotateCcw aria-hidden />
                Try again
              </Button>
              <Button size="sm" variant="outline" onClick={checker.startAgain}>
                Start an empty check
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      ) : null}

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start">
        <section aria-labelledby="checker-money-heading" className="grid gap-6">
          <h2 id="checker-money-heading" className="sr-only">
            Your savings
          </h2>
          <Card>
            <CardContent>
              <AddRowForm
                today={limits.date}
                temporaryHighBalanceLimitPence={limits.temporaryHighBalance.amountPence}
                rowCount={checker.rows.length}
                disabled={isBusy}
                onAdd={checker.addRow}
              />
            </CardContent>
          </Card>
          {checker.isRestoring ? (
            <Skeleton className="h-24 w-full rounded-lg" />
          ) : (
            <RowList rows={checker.rows} onRemove={checker.removeRow} />
          )}
          <Card>
            <CardContent>
              <AsAtField
                value={asAt}
                onChange={setAsAt}
                today={limits.date}
                disabled={isBusy}
                description="The day a bank might fail. Leave it empty for today; an earlier date applies the limits in force then (£85,000 before 1 December 2025)."
              />
            </CardContent>
          </Card>
        </section>

        <section aria-labelledby="checker-result-heading" className="grid gap-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="checker-result-heading" className="text-2xl font-bold tracking-tight">
              Your result
            </h2>
            {checker.rows.length > 0 ? (
              <Button variant="outline" onClick={() => void copyLink()}>
                <Link2 aria-hidden />
                Copy link
              </Button>
            ) : null}
          </div>
          {isBusy ? (
            <ResultSkeleton />
          ) : (
            <ResultPanel result={result} rows={checker.rows} asAtToday={date === limits.date} />
          )}
          {checker.rows.length > 0 ? (
            <p className="text-sm text-muted-foreground">
              Bookmark this page or copy the link to come back to this check. Anyone with the link can see the amounts
              in it.
            </p>
          ) : null}
        </section>
      </div>

      <CheckerExplained />
      <SignUpCallToAction />
    </div>
  );
}
