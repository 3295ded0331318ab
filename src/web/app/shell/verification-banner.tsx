import { MailWarning } from 'lucide-react';
import { useLocation } from 'react-router';
import { ResendVerificationButton } from '../../auth/resend-verification-button.tsx';
import { paths } from '../paths.ts';

/**
 * Shown across the top of protected pages until the user verifies their e-mail (000 §2, §8
 * banner flow); not on /verification-required, which says the same and more.
 */
export function VerificationBanner({ email }: { email: string }) {
  const location = useLocation();
  if (location.pathname === paths.verificationRequired()) return null;
  return (
    <section aria-labelledby="verify-banner-title" className="border-b border-warning/40 bg-warning-soft">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
        <div className="flex flex-1 items-start gap-3">
          <MailWarning className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
          <div className="text-sm">
            <h2 id="verify-banner-title" className="font-semibold">
              Email not verified
            </h2>
            <p className="text-foreground/90">Please verify your email to access all features.</p>
          </div>
        </div>
        <ResendVerificationButton
          flow="banner"
          email={email}
          next={`${location.pathname}${location.search}`}
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
        />
      </div>
    </section>
  );
}
