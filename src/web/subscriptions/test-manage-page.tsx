import { CircleCheck, FlaskConical } from 'lucide-react';
import { Link } from 'react-router';
import { formatLongDate } from '../../core/checker/text.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { TIER_LABELS } from '../../core/subscriptions/tier.ts';
import { refusalReason } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { paths } from '../app/paths.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../ui/card.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { useBillingMode, useSubscription } from './api.ts';
import { BILLING_MESSAGES, useCancelAtPeriodEnd } from './billing-actions.ts';

const proseDate = (iso: string) => formatLongDate(calendarDateInLondon(new Date(iso)));

/**
 * /subscription/test-manage: test mode's stand-in for the card provider's billing portal, where
 * 'Manage Subscription' goes when no provider is configured (before, it opened Settings again, a
 * loop). It says what the portal would do, and does what test mode can: cancel or resume.
 */
export function TestManagePage() {
  const mode = useBillingMode();
  const subscription = useSubscription().data;
  const cancel = useCancelAtPeriodEnd();
  const run = (cancelAtPeriodEnd: boolean) =>
    cancel.mutate(
      { cancelAtPeriodEnd },
      {
        onSuccess: () =>
          notify.success(
            cancelAtPeriodEnd
              ? 'Your subscription will end at the end of this period.'
              : 'Your subscription will renew.',
          ),
        onError: (error) => notify.error(refusalReason(error) ?? BILLING_MESSAGES.cancelFailed),
      },
    );
  const end = subscription?.currentPeriodEnd ? proseDate(subscription.currentPeriodEnd) : null;
  const paying = subscription?.hasBillingCustomer && subscription.billingCycle !== null;

  return (
    <div className="mx-auto grid w-full max-w-lg gap-4 px-4 py-8 sm:px-6">
      <Alert variant="warning" role="note" data-testid="test-mode-banner">
        <FlaskConical aria-hidden />
        <AlertTitle>TEST MODE — no card provider</AlertTitle>
        <AlertDescription>
          Card payments are not configured on this server, so this page stands in for Stripe's billing portal, where you
          would update your card, see your invoices and cancel. Here you can cancel or resume; nothing is charged.
        </AlertDescription>
      </Alert>
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-xl font-semibold">Manage your subscription</h1>
          </CardTitle>
          <CardDescription>
            {subscription
              ? paying
                ? `${TIER_LABELS[subscription.tier]}, billed ${subscription.billingCycle === 'annual' ? 'annually' : 'monthly'}.`
                : 'You have no paid subscription to manage.'
              : 'Loading…'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          {!subscription || mode.isPending ? (
            <Skeleton className="h-10 w-full" />
          ) : paying && end ? (
            <p>{subscription.cancelAtPeriodEnd ? `It ends on ${end}.` : `It renews on ${end}.`}</p>
          ) : null}
        </CardContent>
        <CardFooter className="flex flex-wrap gap-2">
          {paying && mode.data?.testMode ? (
            subscription.cancelAtPeriodEnd ? (
              <Button type="button" disabled={cancel.isPending} onClick={() => run(false)}>
                <CircleCheck aria-hidden />
                Resume subscription
              </Button>
            ) : (
              <Button type="button" variant="destructive" disabled={cancel.isPending} onClick={() => run(true)}>
                Cancel at period end
              </Button>
            )
          ) : null}
          <Button asChild variant="outline">
            <Link to={paths.settings('subscription')}>Back to Settings</Link>
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
