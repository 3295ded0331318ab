/**
 * The saver's support tickets (issue 28, 002 §2 "User support routes"): their tickets, a new one,
 * one ticket's conversation, a reply, and an attachment's bytes. Each reads and writes in the
 * request transaction under row-level security, and names the saver too: a saver never sees an
 * internal note (the database hides it) nor anyone else's ticket (404, as if it did not exist).
 * Admins are e-mailed once the request has committed: the assigned admin, or every admin while
 * nobody has the ticket.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { statusAfterSaverMessage, SUPPORT_MESSAGES, type TicketStatus } from '../../core/support/tickets.ts';
import type { Tx } from '../db/client.ts';
import { supportTickets } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import { afterCommit } from '../http/after-commit.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { asLoginRole } from '../db/login-role.ts';
import { takeThrottle, throttleRefusal } from '../http/throttle.ts';
import { publish } from '../realtime/hub.ts';
import { saverMessageMail } from './mail.ts';
import { AttachmentField, messageFormMiddleware, parseFields } from './message-form.ts';
import {
  getTicket,
  isAdminUser,
  listAdmins,
  listMessages,
  listOwnTickets,
  peopleById,
  type TicketRow,
  ticketJson,
} from './queries.ts';
import {
  AttachmentParams,
  attachmentResponse,
  BodyField,
  CategoryField,
  MessageSchema,
  messageFormResponses,
  SubjectField,
  TicketIdParam,
  TicketSchema,
} from './ticket-schemas.ts';
import { insertMessage, readAttachment, saverMessage } from './write.ts';

export const SUPPORT_TICKETS_PATH = '/api/support/tickets';
const SAVER_REPLY_PATH = '/api/support/tickets/:id/messages';

/** New tickets a saver may open in an hour, and messages they may send: every one e-mails admins. */
export const TICKETS_PER_HOUR = 20;
export const MESSAGES_PER_HOUR = 120;

/** The routes whose bodies carry an attachment, and so set their own size limit. */
export function isSupportUploadPath(path: string): boolean {
  return (
    path === SUPPORT_TICKETS_PATH ||
    /^\/api\/support\/tickets\/[^/]+\/messages$/.test(path) ||
    /^\/api\/admin\/support\/tickets\/[^/]+\/messages$/.test(path)
  );
}

export const saverTicketPath = (id: string) => `/settings/support/ticket/${encodeURIComponent(id)}`;
export const adminTicketPath = (id: string) => `/admin/support/ticket/${encodeURIComponent(id)}`;

const NewTicketForm = z
  .object({ subject: SubjectField, category: CategoryField, body: BodyField, file: AttachmentField })
  .openapi('NewSupportTicket');
const ReplyForm = z.object({ body: BodyField, file: AttachmentField }).openapi('SupportReply');
const ReplyJson = z.strictObject({ body: BodyField }).openapi('SupportReplyText');

const ThreadSchema = z
  .object({ ticket: TicketSchema, messages: z.array(MessageSchema) })
  .openapi('SupportTicketThread');

const saverAttachmentUrl = (ticketId: string) => (attachmentId: string) =>
  `${SUPPORT_TICKETS_PATH}/${ticketId}/attachments/${attachmentId}`;

/** The saver's view of a ticket: the ticket and its public messages (the team writes as one). */
export async function saverThread(tx: Tx, ticket: TicketRow) {
  const messages = await listMessages(tx, ticket.id, {
    includeInternal: false,
    attachmentUrl: saverAttachmentUrl(ticket.id),
  });
  return {
    ticket: ticketJson(ticket),
    messages: messages.map(({ authorId: _authorId, ...m }) => ({ ...m, authorName: null })),
  };
}

/** Tells the ticket owner's open tabs (when given) and every admin's that a ticket changed. */
export async function publishTicketChange(tx: Tx, ownerId: string | null): Promise<void> {
  await publish(tx, {
    type: 'support.updated',
    ...(ownerId ? { userId: ownerId } : {}),
    admins: true,
    invalidate: [
      ['me', 'support'],
      ['admin', 'support'],
    ],
  });
}

/** Counts one of the saver's writes against its hourly limit (a refusal is a 429). */
async function throttle(tx: Tx, key: string, limit: number) {
  const result = await asLoginRole(tx, (t) => takeThrottle(t, key, limit, 3600));
  if (!result.allowed)
    throw throttleRefusal('RATE_LIMITED', 'Too many requests. Please wait before trying again', result);
}

/**
 * E-mails the admins who should hear of the saver's message, once the request has committed: the
 * ticket's admin while they are one, otherwise every admin.
 */
async function tellAdmins(
  c: Context<AppEnv>,
  deps: Deps,
  ticket: TicketRow,
  message: string,
  isNew: boolean,
): Promise<void> {
  const tx = txOf(c);
  const session = sessionOf(c);
  const assigned = ticket.assignedAdminId;
  // An admin request's rules are not this one's: whether the assignee is still an admin is read as the login role.
  const stillAdmin = assigned ? await asLoginRole(tx, (t) => isAdminUser(t, assigned)) : false;
  const recipients = stillAdmin ? [...(await peopleById(tx, [assigned])).values()] : await listAdmins(tx);
  const saver = (await peopleById(tx, [session.userId])).get(session.userId) ?? {
    email: session.email,
    name: session.email,
  };
  const ticketUrl = `${deps.config.publicUrl}${adminTicketPath(ticket.id)}`;
  const mails = recipients
    .filter((admin) => admin.id !== session.userId)
    .map((admin) => saverMessageMail(admin.email, ticket, saver, message, { isNew, ticketUrl }));
  afterCommit(c, () => {
    for (const mail of mails) deps.mailer.sendInBackground(mail);
  });
}

export function supportRoutes(deps: Deps) {
  const app = createRouter();
  const form = messageFormMiddleware(deps);
  for (const path of [SUPPORT_TICKETS_PATH, SAVER_REPLY_PATH]) {
    app.use(path, form.limit);
    app.use(path, form.prepare);
  }

  /** The attachment the request carried, or its refusal. */
  const attachmentOf = async (c: Context<AppEnv>) => {
    if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) return null;
    const read = await form.formOf(c);
    if (!read.ok) throw read.error;
    return read.attachment;
  };

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: SUPPORT_TICKETS_PATH,
      summary: "The signed-in saver's support tickets, the latest conversation first",
      responses: {
        200: {
          description: 'Tickets',
          content: { 'application/json': { schema: z.object({ tickets: z.array(TicketSchema) }) } },
        },
      },
    }),
    async (c) => c.json({ tickets: await listOwnTickets(txOf(c), sessionOf(c).userId) }, 200),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: SUPPORT_TICKETS_PATH,
      summary: 'Open a support ticket: subject, category, the first message and an optional attachment',
      request: { body: { content: { 'multipart/form-data': { schema: NewTicketForm } }, required: true } },
      responses: {
        201: { description: 'Opened', content: { 'application/json': { schema: ThreadSchema } } },
        ...messageFormResponses,
        429: { description: 'Too many new tickets in an hour' },
      },
    }),
    async (c) => {
      const { subject, category, body } = c.req.valid('form');
      const attachment = await attachmentOf(c);
      const session = sessionOf(c);
      const tx = txOf(c);
      await throttle(tx, `support-ticket:${session.userId}`, TICKETS_PER_HOUR);
      const id = randomUUID();
      await tx.insert(supportTickets).values({ id, userId: session.userId, subject, category });
      await insertMessage(tx, deps.storage, saverMessage(session.userId, id, body, attachment));
      const ticket = await getTicket(tx, id, { ownerId: session.userId });
      await tellAdmins(c, deps, ticket, body, true);
      await publishTicketChange(tx, session.userId);
      return c.json(await saverThread(tx, ticket), 201);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/support/tickets/{id}',
      summary: "One of the saver's tickets with its public messages (never support's internal notes)",
      request: { params: TicketIdParam },
      responses: {
        200: { description: 'The conversation', content: { 'application/json': { schema: ThreadSchema } } },
        404: { description: 'No such ticket, or not yours' },
      },
    }),
    async (c) => {
      const tx = txOf(c);
      const ticket = await getTicket(tx, c.req.valid('param').id, { ownerId: sessionOf(c).userId });
      return c.json(await saverThread(tx, ticket), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/support/tickets/{id}/messages',
      summary: "The saver's reply on their ticket (reopens a resolved one; a closed one takes no more)",
      request: {
        params: TicketIdParam,
        // A form when it carries an attachment; JSON for text alone.
        body: {
          content: { 'multipart/form-data': { schema: ReplyForm }, 'application/json': { schema: ReplyJson } },
          required: false,
        },
      },
      responses: {
        201: { description: 'Sent', content: { 'application/json': { schema: ThreadSchema } } },
        404: { description: 'No such ticket, or not yours' },
        409: { description: 'The ticket is closed' },
        ...messageFormResponses,
        429: { description: 'Too many messages in an hour' },
      },
    }),
    async (c) => {
      const isJson = /^application\/json/i.test(c.req.header('content-type') ?? '');
      const { body } = parseFields(ReplyJson, isJson ? c.req.valid('json') : { body: c.req.valid('form').body });
      const session = sessionOf(c);
      const tx = txOf(c);
      const ticket = await getTicket(tx, c.req.valid('param').id, { ownerId: session.userId, forUpdate: true });
      const next = statusAfterSaverMessage(ticket.status as TicketStatus);
      if (!next.ok) throw new AppError('CONFLICT', SUPPORT_MESSAGES.closed);
      const attachment = await attachmentOf(c);
      await throttle(tx, `support-message:${session.userId}`, MESSAGES_PER_HOUR);
      const { createdAt } = await insertMessage(
        tx,
        deps.storage,
        saverMessage(session.userId, ticket.id, body, attachment),
      );
      await tx
        .update(supportTickets)
        .set({ status: next.status, lastReplyAt: createdAt, updatedAt: sql`now()` })
        .where(eq(supportTickets.id, ticket.id));
      await tellAdmins(c, deps, ticket, body, false);
      await publishTicketChange(tx, session.userId);
      return c.json(await saverThread(tx, await getTicket(tx, ticket.id, { ownerId: session.userId })), 201);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/support/tickets/{id}/attachments/{attachmentId}',
      summary: 'An attachment of one of the saver’s public messages',
      request: { params: AttachmentParams },
      responses: attachmentResponse,
    }),
    async (c) => {
      const { id, attachmentId } = c.req.valid('param');
      const session = sessionOf(c);
      const tx = txOf(c);
      const { bytes, headers } = await readAttachment(tx, deps.storage, {
        ticketId: id,
        attachmentId,
        ownerId: session.userId,
      });
      return c.body(bytes, 200, headers);
    },
  );

  return app;
}
