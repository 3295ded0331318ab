import { Check, LogOut, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { trialGave } from '../../core/subscriptions/plans.ts';
import { PROMO_MESSAGES } from '../../core/subscriptions/promo.ts';
import { TIER_LABELS } from '../../core/subscriptions/tier.ts';
import { refusalReason } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { paths } from '../app/paths.ts';
import { useSignOut } from '../auth/use-sign-out.ts';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card.tsx';
import { type PromoDetails, useUnlockTrial } from './api.ts';
import { FeatureUpgradeButton } from './feature-upgrade-button.tsx';
import { PlanPicker, type PlanChoice } from './plan-picker.tsx';
import { PromoCodeForm } from './promo-code-form.tsx';

/** From the list the plan cards and the server's gates read (core plans.ts), so it sells nothing missing. */
const TRIAL_GAVE = trialGave();

/**
 * Replaces the whole app once the trial has ended (001 §2): what the trial gave, a promo code,
 * the plan picker and 'Continue with {tier} Plan'; a valid free_trial code offers 'Unlock
 * Extended Trial'. What the user stored is kept, and is theirs again with any plan; Settings (to
 * export or delete it) and Sign out stay reachable (ADR 0045).
 */
export function TrialEndedScreen() {
  const [choice, setChoice] = useState<PlanChoice>({ tier: 'bigpig', cycle: 'monthly' });
  const [promo, setPromo] = useState<PromoDetails | null>(null);
  const unlock = useUnlockTrial();
  const signOut = useSignOut();

  const unlockTrial = async () => {
    if (promo?.promo_type !== 'free_trial') {
      notify.error(PROMO_MESSAGES.notForTrial);
      return;
    }
    try {
      const answer = await unlock.mutateAsync(promo.id);
      notify.success(answer.message);
    } catch (error) {
      notify.error(PROMO_MESSAGES.applyFailed, { detail: refusalReason(error) });
    }
  };

  return (
    <main id="main" tabIndex={-1} className="min-h-dvh bg-background outline-none">
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
        <header className="grid gap-2 text-center">
          <Sparkles className="mx-auto size-10 text-brand" aria-hidden />
          <h1 className="text-3xl font-semibold">Your Trial Has Ended</h1>
          <p className="text-muted-foreground">
            Thank you for trying SavvyPig. Everything you added is kept: choose a plan to carry on.
          </p>
        </header>
        <Card>
          <CardHeader>
            <CardTitle id="trial-gave">Your trial gave you</CardTitle>
          </CardHeader>
          <CardContent>
            <ul aria-labelledby="trial-gave" className="grid gap-2 sm:grid-cols-3">
              {TRIAL_GAVE.map((text) => (
                <li key={text} className="flex items-center gap-2">
                  <Check className="size-5 shrink-0 text-brand" aria-hidden />
                  {text}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Have a promo code?</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <PromoCodeForm applied={promo} onApplied={setPromo} />
            {promo?.promo_type === 'free_trial' ? (
              <Button
                type="button"
                className="w-full sm:w-fit"
                disabled={unlock.isPending}
                onClick={() => void unlockTrial()}
              >
                <Check aria-hidden />
                {unlock.isPending ? 'Processing...' : 'Unlock Extended Trial'}
              </Button>
            ) : null}
            <FeatureUpgradeButton promo={promo} />
          </CardContent>
        </Card>
        <section aria-labelledby="choose-plan" className="grid gap-4">
          <h2 id="choose-plan" className="text-xl font-semibold">
            Choose a plan
          </h2>
          <PlanPicker choice={choice} onChange={setChoice} />
          <div className="grid gap-2 justify-items-start">
            <Button asChild size="lg">
              <Link to={paths.subscribe({ tier: choice.tier, cycle: choice.cycle })}>
                Continue with {TIER_LABELS[choice.tier]} Plan
              </Link>
            </Button>
            <p className="text-sm text-muted-foreground">Secure checkout powered by Stripe</p>
          </div>
        </section>
        <div className="grid justify-items-center gap-2">
          <p className="text-sm text-muted-foreground">
            Everything you stored is kept. You can still{' '}
            <Link to={paths.settings()} className="font-medium text-foreground underline underline-offset-4">
              open Settings
            </Link>{' '}
            to export or delete your data.
          </p>
          <Button type="button" variant="ghost" onClick={() => void signOut.signOut()} disabled={signOut.isSigningOut}>
            <LogOut aria-hidden />
            {signOut.isSigningOut ? 'Signing out...' : 'Sign out'}
          </Button>
        </div>
      </div>
    </main>
  );
}
