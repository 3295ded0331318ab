import { ArrowRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TIER_LABELS } from '../../core/subscriptions/tier.ts';
import { useMe } from '../app/api.ts';
import { PageSkeleton } from '../app/page-skeletons.tsx';
import { paths } from '../app/paths.ts';
import { Button } from '../ui/button.tsx';
import { type PendingCheckout, peekPendingCheckout, takePendingCheckout } from './pending-checkout.ts';

/** Where /get-started sends someone signed in: the plan they chose, on /subscribe, or the dashboard. */
export function getStartedDestination(pending: PendingCheckout | null): string {
  return pending ? paths.subscribe(pending) : paths.dashboard();
}

/**
 * /get-started (000 §2: onboarding; can carry the pending-checkout flag). A visitor who chose a plan
 * on /plans signs up or logs in from here; once signed in they land on /subscribe with that plan
 * and billing cycle chosen, and the flag is cleared.
 */
export function GetStartedPage() {
  const me = useMe();
  if (me.isPending) return <PageSkeleton kind="marketing" />;
  return me.data ? <OnToYourPlan /> : <SignUpOrLogIn />;
}

function OnToYourPlan() {
  const navigate = useNavigate();
  // Once only: the flag is taken (removed) as it is used, and a second run would find it gone.
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void navigate(getStartedDestination(takePendingCheckout()), { replace: true });
  }, [navigate]);
  return <PageSkeleton kind="marketing" />;
}

const CYCLE_WORDS = { monthly: 'billed monthly', annual: 'billed annually' } as const;

function SignUpOrLogIn() {
  const [pending] = useState(peekPendingCheckout);
  return (
    <div className="mx-auto grid w-full max-w-xl gap-6 px-4 py-12 text-center sm:px-6">
      <header className="grid gap-2">
        <h1 className="text-3xl font-semibold">Get started</h1>
        {pending ? (
          <p className="text-muted-foreground">
            You chose the {TIER_LABELS[pending.tier]} plan, {CYCLE_WORDS[pending.cycle]}. Create your account or log in,
            and we will take you to checkout with it.
          </p>
        ) : (
          <p className="text-muted-foreground">
            Every new account starts with a 7-day free trial of Big Pig. No card details are needed to start it.
          </p>
        )}
      </header>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to={paths.signup()}>
            Create your account
            <ArrowRight aria-hidden />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.login()} state={{ from: { pathname: paths.getStarted() } }}>
            Log in
          </Link>
        </Button>
      </div>
      <p className="text-sm">
        <Link to={paths.plans()} className="font-medium text-brand underline-offset-4 hover:underline">
          {pending ? 'Choose a different plan' : 'See plans and prices'}
        </Link>
      </p>
    </div>
  );
}
