/**
 * The card provider's webhook (docs/decisions/0037-card-payments-and-webhooks.md): the raw body's
 * signature is checked first (400 and nothing written when it does not match), then the event is
 * recorded and applied in one transaction. Test mode's Pay and Decline come through here too.
 */
import { AppError } from '../errors.ts';
import type { Deps } from '../http/context.ts';
import { type ApplyOutcome, applyProviderEvent } from './apply-event.ts';
import type { ProviderEvent } from './provider.ts';

export const BAD_SIGNATURE_MESSAGE = 'Webhook signature verification failed';

/** Verifies `rawBody` against its `stripe-signature` header; throws a 400 when it does not match. */
export function verifiedEvent(deps: Deps, rawBody: string, signature: string | undefined): ProviderEvent {
  try {
    return deps.billing.verifyWebhook(rawBody, signature);
  } catch {
    throw new AppError('VALIDATION_FAILED', BAD_SIGNATURE_MESSAGE);
  }
}

/** Verifies and applies one delivery; a redelivery answers 'duplicate' and changes nothing. */
export async function receiveWebhook(
  deps: Deps,
  rawBody: string,
  signature: string | undefined,
): Promise<ApplyOutcome> {
  const event = verifiedEvent(deps, rawBody, signature);
  return deps.database.db.transaction((tx) => applyProviderEvent(tx, event, deps.clock.now()));
}
