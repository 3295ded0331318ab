import { FlaskConical, ShieldAlert } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { formatLongDate } from '../../core/checker/text.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { formatPence } from '../../core/money/format.ts';
import { refusalReason } from '../app/api.ts';
import { paths } from '../app/paths.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '../ui/card.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { useFinishTestCheckout, useTestCheckout } from './api.ts';

/**
 * /subscription/test-checkout/:id: test mode's stand-in for the provider's hosted checkout (no
 * Stripe keys configured). Nothing is charged; Pay, Decline and Cancel make the server apply the
 * events the provider would send, through the same path as its webhook. A checkout settles once.
 */
export function TestCheckoutPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const checkout = useTestCheckout(id);
  const finish = useFinishTestCheckout(id);
  const busy = finish.isPending || finish.isSuccess;
  const act = (outcome: 'pay' | 'decline') =>
    finish.mutate(outcome, { onSuccess: ({ redirectTo }) => void navigate(redirectTo) });
  // Leaving goes to the cancel page whatever the server answers (a checkout already settled, say).
  const cancel = () => finish.mutate('cancel', { onSettled: () => void navigate(paths.subscriptionCancel()) });
  const data = checkout.data;
  const per = data?.cycle === 'annual' ? '/year' : '/month';
  return (
    <div className="mx-auto grid w-full max-w-lg gap-4 px-4 py-8 sm:px-6">
      <Alert variant="warning" role="note" data-testid="test-mode-banner">
        <FlaskConical aria-hidden />
        <AlertTitle>TEST MODE — no card is charged</AlertTitle>
        <AlertDescription>
          Card payments are not configured on this server, so this page stands in for Stripe's checkout. Pay and Decline
          only pretend.
        </AlertDescription>
      </Alert>
      {checkout.isError ? (
        <Alert variant="destructive" role="alert">
          <ShieldAlert aria-hidden />
          <AlertTitle>This checkout cannot be opened</AlertTitle>
          <AlertDescription>{refusalReason(checkout.error) ?? 'Please start again from the plans.'}</AlertDescription>
        </Alert>
      ) : (
        <Card>
          <CardHeader>
            <div className="flex items-center justify-between gap-2">
              <h1 className="text-xl font-semibold">{data ? `${data.planName} plan` : 'Checkout'}</h1>
              <Badge variant="warning">Test</Badge>
            </div>
            <CardDescription>
              {data
                ? data.trial
                  ? `Start a ${data.trial.days}-day free trial, then billed ${data.cycle === 'annual' ? 'annually' : 'monthly'}.`
                  : `${data.isRetry ? 'Pay the unpaid invoice' : 'Subscribe'}, billed ${data.cycle === 'annual' ? 'annually' : 'monthly'}.`
                : 'Loading…'}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            {data ? (
              <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2">
                <dt className="text-muted-foreground">Price</dt>
                <dd className="text-right tabular-nums">
                  {formatPence(data.pricePence)}
                  {per}
                </dd>
                {data.discountPercent ? (
                  <>
                    <dt className="text-muted-foreground">Promo discount</dt>
                    <dd className="text-right tabular-nums">{data.discountPercent}% off</dd>
                  </>
                ) : null}
                <dt className="font-medium">Due today</dt>
                <dd className="text-right font-semibold tabular-nums" data-testid="amount-due">
                  {formatPence(data.amountPence)}
                </dd>
                {data.trial ? (
                  <>
                    <dt className="text-muted-foreground">
                      First payment, on {formatLongDate(calendarDateInLondon(new Date(data.trial.endsAt)))}
                    </dt>
                    <dd className="text-right tabular-nums" data-testid="first-payment">
                      {formatPence(data.trial.thenPence)}
                    </dd>
                  </>
                ) : null}
              </dl>
            ) : (
              <Skeleton className="h-16 w-full" />
            )}
            {finish.isError ? (
              <p role="alert" className="text-destructive">
                {refusalReason(finish.error) ?? 'Something went wrong. Please try again.'}
              </p>
            ) : null}
          </CardContent>
          <CardFooter className="flex flex-wrap gap-3">
            <Button type="button" onClick={() => act('pay')} disabled={!data || busy}>
              {data?.trial ? 'Start trial (test)' : 'Pay (test)'}
            </Button>
            <Button type="button" variant="outline" onClick={() => act('decline')} disabled={!data || busy}>
              Decline (test)
            </Button>
            {/* Cancel expires the checkout on the server, which gives back a promo code it had reserved. */}
            <Button type="button" variant="ghost" onClick={cancel} disabled={busy}>
              Cancel
            </Button>
          </CardFooter>
        </Card>
      )}
    </div>
  );
}
