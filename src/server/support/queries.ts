/**
 * Reads of support tickets, for the saver's routes and the admins'. Every read runs in the request
 * transaction, so row-level security decides what a saver sees (their own tickets, never an
 * internal note); the queries name the saver as well, so an admin's own saver screens list only
 * their own tickets. A thread is three statements however long it is (ticket, messages,
 * attachments), and people's names one more.
 */
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { ticketReference, type TicketStatus } from '../../core/support/tickets.ts';
import type { Tx } from '../db/client.ts';
import { asLoginRole } from '../db/login-role.ts';
import {
  profiles,
  supportTicketAttachments,
  supportTicketMessages,
  supportTickets,
  user,
  userRoles,
} from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { SUPPORT_MESSAGES } from '../../core/support/tickets.ts';

export const SUPPORT_BUCKET = 'support';
export const ADMIN_TICKETS_PAGE_SIZE = 50;

export type TicketRow = typeof supportTickets.$inferSelect;

export type Person = { id: string; email: string; name: string };

export type AttachmentJson = {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  url: string;
};

export type MessageJson = {
  id: string;
  authorRole: 'saver' | 'admin';
  /** Admin screens: the author's name; saver screens: null (support writes as the team). */
  authorName: string | null;
  body: string;
  isInternal: boolean;
  createdAt: string;
  attachments: AttachmentJson[];
};

export function ticketJson(row: TicketRow) {
  return {
    id: row.id,
    reference: ticketReference(row.id),
    subject: row.subject,
    category: row.category,
    status: row.status as TicketStatus,
    priority: row.priority,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastReplyAt: row.lastReplyAt.toISOString(),
  };
}

/** The saver's own tickets, the latest conversation first. */
export async function listOwnTickets(tx: Tx, userId: string) {
  const rows = await tx
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.lastReplyAt), desc(supportTickets.id))
    .limit(200);
  return rows.map(ticketJson);
}

/** One ticket (of `ownerId` when given), or NOT_FOUND; `forUpdate` locks it for the message about to be written. */
export async function getTicket(
  tx: Tx,
  id: string,
  { ownerId, forUpdate = false }: { ownerId?: string; forUpdate?: boolean } = {},
): Promise<TicketRow> {
  const where = ownerId
    ? and(eq(supportTickets.id, id), eq(supportTickets.userId, ownerId))
    : eq(supportTickets.id, id);
  const query = tx.select().from(supportTickets).where(where);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.notFound);
  return row;
}

/**
 * A ticket's messages, oldest first, with their attachments. Row-level security leaves internal
 * notes out of a saver's request; `includeInternal` false leaves them out of an admin's too.
 */
export async function listMessages(
  tx: Tx,
  ticketId: string,
  { includeInternal, attachmentUrl }: { includeInternal: boolean; attachmentUrl: (attachmentId: string) => string },
): Promise<(Omit<MessageJson, 'authorName'> & { authorId: string | null })[]> {
  const messageWhere = includeInternal
    ? eq(supportTicketMessages.ticketId, ticketId)
    : and(eq(supportTicketMessages.ticketId, ticketId), eq(supportTicketMessages.isInternal, false));
  const [messages, attachments] = await Promise.all([
    tx
      .select()
      .from(supportTicketMessages)
      .where(messageWhere)
      .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id)),
    tx
      .select()
      .from(supportTicketAttachments)
      .where(eq(supportTicketAttachments.ticketId, ticketId))
      .orderBy(asc(supportTicketAttachments.createdAt), asc(supportTicketAttachments.id)),
  ]);
  const byMessage = new Map<string, AttachmentJson[]>();
  for (const a of attachments) {
    const list = byMessage.get(a.messageId) ?? [];
    list.push({ id: a.id, fileName: a.fileName, contentType: a.contentType, size: a.size, url: attachmentUrl(a.id) });
    byMessage.set(a.messageId, list);
  }
  return messages.map((m) => ({
    id: m.id,
    authorId: m.authorId,
    authorRole: m.authorRole as 'saver' | 'admin',
    body: m.body,
    isInternal: m.isInternal,
    createdAt: m.createdAt.toISOString(),
    attachments: byMessage.get(m.id) ?? [],
  }));
}

/** One attachment of a ticket (row-level security: a saver's only on a public message of theirs). */
export async function getAttachment(tx: Tx, ticketId: string, attachmentId: string, ownerId?: string) {
  const conditions: SQL[] = [
    eq(supportTicketAttachments.id, attachmentId),
    eq(supportTicketAttachments.ticketId, ticketId),
  ];
  if (ownerId) conditions.push(eq(supportTicketAttachments.userId, ownerId));
  const [row] = await tx
    .select()
    .from(supportTicketAttachments)
    .where(and(...conditions));
  if (!row) throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.attachmentNotFound);
  return row;
}

const personColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
};

/** A person by their profile's name, else the name they signed up with, else their address. */
function personOf(r: {
  id: string;
  email: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
}): Person {
  const name = [r.firstName, r.lastName].filter(Boolean).join(' ').trim() || r.name || r.email;
  return { id: r.id, email: r.email, name };
}

/**
 * Names and e-mail addresses of these users, in one statement. "user" is the login role's table
 * (app_user has no grant on it), so this steps out of row-level security: it reads only the ids given.
 */
export async function peopleById(tx: Tx, ids: readonly (string | null)[]): Promise<Map<string, Person>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await asLoginRole(tx, (t) =>
    t.select(personColumns).from(user).leftJoin(profiles, eq(profiles.id, user.id)).where(inArray(user.id, wanted)),
  );
  return new Map(rows.map((r) => [r.id, personOf(r)]));
}

/** Every admin, by address: the people a ticket can be assigned to and who hear of an unassigned one. */
export async function listAdmins(tx: Tx): Promise<Person[]> {
  const rows = await asLoginRole(tx, (t) =>
    t
      .select(personColumns)
      .from(userRoles)
      .innerJoin(user, eq(user.id, userRoles.userId))
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(userRoles.role, 'admin'))
      .orderBy(asc(user.email)),
  );
  return rows.map(personOf);
}

/** Whether `userId` holds the admin role (row-level security: an admin request reads every role). */
export async function isAdminUser(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')));
  return (row?.n ?? 0) > 0;
}

export type AdminTicketFilters = {
  status?: TicketStatus | undefined;
  priority?: string | undefined;
  /** 'me', 'unassigned' or an admin's id. */
  assignee?: string | undefined;
  page: number;
};

/** The admins' list: filtered, the latest conversation first, 50 a page, with the total. */
export async function listTicketsForAdmin(tx: Tx, adminId: string, filters: AdminTicketFilters) {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(supportTickets.status, filters.status));
  if (filters.priority) conditions.push(eq(supportTickets.priority, filters.priority));
  if (filters.assignee === 'unassigned') conditions.push(isNull(supportTickets.assignedAdminId));
  else if (filters.assignee === 'me') conditions.push(eq(supportTickets.assignedAdminId, adminId));
  else if (filters.assignee) conditions.push(eq(supportTickets.assignedAdminId, filters.assignee));
  const rows = await tx
    .select({ ticket: supportTickets, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(supportTickets)
    .where(and(...conditions))
    .orderBy(desc(supportTickets.lastReplyAt), desc(supportTickets.id))
    .limit(ADMIN_TICKETS_PAGE_SIZE)
    .offset((filters.page - 1) * ADMIN_TICKETS_PAGE_SIZE);
  const people = await peopleById(
    tx,
    rows.flatMap((r) => [r.ticket.userId, r.ticket.assignedAdminId]),
  );
  return {
    total: rows[0]?.total ?? 0,
    tickets: rows.map(({ ticket }) => ({
      ...ticketJson(ticket),
      saver: people.get(ticket.userId) ?? null,
      assignee: ticket.assignedAdminId ? (people.get(ticket.assignedAdminId) ?? null) : null,
    })),
  };
}

/**
 * The support overview's counts: by status, and of the open tickets (waiting for support) the
 * urgent, the high priority, the unassigned and the admin's own.
 */
export async function ticketCounts(tx: Tx, adminId: string) {
  const active = sql`${supportTickets.status} = 'open'`;
  const [row] = await tx
    .select({
      total: count(),
      open: count(sql`case when ${supportTickets.status} = 'open' then 1 end`),
      awaitingReply: count(sql`case when ${supportTickets.status} = 'awaiting_reply' then 1 end`),
      resolved: count(sql`case when ${supportTickets.status} = 'resolved' then 1 end`),
      closed: count(sql`case when ${supportTickets.status} = 'closed' then 1 end`),
      urgent: count(sql`case when ${active} and ${supportTickets.priority} = 'urgent' then 1 end`),
      high: count(sql`case when ${active} and ${supportTickets.priority} = 'high' then 1 end`),
      unassigned: count(sql`case when ${active} and ${supportTickets.assignedAdminId} is null then 1 end`),
      mine: count(sql`case when ${active} and ${supportTickets.assignedAdminId} = ${adminId} then 1 end`),
    })
    .from(supportTickets);
  return {
    total: row?.total ?? 0,
    byStatus: {
      open: row?.open ?? 0,
      awaiting_reply: row?.awaitingReply ?? 0,
      resolved: row?.resolved ?? 0,
      closed: row?.closed ?? 0,
    },
    activeByPriority: { urgent: row?.urgent ?? 0, high: row?.high ?? 0 },
    activeUnassigned: row?.unassigned ?? 0,
    activeMine: row?.mine ?? 0,
  };
}
