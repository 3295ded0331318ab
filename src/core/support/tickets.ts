/**
 * Support tickets (issue 28, 002 §2 support routes): what a ticket can be, the words savers and
 * admins read for it, and how a message moves its status. Pure: the server and the web app share it.
 */

export const TICKET_STATUSES = ['open', 'awaiting_reply', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TICKET_CATEGORIES = ['account', 'billing', 'technical', 'bank_data', 'feedback', 'other'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<TicketCategory, string> = {
  account: 'My account and signing in',
  billing: 'Billing and my plan',
  technical: 'Something is not working',
  bank_data: 'Bank, rate or protection details',
  feedback: 'Feedback or an idea',
  other: 'Something else',
};

/** What the saver reads: whose turn it is. */
export const SAVER_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Waiting for support',
  awaiting_reply: 'Awaiting your reply',
  resolved: 'Resolved',
  closed: 'Closed',
};

/** What an admin reads. */
export const ADMIN_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  awaiting_reply: 'Awaiting saver',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

export const SUBJECT_MAX_CHARS = 200;
export const MESSAGE_MAX_CHARS = 5000;

export const SUPPORT_MESSAGES = {
  subjectRequired: 'Please enter a subject',
  subjectTooLong: `Subject must be ${SUBJECT_MAX_CHARS} characters or fewer`,
  categoryRequired: 'Please choose what your question is about',
  bodyRequired: 'Please write a message',
  bodyTooLong: 'Message is too long (5,000 characters at most)',
  nul: 'Text cannot contain the NUL character (U+0000)',
  notFound: 'Ticket not found',
  attachmentNotFound: 'Attachment not found',
  closed: 'This ticket is closed. Please open a new ticket if you still need help.',
  created: 'Ticket sent. We will reply by email and here.',
  replied: 'Reply sent',
  noteAdded: 'Internal note added',
  updated: 'Ticket updated',
  status: `Status must be one of ${TICKET_STATUSES.join(', ')}`,
  priority: `Priority must be one of ${TICKET_PRIORITIES.join(', ')}`,
  nothingToChange: 'Change the status, priority or assignee',
  notAnAdmin: 'Tickets can be assigned only to an admin',
  internalAttachment: 'Internal notes cannot carry attachments',
  isInternal: 'isInternal must be true or false',
} as const;

/**
 * The status after the saver writes on a ticket in `current`: back to support (open), or refused
 * on a closed ticket (a resolved one reopens: the saver says it is not).
 */
export function statusAfterSaverMessage(
  current: TicketStatus,
): { ok: true; status: TicketStatus } | { ok: false; reason: 'closed' } {
  if (current === 'closed') return { ok: false, reason: 'closed' };
  return { ok: true, status: 'open' };
}

/**
 * The status after an admin's message: a public reply hands the ticket to the saver
 * (awaiting_reply) unless the admin chose a status with it; an internal note changes nothing by itself.
 */
export function statusAfterAdminMessage(
  current: TicketStatus,
  { isInternal, chosen }: { isInternal: boolean; chosen?: TicketStatus | undefined },
): TicketStatus {
  if (chosen) return chosen;
  if (isInternal) return current;
  return current === 'open' ? 'awaiting_reply' : current;
}

export function isTicketStatus(value: unknown): value is TicketStatus {
  return typeof value === 'string' && (TICKET_STATUSES as readonly string[]).includes(value);
}

export function isTicketPriority(value: unknown): value is TicketPriority {
  return typeof value === 'string' && (TICKET_PRIORITIES as readonly string[]).includes(value);
}

export function isTicketCategory(value: unknown): value is TicketCategory {
  return typeof value === 'string' && (TICKET_CATEGORIES as readonly string[]).includes(value);
}

/** A short reference for e-mail subjects and lists: the id's first eight characters, upper case. */
export function ticketReference(id: string): string {
  return `#${id.slice(0, 8).toUpperCase()}`;
}
