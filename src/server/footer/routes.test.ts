import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FOOTER, type FooterContent, type StructuredFooter } from '../../core/footer/footer-content.ts';
import { FOOTER_MESSAGES } from '../../core/footer/messages.ts';
import { executableVectors } from '../content/xss-check.ts';
import { XSS_CORPUS } from '../content/xss-corpus.ts';
import { adminAuditLog, cmsFooters } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { type AdminFooter, FOOTER_SUBJECT, type PublicFooter } from './routes.ts';

type Person = { cookie: string; userId: string };

const custom: StructuredFooter = {
  logoUrl: '/icons/icon-192.png',
  backgroundColor: '#1E3A8A',
  textColor: '#ffffff',
  links: [
    { id: 'faq', label: 'Help 2024', url: '/support' },
    { id: 'ext', label: 'FCA', url: 'https://www.fca.org.uk/' },
  ],
  copyrightText: '© 2024 Pig Ltd',
};

describe.each(testDatabaseKinds())('the CMS footer on %s', (kind) => {
  let server: TestServer;
  let admin: Person;
  let saver: Person;
  let noTwoFactor: Person;

  const call = (who: Person | null, path: string, method = 'GET', json?: unknown, headers?: Record<string, string>) =>
    server.request(path, {
      method,
      ...(who ? { cookie: who.cookie } : {}),
      ...(json === undefined ? {} : { json }),
      ...(headers ? { headers } : {}),
    });
  const ok = async <T>(res: Response, status = 200): Promise<T> => {
    expect(res.status, await res.clone().text()).toBe(status);
    return (status === 204 ? undefined : await res.json()) as T;
  };
  const refusal = async (res: Response, status: number) => {
    expect(res.status, await res.clone().text()).toBe(status);
    return ((await res.json()) as { error: { message: string } }).error.message;
  };
  const create = async (content: unknown) =>
    (await ok<{ footer: AdminFooter }>(await call(admin, '/api/admin/footers', 'POST', { content }), 201)).footer;
  const activate = (id: string) => call(admin, `/api/admin/footers/${id}/activate`, 'POST');
  const list = async () => (await ok<{ footers: AdminFooter[] }>(await call(admin, '/api/admin/footers'))).footers;
  const shown = async () => ok<PublicFooter>(await call(null, '/api/footer'));

  beforeAll(async () => {
    server = await createTestServer(kind);
    server.clock.set(new Date('2026-12-31T23:30:00Z'));
    admin = await signUpAndSignIn(server, { email: 'footer-admin@example.com' });
    await grantAdmin(server, admin.userId);
    saver = await signUpAndSignIn(server, { email: 'footer-saver@example.com' });
    noTwoFactor = await signUpAndSignIn(server, { email: 'footer-no-2fa@example.com' });
    await grantAdmin(server, noTwoFactor.userId, { twoFactor: false });
  }, 120_000);
  afterAll(() => server?.close());
  beforeEach(async () => {
    await server.deps.database.db.delete(cmsFooters);
  });

  it('shows the spec’s defaults, with this UK year, while no footer is active', async () => {
    const answer = await shown();
    expect(answer.isDefault).toBe(true);
    expect(answer.footer).toEqual({
      kind: 'structured',
      footer: { ...DEFAULT_FOOTER, copyrightText: '© 2026 SavvyPig. All rights reserved.' },
    });
  });

  it('answers from its ETag with a 304, and revalidates on every use', async () => {
    const first = await call(null, '/api/footer');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const again = await call(null, '/api/footer', 'GET', undefined, { 'if-none-match': `W/${etag}` });
    expect(again.status).toBe(304);
  });

  it('lets only a two-factor admin manage footers', async () => {
    expect(await refusal(await call(null, '/api/admin/footers'), 401)).toBe('Authentication required');
    await refusal(await call(saver, '/api/admin/footers'), 403);
    await refusal(await call(saver, '/api/admin/footers', 'POST', { content: custom }), 403);
    await refusal(await call(noTwoFactor, '/api/admin/footers'), 403);
  });

  it('creates, lists newest first, updates and activates; every page then shows it with this year', async () => {
    const first = await create(custom);
    expect(first).toMatchObject({ isActive: false });
    expect(first.content).toEqual({
      kind: 'structured',
      footer: { ...custom, textColor: '#FFFFFF' },
    });
    server.clock.advance(1000);
    const second = await create(JSON.stringify({ ...custom, links: [{ label: 'Legal', url: '/legal' }] }));
    expect(second.content.kind).toBe('structured');
    expect((second.content as Extract<FooterContent, { kind: 'structured' }>).footer.links[0]?.id).toBeTruthy();
    expect((await list()).map((f) => f.id)).toEqual([second.id, first.id]);

    const updated = await ok<{ footer: AdminFooter }>(
      await call(admin, `/api/admin/footers/${first.id}`, 'PUT', {
        content: { ...custom, copyrightText: '© {{year}} Us' },
      }),
    );
    expect(updated.footer.content).toMatchObject({ footer: { copyrightText: '© {{year}} Us' } });
    expect((await list())[0]!.id).toBe(first.id);

    const activated = await ok<{ footer: AdminFooter }>(await activate(first.id));
    expect(activated.footer.isActive).toBe(true);
    const answer = await shown();
    expect(answer.isDefault).toBe(false);
    expect(answer.footer).toMatchObject({
      kind: 'structured',
      footer: { copyrightText: '© 2026 Us', links: [{ label: 'Help 2026' }, { label: 'FCA' }] },
    });

    await ok(await activate(second.id));
    expect((await list()).filter((f) => f.isActive).map((f) => f.id)).toEqual([second.id]);
    const entries = await server.deps.database.db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.subjectType, FOOTER_SUBJECT));
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['cms_footer.create', 'cms_footer.update', 'cms_footer.activate']),
    );
  });

  it('keeps exactly one footer active when many are activated at once', async () => {
    const footers = [];
    for (let i = 0; i < 6; i++) footers.push(await create({ ...custom, copyrightText: `Footer ${i}` }));
    const answers = await Promise.all(footers.flatMap((f) => [activate(f.id), activate(f.id)]));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const active = await server.deps.database.db.select().from(cmsFooters).where(eq(cmsFooters.isActive, true));
    expect(active).toHaveLength(1);
  });

  it('refuses to delete the active footer, and deletes another', async () => {
    const active = await create(custom);
    const other = await create(custom);
    await ok(await activate(active.id));
    expect(await refusal(await call(admin, `/api/admin/footers/${active.id}`, 'DELETE'), 409)).toBe(
      FOOTER_MESSAGES.activeNotDeletable,
    );
    await ok(await call(admin, `/api/admin/footers/${other.id}`, 'DELETE'), 204);
    expect((await list()).map((f) => f.id)).toEqual([active.id]);
    expect(await refusal(await call(admin, `/api/admin/footers/${other.id}`, 'DELETE'), 404)).toBe(
      FOOTER_MESSAGES.notFound,
    );
    expect(await refusal(await activate('not-an-id'), 400)).toBe(FOOTER_MESSAGES.notFound);
  });

  it('refuses unsafe or oversized fields with a message that says why', async () => {
    const refused = async (content: unknown) =>
      refusal(await call(admin, '/api/admin/footers', 'POST', { content }), 400);
    expect(await refused({ ...custom, backgroundColor: 'red' })).toBe(
      'The background colour must be a hex colour such as #AA1164',
    );
    expect(await refused({ ...custom, textColor: '#fff;position:fixed' })).toBe(
      'The text colour must be a hex colour such as #AA1164',
    );
    expect(await refused({ ...custom, links: [{ label: 'x', url: 'javascript:alert(1)' }] })).toMatch(
      /^A link address must be a path on this site/,
    );
    expect(await refused({ ...custom, links: [{ label: ' ', url: '/legal' }] })).toBe('Each link needs a label');
    expect(await refused({ ...custom, links: [{ label: 'x'.repeat(61), url: '/legal' }] })).toBe(
      'A link label must be 60 characters or fewer',
    );
    expect(
      await refused({ ...custom, links: Array.from({ length: 13 }, (_, i) => ({ label: `L${i}`, url: '/legal' })) }),
    ).toBe('A footer has at most 12 links');
    expect(await refused({ ...custom, logoUrl: 'https://evil.example/logo.png' })).toBe(
      'The logo must be an image on this site, such as /icons/logo.svg',
    );
    expect(await refused('{"backgroundColor": ')).toBe('The footer’s JSON could not be read');
    expect(await refused('<script>alert(1)</script>')).toBe('The footer’s HTML is empty once unsafe parts are removed');
    expect(await refused(42)).toBe('The footer’s content must be its fields, JSON or HTML');
  });

  it('keeps every XSS payload inert in raw HTML, link labels, link addresses and the copyright line', async () => {
    const { db } = server.deps.database;
    for (const { name, payload } of XSS_CORPUS) {
      const html = await call(admin, '/api/admin/footers', 'POST', { content: `<p>Footer</p>${payload}` });
      // A NUL character is refused before any route (http/nul-guard.ts).
      if (payload.includes('\u0000')) {
        expect(html.status, name).toBe(400);
        continue;
      }
      expect(html.status, name).toBe(201);
      const saved = ((await html.json()) as { footer: AdminFooter }).footer;
      expect(saved.content.kind).toBe('html');
      const savedHtml = (saved.content as { html: string }).html;
      expect(executableVectors(savedHtml), `${name} when saved`).toEqual([]);

      const fields = await call(admin, '/api/admin/footers', 'POST', {
        content: {
          ...custom,
          copyrightText: payload.slice(0, 300),
          links: [{ label: payload.slice(0, 60), url: '/legal' }],
        },
      });
      // A label or copyright line is text (React renders it as such); it is kept as typed or refused.
      expect([201, 400], name).toContain(fields.status);
      const address = await call(admin, '/api/admin/footers', 'POST', {
        content: { ...custom, links: [{ label: 'x', url: payload }] },
      });
      if (address.status === 201) {
        const link = ((await address.json()) as { footer: AdminFooter }).footer.content;
        const url = (link as { footer: StructuredFooter }).footer.links[0]!.url;
        expect(url, name).not.toMatch(/^\s*(javascript|data|vbscript):/i);
      }
    }
    // Stored HTML that slipped past an older rule is sanitised again when shown.
    const [row] = await db
      .insert(cmsFooters)
      .values({ content: '<p>Old</p><img src=x onerror=alert(1)><script>alert(1)</script>', isActive: true })
      .returning();
    const answer = await shown();
    expect(answer.footer.kind).toBe('html');
    expect(executableVectors((answer.footer as { html: string }).html)).toEqual([]);
    expect((answer.footer as { html: string }).html).toContain('Old');
    await db.update(cmsFooters).set({ isActive: false }).where(eq(cmsFooters.id, row!.id));
  }, 300_000);
});
