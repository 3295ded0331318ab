/**
 * The authorisation harness's cases (src/server/http/authorisation.test.ts) for the pension
 * routes: the owner gets the row, another user and an admin get 404 (the queries name the
 * signed-in user, so an admin's row-level security does not widen "my pension").
 */
import type { TestServer } from '../test/server.ts';

type Owner = { cookie: string; userId: string };
export const HARNESS_PENSION = {
  providerId: 'aviva',
  schemeType: 'personal_pension',
  annualAllowancePence: 60_000_00,
  accessAge: 55,
};

/** A personal pension of the owner's with its record saved, through the API. */
async function ownersPension(server: TestServer, owner: Owner): Promise<string> {
  const res = await server.request('/api/accounts', {
    method: 'POST',
    cookie: owner.cookie,
    json: { name: 'Harness pension', accountNumber: '1', bankId: null, accountType: 'Personal Pension' },
  });
  const path = `/api/accounts/${((await res.json()) as { account: { id: string } }).account.id}`;
  await server.request(`${path}/pension`, { method: 'PUT', cookie: owner.cookie, json: HARNESS_PENSION });
  return path;
}

const notForOthers = { otherStatus: 404 as const, adminAllowed: false };
const pensionPath = (suffix: string, json?: unknown) => ({
  ...notForOthers,
  ...(json === undefined ? {} : { json }),
  setup: async (server: TestServer, owner: Owner) => `${await ownersPension(server, owner)}${suffix}`,
});

export const PENSION_OWNERSHIP_CASES = {
  'GET /api/accounts/:id/pension': pensionPath('/pension'),
  'PUT /api/accounts/:id/pension': pensionPath('/pension', HARNESS_PENSION),
  'PUT /api/accounts/:id/pension/provider': pensionPath('/pension/provider', { providerId: 'aviva' }),
  'POST /api/accounts/:id/pension/contributions': pensionPath('/pension/contributions', {
    taxYear: '2025/26',
    employeePence: 100,
    employerPence: 0,
  }),
  'POST /api/accounts/:id/pension/drawdowns': pensionPath('/pension/drawdowns', {
    eventDate: '2025-06-01',
    eventType: 'pcls',
    amountPence: 100,
  }),
  'POST /api/accounts/:id/pension/transfers': pensionPath('/pension/transfers', {}),
  'PATCH /api/accounts/:id/pension/transfers/:transferId': {
    ...notForOthers,
    json: { status: 'in_progress' },
    setup: async (server: TestServer, owner: Owner) => {
      const path = await ownersPension(server, owner);
      const res = await server.request(`${path}/pension/transfers`, { method: 'POST', cookie: owner.cookie, json: {} });
      const { transfers } = (await res.json()) as { transfers: { id: string }[] };
      return `${path}/pension/transfers/${transfers[0]!.id}`;
    },
  },
};
