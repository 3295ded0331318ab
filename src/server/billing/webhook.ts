/**
 * The card provider's webhook (docs/decisions/0037-card-payments-and-webhooks.md): the raw body's
 * signature is checked first (400 and nothing written when it does not match), then the event is
 * recorded and applied in one transaction. Test mode's Pay and Decline come through here too.
 */
import { AppError } from '../errors.ts';
import type { Deps } from '../http/context.ts';
import { type ApplyOutcome, applyProviderEvent } from './apply-event.ts';
import { sendBillingMail } from './billing-mail.ts';

export const BAD_SIGNATURE_MESSAGE = 'Webhook signature verification failed';

/** Verifies `rawBody` against its `stripe-signature` header; throws a 400 when it does not match. */
export function verifiedEvent(deps: Deps, rawBody: string, signature: string | undefined): unknown {
  try {
    return deps.billing.verifyWebhook(rawBody, signature);
  } catch {
    throw new AppError('VALIDATION_FAILED', BAD_SIGNATURE_MESSAGE);
  }
}

/**
 * What follows an applied event outside its transaction: an ignored event is logged with why
 * (ADR 0037: answered 2xx, since the provider would resend the same body for days), and an
 * extra live subscription is cancelled at the provider (ADR 0046). When that call fails the
 * webhook answers 503, so the provider sends the event again and the cancel is tried again.
 */
export async function settleOutcome(deps: Deps, outcome: ApplyOutcome): Promise<void> {
  if (outcome.outcome !== 'ignored') return;
  deps.logger.warn('billing webhook event ignored', { reason: outcome.reason });
  const extra = outcome.cancelSubscriptionId;
  if (!extra) return;
  try {
    await deps.billing.cancelSubscription(extra);
    deps.logger.warn('cancelled a second live subscription at the provider', { subscriptionId: extra });
  } catch (err) {
    deps.logger.error('could not cancel a second live subscription', { subscriptionId: extra, error: String(err) });
    throw new AppError('SERVICE_UNAVAILABLE', 'Could not cancel the extra subscription; send the event again.');
  }
}

/** Verifies and applies one delivery; a redelivery answers 'duplicate' and changes nothing. */
export async function receiveWebhook(
  deps: Deps,
  rawBody: string,
  signature: string | undefined,
): Promise<ApplyOutcome> {
  const event = verifiedEvent(deps, rawBody, signature);
  const outcome = await deps.database.db.transaction((tx) => applyProviderEvent(tx, event, deps.clock.now()));
  // Committed: now the e-mails (a duplicate carries none, so a redelivery sends nothing again).
  if (outcome.outcome === 'applied') sendBillingMail(deps, outcome.mail);
  await settleOutcome(deps, outcome);
  return outcome;
}
