/**
 * TrueLayer's Data API v1 over HTTP (ADR 0067): the auth link, the token endpoint
 * (authorization_code and refresh_token grants), /data/v1/accounts, …/balance and …/transactions
 * (from/to windows of at most 31 days, each followed page by page through `pagination.next_cursor`
 * with the `tl-enable-pagination` header), and the connection's deletion.
 *
 * Every request waits its turn under one client-wide pace (`requestsPerSecond`), so one instance
 * syncing a thousand consents stays inside the provider's rate limit; a 429 waits its Retry-After
 * and tries again, a 5xx or network failure is retried with a growing pause. Tokens are sent only
 * in headers and bodies, never in a URL, and no error message carries one.
 */
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { maskAccountNumber, penceOf } from '../../core/open-banking/rules.ts';
import {
  type OpenBankingProvider,
  type ProviderAccount,
  ProviderError,
  type ProviderTokens,
  type ProviderTransaction,
} from './provider.ts';
import type { OpenBankingSettings } from './settings.ts';

export const SCOPES = 'info accounts balance transactions offline_access';
/** The longest from/to window the transactions endpoint serves at once. */
export const WINDOW_DAYS = 31;
const DAY_MS = 24 * 60 * 60 * 1000;

export type HttpOptions = {
  /** Requests per second across this client (every consent it syncs). */
  requestsPerSecond?: number;
  /** Tries for one request (429 and 5xx are tried again). */
  maxAttempts?: number;
  /** The first 5xx pause; each next doubles. */
  retryBaseMs?: number;
  /** The longest Retry-After waited in place; a longer one fails the request as rate_limited. */
  maxRetryAfterMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
};

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Spaces calls `1000 / perSecond` ms apart, one at a time in the order they asked, and never lets
 * more than `perSecond` go in any one second as they really went: a timer that fires late (a busy
 * process) lets the calls it held back catch up, but not as a burst over the provider's limit.
 */
export function pacer(perSecond: number, now: () => number = Date.now, sleep = sleepFor) {
  const gap = 1000 / perSecond;
  /** When the calls of the last second went (oldest first). */
  const went: number[] = [];
  let next = 0;
  let queue: Promise<void> = Promise.resolve();
  const turn = async () => {
    let at = Math.max(now(), next);
    while (went.length > 0 && went[0]! <= at - 1000) went.shift();
    if (went.length >= perSecond) at = Math.max(at, went[0]! + 1000);
    const wait = at - now();
    if (wait > 0) await sleep(wait);
    next = at + gap;
    went.push(Math.max(now(), at));
  };
  return (): Promise<void> => {
    const mine = queue.then(turn);
    queue = mine.catch(() => undefined);
    return mine;
  };
}

/** Seconds or an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resultsOf(body: unknown): Json[] {
  if (!isRecord(body) || !Array.isArray(body.results)) throw new ProviderError('bad_response', 'No results');
  return body.results.filter(isRecord);
}

function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
}

export function createTrueLayerProvider(settings: OpenBankingSettings, options: HttpOptions = {}): OpenBankingProvider {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? sleepFor;
  const maxAttempts = options.maxAttempts ?? 4;
  const retryBaseMs = options.retryBaseMs ?? 500;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const pace = pacer(options.requestsPerSecond ?? 20, Date.now, sleep);

  async function request(url: string, init: RequestInit, what: string): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      await pace();
      let response: Response;
      try {
        response = await doFetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      } catch {
        if (attempt >= maxAttempts) throw new ProviderError('unavailable', `${what}: the provider did not answer`);
        await sleep(retryBaseMs * 2 ** (attempt - 1));
        continue;
      }
      if (response.ok) {
        if (response.status === 204) return null;
        try {
          return await response.json();
        } catch {
          throw new ProviderError('bad_response', `${what}: not JSON`);
        }
      }
      const body: unknown = await response.json().catch(() => null);
      const code = isRecord(body) ? text(body.error) : '';
      if (response.status === 429) {
        const wait = retryAfterMs(response.headers.get('retry-after')) ?? retryBaseMs * 2 ** (attempt - 1);
        if (attempt >= maxAttempts || wait > maxRetryAfterMs)
          throw new ProviderError('rate_limited', `${what}: rate limited`, wait);
        await sleep(wait);
        continue;
      }
      if (response.status >= 500) {
        if (attempt >= maxAttempts)
          throw new ProviderError('unavailable', `${what}: the provider answered ${response.status}`);
        await sleep(retryBaseMs * 2 ** (attempt - 1));
        continue;
      }
      if (code === 'invalid_grant' || response.status === 401)
        throw new ProviderError('expired', `${what}: the consent has expired`);
      if (code === 'access_denied' || response.status === 403)
        throw new ProviderError('revoked', `${what}: the consent was revoked`);
      throw new ProviderError('bad_response', `${what}: the provider answered ${response.status}`);
    }
  }

  function tokensOf(body: unknown): ProviderTokens {
    if (!isRecord(body) || typeof body.access_token !== 'string') throw new ProviderError('bad_response', 'No token');
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    return {
      accessToken: body.access_token,
      refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
      accessTokenExpiresAt: new Date(Date.now() + expiresIn * 1000),
    };
  }

  const token = (form: Record<string, string>, what: string) =>
    request(
      `${settings.authUrl}/connect/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ client_id: settings.clientId, client_secret: settings.clientSecret, ...form }),
      },
      what,
    ).then(tokensOf);

  const data = (accessToken: string, path: string, what: string, headers: Record<string, string> = {}) =>
    request(
      `${settings.apiUrl}/data/v1${path}`,
      { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', ...headers } },
      what,
    );

  async function windowTransactions(accessToken: string, id: string, from: Date, to: Date) {
    const found: ProviderTransaction[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() });
      if (cursor) query.set('cursor', cursor);
      const body = await data(
        accessToken,
        `/accounts/${encodeURIComponent(id)}/transactions?${query}`,
        'Transactions',
        { 'tl-enable-pagination': 'true' },
      );
      for (const t of resultsOf(body)) {
        const providerTransactionId = text(t.transaction_id) || text(t.provider_transaction_id);
        const timestamp = Date.parse(text(t.timestamp));
        if (!providerTransactionId || Number.isNaN(timestamp) || t.amount === undefined) continue;
        found.push({
          providerTransactionId,
          date: calendarDateInLondon(new Date(timestamp)),
          amountPence: penceOf(t.amount as number | string),
          description: text(t.description).slice(0, 500),
        });
      }
      const pagination = isRecord(body) && isRecord(body.pagination) ? body.pagination : null;
      cursor = pagination && typeof pagination.next_cursor === 'string' ? pagination.next_cursor : null;
    } while (cursor);
    return found;
  }

  return {
    authorisationUrl({ state, providerInstitutionId }) {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: settings.clientId,
        redirect_uri: settings.redirectUrl,
        scope: SCOPES,
        state,
        response_mode: 'query',
        providers: settings.environment === 'sandbox' ? 'uk-cs-mock uk-ob-all' : 'uk-ob-all',
        // The sandbox connects every bank to its mock bank.
        provider_id: settings.environment === 'sandbox' ? 'mock' : providerInstitutionId,
      });
      return `${settings.authUrl}/?${query}`;
    },
    exchangeCode: (code) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: settings.redirectUrl }, 'Token exchange'),
    refresh: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }, 'Token refresh'),
    async accounts(accessToken) {
      return resultsOf(await data(accessToken, '/accounts', 'Accounts')).flatMap((a): ProviderAccount[] => {
        const providerAccountId = text(a.account_id);
        if (!providerAccountId) return [];
        const number = isRecord(a.account_number) ? a.account_number : {};
        return [
          {
            providerAccountId,
            displayName: text(a.display_name, 'Bank account').slice(0, 200),
            accountNumberMasked: maskAccountNumber(text(number.number) || text(number.iban)),
            type: text(a.account_type, 'UNKNOWN').slice(0, 50),
            currency: text(a.currency, 'GBP').slice(0, 3),
          },
        ];
      });
    },
    async balance(accessToken, id) {
      const [first] = resultsOf(await data(accessToken, `/accounts/${encodeURIComponent(id)}/balance`, 'Balance'));
      if (!first || first.current === undefined) throw new ProviderError('bad_response', 'Balance: none');
      return { currentPence: penceOf(first.current as number | string), currency: text(first.currency, 'GBP') };
    },
    async transactions(accessToken, id, from, to) {
      const all: ProviderTransaction[] = [];
      for (let start = from.getTime(); start < to.getTime(); start += WINDOW_DAYS * DAY_MS) {
        const end = Math.min(start + WINDOW_DAYS * DAY_MS, to.getTime());
        all.push(...(await windowTransactions(accessToken, id, new Date(start), new Date(end))));
      }
      return all;
    },
    async revoke(accessToken) {
      try {
        await request(
          `${settings.authUrl}/api/delete`,
          { method: 'DELETE', headers: { authorization: `Bearer ${accessToken}` } },
          'Revoke',
        );
      } catch (err) {
        // Already ended at the provider: nothing left to revoke.
        if (err instanceof ProviderError && (err.kind === 'expired' || err.kind === 'revoked')) return;
        throw err;
      }
    },
  };
}
