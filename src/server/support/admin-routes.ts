/**
 * Support administration (issue 28, 002 §2 /admin/support…): the overview's counts, the filtered
 * list, one ticket with every message (internal notes too), its status, priority and assignment,
 * internal notes and public replies. Admin routes: checked on the server, two-factor required.
 * Every change is written to the audit log in the same transaction; a public reply e-mails the
 * saver once the transaction has committed, an internal note e-mails nobody.
 */
import { eq, sql } from 'drizzle-orm';
import { type TicketStatus, statusAfterAdminMessage, SUPPORT_MESSAGES } from '../../core/support/tickets.ts';
import { listAdminActions, recordAdminAction } from '../admin/audit-log.ts';
import type { Tx } from '../db/client.ts';
import { supportTickets } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import { afterCommit } from '../http/after-commit.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { supportReplyMail } from './mail.ts';
import { AttachmentField, messageFormMiddleware } from './message-form.ts';
import {
  ADMIN_TICKETS_PAGE_SIZE,
  getTicket,
  isAdminUser,
  listAdmins,
  listMessages,
  listTicketsForAdmin,
  peopleById,
  type TicketRow,
  ticketCounts,
  ticketJson,
} from './queries.ts';
import { publishTicketChange, saverTicketPath } from './routes.ts';
import {
  AttachmentParams,
  attachmentResponse,
  BodyField,
  MessageSchema,
  messageFormResponses,
  PersonSchema,
  PriorityField,
  StatusField,
  TicketIdParam,
  TicketSchema,
} from './ticket-schemas.ts';
import { insertMessage, readAttachment } from './write.ts';

const ADMIN_REPLY_PATH = '/api/admin/support/tickets/:id/messages';
const SUBJECT_TYPE = 'support_ticket';

export const ADMIN_SUPPORT_MESSAGES = {
  page: 'page must be a whole number from 1',
  assignee: 'assignee must be me, unassigned or an admin’s id',
} as const;

const AdminTicketSchema = TicketSchema.extend({
  saver: PersonSchema.nullable(),
  assignee: PersonSchema.nullable(),
}).openapi('AdminSupportTicket');

const ActivitySchema = z
  .object({
    id: z.string(),
    adminEmail: z.string(),
    action: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    createdAt: z.string(),
  })
  .openapi('SupportTicketActivity');

const AdminThreadSchema = z
  .object({
    ticket: AdminTicketSchema,
    messages: z.array(MessageSchema),
    activity: z.array(ActivitySchema),
  })
  .openapi('AdminSupportTicketThread');

const ListQuery = z.object({
  status: StatusField.optional(),
  priority: PriorityField.optional(),
  assignee: z
    .string()
    .regex(/^(me|unassigned|[A-Za-z0-9_-]{1,64})$/, ADMIN_SUPPORT_MESSAGES.assignee)
    .optional(),
  page: z.coerce
    .number(ADMIN_SUPPORT_MESSAGES.page)
    .int(ADMIN_SUPPORT_MESSAGES.page)
    .min(1, ADMIN_SUPPORT_MESSAGES.page)
    .max(10_000, ADMIN_SUPPORT_MESSAGES.page)
    .default(1),
});

const UpdateSchema = z
  .strictObject({
    status: StatusField.optional(),
    priority: PriorityField.optional(),
    assignedAdminId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, SUPPORT_MESSAGES.notAnAdmin)
      .nullable()
      .optional(),
  })
  .openapi('SupportTicketUpdate');

const AdminMessageForm = z
  .object({
    body: BodyField,
    isInternal: z.enum(['true', 'false'], SUPPORT_MESSAGES.isInternal),
    status: StatusField.optional(),
    file: AttachmentField,
  })
  .openapi('AdminSupportMessage');

const adminAttachmentUrl = (ticketId: string) => (attachmentId: string) =>
  `/api/admin/support/tickets/${ticketId}/attachments/${attachmentId}`;

/** One ticket as admins see it: the saver, the assignee, every message with its author's name, and its audit trail. */
async function adminThread(tx: Tx, ticket: TicketRow) {
  const [messages, activity] = await Promise.all([
    listMessages(tx, ticket.id, { includeInternal: true, attachmentUrl: adminAttachmentUrl(ticket.id) }),
    listAdminActions(tx, { subjectType: SUBJECT_TYPE, subjectId: ticket.id, limit: 100 }),
  ]);
  const people = await peopleById(tx, [ticket.userId, ticket.assignedAdminId, ...messages.map((m) => m.authorId)]);
  return {
    ticket: {
      ...ticketJson(ticket),
      saver: people.get(ticket.userId) ?? null,
      assignee: ticket.assignedAdminId ? (people.get(ticket.assignedAdminId) ?? null) : null,
    },
    messages: messages.map(({ authorId, ...m }) => ({
      ...m,
      authorName: authorId ? (people.get(authorId)?.name ?? null) : null,
    })),
    activity: activity.map(({ id, adminEmail, action, before, after, createdAt }) => ({
      id,
      adminEmail,
      action,
      before,
      after,
      createdAt,
    })),
  };
}

export function adminSupportRoutes(deps: Deps) {
  const app = createRouter();
  const form = messageFormMiddleware(deps);
  app.use(ADMIN_REPLY_PATH, form.limit);
  app.use(ADMIN_REPLY_PATH, form.prepare);

  const threadResponse = {
    200: { description: 'The ticket', content: { 'application/json': { schema: AdminThreadSchema } } },
    404: { description: 'No such ticket' },
  };

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/support/overview',
      summary: 'Support tickets counted by status; of the open ones, the urgent, high, unassigned and the admin’s own',
      responses: {
        200: {
          description: 'Counts',
          content: {
            'application/json': {
              schema: z.object({
                total: z.number(),
                byStatus: z.record(z.string(), z.number()),
                activeByPriority: z.object({ urgent: z.number(), high: z.number() }),
                activeUnassigned: z.number(),
                activeMine: z.number(),
              }),
            },
          },
        },
      },
    }),
    async (c) => c.json(await ticketCounts(txOf(c), sessionOf(c).userId), 200),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/support/tickets',
      summary: 'Support tickets, the latest conversation first, 50 a page, by status, priority and assignee',
      request: { query: ListQuery },
      responses: {
        200: {
          description: 'A page of tickets',
          content: {
            'application/json': {
              schema: z.object({
                tickets: z.array(AdminTicketSchema),
                total: z.number(),
                page: z.number(),
                pageSize: z.number(),
              }),
            },
          },
        },
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const result = await listTicketsForAdmin(txOf(c), sessionOf(c).userId, query);
      return c.json({ ...result, page: query.page, pageSize: ADMIN_TICKETS_PAGE_SIZE }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/support/admins',
      summary: 'The admins a ticket can be assigned to',
      responses: {
        200: {
          description: 'Admins by e-mail',
          content: { 'application/json': { schema: z.object({ admins: z.array(PersonSchema) }) } },
        },
      },
    }),
    async (c) => c.json({ admins: await listAdmins(txOf(c)) }, 200),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/support/tickets/{id}',
      summary: 'One ticket with every message, internal notes included, and its audit trail',
      request: { params: TicketIdParam },
      responses: threadResponse,
    }),
    async (c) => {
      const tx = txOf(c);
      return c.json(await adminThread(tx, await getTicket(tx, c.req.valid('param').id)), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'patch',
      path: '/api/admin/support/tickets/{id}',
      summary: "Change a ticket's status, priority or assignee (audited)",
      request: {
        params: TicketIdParam,
        body: { content: { 'application/json': { schema: UpdateSchema } }, required: true },
      },
      responses: threadResponse,
    }),
    async (c) => {
      const input = c.req.valid('json');
      const tx = txOf(c);
      const session = sessionOf(c);
      const ticket = await getTicket(tx, c.req.valid('param').id, { forUpdate: true });
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      if (input.status !== undefined && input.status !== ticket.status) {
        before.status = ticket.status;
        after.status = input.status;
      }
      if (input.priority !== undefined && input.priority !== ticket.priority) {
        before.priority = ticket.priority;
        after.priority = input.priority;
      }
      if (input.assignedAdminId !== undefined && input.assignedAdminId !== ticket.assignedAdminId) {
        if (input.assignedAdminId !== null && !(await isAdminUser(tx, input.assignedAdminId)))
          throw new AppError('VALIDATION_FAILED', SUPPORT_MESSAGES.notAnAdmin, { field: 'assignedAdminId' });
        before.assignedAdminId = ticket.assignedAdminId;
        after.assignedAdminId = input.assignedAdminId;
      }
      if (Object.keys(after).length === 0) throw new AppError('VALIDATION_FAILED', SUPPORT_MESSAGES.nothingToChange);
      await tx
        .update(supportTickets)
        .set({ ...after, updatedAt: sql`now()` })
        .where(eq(supportTickets.id, ticket.id));
      await recordAdminAction(
        tx,
        { userId: session.userId, email: session.email },
        { action: 'ticket.update', subjectType: SUBJECT_TYPE, subjectId: ticket.id, before, after },
      );
      await publishTicketChange(tx, ticket.userId);
      return c.json(await adminThread(tx, await getTicket(tx, ticket.id)), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: '/api/admin/support/tickets/{id}/messages',
      summary:
        'A public reply (e-mailed to the saver) or an internal note (admins only, e-mailed to nobody), optionally setting the status (audited)',
      request: {
        params: TicketIdParam,
        body: { content: { 'multipart/form-data': { schema: AdminMessageForm } }, required: true },
      },
      responses: { ...threadResponse, 201: threadResponse[200], ...messageFormResponses },
    }),
    async (c) => {
      const fields = c.req.valid('form');
      const isInternal = fields.isInternal === 'true';
      const read = await form.formOf(c);
      if (!read.ok) throw read.error;
      if (isInternal && read.attachment)
        throw new AppError('VALIDATION_FAILED', SUPPORT_MESSAGES.internalAttachment, { field: 'file' });
      const tx = txOf(c);
      const session = sessionOf(c);
      const ticket = await getTicket(tx, c.req.valid('param').id, { forUpdate: true });
      const status = statusAfterAdminMessage(ticket.status as TicketStatus, { isInternal, chosen: fields.status });
      const { messageId, attachmentId, createdAt } = await insertMessage(tx, deps.storage, {
        ticketId: ticket.id,
        ownerId: ticket.userId,
        authorId: session.userId,
        authorRole: 'admin',
        body: fields.body,
        isInternal,
        attachment: read.attachment,
      });
      // An internal note moves neither the saver's "last reply" nor their "updated" time.
      if (!isInternal || status !== ticket.status) {
        await tx
          .update(supportTickets)
          .set({ status, ...(isInternal ? {} : { lastReplyAt: createdAt }), updatedAt: sql`now()` })
          .where(eq(supportTickets.id, ticket.id));
      }
      await recordAdminAction(
        tx,
        { userId: session.userId, email: session.email },
        {
          action: isInternal ? 'ticket.note' : 'ticket.reply',
          subjectType: SUBJECT_TYPE,
          subjectId: ticket.id,
          before: status !== ticket.status ? { status: ticket.status } : null,
          after: { messageId, attachmentId, ...(status !== ticket.status ? { status } : {}) },
        },
      );
      if (!isInternal) {
        const saver = (await peopleById(tx, [ticket.userId])).get(ticket.userId);
        if (saver) {
          const mail = supportReplyMail(
            saver.email,
            ticket,
            fields.body,
            `${deps.config.publicUrl}${saverTicketPath(ticket.id)}`,
          );
          afterCommit(c, () => deps.mailer.sendInBackground(mail));
        }
      }
      // The saver's tabs hear only of what they can see.
      await publishTicketChange(tx, isInternal && status === ticket.status ? null : ticket.userId);
      return c.json(await adminThread(tx, await getTicket(tx, ticket.id)), 201);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/support/tickets/{id}/attachments/{attachmentId}',
      summary: 'An attachment of a ticket',
      request: { params: AttachmentParams },
      responses: attachmentResponse,
    }),
    async (c) => {
      const { id, attachmentId } = c.req.valid('param');
      const tx = txOf(c);
      const { bytes, headers } = await readAttachment(tx, deps.storage, { ticketId: id, attachmentId });
      return c.body(bytes, 200, headers);
    },
  );

  return app;
}
