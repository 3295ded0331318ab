import {
  CircleAlert,
  CircleCheck,
  Clock,
  Info,
  Landmark,
  type LucideIcon,
  ShieldCheck,
  TriangleAlert,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { CheckResult, LicenceResult, OutsideResult } from '../../core/checker/check.ts';
import { formatLongDate, holdersLabel } from '../../core/checker/text.ts';
import { formatPence } from '../../core/money/format.ts';
import { limitUseSentence } from '../../core/protection/explain.ts';
import { holderSharePence } from '../../core/protection/holder-share.ts';
import { ALERT_LEVEL_WORDS, limitUsedPercent } from '../../core/protection/thresholds.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Badge } from '../ui/badge.tsx';
import { cn } from '../ui/cn.ts';
import type { PageRow } from './use-checker-rows.ts';

type Tone = 'success' | 'warning' | 'destructive' | 'info';

function StatusBadge({ tone, icon: Icon, children }: { tone: Tone; icon: LucideIcon; children: ReactNode }) {
  return (
    <Badge variant={tone} className="text-sm">
      <Icon className="size-3.5!" aria-hidden />
      {children}
    </Badge>
  );
}

const TONE_TEXT = { success: 'text-success', destructive: 'text-destructive' } as const;

function Figure({ label, pence, tone }: { label: string; pence: number; tone?: keyof typeof TONE_TEXT }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className={cn('text-sm', tone ? TONE_TEXT[tone] : 'text-muted-foreground')}>{label}</dt>
      <dd className={cn('font-semibold tabular-nums', tone === 'destructive' && 'text-destructive')}>
        {formatPence(pence)}
      </dd>
    </div>
  );
}

/** How much of a licence is covered, drawn as a bar (the figures beside it say the same in words). */
function CoverBar({ covered, total }: { covered: number; total: number }) {
  const percent = total > 0 ? (covered / total) * 100 : 100;
  return (
    <div className="h-2.5 overflow-hidden rounded-full bg-destructive/25" aria-hidden>
      <div className="h-full rounded-full bg-success" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** The licence's state in the signed-in screens' words: close to the limit (85–90%) and a projected breach (above 90%) differ. */
function licenceStatus({ exposure }: LicenceResult): { tone: Tone; icon: LucideIcon; text: string } {
  if (exposure.uncoveredPence > 0)
    return { tone: 'destructive', icon: TriangleAlert, text: `${formatPence(exposure.uncoveredPence)} not protected` };
  if (exposure.alertLevel !== 'none')
    return { tone: 'warning', icon: CircleAlert, text: ALERT_LEVEL_WORDS[exposure.alertLevel] };
  return { tone: 'success', icon: CircleCheck, text: ALERT_LEVEL_WORDS.none };
}

function RowLines({ rows }: { rows: readonly PageRow[] }) {
  return (
    <ul className="grid gap-1 text-sm">
      {rows.map((row) => (
        <li key={row.key} className="flex items-baseline justify-between gap-3">
          <span className="min-w-0">
            {row.bank.bankName}
            <span className="text-muted-foreground">
              {' '}
              · {holdersLabel(row.holders)}
              {row.holders > 1 ? `, your share` : ''}
            </span>
          </span>
          <span className="shrink-0 tabular-nums">{formatPence(holderSharePence(row.amountPence, row.holders))}</span>
        </li>
      ))}
    </ul>
  );
}

function LicenceCard({ licence, rows }: { licence: LicenceResult; rows: readonly PageRow[] }) {
  const { exposure } = licence;
  const status = licenceStatus(licence);
  const headingId = `licence-${exposure.key.replace(/[^a-z0-9]+/gi, '-')}`;
  return (
    <article aria-labelledby={headingId} className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-lg font-semibold leading-tight">
            {exposure.name}
          </h3>
          <p className="mt-0.5 text-sm text-muted-foreground">
            {exposure.frn ? `Banking licence · FRN ${exposure.frn}` : 'Banking licence'}
          </p>
        </div>
        <StatusBadge tone={status.tone} icon={status.icon}>
          {status.text}
        </StatusBadge>
      </header>
      <RowLines rows={licence.rowIndexes.map((i) => rows[i]!)} />
      <dl className="grid gap-1.5 border-t pt-3">
        <Figure
          label={licence.hasJoint ? 'Your total here (your share of joint accounts)' : 'Your total here'}
          pence={exposure.totalPence}
        />
        <Figure label="Protected" pence={exposure.coveredPence} tone="success" />
        <Figure
          label="Not protected"
          pence={exposure.uncoveredPence}
          tone={exposure.uncoveredPence > 0 ? 'destructive' : undefined}
        />
      </dl>
      <CoverBar covered={exposure.coveredPence} total={exposure.totalPence} />
      <p className="text-sm text-muted-foreground">
        {limitUseSentence({
          scheme: exposure.scheme,
          limit: exposure.limit,
          limitUsedPercent: limitUsedPercent(
            exposure.totalPence - exposure.temporaryHighBalanceCoveredPence,
            exposure.limit.amountPence,
          ),
          atRiskPence: exposure.uncoveredPence,
          temporaryHighBalance: {
            coveredPence: exposure.temporaryHighBalanceCoveredPence,
            endsOn: exposure.temporaryHighBalanceRevertsOn,
          },
        })}
      </p>
      {licence.sharing ? (
        <p className="flex gap-2 text-sm">
          <Info className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
          <span>
            <span className="font-medium">Why one limit? </span>
            {licence.sharing}
          </span>
        </p>
      ) : null}
      {licence.temporaryHighBalance ? (
        <Alert variant="info">
          <Clock aria-hidden />
          <AlertTitle>Temporary high balance</AlertTitle>
          <AlertDescription>{licence.temporaryHighBalance}</AlertDescription>
        </Alert>
      ) : null}
    </article>
  );
}

function OutsideCard({ outside, rows }: { outside: OutsideResult; rows: readonly PageRow[] }) {
  const headingId = `outside-${outside.bank.id}`;
  const message = outside.bank.userMessage?.trim();
  return (
    <article aria-labelledby={headingId} className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-lg font-semibold leading-tight">
            {outside.bank.bankName}
          </h3>
          {outside.bank.legalName !== outside.bank.bankName ? (
            <p className="mt-0.5 text-sm text-muted-foreground">{outside.bank.legalName}</p>
          ) : null}
        </div>
        {outside.isGovernmentBacked ? (
          <StatusBadge tone="success" icon={Landmark}>
            {outside.status}
          </StatusBadge>
        ) : (
          <StatusBadge tone="destructive" icon={TriangleAlert}>
            {outside.status}
          </StatusBadge>
        )}
      </header>
      <RowLines rows={outside.rowIndexes.map((i) => rows[i]!)} />
      <dl className="grid gap-1.5 border-t pt-3">
        {outside.isGovernmentBacked ? (
          <Figure label="Backed by HM Treasury" pence={outside.sharePence} tone="success" />
        ) : (
          <Figure label="Not protected by the FSCS" pence={outside.sharePence} tone="destructive" />
        )}
      </dl>
      <p className="text-sm">{outside.reason}</p>
      {message && message !== outside.reason ? <p className="text-sm text-muted-foreground">{message}</p> : null}
    </article>
  );
}

function Totals({ result }: { result: CheckResult }) {
  const { totals } = result.report;
  return (
    <section aria-labelledby="checker-totals-heading" className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm">
      <h3 id="checker-totals-heading" className="text-lg font-semibold">
        Totals
      </h3>
      <dl className="grid gap-1.5">
        <Figure label="All your money" pence={totals.totalPence} />
        <Figure label="Protected by the FSCS" pence={totals.protectedPence} tone="success" />
        {totals.governmentBackedPence > 0 ? (
          <Figure label="Backed by HM Treasury" pence={totals.governmentBackedPence} tone="success" />
        ) : null}
        <Figure
          label="Not protected"
          pence={totals.unprotectedPence}
          tone={totals.unprotectedPence > 0 ? 'destructive' : undefined}
        />
      </dl>
      <CoverBar covered={totals.protectedPence + totals.governmentBackedPence} total={totals.totalPence} />
      {result.diversification ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {result.report.isDiversified ? (
            <Badge variant="success">
              <ShieldCheck className="size-3.5!" aria-hidden />
              Diversified
            </Badge>
          ) : null}
          <span>{result.diversification}</span>
        </p>
      ) : null}
    </section>
  );
}

/**
 * The answer: today's limit, the plain-English summary (read out when it changes), totals, one
 * card per licence and one per bank outside the FSCS.
 */
export function ResultPanel({
  result,
  rows,
  asAtToday = true,
}: {
  result: CheckResult;
  rows: readonly PageRow[];
  /** False when the visitor chose an earlier date to answer as at. */
  asAtToday?: boolean;
}) {
  const hasRows = rows.length > 0;
  const overall = result.report.totals.unprotectedPence > 0 ? 'destructive' : 'success';
  return (
    <div className="grid gap-5">
      <p className="flex gap-2 text-sm">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
        <span>
          <span className="font-medium">
            {asAtToday ? 'The limit today: ' : `The limit on ${formatLongDate(result.report.date)}: `}
          </span>
          {result.limit}
        </span>
      </p>
      <Alert variant={hasRows ? overall : 'info'}>
        {hasRows && overall === 'destructive' ? (
          <TriangleAlert aria-hidden />
        ) : hasRows ? (
          <CircleCheck aria-hidden />
        ) : (
          <Info aria-hidden />
        )}
        <AlertTitle>In plain English</AlertTitle>
        <AlertDescription>
          <div id="checker-summary" aria-live="polite" aria-atomic="true" className="grid gap-2">
            {result.summary.map((sentence) => (
              <p key={sentence}>{sentence}</p>
            ))}
          </div>
        </AlertDescription>
      </Alert>
      {hasRows ? (
        <>
          <Totals result={result} />
          {result.licences.map((licence) => (
            <LicenceCard key={licence.exposure.key} licence={licence} rows={rows} />
          ))}
          {result.outside.map((outside) => (
            <OutsideCard key={outside.bank.id} outside={outside} rows={rows} />
          ))}
        </>
      ) : null}
    </div>
  );
}
