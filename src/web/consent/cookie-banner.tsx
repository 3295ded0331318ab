import { Cookie } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { PlainButton } from '../ui/plain-button.tsx';
import { focusMain, useConsent } from './consent-provider.tsx';

/**
 * The spec's cookie banner, fixed at the bottom while no choice has been made. It is first in
 * the page's reading and tab order (a labelled region a screen reader lists and meets first),
 * never traps focus, and the page keeps room below its content so the banner never hides the
 * footer for good.
 */
export function CookieBanner({ ref }: { ref?: Ref<HTMLElement> }) {
  const { save, setPreferencesOpen, privacySignal } = useConsent();

  const choose = async (kind: 'accept-all' | 'reject-all') => {
    // The banner goes away: focus moves to the page rather than being lost.
    if (await save(kind, 'banner')) focusMain();
  };

  return (
    <section
      ref={ref}
      aria-labelledby="cookie-banner-title"
      aria-describedby="cookie-banner-text"
      data-testid="cookie-banner"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card text-card-foreground shadow-[0_-4px_16px_rgb(0_0_0/0.12)]"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-4 sm:px-6 lg:flex-row lg:items-center lg:gap-8">
        <div className="flex gap-3">
          <Cookie className="mt-0.5 size-6 shrink-0 text-brand" aria-hidden />
          <div className="grid gap-1">
            <h2 id="cookie-banner-title" className="font-semibold">
              Cookies on SavvyPig
            </h2>
            <p id="cookie-banner-text" className="text-sm text-muted-foreground">
              We use essential cookies to keep you signed in and secure. With your permission we would also use optional
              cookies; we set no analytics or marketing cookies today.
              {privacySignal ? ' Your browser asks not to be tracked, so analytics and marketing stay off.' : null}{' '}
              <Link to={paths.legal('cookies')} className="font-medium text-brand underline underline-offset-4">
                Read our cookie policy
              </Link>
            </p>
          </div>
        </div>
        <div className="grid grid-cols-1 gap-2 sm:flex sm:shrink-0 sm:flex-wrap lg:flex-nowrap">
          <PlainButton variant="outline" onClick={() => setPreferencesOpen(true)}>
            Manage Preferences
          </PlainButton>
          <PlainButton onClick={() => void choose('reject-all')}>Reject All</PlainButton>
          <PlainButton onClick={() => void choose('accept-all')}>Accept All</PlainButton>
        </div>
      </div>
    </section>
  );
}
