import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, contactInquiries } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';
import type { AdminActionJson } from './audit-log-routes.ts';
import { type AdminContactInquiry, type AdminContactInquirySummary, CONTACT_MESSAGES } from './contact-routes.ts';

type Person = { cookie: string; userId: string };
type Page = { contacts: AdminContactInquirySummary[]; nextAfterId: string | null };

describe.each(testDatabaseKinds())('admin contact inquiries on %s', (kind) => {
  let server: TestServer;
  let admin: Person;
  let saver: Person;
  const start = new Date('2026-11-27T10:00:00Z');

  const call = (who: Person, path: string, method = 'GET', json?: unknown) =>
    server.request(path, { method, cookie: who.cookie, ...(json === undefined ? {} : { json }) });
  const ok = async <T>(res: Response, status = 200): Promise<T> => {
    expect(res.status, await res.clone().text()).toBe(status);
    return (await res.json()) as T;
  };
  const refusal = async (res: Response, status: number) => {
    expect(res.status).toBe(status);
    return ((await res.json()) as { error: { message: string } }).error.message;
  };
  let submitted = 0;
  /** Sends the public contact form and returns the inquiry's id; each is dated a minute after the last. */
  const submit = async (fields: Partial<{ name: string; email: string; subject: string; message: string }> = {}) => {
    submitted += 1;
    const { id } = await ok<{ id: string }>(
      await server.request('/api/contact', {
        method: 'POST',
        json: {
          name: 'Ann Saver',
          email: 'ann@example.com',
          inquiryType: 'technical',
          subject: 'Adding an ISA',
          message: 'How do I add a cash ISA I opened in April?',
          ...fields,
        },
      }),
      201,
    );
    // The form's insert takes the database's now(): dated here, so the list's order is certain.
    const createdAt = new Date(start.getTime() - 24 * 3600_000 + submitted * 60_000);
    await server.deps.database.db
      .update(contactInquiries)
      .set({ createdAt, updatedAt: createdAt })
      .where(eq(contactInquiries.id, id));
    return id;
  };
  const list = async (query = '') => ok<Page>(await call(admin, `/api/admin/contacts${query}`));

  beforeAll(async () => {
    server = await createTestServer(kind);
    server.clock.set(start);
    admin = await signUpAndSignIn(server, { email: 'contacts-admin@example.com', firstName: 'Ada' });
    await grantAdmin(server, admin.userId);
    saver = await signUpAndSignIn(server, { email: 'contacts-saver@example.com' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists inquiries newest first, filtered by status and priority, searched, and page by page', async () => {
    const first = await submit({ name: 'Bea Early', subject: 'Rates 50%_off?' });
    const second = await submit({ name: 'Cal Middle', email: 'cal@company.example' });
    const third = await submit({ name: 'Dee Late' });
    await ok(await call(admin, `/api/admin/contacts/${second}`, 'PATCH', { status: 'resolved', priority: 'urgent' }));

    const all = await list();
    const ours = all.contacts.map((c) => c.id).filter((id) => [first, second, third].includes(id));
    expect(ours).toEqual([third, second, first]);
    expect(all.contacts.find((c) => c.id === first)).toMatchObject({
      name: 'Bea Early',
      email: 'ann@example.com',
      inquiryType: 'technical',
      status: 'new',
      priority: 'medium',
      respondedAt: null,
    });

    expect((await list('?status=resolved')).contacts.map((c) => c.id)).toEqual([second]);
    expect((await list('?priority=urgent&status=resolved')).contacts.map((c) => c.id)).toEqual([second]);
    expect((await list('?priority=urgent&status=new')).contacts).toEqual([]);
    // Part of the name, the e-mail's domain in capitals, and the % and _ of a subject taken literally.
    expect((await list('?search=bea%20ear')).contacts.map((c) => c.id)).toEqual([first]);
    expect((await list('?search=COMPANY.EXAMPLE')).contacts.map((c) => c.id)).toEqual([second]);
    expect((await list(`?search=${encodeURIComponent('50%_')}`)).contacts.map((c) => c.id)).toEqual([first]);
    expect((await list('?search=nobody-has-this')).contacts).toEqual([]);

    // Pages of 50: 52 more inquiries than the three, the second page starting after the first's last.
    for (let i = 0; i < 50; i += 1) await submit({ name: `Bulk ${i}` });
    const pageOne = await list();
    expect(pageOne.contacts).toHaveLength(50);
    expect(pageOne.nextAfterId).toBe(pageOne.contacts.at(-1)!.id);
    const pageTwo = await list(`?afterId=${pageOne.nextAfterId}`);
    expect(pageTwo.contacts.map((c) => c.id)).toEqual([third, second, first]);
    expect(pageTwo.nextAfterId).toBeNull();
    const seen = new Set([...pageOne.contacts, ...pageTwo.contacts].map((c) => c.id));
    expect(seen.size).toBe(pageOne.contacts.length + pageTwo.contacts.length);
  });

  it('shows one inquiry with every field, and says Contact not found for another id', async () => {
    const id = await submit({ name: 'Eve Field Smith' });
    const { contact } = await ok<{ contact: AdminContactInquiry }>(await call(admin, `/api/admin/contacts/${id}`));
    expect(contact).toMatchObject({
      id,
      name: 'Eve Field Smith',
      firstName: 'Eve',
      lastName: 'Field Smith',
      email: 'ann@example.com',
      subject: 'Adding an ISA',
      message: 'How do I add a cash ISA I opened in April?',
      status: 'new',
      priority: 'medium',
      isExistingUser: false,
      marketingConsent: false,
      responseMethod: null,
      hubspotContactId: null,
    });
    expect(contact).not.toHaveProperty('submitterIp');
    expect(await refusal(await call(admin, '/api/admin/contacts/00000000-0000-4000-8000-000000000000'), 404)).toBe(
      CONTACT_MESSAGES.notFound,
    );
    expect(await refusal(await call(admin, '/api/admin/contacts/not-an-id'), 400)).toBe(CONTACT_MESSAGES.notFound);
  });

  it('marks an inquiry contacted with a priority: responded_at is stamped, and the audit log says who changed what', async () => {
    const id = await submit();
    server.clock.advance(5_000);
    const changedAt = server.clock.now().toISOString();
    const { contact } = await ok<{ contact: AdminContactInquiry }>(
      await call(admin, `/api/admin/contacts/${id}`, 'PATCH', {
        status: 'contacted',
        priority: 'high',
        phone: ' 07700 900123 ',
        company: '',
        responseMethod: 'phone',
      }),
    );
    expect(contact).toMatchObject({
      status: 'contacted',
      priority: 'high',
      phone: '07700 900123',
      company: null,
      responseMethod: 'phone',
      respondedAt: changedAt,
      updatedAt: changedAt,
    });

    const { entries } = await ok<{ entries: AdminActionJson[] }>(
      await call(admin, `/api/admin/audit-log?subjectType=contact_inquiry&subjectId=${id}`),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      adminId: admin.userId,
      adminEmail: 'contacts-admin@example.com',
      action: 'contact.update',
      subjectType: 'contact_inquiry',
      subjectId: id,
      // Company was already empty: not a change.
      before: { status: 'new', priority: 'medium', phone: null, responseMethod: null, respondedAt: null },
      after: {
        status: 'contacted',
        priority: 'high',
        phone: '07700 900123',
        responseMethod: 'phone',
        respondedAt: changedAt,
      },
    });

    // Resolving keeps the time it was answered; sending what it already is changes nothing and logs nothing.
    server.clock.advance(5_000);
    const resolved = await ok<{ contact: AdminContactInquiry }>(
      await call(admin, `/api/admin/contacts/${id}`, 'PATCH', { status: 'resolved' }),
    );
    expect(resolved.contact.respondedAt).toBe(changedAt);
    await ok(await call(admin, `/api/admin/contacts/${id}`, 'PATCH', { status: 'resolved', priority: 'high' }));
    const after = await ok<{ entries: AdminActionJson[] }>(
      await call(admin, `/api/admin/audit-log?subjectType=contact_inquiry&subjectId=${id}`),
    );
    expect(after.entries.map((e) => e.after)).toEqual([
      { status: 'resolved' },
      expect.objectContaining({ status: 'contacted' }),
    ]);
  });

  it('refuses a change to the e-mail, an unknown value or an empty required field, writing nothing', async () => {
    const id = await submit({ name: 'Fay Refused' });
    const logBefore = await server.deps.database.db.select().from(adminAuditLog);
    const cases: [unknown, string][] = [
      [{ email: 'someone@else.example' }, CONTACT_MESSAGES.emailReadOnly],
      [{ status: 'contacted', email: 'someone@else.example' }, CONTACT_MESSAGES.emailReadOnly],
      [{ respondedAt: '2026-01-01T00:00:00Z' }, 'respondedAt cannot be changed'],
      [{ status: 'closed' }, CONTACT_MESSAGES.status],
      [{ priority: 'critical' }, CONTACT_MESSAGES.priority],
      [{ inquiryType: 'billing' }, CONTACT_MESSAGES.inquiryType],
      [{ responseMethod: 'pigeon' }, CONTACT_MESSAGES.responseMethod],
      [{ name: '   ' }, CONTACT_MESSAGES.name],
      [{ subject: '' }, CONTACT_MESSAGES.subject],
      [{ message: 'x'.repeat(5001) }, 'Message must be 5,000 characters or fewer'],
      [{ marketingConsent: 'yes' }, 'Marketing consent must be true or false'],
      [{}, CONTACT_MESSAGES.nothing],
    ];
    for (const [body, message] of cases)
      expect(
        await refusal(await call(admin, `/api/admin/contacts/${id}`, 'PATCH', body), 400),
        JSON.stringify(body),
      ).toBe(message);
    expect(
      await refusal(
        await call(admin, '/api/admin/contacts/00000000-0000-4000-8000-000000000000', 'PATCH', { status: 'resolved' }),
        404,
      ),
    ).toBe(CONTACT_MESSAGES.notFound);

    const { contact } = await ok<{ contact: AdminContactInquiry }>(await call(admin, `/api/admin/contacts/${id}`));
    expect(contact).toMatchObject({ status: 'new', name: 'Fay Refused', email: 'ann@example.com' });
    expect(await server.deps.database.db.select().from(adminAuditLog)).toHaveLength(logBefore.length);
  });

  it('answers a subscriber with 403, even about an inquiry they sent themselves', async () => {
    const { id } = await ok<{ id: string }>(
      await server.request('/api/contact', {
        method: 'POST',
        cookie: saver.cookie,
        json: {
          name: 'Gus Saver',
          email: 'contacts-saver@example.com',
          subject: 'Hello',
          message: 'A question about my plan.',
        },
      }),
      201,
    );
    await refusal(await call(saver, `/api/admin/contacts/${id}`), 403);
    await refusal(await call(saver, `/api/admin/contacts/${id}`, 'PATCH', { status: 'resolved' }), 403);
    await refusal(await call(saver, '/api/admin/contacts'), 403);
    await refusal(await call(saver, '/api/admin/audit-log'), 403);
    const { contact } = await ok<{ contact: AdminContactInquiry }>(await call(admin, `/api/admin/contacts/${id}`));
    expect(contact).toMatchObject({ isExistingUser: true, status: 'new' });
  });

  it('pages through the whole audit log newest first', async () => {
    const id = await submit({ name: 'Hal Pages' });
    for (const priority of ['low', 'high', 'urgent', 'medium'] as const) {
      server.clock.advance(1000);
      await ok(await call(admin, `/api/admin/contacts/${id}`, 'PATCH', { priority }));
    }
    const first = await ok<{ entries: AdminActionJson[]; nextAfterId: string | null }>(
      await call(admin, '/api/admin/audit-log'),
    );
    expect(first.entries.slice(0, 4).map((e) => (e.after as { priority: string }).priority)).toEqual([
      'medium',
      'urgent',
      'high',
      'low',
    ]);
    const times = first.entries.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await refusal(await call(admin, '/api/admin/audit-log?afterId=nope'), 400)).toBe(
      'afterId must be an audit log entry id',
    );
  });
});
