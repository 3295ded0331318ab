import { createAuthClient } from 'better-auth/react';

/**
 * The better-auth client, mounted by the server at /api/auth/*. Import it only from lazily loaded
 * code (pages) or through `loadAuthClient()` in api.ts, so it stays out of the first download.
 *
 * `customFetchImpl` looks `fetch` up on every call: the client would otherwise capture it at
 * import time and tests could not replace it.
 */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: '/api/auth',
  fetchOptions: {
    customFetchImpl: (...args: Parameters<typeof fetch>) => fetch(...args),
  },
});

export type AuthClient = typeof authClient;
