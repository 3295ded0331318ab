import { useQueryClient } from '@tanstack/react-query';
import { LinkIcon, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { meQueryKey } from '../app/api.ts';
import { paths } from '../app/paths.ts';
import { isSameOriginPath } from '../app/route-memory.ts';
import { Button } from '../ui/button.tsx';

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
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const error = params.get('error');
  const next = params.get('next');

  useEffect(() => {
    if (error || started.current) return;
    started.current = true;
    void (async () => {
      await queryClient.invalidateQueries({ queryKey: meQueryKey, refetchType: 'all' });
      await navigate(callbackDestination(next), { replace: true });
    })();
  }, [error, next, navigate, queryClient]);

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
