/**
 * The signed-in home (issue 14), from one request (GET /api/dashboard), in the order a saver asks:
 * the answer (how much, how much protected, how much at risk), where the risk is (each licence
 * against its limit), what is coming up in 30 days, the newest transactions, the balance over
 * 12 months; then the plan and the account's e-mail status. A new user is led to add an account.
 */
import { differenceInCalendarDays, format, parseISO } from 'date-fns';
import { enGB } from 'date-fns/locale';
import {
  ArrowRight,
  CalendarClock,
  CircleHelp,
  Clock,
  Crown,
  Landmark,
  MailWarning,
  PiggyBank,
  Plus,
  Repeat,
  Search,
  ShieldCheck,
  TriangleAlert,
} from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { formatLimit, joinWithAnd } from '../../core/checker/text.ts';
import { formatPence } from '../../core/money/format.ts';
import { isFirmsOwnName } from '../../core/protection/explain.ts';
import { DIVERSIFIED_INSTITUTIONS } from '../../core/protection/thresholds.ts';
import { TIER_LABELS } from '../../core/subscriptions/tier.ts';
import { TRANSACTION_TYPE_LABELS } from '../../core/transactions/transaction-types.ts';
import { type Me, useMe } from '../app/api.ts';
import { lazyWithRetry } from '../app/lazy-with-retry.ts';
import { isRegistered, paths } from '../app/paths.ts';
import { ResendVerificationButton } from '../auth/resend-verification-button.tsx';
import type { ProtectionPicture } from '../protection/api.ts';
import { DepositLimitOverrideNote, useDepositLimitFacts } from '../protection/deposit-limit.tsx';
import { BADGE_WORDS, licenceStatus, shortDate, tableDate } from '../protection/hub-words.ts';
import { LimitBar } from '../protection/licence-group-card.tsx';
import { outsideTitle } from '../protection/outside-group-card.tsx';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { SectionLoadError } from '../ui/section-states.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { trackingStartNote } from '../balance-series/format.ts';
import { type ComingUpItem, type Dashboard, type RecentTransaction, useDashboard } from './api.ts';
import { SavingsTaxCard } from './savings-tax-card.tsx';
import { greeting } from './greeting.ts';
import { SponsoredSlot } from '../news/sponsored-slot.tsx';

export const TOTAL_BALANCE_TITLE = 'Total balance over the last 12 months';
export const EMPTY_TITLE = 'Add your first account';

function LinkButton({
  to,
  children,
  variant = 'outline',
}: {
  to: string;
  children: ReactNode;
  variant?: 'outline' | 'default';
}) {
  return (
    <Button asChild variant={variant}>
      <Link to={to}>{children}</Link>
    </Button>
  );
}

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid min-w-0 content-start gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Figure({
  label,
  pence,
  tone,
  note,
}: {
  label: string;
  pence: number;
  tone?: 'success' | 'destructive' | 'info';
  note: string;
}) {
  return (
    <div className="grid content-start gap-1 rounded-xl border bg-card p-4 shadow-sm">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd
        className={cn(
          'text-2xl font-semibold tabular-nums',
          tone === 'success' && 'text-success',
          tone === 'destructive' && 'text-destructive',
          tone === 'info' && 'text-info',
        )}
      >
        {formatPence(pence)}
      </dd>
      <dd className="text-sm text-muted-foreground">{note}</dd>
    </div>
  );
}

/**
 * 'In 4 accounts with 2 banking licences, 1 investment firm and 1 other provider.': licences are
 * banks only; investment firms and money outside the FSCS limits are named for what they are.
 */
export function whereSentence(dashboard: Pick<Dashboard, 'accountCount' | 'protection'>): string {
  const { licenceCount, investmentFirmCount, outside } = dashboard.protection;
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const others = outside.filter((group) => group.kind !== 'unknown-bank').length;
  const places = [
    licenceCount > 0 || (investmentFirmCount === 0 && others === 0)
      ? count(licenceCount, 'banking licence', 'banking licences')
      : null,
    investmentFirmCount > 0 ? count(investmentFirmCount, 'investment firm', 'investment firms') : null,
    others > 0 ? count(others, 'other provider', 'other providers') : null,
  ].filter((place): place is string => place !== null);
  return `In ${count(dashboard.accountCount, 'account', 'accounts')} with ${joinWithAnd(places)}.`;
}

/** The answer: the total, how much is protected, at risk, government backed; the badge. */
function TheAnswer({ dashboard }: { dashboard: Dashboard }) {
  const picture = dashboard.protection;
  const { totals } = picture;
  const badge = BADGE_WORDS[picture.badge];
  return (
    <section aria-labelledby="answer-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="answer-heading" className="text-sm font-medium text-muted-foreground">
            Your savings
          </h2>
          <p className="text-4xl font-bold tracking-tight tabular-nums sm:text-5xl">{formatPence(totals.totalPence)}</p>
          <p className="mt-1 text-sm text-muted-foreground">{whereSentence(dashboard)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge variant={badge.tone} className="text-sm">
            <badge.icon className="size-4!" aria-hidden />
            {badge.text}
          </Badge>
          {picture.isDiversified ? (
            <Badge variant="success" className="text-sm">
              <ShieldCheck className="size-4!" aria-hidden />
              Diversified
            </Badge>
          ) : (
            <Badge variant="outline" className="text-sm">
              Not diversified: {DIVERSIFIED_INSTITUTIONS} or more licences needed
            </Badge>
          )}
        </div>
      </div>
      <dl
        className={cn(
          'grid gap-3 sm:grid-cols-2',
          // Protected and at risk, and each other figure that holds money.
          { 0: '', 1: 'lg:grid-cols-3' }[
            [totals.governmentBackedPence, totals.otherSchemePence, totals.unknownPence].filter((p) => p > 0).length
          ] ?? 'lg:grid-cols-4',
        )}
      >
        <Figure
          label="FSCS protected"
          pence={totals.protectedPence}
          tone="success"
          note={
            totals.governmentBackedPence > 0
              ? `Covered by the FSCS. With the government-backed money, ${formatPence(totals.protectedPence + totals.governmentBackedPence)} is protected in all.`
              : 'Covered by the FSCS.'
          }
        />
        <Figure
          label="At risk"
          pence={totals.atRiskPence}
          tone={totals.atRiskPence > 0 ? 'destructive' : undefined}
          note={
            totals.atRiskPence > 0
              ? 'Over a licence’s limit, or where the FSCS does not cover it.'
              : 'None of your money is over a limit.'
          }
        />
        {/* Government backed, other schemes and unknown only when they hold money: no "£0.00 (NS&I)". */}
        {[
          {
            label: 'Government backed',
            pence: totals.governmentBackedPence,
            tone: 'info' as const,
            note: 'NS&I: backed by HM Treasury, with no limit.',
          },
          {
            label: 'Other schemes',
            pence: totals.otherSchemePence,
            note: 'Pensions under the Pension Protection Fund or a trust.',
          },
          {
            label: 'Protection unknown',
            pence: totals.unknownPence,
            note: 'A provider or bank is not chosen yet: neither protected nor at risk until it is.',
          },
        ]
          .filter((figure) => figure.pence > 0)
          .map((figure) => (
            <Figure key={figure.label} {...figure} />
          ))}
      </dl>
      <ProtectionAlerts alerts={picture.alerts} />
      {dashboard.withheld.includes('alerts') ? (
        <p className="text-sm text-muted-foreground">
          Alerts when a licence nears its limit come with the Big Pig plan.
        </p>
      ) : null}
    </section>
  );
}

function ProtectionAlerts({ alerts }: { alerts: ProtectionPicture['alerts'] }) {
  if (alerts.length === 0) return null;
  return (
    <ul className="grid gap-2" aria-label="Protection alerts">
      {alerts.map((alert) => (
        <li key={alert.id}>
          <Alert variant={alert.level === 'over-limit' ? 'destructive' : 'warning'}>
            <TriangleAlert aria-hidden />
            <AlertTitle>{alert.title}</AlertTitle>
            <AlertDescription>
              <p>{alert.message}</p>
            </AlertDescription>
          </Alert>
        </li>
      ))}
    </ul>
  );
}

/** '(in 12 days)', '(tomorrow)', '(today)'. */
function fromToday(date: string, today: string): string {
  const days = differenceInCalendarDays(parseISO(date), parseISO(today));
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return `in ${days} days`;
}

/** Where the risk is: each licence against its limit, the most at risk first, then money outside the limits. */
function WhereTheRiskIs({ dashboard }: { dashboard: Dashboard }) {
  const { groups, outside } = dashboard.protection;
  return (
    <Section
      id="risk-heading"
      title="Where your money is"
      action={
        isRegistered('protection') ? (
          <LinkButton to={paths.protection()}>
            Protection Hub
            <ArrowRight aria-hidden />
          </LinkButton>
        ) : null
      }
    >
      <ul className="grid gap-3">
        {groups.map((group) => {
          const status = licenceStatus(group);
          const thb = group.temporaryHighBalance;
          return (
            <li key={group.key} className="grid gap-2 rounded-xl border bg-card p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 className="font-semibold break-words">{group.name}</h3>
                  <p className="text-sm text-muted-foreground">
                    {[
                      group.basis,
                      group.brands.length > 1
                        ? `${group.brands.join(' and ')} share one limit`
                        : group.brands[0] && !isFirmsOwnName(group.brands[0], group.name)
                          ? group.brands[0]
                          : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <Badge variant={status.tone}>
                  <status.icon className="size-3.5!" aria-hidden />
                  {status.text}
                </Badge>
              </div>
              <LimitBar group={group} />
              <p className="text-sm">
                <span className="font-medium tabular-nums">{formatPence(group.totalPence)}</span>
                <span className="text-muted-foreground">
                  {thb?.endsOn && thb.coveredPence > 0 && group.atRiskPence === 0
                    ? `: covered in full until ${shortDate(thb.endsOn)}.`
                    : ` of the ${formatLimit(group.limit.amountPence)} limit${group.limitUsedPercent === null ? '' : ` (${group.limitUsedPercent}%)`}.`}
                </span>
              </p>
              {thb?.endsOn ? (
                <p className="flex items-center gap-2 text-sm text-info">
                  <Clock className="size-4 shrink-0" aria-hidden />
                  <span>
                    Temporary high balance: protected until {shortDate(thb.endsOn)} (
                    {fromToday(thb.endsOn, dashboard.date)})
                  </span>
                </p>
              ) : null}
            </li>
          );
        })}
        {outside.map((group) => (
          <li key={group.key} className="grid gap-1 rounded-xl border bg-card p-4 shadow-sm">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 className="font-semibold break-words">
                  {group.kind === 'unknown-bank' ? outsideTitle(group) : (group.bankName ?? group.legalName)}
                </h3>
                <p className="text-sm text-muted-foreground">{group.basis}</p>
              </div>
              <Badge
                variant={
                  group.bucket === 'unprotected'
                    ? 'destructive'
                    : group.bucket === 'unknown'
                      ? 'warning'
                      : group.bucket === 'government-backed'
                        ? 'info'
                        : group.bucket === 'protected'
                          ? 'success'
                          : 'outline'
                }
              >
                {group.bucket === 'unprotected' ? (
                  <TriangleAlert className="size-3.5!" aria-hidden />
                ) : group.bucket === 'unknown' ? (
                  <CircleHelp className="size-3.5!" aria-hidden />
                ) : (
                  <Landmark className="size-3.5!" aria-hidden />
                )}
                {group.status}
              </Badge>
            </div>
            <p className="text-sm">
              <span className="font-medium tabular-nums">{formatPence(group.totalPence)}</span>
              <span className="text-muted-foreground"> · {group.reason}</span>
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

const COMING_UP_WORDS: Readonly<
  Record<ComingUpItem['kind'], { icon: typeof Repeat; text: (item: ComingUpItem) => string }>
> = {
  'standing-order': { icon: Repeat, text: () => 'Standing order payment' },
  interest: { icon: PiggyBank, text: () => 'Interest payment' },
  maturity: { icon: CalendarClock, text: () => 'Fixed term ends' },
  'temporary-high-balance-ends': {
    icon: Clock,
    text: () => 'Temporary high balance cover ends',
  },
};

function ComingUp({ dashboard }: { dashboard: Dashboard }) {
  const { items, moreCount, to } = dashboard.comingUp;
  return (
    <Section id="coming-up-heading" title="Coming up in the next 30 days">
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed p-4 text-sm text-muted-foreground">
          Nothing due by {shortDate(to)}: no standing orders, interest payments, fixed terms or temporary high balances
          ending.
        </p>
      ) : (
        <ul className="grid divide-y rounded-xl border bg-card shadow-sm">
          {items.map((item) => {
            const words = COMING_UP_WORDS[item.kind];
            return (
              <li
                key={`${item.kind}-${item.accountId ?? item.name}-${item.date}`}
                className="flex items-start gap-3 p-3"
              >
                <words.icon
                  className={cn(
                    'mt-0.5 size-5 shrink-0',
                    item.kind === 'temporary-high-balance-ends' ? 'text-warning' : 'text-brand',
                  )}
                  aria-hidden
                />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className="text-sm font-medium">{words.text(item)}</p>
                  <p className="text-sm break-words text-muted-foreground">
                    {item.accountId && isRegistered('account') ? (
                      <Link to={paths.account(item.accountId)} className="underline underline-offset-4">
                        {item.name}
                      </Link>
                    ) : (
                      item.name
                    )}
                  </p>
                </div>
                <div className="grid shrink-0 justify-items-end gap-0.5 text-right">
                  <p className="text-sm font-medium">
                    <time dateTime={item.date}>{shortDate(item.date)}</time>
                  </p>
                  <p className="text-xs text-muted-foreground">{fromToday(item.date, dashboard.date)}</p>
                  {item.amountPence !== null ? (
                    <p className="text-sm tabular-nums">
                      {item.kind === 'temporary-high-balance-ends'
                        ? `${formatPence(item.amountPence)} extra cover`
                        : formatPence(item.amountPence)}
                    </p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {moreCount > 0 ? (
        <p className="text-sm text-muted-foreground">
          And {moreCount} more by {shortDate(to)}.
        </p>
      ) : null}
    </Section>
  );
}

function RecentTransactions({ transactions }: { transactions: readonly RecentTransaction[] }) {
  return (
    <Section
      id="recent-heading"
      title="Recent transactions"
      action={
        isRegistered('transactions') ? (
          <LinkButton to={paths.transactions()}>
            All transactions
            <ArrowRight aria-hidden />
          </LinkButton>
        ) : null
      }
    >
      {transactions.length === 0 ? (
        <p className="rounded-xl border border-dashed p-4 text-sm text-muted-foreground">No transactions yet.</p>
      ) : (
        <ul className="grid divide-y rounded-xl border bg-card shadow-sm">
          {transactions.map((t) => (
            <li key={t.id} className="flex items-start justify-between gap-3 p-3">
              <div className="grid min-w-0 gap-0.5">
                <p className="text-sm font-medium break-words">{t.notes || TRANSACTION_TYPE_LABELS[t.type]}</p>
                <p className="text-xs break-words text-muted-foreground">
                  <time dateTime={t.date}>{tableDate(t.date)}</time> · {t.accountName} ·{' '}
                  {TRANSACTION_TYPE_LABELS[t.type]}
                </p>
              </div>
              <p className={cn('shrink-0 text-sm font-medium tabular-nums', t.amountPence < 0 && 'text-destructive')}>
                {formatPence(t.amountPence)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

// Recharts is large: it loads with the line, after the rest of the page.
const BalanceLineCard = lazyWithRetry(() =>
  import('../balance-series/balance-line.tsx').then((m) => ({ default: m.BalanceLineCard })),
);

const noRefetch = () => Promise.reject(new Error('The balance line is refetched with the dashboard'));

function TotalBalance({ dashboard, query }: { dashboard: Dashboard; query: ReturnType<typeof useDashboard> }) {
  return (
    <Suspense
      fallback={
        <div role="status" aria-busy="true">
          <span className="sr-only">Loading the balance over time</span>
          <Skeleton className="h-[26rem] w-full rounded-xl" />
        </div>
      }
    >
      <BalanceLineCard
        // The line comes with the dashboard: loaded, never failed on its own.
        query={{
          data: dashboard.balanceLine,
          error: null,
          isError: false,
          isFetching: query.isFetching,
          refetch: noRefetch,
        }}
        title={TOTAL_BALANCE_TITLE}
        level={2}
        note={trackingStartNote(dashboard.balanceLine.trackingStart)}
        empty={
          <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
            The total of your accounts over time appears here once they have transactions.
          </p>
        }
      />
    </Suspense>
  );
}

/** A new user: what to do first, with the one button that does it, and the checker. */
function EmptyState() {
  const limit = useDepositLimitFacts();
  return (
    <section aria-labelledby="empty-heading" className="grid gap-4 rounded-xl border bg-card p-6 shadow-sm sm:p-8">
      <PiggyBank className="size-10 text-brand" aria-hidden />
      <h2 id="empty-heading" className="text-2xl font-semibold">
        {EMPTY_TITLE}
      </h2>
      <p className="max-w-2xl text-muted-foreground">
        Add the accounts you save with and SavvyPig shows your total, how much of it the FSCS protects, and where any of
        it is over the {limit.amount} limit per banking licence
        <DepositLimitOverrideNote />. Brands that share a licence share that one limit.
      </p>
      <div className="flex flex-wrap gap-2">
        {isRegistered('accountNew') ? (
          <LinkButton to={paths.accountNew()} variant="default">
            <Plus aria-hidden />
            Add an account
          </LinkButton>
        ) : null}
        {isRegistered('featureFscsProtectionChecker') ? (
          <LinkButton to={paths.featureFscsProtectionChecker()}>
            <Search aria-hidden />
            Check a bank’s protection first
          </LinkButton>
        ) : null}
      </div>
    </section>
  );
}

function EmailNotice({ email }: { email: string }) {
  return (
    <Alert variant="warning">
      <MailWarning aria-hidden />
      <AlertTitle>Verify your email address</AlertTitle>
      <AlertDescription>
        <p>
          We sent a link to <strong className="break-all">{email}</strong>. Verifying your address unlocks all features
          and lets us reach you about your account.
        </p>
        <ResendVerificationButton flow="banner" email={email} variant="outline" withIcon />
      </AlertDescription>
    </Alert>
  );
}

function PlanLine({ me }: { me: Me }) {
  const trial = me.tier === 'trial_bigpig';
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <Crown className="size-4 text-brand" aria-hidden />
      <span>
        Your plan: <span className="font-medium text-foreground">{trial ? 'Big Pig' : TIER_LABELS[me.tier]}</span>
      </span>
      {trial ? <Badge variant="brand">Free trial</Badge> : null}
      <span>{me.user.emailVerified ? '· Email verified' : '· Email not verified'}</span>
    </p>
  );
}

function DashboardSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-4">
      <span className="sr-only">Loading your dashboard</span>
      <Skeleton className="h-24 w-full max-w-md rounded-xl" />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {['a', 'b', 'c', 'd'].map((key) => (
          <Skeleton key={key} className="h-28 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-40 w-full rounded-xl" />
    </div>
  );
}

export function DashboardPage() {
  const { data: me } = useMe();
  const query = useDashboard();
  // The protected layout renders this page only once the user is known.
  if (!me) return null;
  const now = new Date();
  const dashboard = query.data;

  let body: ReactNode;
  if (dashboard && dashboard.accountCount === 0) body = <EmptyState />;
  else if (dashboard) {
    body = (
      <>
        <TheAnswer dashboard={dashboard} />
        <WhereTheRiskIs dashboard={dashboard} />
        <div className="grid gap-8 lg:grid-cols-2">
          <ComingUp dashboard={dashboard} />
          <RecentTransactions transactions={dashboard.recentTransactions} />
        </div>
        <TotalBalance dashboard={dashboard} query={query} />
        <SavingsTaxCard />
        {isRegistered('accounts') ? (
          <p>
            <LinkButton to={paths.accounts()}>
              <CalendarClock aria-hidden />
              Manage your accounts
            </LinkButton>
          </p>
        ) : null}
      </>
    );
  } else if (query.isError) {
    body = (
      <SectionLoadError
        message="Failed to load your dashboard"
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  } else body = <DashboardSkeleton />;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6 md:py-10">
      <div className="grid gap-2">
        <p className="text-sm font-medium text-muted-foreground">{format(now, 'EEEE d MMMM yyyy', { locale: enGB })}</p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          {greeting(now.getHours(), me.profile.firstName)}
        </h1>
        <PlanLine me={me} />
      </div>
      {!me.user.emailVerified ? <EmailNotice email={me.user.email} /> : null}
      {body}
      <SponsoredSlot />
    </div>
  );
}
