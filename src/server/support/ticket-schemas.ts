/** The support routes' request fields and answers, shared by the saver's routes and the admins'. */
import {
  MESSAGE_MAX_CHARS,
  SUBJECT_MAX_CHARS,
  SUPPORT_MESSAGES,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from '../../core/support/tickets.ts';
import { z } from '../http/route.ts';

const noNul = (text: string) => !text.includes('\u0000');

export const SubjectField = z
  .string(SUPPORT_MESSAGES.subjectRequired)
  .trim()
  .min(1, SUPPORT_MESSAGES.subjectRequired)
  .max(SUBJECT_MAX_CHARS, SUPPORT_MESSAGES.subjectTooLong)
  .refine(noNul, SUPPORT_MESSAGES.nul);

export const BodyField = z
  .string(SUPPORT_MESSAGES.bodyRequired)
  .trim()
  .min(1, SUPPORT_MESSAGES.bodyRequired)
  .max(MESSAGE_MAX_CHARS, SUPPORT_MESSAGES.bodyTooLong)
  .refine(noNul, SUPPORT_MESSAGES.nul);

export const CategoryField = z.enum(TICKET_CATEGORIES, SUPPORT_MESSAGES.categoryRequired);
export const StatusField = z.enum(TICKET_STATUSES, SUPPORT_MESSAGES.status);
export const PriorityField = z.enum(TICKET_PRIORITIES, SUPPORT_MESSAGES.priority);

export const TicketIdParam = z.object({ id: z.uuid(SUPPORT_MESSAGES.notFound) });
export const AttachmentParams = z.object({
  id: z.uuid(SUPPORT_MESSAGES.notFound),
  attachmentId: z.uuid(SUPPORT_MESSAGES.attachmentNotFound),
});

export const TicketSchema = z
  .object({
    id: z.string(),
    reference: z.string(),
    subject: z.string(),
    category: z.string(),
    status: StatusField,
    priority: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    lastReplyAt: z.string(),
  })
  .openapi('SupportTicket');

export const AttachmentSchema = z
  .object({ id: z.string(), fileName: z.string(), contentType: z.string(), size: z.number(), url: z.string() })
  .openapi('SupportAttachment');

export const MessageSchema = z
  .object({
    id: z.string(),
    authorRole: z.enum(['saver', 'admin']),
    authorName: z.string().nullable(),
    body: z.string(),
    isInternal: z.boolean(),
    createdAt: z.string(),
    attachments: z.array(AttachmentSchema),
  })
  .openapi('SupportMessage');

export const PersonSchema = z.object({ id: z.string(), email: z.string(), name: z.string() }).openapi('SupportPerson');

export const attachmentResponse = {
  200: {
    description: 'The file (an image shown inline, a PDF downloaded)',
    content: {
      'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) },
    },
  },
  404: { description: 'No such attachment on this ticket, or not yours' },
};

export const messageFormResponses = {
  413: { description: 'The attachment is larger than 5 MB' },
  415: { description: 'The attachment is not an image or a PDF (by its bytes)' },
};
