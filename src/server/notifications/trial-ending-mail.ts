/**
 * The trial-ending e-mail (docs/decisions/0037, "E-mails when money moves"): once per trial, when
 * the app's own trial has 2 London days or fewer left. A marker row in billing_events, keyed by the
 * user and the trial's end, is written in the same transaction that finds who is due, so a rerun (or
 * a second instance) sends nothing again; a trial an admin extends gets a new end and a new e-mail.
 * The e-mails go out after that transaction commits.
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import { addLondonDays } from '../../core/dates/london-instant.ts';
import { isTrialEndingMailDue } from '../../core/subscriptions/billing-notices.ts';
import { TRIAL_URGENT_DAYS } from '../../core/subscriptions/access.ts';
import { mailLinks } from '../billing/billing-mail.ts';
import type { Database, Tx } from '../db/client.ts';
import { billingEvents, subscriptions, user } from '../db/schema/index.ts';
import { trialEndingMail } from '../mail/billing-templates.ts';
import type { Mailer } from '../mail/mailer.ts';

export const TRIAL_ENDING_EVENT = 'app.trial_ending_mail';

export type TrialEndingDeps = { database: Database; mailer: Mailer; publicUrl: string };

/** The marker's id: one per user and trial end. */
export const trialEndingMarker = (userId: string, trialExpiresAt: Date) =>
  `app_trial_ending_${userId}_${trialExpiresAt.toISOString()}`;

type Due = { email: string; trialEndsAt: Date };

/** In `tx`: the savers now due who have not had the e-mail for this trial, each marked as sent. */
export async function markTrialEndingMailsDue(tx: Tx, now: Date): Promise<Due[]> {
  const candidates = await tx
    .select({
      userId: subscriptions.userId,
      email: user.email,
      trialExpiresAt: subscriptions.trialExpiresAt,
      paymentStatus: subscriptions.paymentStatus,
      adminOverride: subscriptions.adminOverride,
    })
    .from(subscriptions)
    .innerJoin(user, eq(user.id, subscriptions.userId))
    .where(
      and(
        gt(subscriptions.trialExpiresAt, now),
        // A day's margin over the London-day rule, which then decides.
        lte(subscriptions.trialExpiresAt, addLondonDays(now, TRIAL_URGENT_DAYS + 1)),
      ),
    );
  const sending: Due[] = [];
  for (const row of candidates) {
    if (!row.trialExpiresAt || !isTrialEndingMailDue(row, now)) continue;
    const fresh = await tx
      .insert(billingEvents)
      .values({
        eventId: trialEndingMarker(row.userId, row.trialExpiresAt),
        eventType: TRIAL_ENDING_EVENT,
        createdAt: now,
        userId: row.userId,
      })
      .onConflictDoNothing({ target: billingEvents.eventId })
      .returning({ eventId: billingEvents.eventId });
    if (fresh.length > 0) sending.push({ email: row.email, trialEndsAt: row.trialExpiresAt });
  }
  return sending;
}

/** Queues the e-mails (call once the marking transaction has committed). */
export function sendTrialEndingMails(deps: TrialEndingDeps, due: Due[]): void {
  const links = mailLinks(deps.publicUrl);
  for (const { email, trialEndsAt } of due)
    deps.mailer.sendInBackground(trialEndingMail(email, { trialEndsAt }, links));
}

/** Marks and sends in one go (its own transaction); returns how many. */
export async function runTrialEndingMails(deps: TrialEndingDeps, now: Date): Promise<number> {
  const due = await deps.database.db.transaction((tx) => markTrialEndingMailsDue(tx, now));
  sendTrialEndingMails(deps, due);
  return due.length;
}
