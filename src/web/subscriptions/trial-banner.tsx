import { Clock, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import type { Subscription } from './api.ts';
import { trialBannerApplies, trialBannerText } from './trial-banner-text.ts';

const DISMISSED_KEY = 'trialBannerDismissed';

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Shown while trialing and not dismissed this session (001 §2 "Trial banner"). */
export function TrialBanner({ subscription, isAdmin }: { subscription: Subscription; isAdmin: boolean }) {
  const [dismissed, setDismissed] = useState(dismissedThisSession);
  if (dismissed || !trialBannerApplies(subscription, isAdmin) || subscription.trialDaysLeft === null) return null;
  const text = trialBannerText(subscription.tier, subscription.trialDaysLeft);
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, 'true');
    } catch {
      // Not stored: it goes for this page view only.
    }
    setDismissed(true);
  };
  return (
    <section
      aria-labelledby="trial-banner-title"
      data-urgent={text.isUrgent}
      className={cn(
        'border-b',
        text.isUrgent ? 'border-destructive/40 bg-destructive-soft' : 'border-info/30 bg-info-soft',
      )}
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
        <div className="flex flex-1 items-start gap-3">
          <Clock
            className={cn('mt-0.5 size-5 shrink-0', text.isUrgent ? 'text-destructive' : 'text-info')}
            aria-hidden
          />
          <div className="text-sm">
            <h2 id="trial-banner-title" className="font-semibold">
              {text.title}
            </h2>
            <p className="text-foreground/90">{text.body}</p>
          </div>
        </div>
        <div className="flex items-center gap-2 self-start sm:self-center">
          <Button asChild size="sm" variant={text.isUrgent ? 'destructive' : 'default'}>
            <Link to={paths.subscribe()}>{text.action}</Link>
          </Button>
          <Button type="button" size="icon" variant="ghost" aria-label="Dismiss trial banner" onClick={dismiss}>
            <X aria-hidden />
          </Button>
        </div>
      </div>
    </section>
  );
}
