/**
 * Contact inquiries for admins (002 §2 "Contact inquiry detail page", §3 contact_inquiries, §7):
 * the list newest first, filtered by status and priority and searched by name, e-mail, company
 * or subject; one inquiry by id; and an admin's change to one. The e-mail address is the
 * sender's and stays read-only. Setting the status to contacted stamps `responded_at`. Each
 * change is written to the admin audit log in the same transaction (`contact.update`).
 */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  CONTACT_INQUIRY_TYPES,
  CONTACT_PRIORITIES,
  CONTACT_RESPONSE_METHODS,
  CONTACT_STATUSES,
} from '../../core/contact-inquiries/fields.ts';
import { contactInquiries } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { recordAdminAction } from './audit-log.ts';

export const CONTACTS_PAGE_SIZE = 50;
/** The audit log's subject type for an inquiry. */
export const CONTACT_SUBJECT = 'contact_inquiry';

export const CONTACT_MESSAGES = {
  notFound: 'Contact not found',
  emailReadOnly: 'The email address cannot be changed',
  nothing: 'Change at least one field',
  name: 'Name is required',
  subject: 'Subject is required',
  message: 'Message is required',
  status: `Status must be one of ${CONTACT_STATUSES.join(', ')}`,
  priority: `Priority must be one of ${CONTACT_PRIORITIES.join(', ')}`,
  inquiryType: `Inquiry type must be one of ${CONTACT_INQUIRY_TYPES.join(', ')}`,
  responseMethod: `Response method must be one of ${CONTACT_RESPONSE_METHODS.join(', ')}`,
  search: 'Search must be 200 characters or fewer',
  afterId: 'afterId must be a contact inquiry id',
} as const;

const ContactInquirySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
    company: z.string().nullable(),
    inquiryType: z.enum(CONTACT_INQUIRY_TYPES),
    subject: z.string(),
    message: z.string(),
    priority: z.enum(CONTACT_PRIORITIES),
    status: z.enum(CONTACT_STATUSES),
    marketingConsent: z.boolean(),
    isExistingUser: z.boolean(),
    responseMethod: z.enum(CONTACT_RESPONSE_METHODS).nullable(),
    respondedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    hubspotContactId: z.string().nullable(),
    lifecycleStage: z.string().nullable(),
    hubspotDealId: z.string().nullable(),
    hubspotTicketId: z.string().nullable(),
    hubspotSyncedAt: z.string().nullable(),
  })
  .openapi('AdminContactInquiry');

const ContactSummarySchema = ContactInquirySchema.pick({
  id: true,
  name: true,
  email: true,
  company: true,
  inquiryType: true,
  subject: true,
  priority: true,
  status: true,
  respondedAt: true,
  createdAt: true,
}).openapi('AdminContactInquirySummary');

export type AdminContactInquiry = z.infer<typeof ContactInquirySchema>;
export type AdminContactInquirySummary = z.infer<typeof ContactSummarySchema>;

type ContactRow = typeof contactInquiries.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function contactJson(row: ContactRow): AdminContactInquiry {
  const { submitterIp: _ip, respondedAt, createdAt, updatedAt, hubspotSyncedAt, ...rest } = row;
  return {
    ...rest,
    inquiryType: rest.inquiryType as AdminContactInquiry['inquiryType'],
    priority: rest.priority as AdminContactInquiry['priority'],
    status: rest.status as AdminContactInquiry['status'],
    responseMethod: rest.responseMethod as AdminContactInquiry['responseMethod'],
    respondedAt: iso(respondedAt),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    hubspotSyncedAt: iso(hubspotSyncedAt),
  };
}

/** Optional text: trimmed, and empty means none (null). */
const optionalText = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(max, `${label} must be ${max.toLocaleString('en-GB')} characters or fewer`)
    .nullable()
    .transform((value) => (value ? value : null));

const requiredText = (label: string, max: number, empty: string) =>
  z
    .string(`${label} must be text`)
    .trim()
    .min(1, empty)
    .max(max, `${label} must be ${max.toLocaleString('en-GB')} characters or fewer`);

/** What an admin may change (002 §7); e-mail, the HubSpot fields and the times are not among them. */
export const ContactUpdateSchema = z
  .strictObject(
    {
      name: requiredText('Name', 200, CONTACT_MESSAGES.name),
      firstName: optionalText('First name', 100),
      lastName: optionalText('Last name', 100),
      phone: optionalText('Phone', 50),
      company: optionalText('Company', 200),
      inquiryType: z.enum(CONTACT_INQUIRY_TYPES, CONTACT_MESSAGES.inquiryType),
      subject: requiredText('Subject', 200, CONTACT_MESSAGES.subject),
      message: requiredText('Message', 5000, CONTACT_MESSAGES.message),
      priority: z.enum(CONTACT_PRIORITIES, CONTACT_MESSAGES.priority),
      status: z.enum(CONTACT_STATUSES, CONTACT_MESSAGES.status),
      marketingConsent: z.boolean('Marketing consent must be true or false'),
      isExistingUser: z.boolean('Existing user must be true or false'),
      responseMethod: z.enum(CONTACT_RESPONSE_METHODS, CONTACT_MESSAGES.responseMethod).nullable(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? issue.keys.includes('email')
            ? CONTACT_MESSAGES.emailReadOnly
            : `${issue.keys.join(', ')} cannot be changed`
          : undefined,
    },
  )
  .partial()
  .refine((value) => Object.keys(value).length > 0, CONTACT_MESSAGES.nothing)
  .openapi('AdminContactInquiryUpdate', { example: { status: 'contacted', priority: 'high' } });

export type ContactUpdate = z.infer<typeof ContactUpdateSchema>;

const ContactIdParam = z.object({
  id: z.uuid(CONTACT_MESSAGES.notFound).openapi({ param: { name: 'id', in: 'path' } }),
});

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** The fields of `update` whose value differs from `row`'s, as they were and as they become. */
function changesOf(row: ContactRow, update: ContactUpdate) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(update) as [keyof ContactUpdate, unknown][]) {
    if (value === undefined || row[key] === value) continue;
    before[key] = row[key];
    after[key] = value;
  }
  return { before, after };
}

export function adminContactRoutes(deps: Deps) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/contacts',
      summary: 'Contact inquiries, newest first, optionally by status and priority, searched',
      description: `${CONTACTS_PAGE_SIZE} a page; \`search\` matches part of the name, e-mail address, company or subject (any case); \`afterId\` is the last inquiry of the page before.`,
      request: {
        query: z.object({
          status: z.enum(CONTACT_STATUSES, CONTACT_MESSAGES.status).optional(),
          priority: z.enum(CONTACT_PRIORITIES, CONTACT_MESSAGES.priority).optional(),
          search: z.string().trim().max(200, CONTACT_MESSAGES.search).optional(),
          afterId: z.uuid(CONTACT_MESSAGES.afterId).optional(),
        }),
      },
      responses: {
        200: json(
          z.object({ contacts: z.array(ContactSummarySchema), nextAfterId: z.string().nullable() }),
          'One page of inquiries, and where the next page starts (null: none)',
        ),
      },
    }),
    async (c) => {
      const { status, priority, search = '', afterId } = c.req.valid('query');
      const conditions: SQL[] = [];
      if (status) conditions.push(eq(contactInquiries.status, status));
      if (priority) conditions.push(eq(contactInquiries.priority, priority));
      const needle = search.toLowerCase();
      // position() rather than LIKE: the search text's % and _ are plain characters.
      if (needle)
        conditions.push(
          sql`position(${needle} in lower(concat_ws(' ', ${contactInquiries.name}, ${contactInquiries.email}, ${contactInquiries.company}, ${contactInquiries.subject}))) > 0`,
        );
      if (afterId)
        conditions.push(
          sql`(${contactInquiries.createdAt}, ${contactInquiries.id}) < (select created_at, id from contact_inquiries where id = ${afterId})`,
        );
      const rows = await txOf(c)
        .select({
          id: contactInquiries.id,
          name: contactInquiries.name,
          email: contactInquiries.email,
          company: contactInquiries.company,
          inquiryType: contactInquiries.inquiryType,
          subject: contactInquiries.subject,
          priority: contactInquiries.priority,
          status: contactInquiries.status,
          respondedAt: contactInquiries.respondedAt,
          createdAt: contactInquiries.createdAt,
        })
        .from(contactInquiries)
        .where(and(...conditions))
        .orderBy(desc(contactInquiries.createdAt), desc(contactInquiries.id))
        .limit(CONTACTS_PAGE_SIZE + 1);
      const page = rows.slice(0, CONTACTS_PAGE_SIZE);
      const contacts = page.map((row) => ({
        ...row,
        inquiryType: row.inquiryType as AdminContactInquiry['inquiryType'],
        priority: row.priority as AdminContactInquiry['priority'],
        status: row.status as AdminContactInquiry['status'],
        respondedAt: iso(row.respondedAt),
        createdAt: row.createdAt.toISOString(),
      }));
      const nextAfterId = rows.length > CONTACTS_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null;
      return c.json({ contacts, nextAfterId }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/contacts/{id}',
      summary: 'One contact inquiry with every field',
      request: { params: ContactIdParam },
      responses: {
        200: json(z.object({ contact: ContactInquirySchema }), 'The inquiry'),
        404: { description: 'No such inquiry' },
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const [row] = await txOf(c).select().from(contactInquiries).where(eq(contactInquiries.id, id));
      if (!row) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.notFound);
      return c.json({ contact: contactJson(row) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'patch',
      path: '/api/admin/contacts/{id}',
      summary: 'Changes a contact inquiry; contacted stamps responded_at; audited in the same transaction',
      description:
        'Only the fields sent change. The e-mail address is read-only. Setting the status to contacted from another status stamps `respondedAt` with the time of the change. A change that alters nothing writes nothing.',
      request: {
        params: ContactIdParam,
        body: { content: { 'application/json': { schema: ContactUpdateSchema } }, required: true },
      },
      responses: {
        200: json(z.object({ contact: ContactInquirySchema }), 'The inquiry as it now is'),
        404: { description: 'No such inquiry' },
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const update = c.req.valid('json');
      const tx = txOf(c);
      const [row] = await tx.select().from(contactInquiries).where(eq(contactInquiries.id, id)).for('update');
      if (!row) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.notFound);
      const { before, after } = changesOf(row, update);
      if (Object.keys(after).length === 0) return c.json({ contact: contactJson(row) }, 200);

      const now = deps.clock.now();
      const stamp = after.status === 'contacted' ? { respondedAt: now } : {};
      if (stamp.respondedAt) {
        before.respondedAt = iso(row.respondedAt);
        after.respondedAt = now.toISOString();
      }
      const [saved] = await tx
        .update(contactInquiries)
        .set({ ...update, ...stamp, updatedAt: now })
        .where(eq(contactInquiries.id, id))
        .returning();
      const admin = sessionOf(c);
      await recordAdminAction(
        tx,
        { userId: admin.userId, email: admin.email },
        { action: 'contact.update', subjectType: CONTACT_SUBJECT, subjectId: id, before, after },
      );
      return c.json({ contact: contactJson(saved!) }, 200);
    },
  );

  return app;
}
