import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { adminAuditLog } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';
import {
  CONTENT_MESSAGES,
  type ContentPage,
  type ContentPageSummary,
  type ContentPageVersion,
  type PublicContentPage,
} from './routes.ts';
import { executableVectors } from './xss-check.ts';
import { XSS_PAYLOADS } from './xss-corpus.ts';

type Person = { cookie: string; userId: string };

const INDEX_HTML =
  '<!doctype html><html><head><meta name="description" content="SavvyPig tracks your savings." />' +
  '<title>SavvyPig – is your money protected?</title></head><body><div id="root"></div></body></html>';

describe.each(testDatabaseKinds())('content pages on %s', (kind) => {
  let server: TestServer;
  let admin: Person;
  let saver: Person;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-content-dist-'));

  const call = (who: Person | null, p: string, method = 'GET', json?: unknown) =>
    server.request(p, { method, ...(who ? { cookie: who.cookie } : {}), ...(json === undefined ? {} : { json }) });
  const ok = async <T>(res: Response, status = 200): Promise<T> => {
    expect(res.status, await res.clone().text()).toBe(status);
    return (status === 204 ? undefined : await res.json()) as T;
  };
  const refusal = async (res: Response, status: number) => {
    expect(res.status, await res.clone().text()).toBe(status);
    return ((await res.json()) as { error: { message: string } }).error.message;
  };
  const create = async (input: Record<string, unknown>) =>
    (await ok<{ page: ContentPage }>(await call(admin, '/api/admin/content/pages', 'POST', input), 201)).page;
  const action = async (id: string, verb: 'publish' | 'unpublish') =>
    (await ok<{ page: ContentPage }>(await call(admin, `/api/admin/content/pages/${id}/${verb}`, 'POST'))).page;
  const publicPage = (slug: string) => call(null, `/api/content/pages/${slug}`);

  beforeAll(async () => {
    server = await createTestServer(kind);
    admin = await signUpAndSignIn(server, { email: 'content-admin@example.com' });
    await grantAdmin(server, admin.userId);
    saver = await signUpAndSignIn(server, { email: 'content-saver@example.com' });
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('is for admins only: a visitor gets 401 and a saver 403', async () => {
    expect(await refusal(await call(null, '/api/admin/content/pages'), 401)).toBe('Authentication required');
    await refusal(await call(saver, '/api/admin/content/pages'), 403);
    await refusal(await call(saver, '/api/admin/content/pages', 'POST', { title: 'x', slug: 'x' }), 403);
    await refusal(await call(saver, '/api/admin/content/preview/anything'), 403);
  });

  it('creates a draft, sanitising its body, that the public cannot read until it is published', async () => {
    const page = await create({
      title: 'ISA guide',
      slug: 'isa-guide',
      metaDescription: 'How ISAs work.',
      bodyHtml:
        '<h2>What is an ISA?</h2><script>alert(1)</script><p onclick="x()">Tax-free.</p>' +
        '<table><tbody><tr><td>1</td></tr></tbody></table><a href="https://www.gov.uk/individual-savings-accounts">GOV.UK</a>',
    });
    expect(page).toMatchObject({ title: 'ISA guide', slug: 'isa-guide', status: 'draft', version: 1 });
    expect(page.bodyHtml).toBe(
      '<h2>What is an ISA?</h2><p>Tax-free.</p><table><tbody><tr><td>1</td></tr></tbody></table>' +
        '<a href="https://www.gov.uk/individual-savings-accounts" target="_blank" rel="noopener noreferrer">GOV.UK</a>',
    );
    expect(await refusal(await publicPage('isa-guide'), 404)).toBe(CONTENT_MESSAGES.notFound);

    const preview = await ok<{ page: PublicContentPage }>(await call(admin, '/api/admin/content/preview/isa-guide'));
    expect(preview.page).toMatchObject({ isPreview: true, status: 'draft', title: 'ISA guide' });

    const list = (await ok<{ pages: ContentPageSummary[] }>(await call(admin, '/api/admin/content/pages'))).pages;
    expect(list.find((p) => p.id === page.id)).toMatchObject({
      status: 'draft',
      updatedBy: expect.any(String),
      publishedAt: null,
    });

    const published = await action(page.id, 'publish');
    expect(published.status).toBe('published');
    const res = await publicPage('isa-guide');
    const { page: shown } = await ok<{ page: PublicContentPage }>(res);
    expect(shown).toMatchObject({ title: 'ISA guide', metaDescription: 'How ISAs work.', isPreview: false });
    const etag = res.headers.get('etag')!;
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    const again = await server.request('/api/content/pages/isa-guide', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    await action(page.id, 'unpublish');
    expect(await refusal(await publicPage('isa-guide'), 404)).toBe(CONTENT_MESSAGES.notFound);
    const audit = await server.deps.database.db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.subjectId, page.id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'content_page.create',
      'content_page.publish',
      'content_page.unpublish',
    ]);
  });

  it('refuses slugs that are malformed, taken or an app route, with a message', async () => {
    const bad = async (slug: unknown, message: string) => {
      const res = await call(admin, '/api/admin/content/pages', 'POST', { title: 'T', slug });
      expect(await refusal(res, 400)).toBe(message);
    };
    await bad('', CONTENT_MESSAGES.required);
    await bad('About Us', CONTENT_MESSAGES.format);
    await bad('about--us', CONTENT_MESSAGES.format);
    await bad('a'.repeat(81), CONTENT_MESSAGES.tooLong);
    for (const slug of ['admin', 'api', 'legal', 'preview', 'assets', 'login', 'features']) {
      await bad(slug, CONTENT_MESSAGES.reserved);
    }
    await create({ title: 'Taken', slug: 'taken-slug' });
    expect(
      await refusal(await call(admin, '/api/admin/content/pages', 'POST', { title: 'T', slug: 'taken-slug' }), 409),
    ).toBe(CONTENT_MESSAGES.taken);
    expect(
      await refusal(await call(admin, '/api/admin/content/pages', 'POST', { title: ' ', slug: 'fine' }), 400),
    ).toBe(CONTENT_MESSAGES.title);
  });

  it('keeps a version for each save and restores an earlier one as the newest', async () => {
    const page = await create({ title: 'Rates', slug: 'rates', bodyHtml: '<p>First</p>' });
    const put = (bodyHtml: string, title = 'Rates') =>
      call(admin, `/api/admin/content/pages/${page.id}`, 'PUT', { title, slug: 'rates', bodyHtml });
    await ok(await put('<p>Second</p>'));
    const third = (await ok<{ page: ContentPage }>(await put('<p>Third</p>', 'Rates today'))).page;
    expect(third).toMatchObject({ version: 3, title: 'Rates today', bodyHtml: '<p>Third</p>' });

    const versions = (
      await ok<{ versions: ContentPageVersion[] }>(await call(admin, `/api/admin/content/pages/${page.id}/versions`))
    ).versions;
    expect(versions.map((v) => [v.version, v.title])).toEqual([
      [3, 'Rates today'],
      [2, 'Rates'],
      [1, 'Rates'],
    ]);
    const first = versions.find((v) => v.version === 1)!;
    const restored = (
      await ok<{ page: ContentPage }>(
        await call(admin, `/api/admin/content/pages/${page.id}/versions/${first.id}/restore`, 'POST'),
      )
    ).page;
    expect(restored).toMatchObject({ version: 4, title: 'Rates', bodyHtml: '<p>First</p>' });

    const other = await create({ title: 'Other', slug: 'other' });
    expect(
      await refusal(
        await call(admin, `/api/admin/content/pages/${other.id}/versions/${first.id}/restore`, 'POST'),
        404,
      ),
    ).toBe(CONTENT_MESSAGES.versionNotFound);

    await ok(await call(admin, `/api/admin/content/pages/${page.id}`, 'DELETE'), 204);
    expect(await refusal(await call(admin, `/api/admin/content/pages/${page.id}`), 404)).toBe(
      CONTENT_MESSAGES.notFound,
    );
  });

  it('renders the XSS corpus inert in a page body', async () => {
    // A NUL character is refused before any route sees it (nul-guard.ts), so that payload is left out.
    const payloads = XSS_PAYLOADS.filter((payload) => !payload.includes('\u0000'));
    const page = await create({ title: 'Corpus', slug: 'corpus', bodyHtml: payloads.join('\n') });
    expect(executableVectors(page.bodyHtml, { tables: true })).toEqual([]);
    await action(page.id, 'publish');
    const { page: shown } = await ok<{ page: PublicContentPage }>(await publicPage('corpus'));
    expect(executableVectors(shown.bodyHtml, { tables: true })).toEqual([]);
  });

  it('serves /{slug} with the page’s title and description, and 404 for an unknown or unpublished slug', async () => {
    const page = await create({
      title: 'Saving for a "rainy day" <guide>',
      slug: 'rainy-day',
      metaDescription: 'Build an emergency fund & keep it safe.',
    });
    const app = createApp(server.deps, { databaseVersion: 'test', distDir: dist });
    const draft = await app.request('/rainy-day');
    expect(draft.status).toBe(404);
    expect(await draft.text()).toContain('<div id="root">');

    await action(page.id, 'publish');
    const res = await app.request('/rainy-day');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Saving for a &quot;rainy day&quot; &lt;guide&gt; · SavvyPig</title>');
    expect(html).toContain('<meta name="description" content="Build an emergency fund &amp; keep it safe." />');
    expect(html).toContain('<meta property="og:title" content="Saving for a &quot;rainy day&quot; &lt;guide&gt;" />');
    expect(html).toContain('<meta property="og:description" content="Build an emergency fund &amp; keep it safe." />');
    expect(html).not.toContain('SavvyPig tracks your savings.');

    expect((await app.request('/no-such-page')).status).toBe(404);
    expect((await app.request('/legal')).status).toBe(200);
    expect((await app.request('/account/123/edit')).status).toBe(200);

    const sitemap = await app.request('/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const xml = await sitemap.text();
    expect(xml).toContain('<loc>http://localhost:3000/</loc>');
    expect(xml).toContain('<loc>http://localhost:3000/features/savings-calculator</loc>');
    expect(xml).toContain('<loc>http://localhost:3000/rainy-day</loc>');
    expect(xml).not.toContain('/taken-slug<');
  });
});
