/**
 * The authorisation harness's cases (src/server/http/authorisation.test.ts) for the admin users
 * routes: the signed-in subscriber's own record. Only an admin reads or changes it; the user
 * themselves and another user get 403 like any non-admin.
 */
import type { TestServer } from '../../test/server.ts';

const userCase = (json?: unknown) => ({
  setup: async (_server: TestServer, owner: { userId: string }) => `/api/admin/users/${owner.userId}`,
  otherStatus: 403 as const,
  ownerStatus: 403 as const,
  adminAllowed: true,
  json,
});

export const ADMIN_USER_OWNERSHIP_CASES = {
  'GET /api/admin/users/:userId': userCase(),
  // A change that leaves the harness's owner able to go on (no suspension, no cap).
  'PATCH /api/admin/users/:userId': userCase({ settings: { hasRssNews: true } }),
};
