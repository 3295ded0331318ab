/**
 * The authorisation harness's cases (src/server/http/authorisation.test.ts) for the account term
 * routes: the owner gets the row, another user and an admin get 404 (the queries name the
 * signed-in user, so an admin's row-level security does not widen "my terms").
 */
import type { TestServer } from '../test/server.ts';
import { createTestAccount } from '../transactions/account-fixture.ts';

type Owner = { cookie: string; userId: string };
export const HARNESS_TERM = { termType: 'minimum_deposit', inputs: { amountPence: 10_000, frequency: 'monthly' } };

async function ownersAccount(server: TestServer, owner: Owner): Promise<string> {
  return createTestAccount(server.deps.database.db, owner.userId);
}

/** A minimum deposit term of the owner's, through the API (it takes every term route, Mark deposited too). */
export async function ownersTerm(server: TestServer, owner: Owner, accountId?: string): Promise<string> {
  const res = await server.request(`/api/accounts/${accountId ?? (await ownersAccount(server, owner))}/terms`, {
    method: 'POST',
    cookie: owner.cookie,
    json: HARNESS_TERM,
  });
  return ((await res.json()) as { term: { id: string } }).term.id;
}

const notForOthers = { otherStatus: 404 as const, adminAllowed: false };
const termPath = (suffix = '') => ({
  ...notForOthers,
  setup: async (server: TestServer, owner: Owner) => `/api/terms/${await ownersTerm(server, owner)}${suffix}`,
});

export const TERM_OWNERSHIP_CASES = {
  'GET /api/accounts/:id/terms': {
    ...notForOthers,
    setup: async (server: TestServer, owner: Owner) => `/api/accounts/${await ownersAccount(server, owner)}/terms`,
  },
  'POST /api/accounts/:id/terms': {
    ...notForOthers,
    json: HARNESS_TERM,
    setup: async (server: TestServer, owner: Owner) => `/api/accounts/${await ownersAccount(server, owner)}/terms`,
  },
  'PUT /api/terms/:id': { ...termPath(), json: { ...HARNESS_TERM, label: 'Renamed' } },
  'PATCH /api/terms/:id': { ...termPath(), json: { notificationsEnabled: false } },
  'POST /api/terms/:id/mark-deposited': termPath('/mark-deposited'),
  'DELETE /api/terms/:id': termPath(),
};
