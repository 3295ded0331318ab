import { ArrowLeft, MailWarning, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { isSameOriginPath } from '../../core/urls/same-origin-path.ts';
import { useMe } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { paths } from '../app/paths.ts';
import { Button } from '../ui/button.tsx';
import { DevMailboxLink } from './dev-mailbox-link.tsx';
import { ResendVerificationButton } from './resend-verification-button.tsx';

export const VERIFIED_NOW_MESSAGE = 'Thanks, your email is verified.';
export const NOT_VERIFIED_YET_MESSAGE =
  "We haven't seen your confirmation yet. Select the link in the email we sent, then try again.";

/** While this page is open, look again this often in case the live connection is down. */
export const RECHECK_INTERVAL_MS = 15_000;

/** Where to go once verified: the `next` the feature sent, if it is a path on this site. */
export function destinationAfterVerification(next: string | null): string {
  if (!isSameOriginPath(next) || next.startsWith(paths.verificationRequired())) return paths.dashboard();
  return next;
}

/**
 * /verification-required (000 §2): where a feature that needs a verified address sends an
 * unverified user. It notices the verification by itself (the server's live event when the
 * link is opened, a periodic re-check, or the button) and then carries on to `next`.
 */
export function VerificationRequiredPage() {
  const me = useMe();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = destinationAfterVerification(params.get('next'));
  const [notYet, setNotYet] = useState(false);
  const wasUnverified = useRef(false);
  const isVerified = me.data?.user.emailVerified === true;
  if (me.data && !isVerified) wasUnverified.current = true;

  useEffect(() => {
    if (isVerified) return;
    const timer = setInterval(() => void me.refetch(), RECHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [isVerified, me.refetch]);

  useEffect(() => {
    if (!isVerified || !wasUnverified.current) return;
    notify.success(VERIFIED_NOW_MESSAGE);
    void navigate(next, { replace: true });
  }, [isVerified, navigate, next]);

  if (!me.data) return null; // the protected layout shows the skeleton until the user is known
  if (isVerified && !wasUnverified.current) return <Navigate to={next} replace />;

  const checkAgain = async () => {
    setNotYet(false);
    const result = await me.refetch();
    if (result.data && !result.data.user.emailVerified) setNotYet(true);
  };

  return (
    <div className="flex flex-1 items-start justify-center bg-muted/40 px-4 py-10 sm:items-center sm:py-16">
      <div className="w-full max-w-lg rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-warning-soft text-warning">
            <MailWarning className="size-7" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold tracking-tight">Verify your email</h1>
          <p className="font-medium">Please verify your email to access all features.</p>
          <p className="text-sm text-muted-foreground">
            We sent a verification link to <strong className="break-all text-foreground">{me.data.user.email}</strong>.
            Once you have selected it, this page takes you on to where you were going.
          </p>
        </div>

        <ul className="mb-6 grid gap-2 rounded-lg bg-muted p-4 text-sm">
          <li>Open the email from SavvyPig and select the verification link.</li>
          <li>Can't see it? Check your spam or junk folder, or send a new link.</li>
        </ul>

        <div className="grid gap-3">
          <Button size="lg" onClick={() => void checkAgain()} disabled={me.isFetching}>
            <RefreshCw aria-hidden className={me.isFetching ? 'animate-spin' : undefined} />
            {me.isFetching ? 'Checking...' : "I've verified my email"}
          </Button>
          {notYet ? (
            <p role="status" className="text-center text-sm text-muted-foreground">
              {NOT_VERIFIED_YET_MESSAGE}
            </p>
          ) : null}
          <ResendVerificationButton
            flow="lookup"
            email={me.data.user.email}
            next={next}
            variant="outline"
            size="lg"
            withIcon
          />
          <DevMailboxLink />
        </div>

        <div className="mt-6 border-t pt-4 text-center text-sm">
          <Link
            to={paths.dashboard()}
            className="inline-flex items-center gap-1 font-medium text-brand underline-offset-4 hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden />
            Back to your dashboard
          </Link>
        </div>
      </div>
    </div>
  );
}
