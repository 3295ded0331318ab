import type { ReactNode } from 'react';
import { useConsent } from './consent-provider.tsx';

/** Reopens the Cookie Preferences dialog at any time (footer, cookie policy). A button: it acts, it does not navigate. */
export function CookiePreferencesLink({
  className,
  children = 'Cookie preferences',
}: {
  className?: string;
  children?: ReactNode;
}) {
  const { setPreferencesOpen } = useConsent();
  return (
    <button type="button" className={className} onClick={() => setPreferencesOpen(true)}>
      {children}
    </button>
  );
}
