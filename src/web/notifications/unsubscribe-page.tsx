import { useMutation } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { apiFetch, refusalReason } from '../app/api.ts';
import { paths } from '../app/paths.ts';
import { Button } from '../ui/button.tsx';

type Unsubscribed = { turnedOff: string[]; message: string };

/**
 * The digest e-mail's unsubscribe link (no sign-in needed): opening it turns the digest off at
 * once (one click) and says what was turned off. The page posts the link's signed token, so a mail
 * scanner that only fetches the link changes nothing.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useMutation({
    mutationFn: () => apiFetch<Unsubscribed>('/api/notifications/unsubscribe', { method: 'POST', json: { token } }),
  });
  const { mutate } = unsubscribe;
  useEffect(() => {
    if (token) mutate();
  }, [token, mutate]);

  return (
    <div className="mx-auto grid w-full max-w-xl gap-4 px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-semibold">Daily email digest</h1>
      <div role="status" className="grid gap-3">
        {!token ? (
          <p>This unsubscribe link is incomplete. Turn the digest off in Settings &gt; Notifications instead.</p>
        ) : unsubscribe.isSuccess ? (
          <p className="flex items-start gap-2">
            <CircleCheck className="mt-1 size-4 shrink-0 text-success" aria-hidden />
            {unsubscribe.data.message}
          </p>
        ) : unsubscribe.isError ? (
          <>
            <p>{refusalReason(unsubscribe.error) ?? 'We could not turn the digest off. Please try again.'}</p>
            {refusalReason(unsubscribe.error) === null ? (
              <Button type="button" className="w-fit" onClick={() => mutate()}>
                Try again
              </Button>
            ) : null}
          </>
        ) : (
          <p>Turning the daily digest off…</p>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        <Link
          to={paths.settings('notifications')}
          className="font-medium text-brand underline-offset-4 hover:underline"
        >
          Notification settings
        </Link>{' '}
        (you will be asked to log in).
      </p>
    </div>
  );
}
