/**
 * What a standing-order payment is stored as (001 §3, §9): a deposit whose notes are the payee
 * name followed by the order-id marker.
 */

/** The spec: the payee of every standing order is 'Standing order'. */
export const STANDING_ORDER_PAYEE = 'Standing order';

// Stand-in for `standingOrderNotes` of src/core/transactions/standing-order-marker.ts (issue 5,
// part C, not merged yet): the same format, '<payee> [standing-order:<id>]'. Replaced by an
// import once that branch is merged.
function standingOrderNotes(payeeName: string, orderId: string): string {
  if (!/^[0-9A-Fa-f-]+$/.test(orderId)) throw new Error(`Not a standing order id: ${orderId}`);
  const marker = `[standing-order:${orderId}]`;
  const name = payeeName.trim();
  return name ? `${name} ${marker}` : marker;
}

/** The notes of a payment made by order `orderId`. */
export function paymentNotes(payeeName: string, orderId: string): string {
  return standingOrderNotes(payeeName, orderId);
}
