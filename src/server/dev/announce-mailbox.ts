import { type Config, reachableFromElsewhere } from '../config.ts';

export { reachableFromElsewhere };
import { type LocalMailbox, mailboxLink } from './local-mailbox.ts';

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
