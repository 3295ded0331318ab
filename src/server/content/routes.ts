/**
 * CMS content pages (issue 30, ADR 0061). Admins (two-factor on) list, create, change, publish,
 * unpublish, restore and delete pages; each save keeps a numbered version, and every write is
 * audited in its own transaction. Anyone reads a published page at GET /api/content/pages/{slug}
 * (ETag, revalidated on each use); an admin previews a draft at GET /api/admin/content/preview/{slug}.
 * Bodies are sanitised with the table-enabled variant when saved and again when shown.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { SLUG_MAX_LENGTH, SLUG_MESSAGES, slugProblem } from '../../core/content/slug.ts';
import { recordAdminAction } from '../admin/audit-log.ts';
import type { Tx } from '../db/client.ts';
import { asLoginRole } from '../db/login-role.ts';
import { contentPages, contentPageVersions, profiles, user } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { sanitiseRichHtml } from './sanitise.ts';

export const CONTENT_PAGE_SUBJECT = 'content_page';

export const CONTENT_MESSAGES = {
  notFound: 'Page not found',
  versionNotFound: 'Version not found',
  title: 'Title is required',
  titleLong: 'Title must be 150 characters or fewer',
  description: 'Meta description must be 300 characters or fewer',
  body: 'Page content must be 500,000 characters or fewer',
  ...SLUG_MESSAGES,
} as const;

export const TITLE_MAX_LENGTH = 150;
export const DESCRIPTION_MAX_LENGTH = 300;
const BODY_MAX_LENGTH = 500_000;

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const body = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});

const PageSummarySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    slug: z.string(),
    status: z.enum(['draft', 'published']),
    updatedAt: z.string(),
    updatedBy: z.string().nullable().openapi({ description: 'The name (or e-mail) of who saved it last' }),
    publishedAt: z.string().nullable(),
  })
  .openapi('ContentPageSummary');
export type ContentPageSummary = z.infer<typeof PageSummarySchema>;

const PageSchema = PageSummarySchema.extend({
  metaDescription: z.string(),
  bodyHtml: z.string().openapi({ description: 'Sanitised HTML (the table-enabled variant)' }),
  version: z.number().int(),
}).openapi('ContentPage');
export type ContentPage = z.infer<typeof PageSchema>;

const VersionSchema = z
  .object({
    id: z.string(),
    version: z.number().int(),
    title: z.string(),
    slug: z.string(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
  })
  .openapi('ContentPageVersion');
export type ContentPageVersion = z.infer<typeof VersionSchema>;

const PublicPageSchema = z
  .object({
    title: z.string(),
    slug: z.string(),
    metaDescription: z.string(),
    bodyHtml: z.string(),
    updatedAt: z.string(),
    isPreview: z.boolean(),
    status: z.enum(['draft', 'published']),
  })
  .openapi('PublicContentPage');
export type PublicContentPage = z.infer<typeof PublicPageSchema>;

const PageInputSchema = z
  .strictObject({
    title: z
      .string(CONTENT_MESSAGES.title)
      .trim()
      .min(1, CONTENT_MESSAGES.title)
      .max(TITLE_MAX_LENGTH, CONTENT_MESSAGES.titleLong),
    slug: z
      .string(CONTENT_MESSAGES.required)
      .trim()
      .superRefine((slug, ctx) => {
        const problem = slugProblem(slug);
        if (problem) ctx.addIssue({ code: 'custom', message: CONTENT_MESSAGES[problem] });
      })
      .openapi({ maxLength: SLUG_MAX_LENGTH, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' }),
    metaDescription: z
      .string(CONTENT_MESSAGES.description)
      .trim()
      .max(DESCRIPTION_MAX_LENGTH, CONTENT_MESSAGES.description)
      .default(''),
    bodyHtml: z.string(CONTENT_MESSAGES.body).max(BODY_MAX_LENGTH, CONTENT_MESSAGES.body).default(''),
  })
  .openapi('ContentPageInput', {
    example: {
      title: 'ISA guide',
      slug: 'isa-guide',
      metaDescription: 'How ISAs work in 2026/27.',
      bodyHtml: '<h2>What is an ISA?</h2><p>A tax-free savings account.</p>',
    },
  });
type PageInput = z.infer<typeof PageInputSchema>;

const IdParams = z.object({
  id: z.uuid(CONTENT_MESSAGES.notFound).openapi({ param: { name: 'id', in: 'path' } }),
});
const VersionParams = IdParams.extend({
  versionId: z.uuid(CONTENT_MESSAGES.versionNotFound).openapi({ param: { name: 'versionId', in: 'path' } }),
});
const SlugParams = z.object({
  slug: z
    .string()
    .max(200)
    .openapi({ param: { name: 'slug', in: 'path' } }),
});

const iso = (date: Date | null) => date?.toISOString() ?? null;

const nameOf = sql<string>`coalesce(nullif(btrim(concat_ws(' ', ${profiles.firstName}, ${profiles.lastName})), ''), nullif(${user.name}, ''), ${user.email})`;

/**
 * The names of the admins who saved pages, by id. Login-role tables (`user`) are not granted to
 * the request role, so this steps out for one read of exactly these ids (login-role.ts).
 */
async function namesOf(tx: Tx, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await asLoginRole(tx, (login) =>
    login
      .select({ id: user.id, name: nameOf })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(inArray(user.id, wanted)),
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

async function listPages(tx: Tx): Promise<ContentPageSummary[]> {
  const rows = await tx
    .select({
      id: contentPages.id,
      title: contentPages.title,
      slug: contentPages.slug,
      status: contentPages.status,
      updatedAt: contentPages.updatedAt,
      publishedAt: contentPages.publishedAt,
      updatedBy: contentPages.updatedBy,
    })
    .from(contentPages)
    .orderBy(desc(contentPages.updatedAt), contentPages.id);
  const names = await namesOf(
    tx,
    rows.map((row) => row.updatedBy),
  );
  return rows.map((row) => ({
    ...row,
    updatedBy: names.get(row.updatedBy ?? '') ?? null,
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: iso(row.publishedAt),
  }));
}

async function getPage(tx: Tx, id: string, lock = false): Promise<typeof contentPages.$inferSelect> {
  const query = tx.select().from(contentPages).where(eq(contentPages.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.notFound);
  return row;
}

/** The number of the page's newest saved version (0 before the first). */
async function latestVersion(tx: Tx, pageId: string): Promise<number> {
  const [latest] = await tx
    .select({ version: max(contentPageVersions.version) })
    .from(contentPageVersions)
    .where(eq(contentPageVersions.pageId, pageId));
  return latest?.version ?? 0;
}

async function pageJson(tx: Tx, id: string): Promise<ContentPage> {
  const row = await getPage(tx, id);
  const names = await namesOf(tx, [row.updatedBy]);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: names.get(row.updatedBy ?? '') ?? null,
    publishedAt: iso(row.publishedAt),
    metaDescription: row.metaDescription,
    bodyHtml: sanitiseRichHtml(row.bodyHtml, { tables: true }),
    version: await latestVersion(tx, id),
  };
}

/** Saves `input` as the page's newest version (the caller holds the page's row lock). */
async function addVersion(tx: Tx, pageId: string, input: PageInput, userId: string) {
  const version = (await latestVersion(tx, pageId)) + 1;
  await tx.insert(contentPageVersions).values({ pageId, version, ...input, createdBy: userId });
  return version;
}

async function slugIsFree(tx: Tx, slug: string, exceptId: string | null): Promise<boolean> {
  const [row] = await tx.select({ id: contentPages.id }).from(contentPages).where(eq(contentPages.slug, slug));
  return !row || row.id === exceptId;
}

const actorOf = (c: Context<AppEnv>) => {
  const admin = sessionOf(c);
  return { userId: admin.userId, email: admin.email };
};
type Actor = ReturnType<typeof actorOf>;

/**
 * Saves `input` over the page (`row`, locked by the caller) and as its newest version, and audits
 * it as `action` with what `after` adds to the new version's number; returns the page as JSON.
 */
async function saveNewVersion(
  deps: Deps,
  tx: Tx,
  admin: Actor,
  row: typeof contentPages.$inferSelect,
  input: PageInput,
  { action, after }: { action: string; after: Record<string, unknown> },
): Promise<ContentPage> {
  await tx
    .update(contentPages)
    .set({ ...input, updatedBy: admin.userId, updatedAt: deps.clock.now() })
    .where(eq(contentPages.id, row.id));
  const version = await addVersion(tx, row.id, input, admin.userId);
  await recordAdminAction(tx, admin, {
    action,
    subjectType: CONTENT_PAGE_SUBJECT,
    subjectId: row.id,
    before: { title: row.title, slug: row.slug },
    after: { ...after, version },
  });
  return pageJson(tx, row.id);
}

/** A page as a reader sees it (an admin's preview says it is one, and whether it is published). */
const publicPageOf = (row: typeof contentPages.$inferSelect, isPreview: boolean): PublicContentPage => ({
  title: row.title,
  slug: row.slug,
  metaDescription: row.metaDescription,
  bodyHtml: sanitiseRichHtml(row.bodyHtml, { tables: true }),
  updatedAt: row.updatedAt.toISOString(),
  isPreview,
  status: row.status,
});

const cleanInput = (input: PageInput): PageInput => ({
  ...input,
  bodyHtml: sanitiseRichHtml(input.bodyHtml, { tables: true }),
});

const etagOf = (text: string) => `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"`;

/** Whether an If-None-Match header names this ETag (weak or strong: compression makes it weak). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '').replace(/-(?:br|gzip)"$/, '"') === etag;
  });
}

export type PublishedPageHead = { title: string; slug: string; metaDescription: string; updatedAt: Date };

/** A published page's head (for the server-rendered <title> and the sitemap), or null. */
export async function findPublishedPage(deps: Deps, slug: string) {
  if (slugProblem(slug) !== null) return null;
  const [row] = await deps.database.db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.slug, slug), eq(contentPages.status, 'published')));
  return row ?? null;
}

export async function listPublishedPages(deps: Deps): Promise<PublishedPageHead[]> {
  return deps.database.db
    .select({
      title: contentPages.title,
      slug: contentPages.slug,
      metaDescription: contentPages.metaDescription,
      updatedAt: contentPages.updatedAt,
    })
    .from(contentPages)
    .where(eq(contentPages.status, 'published'))
    .orderBy(contentPages.slug);
}

export function contentRoutes(deps: Deps) {
  const app = createRouter();
  const PAGES = '/api/admin/content/pages';

  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'get',
      path: '/api/content/pages/{slug}',
      summary: 'A published content page, its body sanitised; 404 for an unknown or unpublished slug',
      description: 'Sent with an ETag and revalidated on every use (Cache-Control no-cache): unchanged answers 304.',
      request: { params: SlugParams },
      responses: {
        200: json(z.object({ page: PublicPageSchema }), 'The page'),
        304: { description: 'Unchanged since the ETag sent' },
        404: { description: CONTENT_MESSAGES.notFound },
      },
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      const row = await findPublishedPage(deps, slug);
      if (!row) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.notFound);
      const text = JSON.stringify({ page: publicPageOf(row, false) });
      const etag = etagOf(text);
      c.header('Cache-Control', 'public, no-cache');
      c.header('ETag', etag);
      if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304);
      return c.body(text, 200, { 'Content-Type': 'application/json; charset=UTF-8' }) as never;
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/content/preview/{slug}',
      summary: 'A page by its slug, draft or published, for the admin’s preview',
      request: { params: SlugParams },
      responses: {
        200: json(z.object({ page: PublicPageSchema }), 'The page as it would be shown'),
        404: { description: CONTENT_MESSAGES.notFound },
      },
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      const [row] = await txOf(c).select().from(contentPages).where(eq(contentPages.slug, slug));
      if (!row) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.notFound);
      c.header('Cache-Control', 'private, no-store');
      return c.json({ page: publicPageOf(row, true) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: PAGES,
      summary: 'Every content page, most recently updated first, with its status and who saved it last',
      responses: { 200: json(z.object({ pages: z.array(PageSummarySchema) }), 'The pages') },
    }),
    async (c) => c.json({ pages: await listPages(txOf(c)) }, 200),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: PAGES,
      summary: 'Creates a draft page (its version 1); the body is sanitised; audited',
      request: { body: body(PageInputSchema) },
      responses: {
        201: json(z.object({ page: PageSchema }), 'The page'),
        409: { description: CONTENT_MESSAGES.taken },
      },
    }),
    async (c) => {
      const input = cleanInput(c.req.valid('json'));
      const tx = txOf(c);
      const admin = actorOf(c);
      if (!(await slugIsFree(tx, input.slug, null))) throw new AppError('CONFLICT', CONTENT_MESSAGES.taken);
      const now = deps.clock.now();
      const [saved] = await tx
        .insert(contentPages)
        .values({ ...input, createdBy: admin.userId, updatedBy: admin.userId, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ id: contentPages.id });
      if (!saved) throw new AppError('CONFLICT', CONTENT_MESSAGES.taken);
      await addVersion(tx, saved.id, input, admin.userId);
      await recordAdminAction(tx, admin, {
        action: 'content_page.create',
        subjectType: CONTENT_PAGE_SUBJECT,
        subjectId: saved.id,
        before: null,
        after: { title: input.title, slug: input.slug },
      });
      return c.json({ page: await pageJson(tx, saved.id) }, 201);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: `${PAGES}/{id}`,
      summary: 'One content page with its body',
      request: { params: IdParams },
      responses: { 200: json(z.object({ page: PageSchema }), 'The page'), 404: { description: 'No such page' } },
    }),
    async (c) => c.json({ page: await pageJson(txOf(c), c.req.valid('param').id) }, 200),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'put',
      path: `${PAGES}/{id}`,
      summary: 'Saves a page as its newest version; a published page shows the change at once; audited',
      request: { params: IdParams, body: body(PageInputSchema) },
      responses: {
        200: json(z.object({ page: PageSchema }), 'The page'),
        404: { description: 'No such page' },
        409: { description: CONTENT_MESSAGES.taken },
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = cleanInput(c.req.valid('json'));
      const tx = txOf(c);
      const admin = actorOf(c);
      const row = await getPage(tx, id, true);
      if (!(await slugIsFree(tx, input.slug, id))) throw new AppError('CONFLICT', CONTENT_MESSAGES.taken);
      const page = await saveNewVersion(deps, tx, admin, row, input, {
        action: 'content_page.update',
        after: { title: input.title, slug: input.slug },
      });
      return c.json({ page }, 200);
    },
  );

  for (const [verb, status] of [
    ['publish', 'published'],
    ['unpublish', 'draft'],
  ] as const) {
    app.openapi(
      defineRoute(deps, '', {
        access: 'admin',
        method: 'post',
        path: `${PAGES}/{id}/${verb}`,
        summary:
          verb === 'publish'
            ? 'Publishes a page at /{slug}; audited'
            : 'Takes a page off /{slug} (back to draft); audited',
        request: { params: IdParams },
        responses: { 200: json(z.object({ page: PageSchema }), 'The page'), 404: { description: 'No such page' } },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const tx = txOf(c);
        const admin = actorOf(c);
        const row = await getPage(tx, id, true);
        if (row.status !== status) {
          const now = deps.clock.now();
          await tx
            .update(contentPages)
            .set({
              status,
              updatedBy: admin.userId,
              updatedAt: now,
              ...(status === 'published' ? { publishedAt: now } : {}),
            })
            .where(eq(contentPages.id, id));
          await recordAdminAction(tx, admin, {
            action: `content_page.${verb}`,
            subjectType: CONTENT_PAGE_SUBJECT,
            subjectId: id,
            before: { status: row.status },
            after: { status },
          });
        }
        return c.json({ page: await pageJson(tx, id) }, 200);
      },
    );
  }

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: `${PAGES}/{id}/versions`,
      summary: 'A page’s saved versions, newest first',
      request: { params: IdParams },
      responses: {
        200: json(z.object({ versions: z.array(VersionSchema) }), 'The versions'),
        404: { description: 'No such page' },
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const tx = txOf(c);
      await getPage(tx, id);
      const rows = await tx
        .select({
          id: contentPageVersions.id,
          version: contentPageVersions.version,
          title: contentPageVersions.title,
          slug: contentPageVersions.slug,
          createdAt: contentPageVersions.createdAt,
          createdBy: contentPageVersions.createdBy,
        })
        .from(contentPageVersions)
        .where(eq(contentPageVersions.pageId, id))
        .orderBy(desc(contentPageVersions.version));
      const names = await namesOf(
        tx,
        rows.map((row) => row.createdBy),
      );
      const versions = rows.map((row) => ({
        ...row,
        createdBy: names.get(row.createdBy ?? '') ?? null,
        createdAt: row.createdAt.toISOString(),
      }));
      return c.json({ versions }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: `${PAGES}/{id}/versions/{versionId}/restore`,
      summary: 'Restores an earlier version: it is saved again as the newest; the status is kept; audited',
      request: { params: VersionParams },
      responses: {
        200: json(z.object({ page: PageSchema }), 'The page'),
        404: { description: 'No such page or version' },
        409: { description: CONTENT_MESSAGES.taken },
      },
    }),
    async (c) => {
      const { id, versionId } = c.req.valid('param');
      const tx = txOf(c);
      const admin = actorOf(c);
      const row = await getPage(tx, id, true);
      const [old] = await tx
        .select()
        .from(contentPageVersions)
        .where(and(eq(contentPageVersions.id, versionId), eq(contentPageVersions.pageId, id)));
      if (!old) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.versionNotFound);
      if (!(await slugIsFree(tx, old.slug, id))) throw new AppError('CONFLICT', CONTENT_MESSAGES.taken);
      const input = cleanInput({
        title: old.title,
        slug: old.slug,
        metaDescription: old.metaDescription,
        bodyHtml: old.bodyHtml,
      });
      const page = await saveNewVersion(deps, tx, admin, row, input, {
        action: 'content_page.restore',
        after: { restoredVersion: old.version },
      });
      return c.json({ page }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'delete',
      path: `${PAGES}/{id}`,
      summary: 'Deletes a page and its versions; audited',
      request: { params: IdParams },
      responses: { 204: { description: 'Deleted' }, 404: { description: 'No such page' } },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const tx = txOf(c);
      const row = await getPage(tx, id, true);
      await tx.delete(contentPages).where(eq(contentPages.id, id));
      await recordAdminAction(tx, actorOf(c), {
        action: 'content_page.delete',
        subjectType: CONTENT_PAGE_SUBJECT,
        subjectId: id,
        before: { title: row.title, slug: row.slug, status: row.status },
        after: null,
      });
      return c.body(null, 204);
    },
  );

  return app;
}
