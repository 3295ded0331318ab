import { useQueryClient } from '@tanstack/react-query';
import { LinkIcon, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fetchMe, type Me, meQueryKey } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { paths } from '../app/paths.ts';
import { isSameOriginPath, rememberReturnTo } from '../app/route-memory.ts';
import { Button } from '../ui/button.tsx';
import { EMAIL_CONFIRMED_MESSAGE, type EmailConfirmedState } from './email-confirmed.ts';

/** The page `next` may send us to: same-origin paths only, never back to this page. */
export function callbackDestination(next: string | null): string {
  if (!isSameOriginPath(next)) return paths.dashboard();
  if (next.startsWith(paths.authCallback())) return paths.dashboard();
  return next;
}

/**
 * /auth/callback?next=/path — where e-mail links land after the server has done its part
 * (e.g. verifying the address). Refreshes the session, then goes to `next` or the dashboard.
 * The server may add `error=…` when a link was invalid or expired.
 *
 * A verification link (`link=verify-email`) has confirmed the address and normally signed the
 * user in: they go on to `next` and are told. When it could not sign them in (two-factor is on,
 * or the link was used before), the sign-in page says the address is confirmed and leads on to
 * `next` afterwards.
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const error = params.get('error');
  const next = params.get('next');
  const verification = params.get('link') === 'verify-email';

  useEffect(() => {
    if (error || started.current) return;
    started.current = true;
    void (async () => {
      // Asks the server afresh (the link may just have signed the user in); everyone watching `me` hears.
      const me = await queryClient
        .fetchQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 0 })
        .catch((): Me | null => null);
      const destination = callbackDestination(next);
      const signedIn = me !== null;
      if (verification && !signedIn) {
        rememberReturnTo(destination);
        const state: EmailConfirmedState = { emailConfirmed: true };
        await navigate(paths.login(), { replace: true, state });
        return;
      }
      if (verification) notify.success(EMAIL_CONFIRMED_MESSAGE);
      await navigate(destination, { replace: true });
    })();
  }, [error, next, verification, navigate, queryClient]);

  if (error) {
    return (
      <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
        <LinkIcon className="size-10 text-muted-foreground" aria-hidden />
        <h1 className="text-2xl font-semibold">This link has expired or is not valid</h1>
        <p className="text-muted-foreground">
          Links in our emails work once and only for a limited time. Log in to carry on, or ask for a new link.
        </p>
        <Button asChild>
          <Link to={paths.login()}>Log in</Link>
        </Button>
      </div>
    );
  }

  return (
    <div
      role="status"
      className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center"
    >
      <LoaderCircle className="size-10 animate-spin text-brand" aria-hidden />
      <h1 className="text-2xl font-semibold">Signing you in...</h1>
      <p className="text-muted-foreground">This only takes a moment.</p>
    </div>
  );
}
