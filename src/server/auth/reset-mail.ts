import type { AppDb } from '../db/client.ts';
import { addressKey, takeThrottle } from '../http/throttle.ts';
import type { Mailer } from '../mail/mailer.ts';
import { resetPasswordMail } from '../mail/templates.ts';

/**
 * Reset e-mails per address per hour, however many client addresses ask: better-auth limits each
 * caller (3 a minute), which a caller with many addresses walks past, filling one inbox.
 */
export const RESET_EMAILS_PER_ADDRESS_PER_HOUR = 3;

/**
 * better-auth's `sendResetPassword`. The count and the send happen in the background, so a
 * request over the limit gets the same answer, in the same time, as any other (docs/decisions/0003);
 * the counter is in the database, so the limit holds across instances.
 */
export function sendResetMailInBackground(db: AppDb, mailer: Mailer, email: string, url: string): void {
  mailer.sendInBackground(async () => {
    const { allowed } = await takeThrottle(
      db,
      `password-reset:${addressKey(email)}`,
      RESET_EMAILS_PER_ADDRESS_PER_HOUR,
      3600,
    );
    return allowed ? resetPasswordMail(email, url) : null;
  });
}
