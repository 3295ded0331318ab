/**
 * The CMS footer (000 §4, §7 cms_footers; issue 30; ADR 0062). Anyone reads the active footer (or
 * the spec's defaults) at GET /api/footer, which every page asks for: answered from memory for a
 * few seconds, with an ETag so a browser's revalidation costs a 304. Admins (two-factor on) list,
 * create, change, activate and delete footers; each write is audited in its own transaction.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { DEFAULT_FOOTER, type FooterContent, footerForYear } from '../../core/footer/footer-content.ts';
import { FOOTER_MESSAGES } from '../../core/footer/messages.ts';
import { recordAdminAction } from '../admin/audit-log.ts';
import { cmsFooters } from '../db/schema/index.ts';
import type { Tx } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import { afterCommit } from '../http/after-commit.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { publish } from '../realtime/hub.ts';
import { FooterInputSchema, shownContent, StructuredFooterSchema, storedContent } from './content.ts';

export const FOOTER_SUBJECT = 'cms_footer';
/** How long a server answers GET /api/footer from memory; its own writes clear it at once. */
export const FOOTER_MEMO_MS = 5_000;
/** The web app's query keys (src/web/app/shell/footer-api.ts, src/web/admin/footer/api.ts). */
const FOOTER_QUERY_KEYS = [['footer'], ['admin', 'footers']];

const FooterContentSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('structured'), footer: StructuredFooterSchema }),
    z.object({ kind: z.literal('html'), html: z.string().openapi({ description: 'Sanitised HTML' }) }),
  ])
  .openapi('FooterContent');

const AdminFooterSchema = z
  .object({
    id: z.string(),
    content: FooterContentSchema,
    isActive: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('AdminFooter');
export type AdminFooter = { id: string; content: FooterContent } & Omit<
  z.infer<typeof AdminFooterSchema>,
  'id' | 'content'
>;

const PublicFooterSchema = z
  .object({
    footer: FooterContentSchema,
    isDefault: z.boolean().openapi({ description: 'True when no footer is active and the defaults are shown' }),
  })
  .openapi('PublicFooter');
export type PublicFooter = { footer: FooterContent; isDefault: boolean };

const IdParams = z.object({
  id: z.uuid(FOOTER_MESSAGES.notFound).openapi({ param: { name: 'id', in: 'path' } }),
});

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

type Row = typeof cmsFooters.$inferSelect;

const footerJson = (row: Row): AdminFooter => ({
  id: row.id,
  content: shownContent(row.content),
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const rowColumns = {
  id: cmsFooters.id,
  content: cmsFooters.content,
  isActive: cmsFooters.isActive,
  createdBy: cmsFooters.createdBy,
  createdAt: cmsFooters.createdAt,
  updatedAt: cmsFooters.updatedAt,
};

async function findRow(tx: Tx, id: string, lock = false): Promise<Row> {
  const query = tx.select(rowColumns).from(cmsFooters).where(eq(cmsFooters.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', FOOTER_MESSAGES.notFound);
  return row;
}

/** Activations and deletions take turns, so "exactly one active" holds however they interleave. */
const lockFooters = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('cms_footers', 0))`);

const actorOf = (c: Context<AppEnv>) => {
  const admin = sessionOf(c);
  return { userId: admin.userId, email: admin.email };
};

const ukYear = (deps: Deps) => Number(calendarDateInLondon(deps.clock.now()).slice(0, 4));

const etagOf = (text: string) => `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"`;

type Memo = { year: number; at: number; body: string; etag: string };

/** Whether an If-None-Match header names this ETag (weak or strong: compression makes it weak). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '').replace(/-(?:br|gzip)"$/, '"') === etag;
  });
}

export function footerRoutes(deps: Deps) {
  const app = createRouter();
  const db = deps.database.db;
  let memo: Memo | null = null;

  /** After the write commits: this server's next GET reads again; admins' open lists refetch. */
  const changed = async (c: Context<AppEnv>) => {
    afterCommit(c, () => {
      memo = null;
    });
    await publish(txOf(c), { type: 'footer.changed', admins: true, invalidate: FOOTER_QUERY_KEYS });
  };

  async function publicAnswer(): Promise<Memo> {
    const year = ukYear(deps);
    const now = Date.now();
    if (memo && memo.year === year && now - memo.at < FOOTER_MEMO_MS) return memo;
    const [active] = await db
      .select({ content: cmsFooters.content })
      .from(cmsFooters)
      .where(eq(cmsFooters.isActive, true))
      .limit(1);
    const footer = active ? shownContent(active.content) : { kind: 'structured' as const, footer: DEFAULT_FOOTER };
    const answer: PublicFooter = { footer: footerForYear(footer, year), isDefault: !active };
    const text = JSON.stringify(answer);
    memo = { year, at: now, body: text, etag: etagOf(text) };
    return memo;
  }

  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'get',
      path: '/api/footer',
      summary: 'The active footer, sanitised, with this year in its texts; the spec’s defaults when none is active',
      description:
        'Sent with an ETag and revalidated on every use (Cache-Control no-cache): an unchanged footer answers 304.',
      responses: {
        200: json(PublicFooterSchema, 'The footer to show'),
        304: { description: 'Unchanged since the ETag sent' },
      },
    }),
    async (c) => {
      const answer = await publicAnswer();
      c.header('Cache-Control', 'public, no-cache');
      c.header('ETag', answer.etag);
      if (matches(c.req.header('if-none-match'), answer.etag)) return c.body(null, 304);
      return c.body(answer.body, 200, { 'Content-Type': 'application/json; charset=UTF-8' }) as never;
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/footers',
      summary: 'Every footer, most recently updated first (000 §7), the active one marked',
      responses: { 200: json(z.object({ footers: z.array(AdminFooterSchema) }), 'The footers') },
    }),
    async (c) => {
      const rows = await txOf(c)
        .select(rowColumns)
        .from(cmsFooters)
        .orderBy(desc(cmsFooters.updatedAt), desc(cmsFooters.createdAt), desc(cmsFooters.id));
      return c.json({ footers: rows.map(footerJson) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: '/api/admin/footers',
      summary: 'Create a footer (not active): the spec’s object, a JSON string of it, or raw HTML (sanitised); audited',
      request: body(FooterInputSchema),
      responses: { 201: json(z.object({ footer: AdminFooterSchema }), FOOTER_MESSAGES.created) },
    }),
    async (c) => {
      const { content } = c.req.valid('json');
      const tx = txOf(c);
      const admin = actorOf(c);
      const [saved] = await tx
        .insert(cmsFooters)
        .values({ content: storedContent(content), createdBy: admin.userId })
        .returning({ id: cmsFooters.id });
      await recordAdminAction(tx, admin, {
        action: 'cms_footer.create',
        subjectType: FOOTER_SUBJECT,
        subjectId: saved!.id,
        before: null,
        after: { content: storedContent(content) },
      });
      await changed(c);
      return c.json({ footer: footerJson(await findRow(tx, saved!.id)) }, 201);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: '/api/admin/footers/preview',
      summary:
        'The content as it would be saved and shown (checked and sanitised), for the editor’s live preview; saves nothing',
      request: body(FooterInputSchema),
      responses: { 200: json(z.object({ content: FooterContentSchema }), 'The content as it would be shown') },
    }),
    async (c) => {
      const { content } = c.req.valid('json');
      return c.json({ content: footerForYear(shownContent(storedContent(content)), ukYear(deps)) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'put',
      path: '/api/admin/footers/{id}',
      summary: 'Change a footer’s content (the active one changes what every page shows); audited',
      request: { params: IdParams, ...body(FooterInputSchema) },
      responses: {
        200: json(z.object({ footer: AdminFooterSchema }), FOOTER_MESSAGES.saved),
        404: json(z.object({}), FOOTER_MESSAGES.notFound),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { content } = c.req.valid('json');
      const tx = txOf(c);
      const before = await findRow(tx, id, true);
      await tx
        .update(cmsFooters)
        .set({ content: storedContent(content), updatedAt: sql`clock_timestamp()` })
        .where(eq(cmsFooters.id, id));
      await recordAdminAction(tx, actorOf(c), {
        action: 'cms_footer.update',
        subjectType: FOOTER_SUBJECT,
        subjectId: id,
        before: { content: before.content },
        after: { content: storedContent(content) },
      });
      await changed(c);
      return c.json({ footer: footerJson(await findRow(tx, id)) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: '/api/admin/footers/{id}/activate',
      summary: 'Make this the one active footer (the previous one is deactivated in the same transaction); audited',
      request: { params: IdParams },
      responses: {
        200: json(z.object({ footer: AdminFooterSchema }), FOOTER_MESSAGES.activated),
        404: json(z.object({}), FOOTER_MESSAGES.notFound),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const tx = txOf(c);
      await lockFooters(tx);
      const target = await findRow(tx, id, true);
      if (!target.isActive) {
        const previous = await tx
          .update(cmsFooters)
          .set({ isActive: false })
          .where(and(eq(cmsFooters.isActive, true), ne(cmsFooters.id, id)))
          .returning({ id: cmsFooters.id });
        await tx.update(cmsFooters).set({ isActive: true }).where(eq(cmsFooters.id, id));
        await recordAdminAction(tx, actorOf(c), {
          action: 'cms_footer.activate',
          subjectType: FOOTER_SUBJECT,
          subjectId: id,
          before: { isActive: false, activeFooterId: previous[0]?.id ?? null },
          after: { isActive: true },
        });
        await changed(c);
      }
      return c.json({ footer: footerJson(await findRow(tx, id)) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'delete',
      path: '/api/admin/footers/{id}',
      summary: 'Delete a footer that is not the active one; audited',
      request: { params: IdParams },
      responses: {
        204: { description: FOOTER_MESSAGES.deleted },
        404: json(z.object({}), FOOTER_MESSAGES.notFound),
        409: json(z.object({}), FOOTER_MESSAGES.activeNotDeletable),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const tx = txOf(c);
      await lockFooters(tx);
      const row = await findRow(tx, id, true);
      if (row.isActive) throw new AppError('CONFLICT', FOOTER_MESSAGES.activeNotDeletable);
      await tx.delete(cmsFooters).where(eq(cmsFooters.id, id));
      await recordAdminAction(tx, actorOf(c), {
        action: 'cms_footer.delete',
        subjectType: FOOTER_SUBJECT,
        subjectId: id,
        before: { content: row.content },
        after: null,
      });
      await changed(c);
      return c.body(null, 204);
    },
  );

  return app;
}
