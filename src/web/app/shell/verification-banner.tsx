import { MailWarning } from 'lucide-react';
import { useResendVerification } from '../../auth/use-resend-verification.ts';
import { Button } from '../../ui/button.tsx';

/** Shown across the top of protected pages until the user verifies their e-mail (000 §2). */
export function VerificationBanner({ email }: { email: string }) {
  const { resend, isSending, isCoolingDown } = useResendVerification('banner');
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
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          disabled={isSending || isCoolingDown}
          onClick={() => resend(email)}
        >
          {isSending ? 'Sending...' : isCoolingDown ? 'Email sent' : 'Resend verification email'}
        </Button>
      </div>
    </section>
  );
}
