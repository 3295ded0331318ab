/** How support tickets read on screen (en-GB, London time). */
import type { TicketStatus } from '../../core/support/tickets.ts';

/** An instant as '21 Nov 2026, 14:05' in London, as the admin screens show times. */
export { dateTimeText as ticketTimeText } from '../admin/bank-data/report-text.ts';

/** The badge colour of a status: whose turn it is stands out, finished ones recede. */
export const STATUS_BADGE: Record<TicketStatus, 'info' | 'warning' | 'success' | 'secondary'> = {
  open: 'info',
  awaiting_reply: 'warning',
  resolved: 'success',
  closed: 'secondary',
};
