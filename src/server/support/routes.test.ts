import { and, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES } from '../../core/support/attachments.ts';
import { SUPPORT_MESSAGES } from '../../core/support/tickets.ts';
import { withActor } from '../db/rls.ts';
import { adminAuditLog, supportTicketMessages, supportTickets } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { sqlState } from '../test/sql-errors.ts';

type Caller = { cookie: string; userId: string };
type Attachment = { id: string; fileName: string; contentType: string; size: number; url: string };
type Message = {
  id: string;
  authorRole: string;
  authorName: string | null;
  body: string;
  isInternal: boolean;
  attachments: Attachment[];
};
type Thread = {
  ticket: { id: string; reference: string; subject: string; status: string; priority: string; lastReplyAt: string };
  messages: Message[];
};
type AdminThread = Thread & {
  ticket: Thread['ticket'] & { saver: { email: string } | null; assignee: { id: string } | null };
  activity: { action: string; adminEmail: string; before: unknown; after: unknown }[];
};

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#a16' } })
    .png()
    .toBuffer();
const file = (bytes: Uint8Array, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

function ticketForm(fields: Record<string, string>, attachment?: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (attachment) form.append('file', attachment);
  return form;
}

const NEW_TICKET = {
  subject: 'My ISA is missing',
  category: 'technical',
  body: 'I added a cash ISA but it is not listed.',
};

describe.each(testDatabaseKinds())('support tickets’ API on %s', (kind) => {
  let server: TestServer;
  let saver: Caller;
  let other: Caller;
  let admin: Caller;
  let secondAdmin: Caller;

  beforeAll(async () => {
    server = await createTestServer(kind);
    saver = await signUpAndSignIn(server, {
      email: 'saver.support@example.com',
      firstName: 'Sally',
      lastName: 'Saver',
    });
    other = await signUpAndSignIn(server, { email: 'other.support@example.com' });
    admin = await signUpAndSignIn(server, { email: 'admin.support@example.com', firstName: 'Ada', lastName: 'Admin' });
    await grantAdmin(server, admin.userId);
    secondAdmin = await signUpAndSignIn(server, { email: 'second.support@example.com' });
    await grantAdmin(server, secondAdmin.userId);
  }, 90_000);
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, body: FormData, cookie: string) => server.request(path, { method: 'POST', cookie, body });
  const get = (path: string, cookie?: string) => server.request(path, { cookie });
  const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
  const ticketCount = async () => (await server.deps.database.db.select({ n: count() }).from(supportTickets))[0]!.n;
  const mailsTo = async (to: string) => (await server.mail()).filter((m) => m.to === to);

  async function openTicket(fields: Record<string, string> = NEW_TICKET, attachment?: File): Promise<Thread> {
    const res = await post('/api/support/tickets', ticketForm(fields, attachment), saver.cookie);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as Thread;
  }
  const adminMessage = async (ticketId: string, fields: Record<string, string>, attachment?: File) =>
    post(`/api/admin/support/tickets/${ticketId}/messages`, ticketForm(fields, attachment), admin.cookie);
  const saverThread = async (ticketId: string, cookie = saver.cookie) =>
    (await (await get(`/api/support/tickets/${ticketId}`, cookie)).json()) as Thread;
  const adminThread = async (ticketId: string) =>
    (await (await get(`/api/admin/support/tickets/${ticketId}`, admin.cookie)).json()) as AdminThread;

  it('opens a ticket with a PNG, lists it for its owner and serves the image back by its bytes', async () => {
    const image = await png();
    const thread = await openTicket(NEW_TICKET, file(image, 'screen shot.png', 'image/png'));
    expect(thread.ticket).toMatchObject({ subject: NEW_TICKET.subject, status: 'open', priority: 'medium' });
    expect(thread.ticket.reference).toMatch(/^#[0-9A-F]{8}$/);
    expect(thread.messages).toHaveLength(1);
    const [attachment] = thread.messages[0]!.attachments;
    expect(attachment).toMatchObject({ fileName: 'screen shot.png', contentType: 'image/png', size: image.length });

    const list = (await (await get('/api/support/tickets', saver.cookie)).json()) as { tickets: { id: string }[] };
    expect(list.tickets.map((t) => t.id)).toContain(thread.ticket.id);

    const served = await get(attachment!.url, saver.cookie);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
  });

  it('accepts a PDF, named by its bytes', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const thread = await openTicket(NEW_TICKET, file(pdf, 'statement.txt', 'text/plain'));
    expect(thread.messages[0]!.attachments[0]).toMatchObject({
      fileName: 'statement.pdf',
      contentType: 'application/pdf',
    });
    const served = await get(thread.messages[0]!.attachments[0]!.url, saver.cookie);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('refuses a renamed executable, an HTML page and a fake image with a clear message, and writes nothing', async () => {
    const before = await ticketCount();
    const exe = file(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), 'holiday.png', 'image/png');
    const refusedExe = await post('/api/support/tickets', ticketForm(NEW_TICKET, exe), saver.cookie);
    expect(refusedExe.status).toBe(415);
    expect((await errorOf(refusedExe)).message).toBe(ATTACHMENT_MESSAGES.notAllowed);

    const html = file(
      new TextEncoder().encode('<!doctype html><script>alert(1)</script>'),
      'invoice.pdf',
      'application/pdf',
    );
    const refusedHtml = await post('/api/support/tickets', ticketForm(NEW_TICKET, html), saver.cookie);
    expect(refusedHtml.status).toBe(415);
    expect((await errorOf(refusedHtml)).message).toBe(ATTACHMENT_MESSAGES.notAllowed);

    const fake = new Uint8Array(64);
    fake.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const refusedFake = await post(
      '/api/support/tickets',
      ticketForm(NEW_TICKET, file(fake, 'a.png', 'image/png')),
      saver.cookie,
    );
    expect(refusedFake.status).toBe(400);
    expect((await errorOf(refusedFake)).message).toBe(ATTACHMENT_MESSAGES.unreadable);
    expect(await ticketCount()).toBe(before);
  });

  it('refuses an attachment over 5 MB with the message, however large', async () => {
    const before = await ticketCount();
    const image = await png();
    for (const size of [5 * 1024 * 1024 + 1, 8 * 1024 * 1024]) {
      const big = new Uint8Array(size);
      big.set(image);
      const res = await post(
        '/api/support/tickets',
        ticketForm(NEW_TICKET, file(big, 'big.png', 'image/png')),
        saver.cookie,
      );
      expect(res.status, `${size} bytes`).toBe(413);
      expect((await errorOf(res)).message).toBe(ATTACHMENT_MESSAGES.tooLarge);
    }
    expect(await ticketCount()).toBe(before);
  });

  it('answers each missing or bad field with its message', async () => {
    const before = await ticketCount();
    const cases: [Record<string, string>, string][] = [
      [{ ...NEW_TICKET, subject: '   ' }, SUPPORT_MESSAGES.subjectRequired],
      [{ ...NEW_TICKET, subject: 'x'.repeat(201) }, SUPPORT_MESSAGES.subjectTooLong],
      [{ ...NEW_TICKET, category: 'lottery' }, SUPPORT_MESSAGES.categoryRequired],
      [{ subject: 'Hello', category: 'other' }, SUPPORT_MESSAGES.bodyRequired],
      [{ ...NEW_TICKET, body: 'x'.repeat(5001) }, SUPPORT_MESSAGES.bodyTooLong],
      [{ ...NEW_TICKET, body: 'nul \u0000 here' }, SUPPORT_MESSAGES.nul],
    ];
    for (const [fields, message] of cases) {
      const res = await post('/api/support/tickets', ticketForm(fields), saver.cookie);
      expect(res.status, message).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
    expect(await ticketCount()).toBe(before);
  });

  it('answers a form it cannot read with 400 on every route that takes one, and writes nothing', async () => {
    const { ticket } = await openTicket();
    const before = await ticketCount();
    const routes: [string, string][] = [
      ['/api/support/tickets', saver.cookie],
      [`/api/support/tickets/${ticket.id}/messages`, saver.cookie],
      [`/api/admin/support/tickets/${ticket.id}/messages`, admin.cookie],
    ];
    const broken = [
      { 'content-type': 'multipart/form-data', body: 'no boundary given' },
      {
        'content-type': 'multipart/form-data; boundary=xyz',
        body: '--xyz\r\nContent-Disposition: form-data; name="body"\r\n\r\ncut short',
      },
    ];
    for (const [path, cookie] of routes) {
      for (const { body, ...headers } of broken) {
        const res = await server.request(path, { method: 'POST', cookie, headers, body });
        expect(res.status, `${path} ${headers['content-type']}`).toBe(400);
        expect((await errorOf(res)).message).toBe('The form could not be read');
      }
    }
    expect(await ticketCount()).toBe(before);
    expect((await saverThread(ticket.id)).messages).toHaveLength(1);
  });

  it('e-mails every admin about a new unassigned ticket, the saver’s words escaped', async () => {
    const subject = '<img src=x onerror=alert(1)> help';
    await openTicket({ ...NEW_TICKET, subject, body: '<script>alert("x")</script>' });
    for (const address of ['admin.support@example.com', 'second.support@example.com']) {
      const mail = (await mailsTo(address)).find((m) => m.subject.includes('onerror'));
      expect(mail, address).toBeDefined();
      expect(mail!.html).not.toContain('<script>');
      expect(mail!.html).not.toContain('<img src=x');
      expect(mail!.html).toContain('&lt;script&gt;');
      expect(mail!.text).toContain('Sally Saver <saver.support@example.com>');
    }
  });

  it('keeps a ticket from every other saver, and from an admin’s own saver screens (404)', async () => {
    const { ticket, messages } = await openTicket(NEW_TICKET, file(await png(), 'a.png', 'image/png'));
    const attachmentUrl = messages[0]!.attachments[0]!.url;
    for (const caller of [other, admin]) {
      expect((await get(`/api/support/tickets/${ticket.id}`, caller.cookie)).status).toBe(404);
      expect((await get(attachmentUrl, caller.cookie)).status).toBe(404);
      const reply = await post(
        `/api/support/tickets/${ticket.id}/messages`,
        ticketForm({ body: 'me too' }),
        caller.cookie,
      );
      expect(reply.status).toBe(404);
      const list = (await (await get('/api/support/tickets', caller.cookie)).json()) as { tickets: { id: string }[] };
      expect(list.tickets.map((t) => t.id)).not.toContain(ticket.id);
    }
    expect((await get('/api/support/tickets')).status).toBe(401);
    expect((await get('/api/admin/support/tickets', saver.cookie)).status).toBe(403);
    expect((await get(`/api/admin/support/tickets/${ticket.id}`, saver.cookie)).status).toBe(403);
  });

  it('keeps an internal note from the saver on every route, and e-mails them only the public reply', async () => {
    const { ticket } = await openTicket({ ...NEW_TICKET, subject: 'Note and reply' });
    const note = await adminMessage(ticket.id, { body: 'Internal: looks like a sync bug', isInternal: 'true' });
    expect(note.status, await note.clone().text()).toBe(201);
    const afterNote = await saverThread(ticket.id);
    expect(afterNote.messages.map((m) => m.body)).toEqual([NEW_TICKET.body]);
    expect(afterNote.ticket.status).toBe('open');
    expect(afterNote.ticket.lastReplyAt).toBe(ticket.lastReplyAt);
    expect((await mailsTo('saver.support@example.com')).some((m) => m.subject.includes('Note and reply'))).toBe(false);

    const reply = await adminMessage(ticket.id, { body: 'We have fixed it <b>now</b>.', isInternal: 'false' });
    expect(reply.status).toBe(201);
    const seen = await saverThread(ticket.id);
    expect(seen.messages.map((m) => [m.authorRole, m.body, m.authorName])).toEqual([
      ['saver', NEW_TICKET.body, null],
      ['admin', 'We have fixed it <b>now</b>.', null],
    ]);
    expect(seen.ticket.status).toBe('awaiting_reply');
    const mail = (await mailsTo('saver.support@example.com')).find((m) => m.subject.includes('Note and reply'));
    expect(mail?.text).toContain('We have fixed it <b>now</b>.');
    expect(mail?.html).toContain('&lt;b&gt;now&lt;/b&gt;');
    expect(mail?.html).not.toContain('Internal: looks like');
    expect(mail?.links.some((l) => l.endsWith(`/settings/support/ticket/${ticket.id}`))).toBe(true);

    // The data export and the database itself hide the note from the saver too.
    const exported = await (await get('/api/account/export', saver.cookie)).text();
    expect(exported).toContain('We have fixed it');
    expect(exported).not.toContain('Internal: looks like a sync bug');
    const visible = await withActor(server.deps.database.db, { userId: saver.userId }, (tx) =>
      tx
        .select({ body: supportTicketMessages.body })
        .from(supportTicketMessages)
        .where(eq(supportTicketMessages.ticketId, ticket.id)),
    );
    expect(visible.map((m) => m.body)).not.toContain('Internal: looks like a sync bug');

    const full = await adminThread(ticket.id);
    expect(full.messages.map((m) => [m.isInternal, m.authorName])).toEqual([
      [false, 'Sally Saver'],
      [true, 'Ada Admin'],
      [false, 'Ada Admin'],
    ]);
    expect(full.activity.map((a) => a.action)).toEqual(['ticket.reply', 'ticket.note']);
  });

  it('refuses an attachment on an internal note', async () => {
    const { ticket } = await openTicket();
    const res = await adminMessage(
      ticket.id,
      { body: 'note', isInternal: 'true' },
      file(await png(), 'a.png', 'image/png'),
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(SUPPORT_MESSAGES.internalAttachment);
    expect((await adminThread(ticket.id)).messages).toHaveLength(1);
  });

  it('lets a saver read and write nothing internal in the database itself (row-level security and the trigger)', async () => {
    const { ticket } = await openTicket();
    const { db } = server.deps.database;
    const asSaver = <T>(work: Parameters<typeof withActor<T>>[2]) => withActor(db, { userId: saver.userId }, work);
    const internal = await asSaver((tx) =>
      tx.insert(supportTicketMessages).values({
        ticketId: ticket.id,
        userId: saver.userId,
        authorId: saver.userId,
        authorRole: 'admin',
        body: 'pretend support',
        isInternal: false,
      }),
    ).catch((err: unknown) => err);
    expect(sqlState(internal)).toBe('42501');
    const priority = await asSaver((tx) =>
      tx.update(supportTickets).set({ priority: 'urgent' }).where(eq(supportTickets.id, ticket.id)),
    ).catch((err: unknown) => err);
    expect(sqlState(priority)).toBe('42501');
    const resolved = await asSaver((tx) =>
      tx.update(supportTickets).set({ status: 'resolved' }).where(eq(supportTickets.id, ticket.id)),
    ).catch((err: unknown) => err);
    expect(sqlState(resolved)).toBe('42501');
    const urgent = await asSaver((tx) =>
      tx
        .insert(supportTickets)
        .values({ userId: saver.userId, subject: 'Me first', category: 'other', priority: 'urgent' }),
    ).catch((err: unknown) => err);
    expect(sqlState(urgent)).toBe('42501');
    const othersView = await withActor(db, { userId: other.userId }, (tx) =>
      tx.select({ n: count() }).from(supportTickets).where(eq(supportTickets.id, ticket.id)),
    );
    expect(othersView[0]!.n).toBe(0);
  });

  it('lets an admin set status, priority and assignee, audited in the same transaction, and refuses a non-admin assignee', async () => {
    const { ticket } = await openTicket({ ...NEW_TICKET, subject: 'Assign me' });
    const patch = (json: unknown) =>
      server.request(`/api/admin/support/tickets/${ticket.id}`, { method: 'PATCH', cookie: admin.cookie, json });
    const res = await patch({ status: 'resolved', priority: 'urgent', assignedAdminId: secondAdmin.userId });
    expect(res.status, await res.clone().text()).toBe(200);
    const updated = (await res.json()) as AdminThread;
    expect(updated.ticket).toMatchObject({
      status: 'resolved',
      priority: 'urgent',
      assignee: { id: secondAdmin.userId },
    });
    expect(updated.activity[0]).toMatchObject({
      action: 'ticket.update',
      adminEmail: 'admin.support@example.com',
      before: { status: 'open', priority: 'medium', assignedAdminId: null },
      after: { status: 'resolved', priority: 'urgent', assignedAdminId: secondAdmin.userId },
    });

    const audited = async () =>
      (
        await server.deps.database.db
          .select({ n: count() })
          .from(adminAuditLog)
          .where(and(eq(adminAuditLog.subjectType, 'support_ticket'), eq(adminAuditLog.subjectId, ticket.id)))
      )[0]!.n;
    const entries = await audited();
    const notAdmin = await patch({ assignedAdminId: saver.userId });
    expect(notAdmin.status).toBe(400);
    expect((await errorOf(notAdmin)).message).toBe(SUPPORT_MESSAGES.notAnAdmin);
    const nothing = await patch({ status: 'resolved' });
    expect((await errorOf(nothing)).message).toBe(SUPPORT_MESSAGES.nothingToChange);
    expect((await patch({ priority: 'critical' })).status).toBe(400);
    expect(await audited()).toBe(entries);

    // The saver's reply reopens the resolved ticket and e-mails its admin alone.
    const reply = await post(
      `/api/support/tickets/${ticket.id}/messages`,
      ticketForm({ body: 'Still broken' }),
      saver.cookie,
    );
    expect(reply.status).toBe(201);
    expect(((await reply.json()) as Thread).ticket.status).toBe('open');
    const repliedMail = (m: { subject: string }) =>
      m.subject.startsWith('Saver replied') && m.subject.includes('Assign me');
    expect((await mailsTo('second.support@example.com')).filter(repliedMail)).toHaveLength(1);
    expect((await mailsTo('admin.support@example.com')).filter(repliedMail)).toHaveLength(0);
  });

  it('takes no more replies on a closed ticket', async () => {
    const { ticket } = await openTicket();
    await server.request(`/api/admin/support/tickets/${ticket.id}`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { status: 'closed' },
    });
    const res = await post(`/api/support/tickets/${ticket.id}/messages`, ticketForm({ body: 'Hello?' }), saver.cookie);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(SUPPORT_MESSAGES.closed);
    expect((await saverThread(ticket.id)).messages).toHaveLength(1);
  });

  it('counts tickets by status and filters the admins’ list by status, priority and assignee', async () => {
    const { ticket } = await openTicket({ ...NEW_TICKET, subject: 'Filter me' });
    await server.request(`/api/admin/support/tickets/${ticket.id}`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { priority: 'high', assignedAdminId: admin.userId },
    });
    const overview = (await (await get('/api/admin/support/overview', admin.cookie)).json()) as {
      total: number;
      byStatus: Record<string, number>;
      activeMine: number;
    };
    const [db] = await server.deps.database.db
      .select({ n: count(), open: sql<number>`count(*) filter (where status = 'open')`.mapWith(Number) })
      .from(supportTickets);
    expect(overview.total).toBe(db!.n);
    expect(overview.byStatus.open).toBe(db!.open);
    expect(overview.activeMine).toBe(1);

    type Page = { tickets: { id: string; saver: { email: string } }[]; total: number };
    const list = async (query: string) =>
      (await (await get(`/api/admin/support/tickets${query}`, admin.cookie)).json()) as Page;
    const mine = await list('?assignee=me&priority=high&status=open');
    expect(mine.tickets.map((t) => t.id)).toEqual([ticket.id]);
    expect(mine.tickets[0]!.saver.email).toBe('saver.support@example.com');
    expect((await list('?assignee=unassigned')).tickets.map((t) => t.id)).not.toContain(ticket.id);
    expect((await list(`?assignee=${admin.userId}`)).total).toBe(1);
    const bad = await get('/api/admin/support/tickets?status=pending', admin.cookie);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe(SUPPORT_MESSAGES.status);
  });
});
