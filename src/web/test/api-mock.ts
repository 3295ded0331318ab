import { vi } from 'vitest';
import { featuresFor, NO_FEATURE_FLAGS, type ResolvedFeatures } from '../../core/subscriptions/features.ts';
import type { Me } from '../app/api.ts';

export interface MockRequest {
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

export type MockResponse = Response | { status: number; body?: unknown };
export type MockHandler = MockResponse | ((request: MockRequest) => MockResponse | Promise<MockResponse>);

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function apiError(status: number, code: string, message: string): Response {
  return json(status, { error: { code, message } });
}

async function readBody(input: RequestInfo | URL, init?: RequestInit): Promise<unknown> {
  const raw = init?.body ?? (input instanceof Request ? await input.clone().text() : undefined);
  if (typeof raw !== 'string' || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * Replaces global fetch with a table of `"METHOD /path"` handlers. Requests with no handler get a
 * 404 and are recorded in `unhandled`, so a test can assert the page asked for nothing unexpected.
 */
export function mockApi(handlers: Record<string, MockHandler>) {
  const requests: MockRequest[] = [];
  const unhandled: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const rawUrl = input instanceof Request ? input.url : String(input);
    const url = new URL(rawUrl, window.location.origin);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const request: MockRequest = { method, url, body: await readBody(input, init), headers };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    if (handler === undefined) {
      unhandled.push(`${method} ${url.pathname}`);
      return apiError(404, 'NOT_FOUND', 'Not found');
    }
    const result = typeof handler === 'function' ? await handler(request) : handler;
    return result instanceof Response ? result.clone() : json(result.status, result.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    requests,
    unhandled,
    /** Requests to one endpoint, e.g. `calls('POST /api/contact')`. */
    calls: (key: string) => requests.filter((r) => `${r.method} ${r.url.pathname}` === key),
  };
}

export function makeMe(
  overrides: {
    tier?: Me['tier'];
    isAdmin?: boolean;
    emailVerified?: boolean;
    twoFactorEnabled?: boolean;
    firstName?: string | null;
    lastName?: string | null;
    email?: string;
    /** Changes to what the tier gives (an admin's grant, say). */
    features?: Partial<ResolvedFeatures>;
  } = {},
): Me {
  const tier = overrides.tier ?? 'trial_bigpig';
  const isAdmin = overrides.isAdmin ?? false;
  return {
    user: {
      id: 'user-1',
      email: overrides.email ?? 'jane@example.com',
      emailVerified: overrides.emailVerified ?? true,
      twoFactorEnabled: overrides.twoFactorEnabled ?? false,
    },
    profile: {
      firstName: overrides.firstName === undefined ? 'Jane' : overrides.firstName,
      lastName: overrides.lastName === undefined ? 'Doe' : overrides.lastName,
      avatarUrl: null,
    },
    isAdmin,
    tier,
    features: { ...featuresFor({ tier, flags: NO_FEATURE_FLAGS, isAdmin }), ...overrides.features },
  };
}

/** `GET /api/me` for a signed-in user, or 401 for signed out. */
export function meHandler(me: Me | null): MockHandler {
  return me ? json(200, me) : apiError(401, 'UNAUTHORIZED', 'Authentication required');
}
