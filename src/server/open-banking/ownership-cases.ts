/**
 * The authorisation harness's cases (src/server/http/authorisation.test.ts) for Open Banking's
 * connection routes: the owner acts on their connection; another user and an admin get 404 (the
 * queries name the signed-in user). The harness's server talks to the local fake provider.
 */
import type { TestServer } from '../test/server.ts';
import { bankIdNamed } from '../test/accounts-api.ts';

type Owner = { cookie: string; userId: string };

/** A connection of the owner's, made through the consent flow against the fake provider. */
async function ownersConnection(server: TestServer, owner: Owner): Promise<string> {
  const bankId = await bankIdNamed(server, 'Nationwide Building Society');
  const start = await server.request('/api/open-banking/connections', {
    method: 'POST',
    cookie: owner.cookie,
    json: { bankId },
  });
  const { authorisationUrl } = (await start.json()) as { authorisationUrl: string };
  const back = new URL((await fetch(authorisationUrl, { redirect: 'manual' })).headers.get('location')!);
  const done = await server.request(`${back.pathname}${back.search}`, { cookie: owner.cookie, redirect: 'manual' });
  return done.headers.get('location')!.split('/')[3]!;
}

const notForOthers = { otherStatus: 404 as const, adminAllowed: false };
const connectionPath = (suffix = '') => ({
  ...notForOthers,
  setup: async (server: TestServer, owner: Owner) =>
    `/api/open-banking/connections/${await ownersConnection(server, owner)}${suffix}`,
});

export const OPEN_BANKING_OWNERSHIP_CASES = {
  'POST /api/open-banking/connections/:id/links': {
    ...connectionPath('/links'),
    json: { links: [{ providerAccountId: 'acc-easy-access', create: { name: 'Harness account' } }] },
  },
  'POST /api/open-banking/connections/:id/sync': connectionPath('/sync'),
  'POST /api/open-banking/connections/:id/reconnect': connectionPath('/reconnect'),
  'DELETE /api/open-banking/connections/:id': connectionPath(),
};
