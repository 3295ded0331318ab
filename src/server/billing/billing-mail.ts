/**
 * Sends the e-mails an applied billing event calls for (docs/decisions/0037, "E-mails when money
 * moves"). Called only after the transaction that applied the event has committed, so a rolled-back
 * event mails nothing; in the background, so a mail failure is logged and never fails the webhook.
 * A redelivered event is a duplicate and carries no mail, so nothing is sent twice.
 */
import { eq } from 'drizzle-orm';
import type { BillingNotice } from '../../core/subscriptions/billing-notices.ts';
import { user } from '../db/schema/index.ts';
import type { Deps } from '../http/context.ts';
import {
  type MailLinks,
  paymentFailedMail,
  paymentReceivedMail,
  planChangedMail,
  subscriptionCancelledMail,
  cardTrialEndingMail,
  trialStartedMail,
} from '../mail/billing-templates.ts';
import type { OutgoingMail } from '../mail/mailer.ts';

/** Whose e-mails and which. */
export type BillingMail = { userId: string; notices: BillingNotice[] };

export function mailLinks(publicUrl: string): MailLinks {
  return {
    subscriptionUrl: `${publicUrl}/settings?tab=subscription`,
    updateCardUrl: `${publicUrl}/settings/subscription/payment`,
    subscribeUrl: `${publicUrl}/subscribe`,
    settingsUrl: `${publicUrl}/settings`,
  };
}

export function billingMailOf(to: string, notice: BillingNotice, links: MailLinks): OutgoingMail {
  switch (notice.kind) {
    case 'payment-received':
      return paymentReceivedMail(to, notice, links);
    case 'payment-failed':
      return paymentFailedMail(to, notice, links);
    case 'plan-changed':
      return planChangedMail(to, notice, links);
    case 'cancelled':
      return subscriptionCancelledMail(to, notice, links);
    case 'trial-started':
      return trialStartedMail(to, notice, links);
    case 'trial-ending':
      return cardTrialEndingMail(to, notice, links);
  }
}

/** Queues each notice's e-mail to the user's address (read after the commit; none once deleted). */
export function sendBillingMail(deps: Pick<Deps, 'database' | 'mailer' | 'config'>, mail: BillingMail | undefined) {
  if (!mail) return;
  const links = mailLinks(deps.config.publicUrl);
  for (const notice of mail.notices)
    deps.mailer.sendInBackground(async () => {
      const [owner] = await deps.database.db.select({ email: user.email }).from(user).where(eq(user.id, mail.userId));
      return owner ? billingMailOf(owner.email, notice, links) : null;
    });
}
