import { Clock, Info, Users } from 'lucide-react';
import { Link } from 'react-router';
import { formatPence } from '../../core/money/format.ts';
import { limitUseSentence } from '../../core/protection/explain.ts';
import { ALERT_PERCENT } from '../../core/protection/thresholds.ts';
import { isRegistered, paths } from '../app/paths.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Badge } from '../ui/badge.tsx';
import { cn } from '../ui/cn.ts';
import type { AccountLine, LicenceGroup } from './api.ts';
import { licenceLine, licenceStatus, shareNote, shortDate, type StatusWords } from './hub-words.ts';

const BAR_TONE = { success: 'bg-success', warning: 'bg-warning', destructive: 'bg-destructive', info: 'bg-info' };

/** A labelled amount in a `dl`: covered in green, at risk in red. */
export function Figure({ label, pence, tone }: { label: string; pence: number; tone?: 'success' | 'destructive' }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className={cn('text-sm', tone === 'success' ? 'text-success' : 'text-muted-foreground')}>{label}</dt>
      <dd className={cn('font-semibold tabular-nums', tone === 'destructive' && 'text-destructive')}>
        {formatPence(pence)}
      </dd>
    </div>
  );
}

export function AccountLines({ accounts }: { accounts: readonly AccountLine[] }) {
  return (
    <ul className="grid gap-2 text-sm">
      {accounts.map((account) => {
        const note = shareNote(account.holders);
        return (
          <li key={account.id} className="flex items-start justify-between gap-3">
            <span className="grid min-w-0 gap-0.5">
              {isRegistered('account') ? (
                <Link
                  to={paths.account(account.id)}
                  className="font-medium break-words underline decoration-muted-foreground/50 underline-offset-4 hover:decoration-foreground"
                >
                  {account.name}
                </Link>
              ) : (
                <span className="font-medium break-words">{account.name}</span>
              )}
              <span className="text-xs text-muted-foreground">
                {[account.bankName, note].filter(Boolean).join(' · ')}
              </span>
            </span>
            <span className="grid shrink-0 justify-items-end gap-0.5 text-right">
              <span className="tabular-nums">{formatPence(account.sharePence)}</span>
              {note ? (
                <span className="text-xs text-muted-foreground tabular-nums">
                  of {formatPence(account.balancePence)}
                </span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The parts of a licence group its bar and limit sentence need. */
type LicenceLimit = Pick<
  LicenceGroup,
  'alertLevel' | 'atRiskPence' | 'limitUsedPercent' | 'limit' | 'scheme' | 'temporaryHighBalance'
>;

/**
 * How much of the limit the licence uses, drawn (the sentence beside it says the same), with a
 * mark at 85%. Above 90% the amber bar is striped, so it differs from 85–90% in more than words.
 */
export function LimitBar({ group }: { group: LicenceLimit }) {
  const status = licenceStatus(group);
  const used = Math.min(100, group.limitUsedPercent ?? 100);
  return (
    <div className="relative h-2.5 rounded-full bg-muted" aria-hidden>
      <div
        className={cn('h-full rounded-full', BAR_TONE[status.tone])}
        style={{
          width: `${used}%`,
          ...(group.alertLevel === 'projected-breach'
            ? {
                backgroundImage:
                  'repeating-linear-gradient(135deg, transparent 0 4px, color-mix(in oklab, var(--foreground) 35%, transparent) 4px 6px)',
              }
            : {}),
        }}
      />
      <div className="absolute inset-y-[-3px] w-0.5 bg-foreground/60" style={{ left: `${ALERT_PERCENT}%` }} />
    </div>
  );
}

/** '116.7% of the £120,000 deposit limit per person.', or 'Covered in full until…' under a temporary high balance. */
export function limitSentence(group: LicenceLimit): string {
  return limitUseSentence(group);
}

/** A temporary high balance's window: 'protected until {date}', when it was credited, and what then. */
export function TemporaryHighBalanceNote({ thb }: { thb: NonNullable<LicenceGroup['temporaryHighBalance']> }) {
  return (
    <Alert variant="info">
      <Clock aria-hidden />
      <AlertTitle>
        {thb.endsOn ? `Temporary high balance: protected until ${shortDate(thb.endsOn)}` : 'Temporary high balance'}
      </AlertTitle>
      <AlertDescription>
        {thb.startedOn ? <p>Credited on {shortDate(thb.startedOn)}.</p> : null}
        <p>{thb.text}</p>
      </AlertDescription>
    </Alert>
  );
}

/** A group's name (an h3), what it is, and its state in words beside it. */
export function GroupHeading({
  id,
  title,
  subtitle,
  status,
}: {
  id?: string;
  title: string;
  subtitle: string | null;
  status: StatusWords;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0">
        <h3 id={id} className="text-lg leading-tight font-semibold break-words">
          {title}
        </h3>
        {subtitle ? <p className="mt-0.5 text-sm text-muted-foreground">{subtitle}</p> : null}
      </div>
      <Badge variant={status.tone} className="text-sm">
        <status.icon className="size-3.5!" aria-hidden />
        {status.text}
      </Badge>
    </div>
  );
}

/** 'Why one limit? Halifax and Bank of Scotland are brands of…', when the brands differ. */
export function SharedLimitReason({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <p className="flex gap-2 text-sm">
      <Info className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
      <span>
        <span className="font-medium">Why one limit? </span>
        {reason}
      </span>
    </p>
  );
}

/** How each joint account counts, one sentence each. */
export function JointShareLines({ sentences }: { sentences: readonly string[] }) {
  return sentences.map((sentence) => (
    <p key={sentence} className="flex gap-2 text-sm">
      <Users className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
      <span>{sentence}</span>
    </p>
  ));
}

/** One licence: its brands and accounts, total, covered and at risk, and why they share one limit. */
export function LicenceGroupCard({ group }: { group: LicenceGroup }) {
  const status = licenceStatus(group);
  const headingId = `licence-${group.key.replace(/[^a-z0-9]+/gi, '-')}`;
  const thb = group.temporaryHighBalance;
  const hasJoint = group.jointShares.length > 0;
  return (
    <article aria-labelledby={headingId} className="grid content-start gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <GroupHeading id={headingId} title={group.name} subtitle={licenceLine(group)} status={status} />
      <AccountLines accounts={group.accounts} />
      <dl className="grid gap-1.5 border-t pt-3">
        <Figure label={hasJoint ? 'Total (your share of joint accounts)' : 'Total'} pence={group.totalPence} />
        <Figure label="Covered" pence={group.coveredPence} tone="success" />
        <Figure label="At risk" pence={group.atRiskPence} tone={group.atRiskPence > 0 ? 'destructive' : undefined} />
      </dl>
      <div className="grid gap-1.5">
        <LimitBar group={group} />
        <p className="text-sm text-muted-foreground">{limitSentence(group)}</p>
      </div>
      <SharedLimitReason reason={group.sharedLimitReason} />
      <JointShareLines sentences={group.jointShares} />
      {thb ? <TemporaryHighBalanceNote thb={thb} /> : null}
    </article>
  );
}
