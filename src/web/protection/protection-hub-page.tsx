import { Plus, Printer, ShieldHalf, Sparkles, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatLimit } from '../../core/checker/text.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { asAtDateProblem } from '../../core/protection/limits.ts';
import { ALERT_PERCENT, THRESHOLDS_TEXT } from '../../core/protection/thresholds.ts';
import { hasStatus } from '../app/api.ts';
import { isRegistered, paths } from '../app/paths.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';
import { NeedsBigPig } from '../ui/needs-big-pig.tsx';
import { SectionLoadError, SectionSkeleton } from '../ui/section-states.tsx';
import { AlertList } from './alert-list.tsx';
import { AsAtField } from './as-at-field.tsx';
import { type ProtectionPicture, useProtectionPicture } from './api.ts';
import { BADGE_WORDS, groupsHeading, longDate, safePercent } from './hub-words.ts';
import { LicenceGroupCard } from './licence-group-card.tsx';
import { OutsideGroupCard } from './outside-group-card.tsx';
import { PrintSummary } from './print-summary.tsx';
import { SummaryCards } from './summary-cards.tsx';

/** The buttons the spec names: to Smart Pig (once that page exists) and to /accounts. */
function HubActions() {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" variant="outline" onClick={() => window.print()}>
        <Printer aria-hidden />
        Print summary
      </Button>
      <Button asChild variant="outline">
        <Link to={paths.accounts()}>
          <Wallet aria-hidden />
          Manage accounts
        </Link>
      </Button>
      {isRegistered('smartPig') ? (
        <Button asChild>
          <Link to={paths.smartPig()}>
            <Sparkles aria-hidden />
            Smart Pig suggestions
          </Link>
        </Button>
      ) : null}
    </div>
  );
}

function Headline({ picture }: { picture: ProtectionPicture }) {
  const badge = BADGE_WORDS[picture.badge];
  const percent = safePercent(picture.totals);
  const deposit = picture.limits.deposit;
  return (
    <div className="grid gap-2">
      <p className="flex flex-wrap items-center gap-2">
        <Badge variant={badge.tone} className="text-sm">
          <badge.icon className="size-3.5!" aria-hidden />
          {badge.text}
        </Badge>
        {percent !== null ? (
          <span className="text-sm">{percent}% of your money is protected or backed by the government.</span>
        ) : null}
      </p>
      <p className="text-sm text-muted-foreground">
        On {longDate(picture.date)} the FSCS limit is {formatLimit(deposit.amountPence)} per person per banking licence
        {deposit.isOverride
          ? ' (a limit set by SavvyPig in place of the legal one).'
          : `, in force since ${longDate(deposit.effectiveFrom)}.`}
      </p>
    </div>
  );
}

function EmptyHub() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>No accounts yet</CardTitle>
        <CardDescription>
          Add the accounts you hold and the Protection Hub shows how much of your money is protected, licence by
          licence.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={paths.accountNew()}>
            <Plus aria-hidden />
            Add an account
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.featureFscsProtectionChecker()}>
            <ShieldHalf aria-hidden />
            Try the protection checker
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function HubContent({ picture, isAsAt }: { picture: ProtectionPicture; isAsAt: boolean }) {
  if (picture.groups.length === 0 && picture.outside.length === 0) return <EmptyHub />;
  return (
    <>
      <Headline picture={picture} />
      {isAsAt ? (
        <p className="text-sm font-medium">
          Your balances today, against the limits in force on {longDate(picture.date)}.
        </p>
      ) : null}
      <SummaryCards picture={picture} />
      <AlertList alerts={picture.alerts} dismissible={!isAsAt} />
      {picture.groups.length > 0 ? (
        <section aria-labelledby="licences-heading" className="grid gap-3">
          <h2 id="licences-heading" className="text-xl font-semibold">
            {groupsHeading(picture.groups)}
          </h2>
          <p className="text-sm text-muted-foreground">
            The FSCS limit applies per person to each banking licence, whichever of its brands holds the money
            {picture.groups.some((g) => g.scheme === 'investment') ? ', and to each investment firm' : ''}. Each bar
            shows how much of the limit you use; its mark is at {ALERT_PERCENT}%. {THRESHOLDS_TEXT}
          </p>
          <div className="grid gap-4 lg:grid-cols-2">
            {picture.groups.map((group) => (
              <LicenceGroupCard key={group.key} group={group} />
            ))}
          </div>
        </section>
      ) : null}
      {picture.outside.length > 0 ? (
        <section aria-labelledby="outside-heading" className="grid gap-3">
          <h2 id="outside-heading" className="text-xl font-semibold">
            Outside the FSCS limits
          </h2>
          <p className="text-sm text-muted-foreground">
            Money the FSCS deposit limit does not apply to: government-backed savings, money held outside the UK, and
            money whose bank we do not know.
          </p>
          <div className="grid gap-4 lg:grid-cols-2">
            {picture.outside.map((group) => (
              <OutsideGroupCard key={group.key} group={group} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}

/**
 * The Protection Hub (002 §2, issue 14): the answer first (badge, the three cards), then the
 * alerts, then the money licence by licence and outside the FSCS limits; a printable summary.
 */
export function ProtectionHubPage() {
  const [asAt, setAsAt] = useState('');
  const today = calendarDateInLondon(new Date());
  const validAsAt = asAt !== '' && asAtDateProblem(asAt, today) === null && asAt !== today ? asAt : null;
  const query = useProtectionPicture(validAsAt);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6 print:block print:max-w-none print:p-0">
      <div className="grid gap-8 print:hidden">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="grid gap-1">
            <h1 className="text-3xl font-semibold tracking-tight">Protection Hub</h1>
            <p className="text-muted-foreground">How much of your money is protected, and where it is at risk.</p>
          </div>
          {query.data ? <HubActions /> : null}
        </div>
        {query.isPending ? (
          <SectionSkeleton rows={6} label="Loading your protection" />
        ) : query.isError ? (
          hasStatus(query.error, 403) ? (
            <NeedsBigPig message={query.error.message} />
          ) : (
            <SectionLoadError
              message="We could not load your protection picture."
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          )
        ) : (
          <>
            <AsAtField
              value={asAt}
              onChange={setAsAt}
              today={today}
              className="max-w-sm"
              description="Leave it empty for today. An earlier date applies the limits in force then to your balances now."
            />
            <HubContent picture={query.data} isAsAt={validAsAt !== null} />
          </>
        )}
      </div>
      {query.data ? <PrintSummary picture={query.data} /> : null}
    </div>
  );
}
