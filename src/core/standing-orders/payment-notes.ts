/**
 * What a standing-order payment is stored as (001 §3, §9): a deposit whose notes are the payee
 * name followed by the order-id marker (core/transactions/standing-order-marker.ts, which also
 * hides the marker wherever notes are shown).
 */
import { standingOrderNotes } from '../transactions/standing-order-marker.ts';

/** The spec: the payee of every standing order is 'Standing order'. */
export const STANDING_ORDER_PAYEE = 'Standing order';

/** The notes of a payment made by order `orderId`. */
export function paymentNotes(payeeName: string, orderId: string): string {
  return standingOrderNotes(payeeName, orderId);
}
