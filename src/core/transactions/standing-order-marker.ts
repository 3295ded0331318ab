/**
 * A standing-order payment's notes are the payee name followed by a marker holding the order's
 * id (001 §3, §9): 'Standing order [standing-order:6f1c…]'. The marker is bookkeeping, never
 * shown: every screen and export shows `displayNotes`, and the notes search ignores it. Which
 * order paid a transaction, and for which occurrence, is held in the transaction's
 * `standing_order_id` and `occurrence_date` columns (unique together: exactly once); the marker
 * keeps the spec's notes format for people reading the data.
 */

/**
 * The marker at the end of notes, as a regular expression source that means the same in
 * JavaScript and in PostgreSQL (the server's notes search strips it with `regexp_replace`).
 */
export const STANDING_ORDER_MARKER_PATTERN = '\\s*\\[standing-order:([0-9A-Fa-f-]+)\\]\\s*$';

const MARKER = new RegExp(STANDING_ORDER_MARKER_PATTERN);

/** The marker for an order id: '[standing-order:<id>]'. */
export function standingOrderMarker(orderId: string): string {
  if (!/^[0-9A-Fa-f-]+$/.test(orderId)) throw new Error(`Not a standing order id: ${orderId}`);
  return `[standing-order:${orderId}]`;
}

/** The notes a standing-order payment is stored with: the payee name, then the marker. */
export function standingOrderNotes(payeeName: string, orderId: string): string {
  const name = payeeName.trim();
  return name ? `${name} ${standingOrderMarker(orderId)}` : standingOrderMarker(orderId);
}

/** Notes as shown to people: any standing-order marker removed. */
export function displayNotes(notes: string | null): string | null {
  if (notes === null) return null;
  return notes.replace(MARKER, '');
}

/** The order id in the notes' marker, or null when there is none. */
export function standingOrderIdInNotes(notes: string | null): string | null {
  if (notes === null) return null;
  return MARKER.exec(notes)?.[1] ?? null;
}

/**
 * The notes to store when someone edits a transaction's notes (they see and type notes without
 * the marker): the marker the stored notes carried, if any, is kept after the new text.
 */
export function notesWithMarkerKept(storedNotes: string | null, editedNotes: string | null): string | null {
  const orderId = standingOrderIdInNotes(storedNotes);
  const text = editedNotes?.trim() ?? '';
  if (orderId === null) return text === '' ? null : text;
  return text === '' ? standingOrderMarker(orderId) : `${text} ${standingOrderMarker(orderId)}`;
}
