/** The ticket forms' checks in the browser: the server's messages (core/support), before a request is sent. */
import {
  isTicketCategory,
  MESSAGE_MAX_CHARS,
  SUBJECT_MAX_CHARS,
  SUPPORT_MESSAGES,
} from '../../core/support/tickets.ts';

export function subjectProblem(subject: string): string | null {
  const text = subject.trim();
  if (!text) return SUPPORT_MESSAGES.subjectRequired;
  if (text.length > SUBJECT_MAX_CHARS) return SUPPORT_MESSAGES.subjectTooLong;
  return null;
}

export function categoryProblem(category: string): string | null {
  return isTicketCategory(category) ? null : SUPPORT_MESSAGES.categoryRequired;
}

export function bodyProblem(body: string): string | null {
  const text = body.trim();
  if (!text) return SUPPORT_MESSAGES.bodyRequired;
  if (text.length > MESSAGE_MAX_CHARS) return SUPPORT_MESSAGES.bodyTooLong;
  return null;
}
