/**
 * The authorisation harness's cases (src/server/http/authorisation.test.ts) for the admin contact
 * inquiry routes: an inquiry the signed-in subscriber sent through the public contact form. Only an
 * admin reads or changes it; its sender and another user get 403 like any non-admin.
 */
import type { TestServer } from '../test/server.ts';

type Owner = { cookie: string; userId: string };

/** The path of an inquiry the owner sent while signed in, with `suffix`. */
async function ownersInquiry(server: TestServer, owner: Owner): Promise<string> {
  const res = await server.request('/api/contact', {
    method: 'POST',
    cookie: owner.cookie,
    json: { name: 'Harness Owner', email: 'owner@example.com', subject: 'Harness', message: 'A harness inquiry.' },
  });
  return `/api/admin/contacts/${((await res.json()) as { id: string }).id}`;
}

const contactCase = (json?: unknown) => ({
  setup: ownersInquiry,
  otherStatus: 403 as const,
  ownerStatus: 403 as const,
  adminAllowed: true,
  json,
});

export const ADMIN_CONTACT_OWNERSHIP_CASES = {
  'GET /api/admin/contacts/:id': contactCase(),
  'PATCH /api/admin/contacts/:id': contactCase({ status: 'contacted', priority: 'high' }),
};
