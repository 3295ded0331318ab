/**
 * The authorisation harness's cases (src/server/http/authorisation.test.ts) for the saver's support
 * ticket routes: the owner gets their ticket, another user gets 404, and so does an admin (the
 * saver's routes name the signed-in user; admins work tickets through /api/admin/support).
 */
import sharp from 'sharp';
import type { TestServer } from '../test/server.ts';

type Owner = { cookie: string; userId: string };
type Thread = { ticket: { id: string }; messages: { attachments: { url: string }[] }[] };

/** A ticket of the owner's with a PNG attached, through the API. */
async function ownersTicket(server: TestServer, owner: Owner): Promise<Thread> {
  const form = new FormData();
  form.append('subject', 'Harness ticket');
  form.append('category', 'other');
  form.append('body', 'Harness message');
  const image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#a16' } })
    .png()
    .toBuffer();
  form.append('file', new File([new Uint8Array(image)], 'harness.png', { type: 'image/png' }));
  const res = await server.request('/api/support/tickets', { method: 'POST', cookie: owner.cookie, body: form });
  if (res.status !== 201) throw new Error(`ticket not opened: ${res.status} ${await res.text()}`);
  return (await res.json()) as Thread;
}

const notForOthers = { otherStatus: 404 as const, adminAllowed: false };

export const SUPPORT_OWNERSHIP_CASES = {
  'GET /api/support/tickets/:id': {
    ...notForOthers,
    setup: async (server: TestServer, owner: Owner) =>
      `/api/support/tickets/${(await ownersTicket(server, owner)).ticket.id}`,
  },
  'POST /api/support/tickets/:id/messages': {
    ...notForOthers,
    json: { body: 'Harness reply' },
    setup: async (server: TestServer, owner: Owner) =>
      `/api/support/tickets/${(await ownersTicket(server, owner)).ticket.id}/messages`,
  },
  'GET /api/support/tickets/:id/attachments/:attachmentId': {
    ...notForOthers,
    setup: async (server: TestServer, owner: Owner) =>
      (await ownersTicket(server, owner)).messages[0]!.attachments[0]!.url,
  },
};
