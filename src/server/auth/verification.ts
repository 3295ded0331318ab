import { eq, sql } from 'drizzle-orm';
import { createEmailVerificationToken } from 'better-auth/api';
import type { Config } from '../config.ts';
import type { AppDb } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';
import * as schema from '../db/schema/index.ts';
import { addressKey, takeThrottle } from '../http/throttle.ts';
import type { Mailer } from '../mail/mailer.ts';
import { alreadyRegisteredMail, alreadyVerifiedMail, verificationMail } from '../mail/templates.ts';
import { publish } from '../realtime/hub.ts';
import { completeSignUpSubscription } from '../subscriptions/redeem.ts';
import { isSameOriginPath } from '../../core/urls/same-origin-path.ts';
import type { Crm } from '../crm/crm.ts';
import { enqueueNewContact } from '../crm/enqueue.ts';

/** How long a verification link works. */
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;

/** Where a verification link sends the browser after the server has verified the address. */
export const DEFAULT_AFTER_VERIFICATION = '/dashboard';

/** At most this many "already registered" notices per address per hour, so sign-ups cannot mail-bomb an owner. */
const ALREADY_REGISTERED_NOTICES_PER_HOUR = 3;

/**
 * The callback a verification link redirects to: /auth/callback?next=<same-origin path>&link=verify-email.
 * `link` tells the page the address is now confirmed (better-auth adds `error` when it is not), so
 * it can say so, whether the link signed the user in or not.
 */
export function verificationCallbackPath(next: unknown): string {
  const target = isSameOriginPath(next) && !next.startsWith('/auth/callback') ? next : DEFAULT_AFTER_VERIFICATION;
  return `/auth/callback?next=${encodeURIComponent(target)}&link=verify-email`;
}

/** A verification link exactly like the one better-auth sends at sign-up (same token, same endpoint). */
export async function verificationLink(
  config: Pick<Config, 'publicUrl'>,
  secret: string,
  user: { id: string; email: string },
  next?: string,
): Promise<string> {
  const token = await createEmailVerificationToken(secret, user.email, undefined, VERIFICATION_LINK_SECONDS, {
    userId: user.id,
  });
  return `${config.publicUrl}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(verificationCallbackPath(next))}`;
}

async function firstNameOf(db: AppDb, userId: string): Promise<string | null> {
  const [profile] = await db
    .select({ firstName: schema.profiles.firstName })
    .from(schema.profiles)
    .where(eq(schema.profiles.id, userId));
  return profile?.firstName ?? null;
}

/** The sign-up verification e-mail (better-auth's `sendVerificationEmail`), looked up and sent in the background. */
export function sendVerificationMailInBackground(
  db: AppDb,
  mailer: Mailer,
  user: { id: string; email: string },
  url: string,
): void {
  mailer.sendInBackground(async () => verificationMail(user.email, await firstNameOf(db, user.id), url));
}

/** better-auth's `onExistingUserSignUp`: the owner learns of the attempt by e-mail, a few times an hour at most. */
export function noticeSignUpWithRegisteredAddress(
  db: AppDb,
  mailer: Mailer,
  config: Pick<Config, 'publicUrl'>,
  email: string,
): void {
  mailer.sendInBackground(async () => {
    const { allowed } = await takeThrottle(
      db,
      `already-registered-notice:${addressKey(email)}`,
      ALREADY_REGISTERED_NOTICES_PER_HOUR,
      3600,
    );
    return allowed
      ? alreadyRegisteredMail(email, `${config.publicUrl}/login`, `${config.publicUrl}/reset-request`)
      : null;
  });
}

/**
 * better-auth's `afterEmailVerification`: the spec's `email_confirmed_at` is what makes a user
 * verified (session.ts reads it), kept from the first confirmation; the trial starts; the user's open tabs hear
 * of it at once (they refetch /api/me), so /verification-required and the banner move on. With
 * the CRM on, the first confirmation queues the new contact in the same transaction: an address
 * reaches the CRM only once its owner has shown it is theirs (anyone can type someone else's
 * address into the sign-up form), as Sync Users leaves unconfirmed addresses out too (ADR 0063).
 */
export async function recordEmailConfirmed(db: AppDb, userId: string, now: Date, crm?: Crm): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = rowsOf<{ email: string; first: boolean }>(
      await tx.execute(sql`
        select email, email_confirmed_at is null as first from "user" where id = ${userId} for update`),
    );
    await tx.execute(sql`
      update "user" set email_confirmed_at = coalesce(email_confirmed_at, now()), email_verified = true
      where id = ${userId}`);
    if (crm && before?.first) await enqueueNewContact(crm, tx, { userId, email: before.email });
    // The 7-day trial starts now, with the sign-up's promo code applied (ADR 0036).
    await completeSignUpSubscription(tx, userId, now);
    await publish(tx, { type: 'email-verified', userId, invalidate: [['me']] });
  });
}

type Account = { id: string; email: string; confirmed: boolean };

export async function findAccountByEmail(db: AppDb, email: string): Promise<Account | null> {
  const [row] = rowsOf<{ id: string; email: string; confirmed: boolean }>(
    await db.execute(sql`
      select id, email, email_confirmed_at is not null as confirmed from "user" where email = ${email.trim().toLowerCase()}`),
  );
  return row ?? null;
}

export type ResendDeps = { db: AppDb; mailer: Mailer; config: Pick<Config, 'publicUrl'>; secret: string };

/**
 * Resending for an address the caller is not signed in as: whatever the address, nothing is
 * looked up before the answer; in the background its owner gets a new link (unverified), an
 * "already verified, just log in" note (verified), and an unknown address gets nothing.
 */
export function resendForAnyone(deps: ResendDeps, email: string, next?: string): void {
  deps.mailer.sendInBackground(async () => {
    const account = await findAccountByEmail(deps.db, email);
    if (!account) return null;
    if (account.confirmed) {
      return alreadyVerifiedMail(
        account.email,
        `${deps.config.publicUrl}/login`,
        `${deps.config.publicUrl}/reset-request`,
      );
    }
    const url = await verificationLink(deps.config, deps.secret, account, next);
    return verificationMail(account.email, await firstNameOf(deps.db, account.id), url);
  });
}

/** Resending for the signed-in user's own address: they may be told the truth. */
export async function resendForSignedInUser(
  deps: ResendDeps,
  user: { userId: string; email: string },
  next?: string,
): Promise<'sent' | 'already_verified'> {
  const account = await findAccountByEmail(deps.db, user.email);
  if (!account || account.id !== user.userId) return 'sent';
  if (account.confirmed) return 'already_verified';
  const url = await verificationLink(deps.config, deps.secret, account, next);
  deps.mailer.sendInBackground(async () =>
    verificationMail(account.email, await firstNameOf(deps.db, account.id), url),
  );
  return 'sent';
}
