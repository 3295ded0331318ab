/**
 * The ISA allowance across every ISA the user holds, this tax year (issue 15): the headline
 * figures (used, left, limit) with a bar, every figure's sentence from core, what each ISA paid
 * in, and the ISA alerts about this account or the allowance. Figures and words are the
 * server's (core's isaAllowance and isaAlerts): the screen only lays them out.
 */
import { CircleAlert, Info, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { formatPence } from '../../core/money/format.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { SectionLoadError } from '../ui/section-states.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { cn } from '../ui/cn.ts';
import { errorMessage } from './api.ts';
import { type IsaAllowance, useIsaAllowance } from './isa-api.ts';

export const ALLOWANCE_TEXT = {
  heading: (label: string) => `ISA allowance ${label}`,
  across: 'Across all your ISAs, at every provider.',
  how: 'How these figures are worked out',
  loadFailed: (message: string) => `Failed to load your ISA allowance: ${message}`,
} as const;

type Alerts = IsaAllowance['alerts'];

const LEVEL = {
  critical: { variant: 'destructive', icon: CircleAlert, label: 'Urgent' },
  warning: { variant: 'warning', icon: TriangleAlert, label: 'Warning' },
  info: { variant: 'info', icon: Info, label: 'For information' },
} as const;

function IsaAlerts({ alerts }: { alerts: Alerts }) {
  if (alerts.length === 0) return null;
  return (
    <ul className="grid gap-2" aria-label="ISA alerts">
      {alerts.map((alert) => {
        const level = LEVEL[alert.level];
        const Icon = level.icon;
        return (
          <li key={alert.id}>
            <Alert variant={level.variant}>
              <Icon aria-hidden />
              <AlertTitle>
                <span className="sr-only">{level.label}: </span>
                {alert.title}
              </AlertTitle>
              <AlertDescription>
                <p>{alert.message}</p>
              </AlertDescription>
            </Alert>
          </li>
        );
      })}
    </ul>
  );
}

function Figure({ label, pence, tone }: { label: string; pence: number; tone?: 'over' }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('text-lg font-semibold tabular-nums', tone === 'over' && 'text-destructive')}>
        {formatPence(pence)}
      </dd>
    </div>
  );
}

/** The share of the limit used, as a bar (its figures are in words beside it). */
function UsageBar({ usedPence, limitPence }: { usedPence: number; limitPence: number }) {
  const percent = limitPence > 0 ? Math.min(100, Math.floor((usedPence * 100) / limitPence)) : 0;
  const tone = percent >= 95 ? 'bg-destructive' : percent >= 85 ? 'bg-warning' : 'bg-primary';
  return (
    <div
      role="progressbar"
      aria-label="ISA allowance used"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}% used`}
      className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
    >
      <div className={cn('h-full rounded-full', tone)} style={{ width: `${percent}%` }} />
    </div>
  );
}

export function IsaAllowancePanel({ accountId }: { accountId: string }) {
  const allowance = useIsaAllowance();
  const headingId = useId();
  const data = allowance.data;
  if (allowance.isError && !data) {
    return (
      <SectionLoadError
        message={ALLOWANCE_TEXT.loadFailed(errorMessage(allowance.error))}
        retrying={allowance.isFetching}
        onRetry={() => void allowance.refetch()}
      />
    );
  }
  if (!data) {
    return (
      <div className="grid gap-2" aria-hidden>
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-2.5 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  const { overall } = data;
  const alerts = data.alerts.filter((a) => a.accountId === null || a.accountId === accountId);
  const thisAccount = data.accounts.find((a) => a.accountId === accountId);
  return (
    <section aria-labelledby={headingId} className="grid gap-4 border-t pt-5">
      <div className="grid gap-1">
        <h3 id={headingId} className="font-semibold">
          {ALLOWANCE_TEXT.heading(data.taxYear.label)}
        </h3>
        <p className="text-sm text-muted-foreground">{ALLOWANCE_TEXT.across}</p>
      </div>
      <dl className="flex flex-wrap gap-x-8 gap-y-3">
        <Figure label="Used" pence={overall.usedPence} />
        <Figure
          label={overall.overPence > 0 ? 'Over the limit' : 'Left'}
          pence={overall.overPence > 0 ? overall.overPence : overall.remainingPence}
          tone={overall.overPence > 0 ? 'over' : undefined}
        />
        <Figure label="Allowance" pence={overall.limitPence} />
      </dl>
      <UsageBar usedPence={overall.usedPence} limitPence={overall.limitPence} />
      <p className="text-sm">{overall.words.remaining}</p>
      {thisAccount ? <p className="text-sm text-muted-foreground">{thisAccount.words}</p> : null}
      {thisAccount?.fundingWords ? <p className="text-sm text-muted-foreground">{thisAccount.fundingWords}</p> : null}
      {thisAccount?.startingBalanceWords ? (
        <p className="text-sm text-muted-foreground" data-testid="isa-starting-balance">
          {thisAccount.startingBalanceWords}
        </p>
      ) : null}
      <IsaAlerts alerts={alerts} />
      <details className="group rounded-lg border px-4 py-3 text-sm">
        <summary className="cursor-pointer font-medium">{ALLOWANCE_TEXT.how}</summary>
        <ul className="mt-3 grid list-disc gap-2 pl-5">
          {data.explanation.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
          {data.accounts.map((a) => (
            <li key={a.accountId}>{a.words}</li>
          ))}
        </ul>
      </details>
    </section>
  );
}
