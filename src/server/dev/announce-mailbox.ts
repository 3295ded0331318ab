import { type Config, isLoopbackHost } from '../config.ts';
import { type LocalMailbox, mailboxLink } from './local-mailbox.ts';

/** Why the server can be reached from other machines, or null when only this one reaches it. */
export function reachableFromElsewhere(config: Pick<Config, 'HOST' | 'publicUrl' | 'TRUST_PROXY'>): string | null {
  if (!isLoopbackHost(config.HOST)) return `HOST is ${config.HOST}, not a loopback address`;
  const publicHost = new URL(config.publicUrl).hostname.replace(/^\[(.*)\]$/, '$1');
  if (!isLoopbackHost(publicHost)) return `PUBLIC_URL is ${config.publicUrl}, so a proxy passes requests in`;
  if (config.TRUST_PROXY) return 'TRUST_PROXY is on, so a proxy passes requests in';
  return null;
}

type Out = (line: string) => void;

/**
 * At start: the mailbox's link with its token, on standard output whatever LOG_LEVEL (like the
 * demo passwords, it is shown once and needed); and on standard error a warning that cannot be
 * silenced when other machines can reach the server.
 */
export function announceMailbox(
  config: Pick<Config, 'HOST' | 'publicUrl' | 'TRUST_PROXY'>,
  mailbox: LocalMailbox,
  out: Out = (line) => process.stdout.write(`${line}\n`),
  err: Out = (line) => process.stderr.write(`${line}\n`),
): void {
  out(
    `Local mailbox: ${mailboxLink(config.publicUrl, mailbox)} (e-mail is written to ${mailbox.dir}; the link changes at every start)`,
  );
  const reason = reachableFromElsewhere(config);
  if (reason) {
    err(
      `WARNING: the local mailbox is on and other machines can reach this server (${reason}). ` +
        "Anyone holding the link above reads every user's e-mail, password-reset links included. " +
        'Configure SMTP_URL, or set MAILBOX_ENABLED=false.',
    );
  }
}
