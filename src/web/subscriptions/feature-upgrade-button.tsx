import { Sparkles } from 'lucide-react';
import { PROMO_MESSAGES } from '../../core/subscriptions/promo.ts';
import { refusalReason } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { Button } from '../ui/button.tsx';
import { type PromoDetails, useUnlockFeatures } from './api.ts';

/**
 * A validated feature_upgrade code's own action (issue 25): Big Pig's features for the code's
 * duration, on any plan, on /subscribe and on the trial-ended screen. Nothing for other codes.
 */
export function FeatureUpgradeButton({ promo }: { promo: PromoDetails | null }) {
  const unlock = useUnlockFeatures();
  if (promo?.promo_type !== 'feature_upgrade') return null;
  const run = () =>
    unlock.mutate(promo.id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(PROMO_MESSAGES.applyFailed, { detail: refusalReason(error) }),
    });
  return (
    <Button type="button" className="w-full sm:w-fit" disabled={unlock.isPending} onClick={run}>
      <Sparkles aria-hidden />
      {unlock.isPending ? 'Processing...' : 'Unlock Big Pig features'}
    </Button>
  );
}
