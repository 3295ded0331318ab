import { format } from 'date-fns';
import { enGB } from 'date-fns/locale';
import {
  ArrowRight,
  CircleCheck,
  Crown,
  type LucideIcon,
  MailWarning,
  MessageSquare,
  ShieldCheck,
  ShieldQuestion,
} from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { TIER_LABELS } from '../../core/subscriptions/tier.ts';
import { type Me, useMe } from '../app/api.ts';
import { lazyWithRetry } from '../app/lazy-with-retry.ts';
import { useTotalBalanceSeries } from '../balance-series/api.ts';
import { isRegistered, paths } from '../app/paths.ts';
import { ResendVerificationButton } from '../auth/resend-verification-button.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../ui/card.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { greeting } from './greeting.ts';
import { DepositLimitOverrideNote, useDepositLimitFacts } from '../protection/deposit-limit.tsx';

function StepCard({
  icon: Icon,
  title,
  children,
  action,
  tone = 'default',
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action: ReactNode;
  tone?: 'default' | 'warning';
}) {
  return (
    <Card className="h-full">
      <CardHeader>
        <span
          className={
            tone === 'warning'
              ? 'mb-2 inline-flex size-10 items-center justify-center rounded-lg bg-warning-soft text-warning'
              : 'mb-2 inline-flex size-10 items-center justify-center rounded-lg bg-brand-soft text-brand-soft-foreground'
          }
        >
          <Icon className="size-5" aria-hidden />
        </span>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex-1 text-sm leading-relaxed text-muted-foreground">{children}</CardContent>
      <CardFooter>{action}</CardFooter>
    </Card>
  );
}

function VerifyEmailStep({ email }: { email: string }) {
  return (
    <StepCard
      icon={MailWarning}
      tone="warning"
      title="Verify your email address"
      action={<ResendVerificationButton flow="banner" email={email} variant="outline" withIcon />}
    >
      We sent a link to <strong className="break-all text-foreground">{email}</strong>. Verifying your address unlocks
      all features and lets us reach you about your account.
    </StepCard>
  );
}

function PlanCard({ me }: { me: Me }) {
  const trial = me.tier === 'trial_bigpig';
  return (
    <Card>
      <CardHeader>
        <CardDescription>Your plan</CardDescription>
        <CardTitle className="flex flex-wrap items-center gap-2 text-2xl">
          <Crown className="size-6 text-brand" aria-hidden />
          {trial ? 'Big Pig' : TIER_LABELS[me.tier]}
          {trial ? <Badge variant="brand">Free trial</Badge> : null}
        </CardTitle>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        {trial
          ? 'You have every Big Pig feature during your 7-day trial, with no adverts.'
          : me.tier === 'bigpig'
            ? 'Every feature, unlimited accounts and no adverts.'
            : me.tier === 'boar'
              ? 'Track up to 10 accounts.'
              : 'Track up to 3 accounts.'}
      </CardContent>
    </Card>
  );
}

function AccountStatusCard({ me }: { me: Me }) {
  return (
    <Card>
      <CardHeader>
        <CardDescription>Your account</CardDescription>
        <CardTitle className="flex items-center gap-2 text-2xl">
          {me.user.emailVerified ? (
            <>
              <CircleCheck className="size-6 text-success" aria-hidden />
              Email verified
            </>
          ) : (
            <>
              <MailWarning className="size-6 text-warning" aria-hidden />
              Email not verified
            </>
          )}
        </CardTitle>
      </CardHeader>
      <CardContent className="text-sm break-all text-muted-foreground">{me.user.email}</CardContent>
    </Card>
  );
}

function ProtectionFactCard() {
  const limit = useDepositLimitFacts();
  return (
    <Card className="bg-brand-soft/60">
      <CardHeader>
        <CardDescription className="text-brand-soft-foreground">Good to know</CardDescription>
        <CardTitle className="flex items-center gap-2 text-2xl">
          <ShieldCheck className="size-6 text-brand" aria-hidden />
          {limit.amount}
        </CardTitle>
      </CardHeader>
      <CardContent className="text-sm text-foreground/80">
        The FSCS protects up to {limit.amount} per person per banking licence
        <DepositLimitOverrideNote />. Brands that share a licence share that one limit.
      </CardContent>
    </Card>
  );
}

// Recharts is large: it loads with the line, after the rest of the page.
const BalanceLineCard = lazyWithRetry(() =>
  import('../balance-series/balance-line.tsx').then((m) => ({ default: m.BalanceLineCard })),
);

export const TOTAL_BALANCE_TITLE = 'Total balance over time';
export const TOTAL_BALANCE_EMPTY = 'The total of your accounts over time appears here once they have transactions.';

/** The total across the user's accounts, day by day (month by month over long ranges). */
function TotalBalanceOverTime() {
  const query = useTotalBalanceSeries();
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
        query={query}
        title={TOTAL_BALANCE_TITLE}
        level={2}
        note="Each account counts from its first transaction."
        empty={
          <div className="grid justify-items-start gap-3 rounded-lg border border-dashed p-6">
            <p className="text-sm text-muted-foreground">{TOTAL_BALANCE_EMPTY}</p>
            {isRegistered('accounts') ? (
              <Button asChild variant="outline">
                <Link to={paths.accounts()}>
                  Go to your accounts
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            ) : null}
          </div>
        }
      />
    </Suspense>
  );
}

export function DashboardPage() {
  const { data: me } = useMe();
  // The protected layout renders this page only once the user is known.
  if (!me) return null;
  const now = new Date();

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10">
      <p className="text-sm font-medium text-muted-foreground">{format(now, 'EEEE d MMMM yyyy', { locale: enGB })}</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">
        {greeting(now.getHours(), me.profile.firstName)}
      </h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        Welcome to SavvyPig. Here's where you'll see your savings at a glance and how much of your money is protected.
      </p>

      <section aria-labelledby="overview-heading" className="mt-8">
        <h2 id="overview-heading" className="sr-only">
          Overview
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          <PlanCard me={me} />
          <AccountStatusCard me={me} />
          <ProtectionFactCard />
        </div>
      </section>

      <div className="mt-10">
        <TotalBalanceOverTime />
      </div>

      <section aria-labelledby="next-steps-heading" className="mt-10">
        <h2 id="next-steps-heading" className="text-xl font-semibold">
          Your next steps
        </h2>
        <div className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {!me.user.emailVerified ? <VerifyEmailStep email={me.user.email} /> : null}
          {isRegistered('legal') ? (
            <StepCard
              icon={ShieldQuestion}
              title="How we protect your data"
              action={
                <Button asChild variant="outline">
                  <Link to={paths.legal('privacy')}>
                    Read our privacy notice
                    <ArrowRight aria-hidden />
                  </Link>
                </Button>
              }
            >
              We never ask for your online banking login and we can't move your money. Read what we keep, why, and your
              rights under UK data protection law.
            </StepCard>
          ) : null}
          {isRegistered('contact') ? (
            <StepCard
              icon={MessageSquare}
              title="Questions or ideas?"
              action={
                <Button asChild variant="outline">
                  <Link to={paths.contact()}>
                    Contact us
                    <ArrowRight aria-hidden />
                  </Link>
                </Button>
              }
            >
              Tell us what you'd like SavvyPig to do for your savings, or ask us anything about your account. We'll
              reply by email.
            </StepCard>
          ) : null}
        </div>
      </section>
    </div>
  );
}
