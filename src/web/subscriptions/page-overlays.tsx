import { CreditCard, Crown, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { daysText } from '../../core/subscriptions/payment-failure.ts';
import { type RequiredTier, TIER_LABELS } from '../../core/subscriptions/tier.ts';
import { PageSkeleton, type SkeletonKind } from '../app/page-skeletons.tsx';
import { paths } from '../app/paths.ts';
import { cn } from '../ui/cn.ts';
import { Button } from '../ui/button.tsx';
import { PaymentActions } from './payment-actions.tsx';

/**
 * The guard's graceful degradation (002 §4): a prompt above the page, and the page dimmed and
 * `inert` below it, so keyboard users cannot tab into it and screen readers skip it.
 */
function OverlaidPage({
  titleId,
  title,
  heading: Heading,
  icon: Icon,
  tone,
  dimmedTestId,
  prompt,
  page,
}: {
  titleId: string;
  title: string;
  heading: 'h1' | 'h2';
  icon: LucideIcon;
  tone: 'destructive' | 'brand';
  dimmedTestId: string;
  prompt: ReactNode;
  page: ReactNode;
}) {
  return (
    <div className="relative flex flex-1 flex-col">
      <section
        aria-labelledby={titleId}
        className={cn(
          'mx-auto mt-6 w-[calc(100%-2rem)] max-w-2xl rounded-lg border bg-background p-4 shadow-md sm:p-6',
          tone === 'destructive' ? 'border-destructive/40' : 'border-brand/40',
        )}
      >
        <div className="flex items-start gap-3">
          <Icon
            className={cn('mt-0.5 size-5 shrink-0', tone === 'destructive' ? 'text-destructive' : 'text-brand')}
            aria-hidden
          />
          <div className="grid gap-3">
            <Heading id={titleId} className={cn('font-semibold', Heading === 'h1' && 'text-lg')}>
              {title}
            </Heading>
            {prompt}
          </div>
        </div>
      </section>
      <div inert data-testid={dimmedTestId} className="pointer-events-none select-none opacity-40 grayscale">
        {page}
      </div>
    </div>
  );
}

/** During a payment-failure grace period: the page, paused, under the prompt to update the payment method. */
export function GracePeriodOverlay({ daysLeft, children }: { daysLeft: number; children: ReactNode }) {
  return (
    <OverlaidPage
      titleId="grace-prompt-title"
      title="Update your payment method to use this page"
      heading="h2"
      icon={CreditCard}
      tone="destructive"
      dimmedTestId="grace-dimmed"
      prompt={
        <>
          <p className="text-sm text-muted-foreground">
            {`This page is paused while your payment is sorted out. You have ${daysText(daysLeft)} left in your grace period.`}
          </p>
          <PaymentActions />
        </>
      }
      page={children}
    />
  );
}

/**
 * Below the route's tier: the page's outline under a banner that names the plan it needs (the
 * spec's words), what the page does, and the way to that plan. Only the outline: the server
 * refuses the page's data to this plan, so none is asked for.
 */
export function UpgradeBannerOverlay({
  message,
  tier,
  pitch,
  skeleton,
}: {
  message: string;
  tier: RequiredTier;
  pitch: string | undefined;
  skeleton: SkeletonKind;
}) {
  return (
    <OverlaidPage
      titleId="upgrade-banner-title"
      title={message}
      heading="h1"
      icon={Crown}
      tone="brand"
      dimmedTestId="upgrade-dimmed"
      prompt={
        <>
          {pitch ? <p className="text-sm text-muted-foreground">{pitch}</p> : null}
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to={paths.subscribe({ tier })}>{`See the ${TIER_LABELS[tier]} plan`}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.dashboard()}>Back to your dashboard</Link>
            </Button>
          </div>
        </>
      }
      page={<PageSkeleton kind={skeleton} label={`${message}: an outline of the page`} />}
    />
  );
}
