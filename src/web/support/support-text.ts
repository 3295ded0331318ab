/** How support tickets read on screen (en-GB, London time). */
import type { TicketStatus } from '../../core/support/tickets.ts';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant as '21 Nov 2026, 14:05' in London. */
export function ticketTimeText(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** The badge colour of a status: whose turn it is stands out, finished ones recede. */
export const STATUS_BADGE: Record<TicketStatus, 'info' | 'warning' | 'success' | 'secondary'> = {
  open: 'info',
  awaiting_reply: 'warning',
  resolved: 'success',
  closed: 'secondary',
};
