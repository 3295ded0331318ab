import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { ApiError, apiFetch } from '../app/api.ts';
import { paths } from '../app/paths.ts';
import { mailboxHeaders, rememberedMailboxToken } from '../dev-mailbox/mailbox-token.ts';
import { Button } from '../ui/button.tsx';

/**
 * Whether this server keeps a development mailbox (no SMTP configured): in development always,
 * otherwise when `GET /api/dev/mail` answers 200, which needs the token this tab was given when
 * it opened the mailbox from the link the server printed. Without that token the server answers
 * 404 whatever it keeps (a stranger cannot tell), so the page does not ask: a visitor's page makes
 * no request that is bound to fail.
 */
export function useMailboxAvailable(): boolean {
  const token = rememberedMailboxToken();
  const probe = useQuery({
    queryKey: ['dev-mail', 'available', token],
    queryFn: async () => {
      try {
        await apiFetch('/api/dev/mail', { headers: mailboxHeaders(token) });
        return true;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 401 || error.status === 403))
          return false;
        throw error;
      }
    },
    enabled: !import.meta.env.DEV && token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return import.meta.env.DEV || probe.data === true;
}

/** "Open the development mailbox", where the server keeps one (nothing otherwise). */
export function DevMailboxLink() {
  const mailboxAvailable = useMailboxAvailable();
  if (!mailboxAvailable) return null;
  return (
    <Button asChild variant="link" className="justify-self-center">
      <Link to={paths.devMailbox(undefined, rememberedMailboxToken() ?? undefined)}>
        <Inbox aria-hidden />
        Open the development mailbox
      </Link>
    </Button>
  );
}
