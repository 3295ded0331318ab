import { useSearchParams } from 'react-router';
import { MAILBOX_TOKEN_HEADER, MAILBOX_TOKEN_PARAM } from '../../core/dev-mailbox/mailbox-token.ts';

/**
 * The token from the mailbox link the server printed at start. Kept in this tab's memory only,
 * never in browser storage, so that the "Open the development mailbox" links elsewhere in the
 * app can carry it once the mailbox has been opened from that link.
 */
let remembered: string | null = null;

export function rememberedMailboxToken(): string | null {
  return remembered;
}

/** The token in the page's address (`?token=`), else the one this tab was given before. */
export function useMailboxToken(): string | null {
  const [params] = useSearchParams();
  const fromAddress = params.get(MAILBOX_TOKEN_PARAM);
  if (fromAddress) remembered = fromAddress;
  return fromAddress || remembered;
}

/** Request headers that open the mailbox (none without a token: the server then answers 404). */
export function mailboxHeaders(token: string | null): HeadersInit {
  return token ? { [MAILBOX_TOKEN_HEADER]: token } : {};
}
