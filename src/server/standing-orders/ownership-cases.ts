/**
 * The authorisation harness's cases (src/server/http/authorisation.test.ts) for the standing
 * order routes: the owner gets the row, another user and an admin get 404 (the queries name the
 * signed-in user, so an admin's row-level security does not widen "my standing orders").
 */
import type { TestServer } from '../test/server.ts';
import { createTestAccount } from '../transactions/account-fixture.ts';

type Owner = { cookie: string; userId: string };
const ORDER = { amountPence: 2_500, frequency: 'monthly', startDate: '2026-01-01' };

async function ownersAccount(server: TestServer, owner: Owner): Promise<string> {
  return createTestAccount(server.deps.database.db, owner.userId);
}

async function ownersOrder(server: TestServer, owner: Owner): Promise<string> {
  const accountId = await ownersAccount(server, owner);
  const res = await server.request(`/api/accounts/${accountId}/standing-orders`, {
    method: 'POST',
    cookie: owner.cookie,
    json: ORDER,
  });
  return ((await res.json()) as { standingOrder: { id: string } }).standingOrder.id;
}

const notForOthers = { otherStatus: 404 as const, adminAllowed: false };

export const STANDING_ORDER_OWNERSHIP_CASES = {
  'GET /api/accounts/:id/standing-orders': {
    ...notForOthers,
    setup: async (server: TestServer, owner: Owner) =>
      `/api/accounts/${await ownersAccount(server, owner)}/standing-orders`,
  },
  'POST /api/accounts/:id/standing-orders': {
    ...notForOthers,
    json: ORDER,
    setup: async (server: TestServer, owner: Owner) =>
      `/api/accounts/${await ownersAccount(server, owner)}/standing-orders`,
  },
  'POST /api/accounts/:id/standing-orders/process': {
    ...notForOthers,
    setup: async (server: TestServer, owner: Owner) =>
      `/api/accounts/${await ownersAccount(server, owner)}/standing-orders/process`,
  },
  'PUT /api/standing-orders/:id': {
    ...notForOthers,
    json: { ...ORDER, amountPence: 3_000 },
    setup: async (server: TestServer, owner: Owner) => `/api/standing-orders/${await ownersOrder(server, owner)}`,
  },
  'DELETE /api/standing-orders/:id': {
    ...notForOthers,
    setup: async (server: TestServer, owner: Owner) => `/api/standing-orders/${await ownersOrder(server, owner)}`,
  },
};
