import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { ADMIN_CHECK_MAX_ATTEMPTS, ADMIN_CHECK_THROTTLE_MS } from '../../core/session/limits.ts';
import { hasSignedInHint } from '../../core/session/signed-in-hint.ts';
import { FEATURES, featuresFor, NO_FEATURE_FLAGS, type ResolvedFeatures } from '../../core/subscriptions/features.ts';
import { isTier, type Tier } from '../../core/subscriptions/tier.ts';
import type { AuthClient } from './auth-client.ts';

let authClientPromise: Promise<AuthClient> | null = null;

/**
 * The better-auth client (auth-client.ts), loaded on first use: the shell only needs it to sign
 * out, so it is kept out of the first download.
 */
export function loadAuthClient(): Promise<AuthClient> {
  authClientPromise ??= import('./auth-client.ts').then(
    (module) => module.authClient,
    (error: unknown) => {
      authClientPromise = null; // let the next attempt try again
      throw error;
    },
  );
  return authClientPromise;
}

/** A failed API call: the HTTP status (0 when the server could not be reached) and the error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** Whether an error is our API's answer with this HTTP status (401 signed out, 404 not found, …). */
export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

/**
 * The server's reason for refusing a request, worth showing the user (a 4xx that explains itself,
 * e.g. a validation message); null for a failure, a signed-out 401, or a 4xx without a message.
 */
export function refusalReason(error: unknown): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.message
    ? error.message
    : null;
}

export const NETWORK_ERROR_MESSAGE = 'We could not reach SavvyPig. Check your connection and try again.';

function fallbackMessage(status: number): string {
  if (status === 401) return 'Authentication required';
  if (status === 403) return 'You do not have permission to do that.';
  if (status === 404) return 'Not found';
  if (status === 429) return 'Too many requests. Please wait before trying again';
  if (status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
  return 'The request could not be completed.';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads `{ error: { code, message } }` (our API) or `{ code, message }` (better-auth). */
function errorFromBody(status: number, body: unknown): ApiError {
  const source = isRecord(body) && isRecord(body.error) ? body.error : isRecord(body) ? body : {};
  const code = typeof source.code === 'string' && source.code ? source.code : `HTTP_${status}`;
  const message = typeof source.message === 'string' && source.message ? source.message : fallbackMessage(status);
  return new ApiError(status, code, message);
}

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** Sent as JSON. */
  json?: unknown;
  body?: BodyInit | null;
}

/**
 * Calls our API on the same origin with the session cookie and returns the parsed JSON body
 * (undefined for an empty body). Throws `ApiError` for any non-2xx answer or network failure.
 */
export async function apiFetch<T = unknown>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const requestHeaders = new Headers(headers);
  if (!requestHeaders.has('Accept')) requestHeaders.set('Accept', 'application/json');
  if (json !== undefined) requestHeaders.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: requestHeaders,
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }

  const text = await response.text();
  let body: unknown;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  if (!response.ok) throw errorFromBody(response.status, body);
  return body as T;
}

export interface Me {
  user: { id: string; email: string; emailVerified: boolean; twoFactorEnabled: boolean };
  profile: { firstName: string | null; lastName: string | null; avatarUrl: string | null };
  isAdmin: boolean;
  tier: Tier;
  /** What the server's gates allow this user (core `featuresFor`): screens offer only these. */
  features: ResolvedFeatures;
}

export const meQueryKey = ['me'] as const;

function parseMe(body: unknown): Me {
  if (!isRecord(body) || !isRecord(body.user) || typeof body.user.id !== 'string') {
    throw new ApiError(500, 'BAD_RESPONSE', 'Something went wrong on our side. Please try again in a moment.');
  }
  const profile = isRecord(body.profile) ? body.profile : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const tier = isTier(body.tier) ? body.tier : 'piglet';
  return {
    user: {
      id: body.user.id,
      email: typeof body.user.email === 'string' ? body.user.email : '',
      emailVerified: body.user.emailVerified === true,
      twoFactorEnabled: body.user.twoFactorEnabled === true,
    },
    profile: {
      firstName: text(profile.firstName),
      lastName: text(profile.lastName),
      avatarUrl: text(profile.avatarUrl),
    },
    isAdmin: body.isAdmin === true,
    tier,
    features: featuresOf(body.features, tier, body.isAdmin === true),
  };
}

/** The server's resolved features; an older server without them: the tier's own (no grants). */
function featuresOf(value: unknown, tier: Tier, isAdmin: boolean): ResolvedFeatures {
  const own = featuresFor({ tier, flags: NO_FEATURE_FLAGS, isAdmin });
  if (!isRecord(value)) return own;
  const granted = Object.fromEntries(
    FEATURES.map((feature) => [feature, typeof value[feature] === 'boolean' ? value[feature] : own[feature]]),
  );
  return {
    ...own,
    ...granted,
    accountCap: isRecord(value.accountCap) ? (value.accountCap as ResolvedFeatures['accountCap']) : own.accountCap,
  };
}

/**
 * Who is signed in: the user, or null when signed out (401). Without the signed-in hint the
 * browser holds no session, so a visitor's page does not ask (the answer would be a 401).
 */
export async function fetchMe(): Promise<Me | null> {
  if (!hasSignedInHint(document.cookie)) return null;
  try {
    return parseMe(await apiFetch('/api/me'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The single source of "who am I" for layouts and pages (react-query key ['me']). */
export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe });
}

export const adminCheckQueryKey = ['admin-check'] as const;

/** Asks the server whether the signed-in user is an admin (`GET /api/admin/check`). */
export async function fetchAdminCheck(): Promise<boolean> {
  const body = await apiFetch<{ isAdmin?: unknown }>('/api/admin/check');
  return body?.isAdmin === true;
}

type AdminCheck = { isAdmin: boolean; checkedAt: number };

/**
 * At most 3 attempts in all (000 §9): a failure is retried twice, unless the server answered
 * 4xx (no session, forbidden), which another try would not change.
 */
export function retryAdminCheck(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < ADMIN_CHECK_MAX_ATTEMPTS - 1;
}

/**
 * The admin check (000 §4): re-run on every auth change (the signed-in user changes, or `me` is
 * fetched anew: sign-in, sign-out, a refreshed session), at most once per 10 s unless forced
 * (`force()`, the "Try again" button), at most 3 attempts. Returns `signedOut` when there is no
 * session, so the caller can say 'Authentication required' without asking the server.
 */
export function useAdminCheck() {
  const me = useMe();
  const queryClient = useQueryClient();
  const userId = me.data?.user.id ?? null;
  const forced = useRef(false);
  const queryKey = [...adminCheckQueryKey, userId] as const;

  const check = useQuery({
    queryKey,
    enabled: userId !== null,
    staleTime: ADMIN_CHECK_THROTTLE_MS,
    retry: retryAdminCheck,
    // Every run passes here, whatever asked for it (an auth change, the realtime connection's
    // resync invalidating everything), so the throttle holds here: within 10 s of the last
    // answer from the server, the same answer again.
    queryFn: async ({ client, queryKey: key }): Promise<AdminCheck> => {
      const previous = client.getQueryData<AdminCheck>(key);
      if (previous && !forced.current && Date.now() - previous.checkedAt < ADMIN_CHECK_THROTTLE_MS) return previous;
      forced.current = false;
      return { isAdmin: await fetchAdminCheck(), checkedAt: Date.now() };
    },
    select: (data) => data.isAdmin,
  });

  const authChangedAt = me.dataUpdatedAt;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again whenever the session changes, which authChangedAt marks.
  useEffect(() => {
    if (userId === null) return;
    void queryClient.refetchQueries(
      { queryKey: [...adminCheckQueryKey, userId], type: 'active' },
      { cancelRefetch: false },
    );
  }, [authChangedAt, userId, queryClient]);

  const { refetch } = check;
  const force = useCallback(() => {
    forced.current = true;
    return refetch();
  }, [refetch]);

  return { check, force, signedOut: me.isSuccess && me.data === null };
}

export type ResendVerificationStatus = 'sent' | 'already_verified';

/**
 * Sends the e-mail verification link again (`POST /api/account/resend-verification`). The answer
 * is `sent` for anyone asking about any address (the truth goes to the address by e-mail);
 * only the signed-in owner may hear `already_verified`. `next` is where the link should lead.
 */
export async function resendVerificationEmail(email: string, next?: string): Promise<ResendVerificationStatus> {
  const body = await apiFetch<{ status?: unknown }>('/api/account/resend-verification', {
    method: 'POST',
    json: next ? { email, next } : { email },
  });
  return body?.status === 'already_verified' ? 'already_verified' : 'sent';
}
