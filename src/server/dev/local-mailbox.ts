import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { MAILBOX_TOKEN_PARAM } from '../../core/dev-mailbox/mailbox-token.ts';

/** The local mailbox: the folder mail is written to, and the token that opens it. */
export type LocalMailbox = { dir: string; token: string };

/**
 * The local mailbox when this server keeps one (mail written to files, `config.mailboxEnabled`),
 * with a new random token each start: it shows every user's mail, reset links included, so
 * reaching the server is not enough to read it.
 */
export function openLocalMailbox(enabled: boolean, mailDir: string | undefined): LocalMailbox | null {
  return enabled && mailDir ? { dir: mailDir, token: randomBytes(24).toString('base64url') } : null;
}

/** The page's address with its token: printed once at start. */
export function mailboxLink(publicUrl: string, mailbox: LocalMailbox): string {
  return `${publicUrl}/dev/mailbox?${MAILBOX_TOKEN_PARAM}=${mailbox.token}`;
}

/** Whether `given` is the mailbox's token (compared in constant time, whatever its length). */
export function opensMailbox(mailbox: LocalMailbox, given: string | undefined): boolean {
  if (!given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(mailbox.token));
}
