/**
 * A local stand-in for the account information provider (ADR 0067), speaking the same HTTP as the
 * real one (truelayer.ts): the auth link (a consent page, or straight back with code and state),
 * the token endpoint (authorization_code and refresh_token), /data/v1/accounts, …/balance and
 * …/transactions (from/to, a page at a time with `pagination.next_cursor`), and /api/delete.
 * Switches make consents expire or be revoked, answer 429 with Retry-After, or 500. It listens on
 * 127.0.0.1 on a free port, inside the test process; nothing reaches the internet.
 *
 *   const fake = await startFakeProvider();
 *   const server = await startServer(fake.serverEnv());   // e2e/fixtures.ts
 *   fake.setBalance('acc-easy-access', 1234.56);
 *   await fake.close();
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeTransaction = { transaction_id: string; timestamp: string; description: string; amount: number };

export type FakeAccount = {
  account_id: string;
  display_name: string;
  account_type: string;
  currency: string;
  number: string;
  sort_code: string;
  /** The bank's current balance in pounds (a decimal, as the provider sends it). */
  balance: number;
  transactions: FakeTransaction[];
};

type Consent = { id: string; redirectUri: string; expired: boolean; revoked: boolean };

export type FakeProviderOptions = {
  clientId?: string;
  clientSecret?: string;
  /** Transactions per page (small, so tests see several pages). */
  pageSize?: number;
  /** 'redirect' (default): the auth link goes straight back; 'page': an HTML consent page with Allow and Deny. */
  consent?: 'redirect' | 'page';
  /** Requests per second the fake allows (a sliding second) before answering 429; 0: no limit. */
  rateLimitPerSecond?: number;
  /** The accounts every consent shares (default: two at one bank). */
  accounts?: FakeAccount[];
  /** Access tokens live this long (seconds). */
  accessTokenSeconds?: number;
};

export type FakeProvider = {
  url: string;
  clientId: string;
  clientSecret: string;
  /** A fresh token key for the server under test (32 random bytes, base64). */
  tokenKey: string;
  /** The environment a SavvyPig server needs to use this fake (add OPEN_BANKING_REDIRECT_URL if not derived). */
  serverEnv(): Record<string, string>;
  accounts: FakeAccount[];
  setBalance(accountId: string, pounds: number): void;
  addTransaction(
    accountId: string,
    transaction: Omit<FakeTransaction, 'transaction_id'> & { transaction_id?: string },
  ): void;
  /** Every consent given so far ('all') or the latest one ends: data calls answer 401, refreshes invalid_grant. */
  expireConsents(which?: 'all' | 'latest'): void;
  /** Every consent given so far ('all') or the latest one is withdrawn: data calls and refreshes answer access_denied. */
  revokeConsents(which?: 'all' | 'latest'): void;
  /** The next `count` requests answer 429 with Retry-After: `seconds`. */
  rateLimitNext(count: number, seconds?: number): void;
  /** The next `count` requests answer 500. */
  failNext(count: number): void;
  /** The next consent is declined at the bank (the callback gets error=access_denied). */
  denyNext(): void;
  /** A consent given without the browser (benches): its tokens, as the token endpoint would answer. */
  grantConsent(): { access_token: string; refresh_token: string; expires_in: number };
  stats: {
    requests: number;
    rateLimited: number;
    failed: number;
    revoked: number;
    tokenExchanges: number;
    refreshes: number;
  };
  /** Every token this fake issued, for tests that look for leaks. */
  issuedSecrets(): string[];
  close(): Promise<void>;
};

export function defaultFakeAccounts(): FakeAccount[] {
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
  return [
    {
      account_id: 'acc-easy-access',
      display_name: 'Easy Access Saver',
      account_type: 'SAVINGS',
      currency: 'GBP',
      number: '12345678',
      sort_code: '20-00-00',
      balance: 12_500,
      transactions: [
        { transaction_id: 'tx-ea-1', timestamp: day(40), description: 'Transfer in', amount: 2000 },
        { transaction_id: 'tx-ea-2', timestamp: day(20), description: 'Interest', amount: 31.42 },
        { transaction_id: 'tx-ea-3', timestamp: day(10), description: 'Transfer out', amount: -500 },
        { transaction_id: 'tx-ea-4', timestamp: day(3), description: 'Transfer in', amount: 250 },
      ],
    },
    {
      account_id: 'acc-fixed-bond',
      display_name: 'Fixed Rate Bond',
      account_type: 'SAVINGS',
      currency: 'GBP',
      number: '87654321',
      sort_code: '20-00-00',
      balance: 40_000,
      transactions: [{ transaction_id: 'tx-fb-1', timestamp: day(30), description: 'Opening deposit', amount: 40_000 }],
    },
  ];
}

const html = (body: string) =>
  `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Fake Bank consent</title></head><body><main>${body}</main></body></html>`;

export async function startFakeProvider(options: FakeProviderOptions = {}): Promise<FakeProvider> {
  const clientId = options.clientId ?? 'savvypig-test';
  const clientSecret = options.clientSecret ?? `secret-${randomBytes(12).toString('hex')}`;
  const pageSize = options.pageSize ?? 2;
  const accounts = options.accounts ?? defaultFakeAccounts();
  const accessSeconds = options.accessTokenSeconds ?? 3600;
  const consents = new Map<string, Consent>();
  const codes = new Map<string, { consentId: string; redirectUri: string }>();
  const accessTokens = new Map<string, { consentId: string; expiresAt: number }>();
  const refreshTokens = new Map<string, string>();
  const issued: string[] = [];
  const stats = { requests: 0, rateLimited: 0, failed: 0, revoked: 0, tokenExchanges: 0, refreshes: 0 };
  let limitNext = 0;
  let limitSeconds = 1;
  let failNextCount = 0;
  let denyNextConsent = false;
  const recent: number[] = [];

  const token = (prefix: string) => {
    const value = `${prefix}-${randomBytes(24).toString('base64url')}`;
    issued.push(value);
    return value;
  };

  function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  function issueTokens(consentId: string) {
    const access = token('at');
    const refresh = token('rt');
    accessTokens.set(access, { consentId, expiresAt: Date.now() + accessSeconds * 1000 });
    refreshTokens.set(refresh, consentId);
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: accessSeconds,
      token_type: 'Bearer',
      scope: 'info accounts balance transactions offline_access',
    };
  }

  async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  }

  function consentOfBearer(req: http.IncomingMessage, res: http.ServerResponse): Consent | null {
    const auth = req.headers.authorization ?? '';
    const held = accessTokens.get(auth.replace(/^Bearer /, ''));
    const consent = held && consents.get(held.consentId);
    if (!held || !consent || held.expiresAt < Date.now() || consent.expired) {
      send(res, 401, { error: 'invalid_token', error_description: 'The access token has expired' });
      return null;
    }
    if (consent.revoked) {
      send(res, 403, { error: 'access_denied', error_description: 'The consent was revoked' });
      return null;
    }
    return consent;
  }

  const server = http.createServer(async (req, res) => {
    stats.requests++;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const isAuthPage = req.method === 'GET' && (url.pathname === '/' || url.pathname === '/consent');
    if (!isAuthPage) {
      if (limitNext > 0) {
        limitNext--;
        stats.rateLimited++;
        return send(res, 429, { error: 'rate_limited' }, { 'retry-after': String(limitSeconds) });
      }
      if (options.rateLimitPerSecond) {
        const now = Date.now();
        while (recent.length > 0 && recent[0]! <= now - 1000) recent.shift();
        if (recent.length >= options.rateLimitPerSecond) {
          stats.rateLimited++;
          return send(res, 429, { error: 'rate_limited' }, { 'retry-after': '1' });
        }
        recent.push(now);
      }
      if (failNextCount > 0) {
        failNextCount--;
        stats.failed++;
        return send(res, 500, { error: 'internal_server_error' });
      }
    }

    // The auth link: straight back with a code, or a consent page.
    if (isAuthPage) {
      const state = url.searchParams.get('state') ?? '';
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== clientId || !/^https?:\/\//.test(redirectUri)) {
        res.writeHead(400, { 'content-type': 'text/html' });
        return res.end(html('<h1>Unknown client or redirect</h1>'));
      }
      const back = new URL(redirectUri);
      const decision = url.pathname === '/consent' ? url.searchParams.get('decision') : null;
      if (options.consent === 'page' && decision === null) {
        const allow = new URL(url);
        allow.pathname = '/consent';
        allow.searchParams.set('decision', 'allow');
        const deny = new URL(allow);
        deny.searchParams.set('decision', 'deny');
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end(
          html(
            `<h1>Fake Bank</h1><p>SavvyPig asks to read your account names, balances and transactions for 90 days.</p><p><a href="${allow.pathname}${allow.search}">Allow</a> <a href="${deny.pathname}${deny.search}">Deny</a></p>`,
          ),
        );
      }
      back.searchParams.set('state', state);
      if (denyNextConsent || decision === 'deny') {
        denyNextConsent = false;
        back.searchParams.set('error', 'access_denied');
      } else {
        const consent: Consent = { id: randomUUID(), redirectUri, expired: false, revoked: false };
        consents.set(consent.id, consent);
        const code = token('code');
        codes.set(code, { consentId: consent.id, redirectUri });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }

    if (req.method === 'POST' && url.pathname === '/connect/token') {
      const form = await readForm(req);
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
        return send(res, 401, { error: 'invalid_client' });
      if (form.get('grant_type') === 'authorization_code') {
        const held = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!held || held.redirectUri !== form.get('redirect_uri')) return send(res, 400, { error: 'invalid_grant' });
        stats.tokenExchanges++;
        return send(res, 200, issueTokens(held.consentId));
      }
      if (form.get('grant_type') === 'refresh_token') {
        const consentId = refreshTokens.get(form.get('refresh_token') ?? '');
        const consent = consentId ? consents.get(consentId) : undefined;
        if (!consent || consent.expired) return send(res, 400, { error: 'invalid_grant' });
        if (consent.revoked) return send(res, 400, { error: 'access_denied' });
        refreshTokens.delete(form.get('refresh_token') ?? '');
        stats.refreshes++;
        return send(res, 200, issueTokens(consent.id));
      }
      return send(res, 400, { error: 'unsupported_grant_type' });
    }

    if (req.method === 'DELETE' && url.pathname === '/api/delete') {
      const consent = consentOfBearer(req, res);
      if (!consent) return;
      consent.revoked = true;
      stats.revoked++;
      res.writeHead(204);
      return res.end();
    }

    const data = /^\/data\/v1\/accounts(?:\/([^/]+)(?:\/(balance|transactions))?)?$/.exec(url.pathname);
    if (req.method === 'GET' && data) {
      if (!consentOfBearer(req, res)) return;
      const [, id, what] = data;
      if (!id) {
        return send(res, 200, {
          results: accounts.map((a) => ({
            account_id: a.account_id,
            account_type: a.account_type,
            display_name: a.display_name,
            currency: a.currency,
            account_number: { number: a.number, sort_code: a.sort_code },
            update_timestamp: new Date().toISOString(),
          })),
          status: 'Succeeded',
        });
      }
      const account = accounts.find((a) => a.account_id === decodeURIComponent(id));
      if (!account) return send(res, 404, { error: 'account_not_found' });
      if (what === 'balance') {
        return send(res, 200, {
          results: [
            {
              currency: account.currency,
              available: account.balance,
              current: account.balance,
              update_timestamp: new Date().toISOString(),
            },
          ],
          status: 'Succeeded',
        });
      }
      if (what === 'transactions') {
        const from = Date.parse(url.searchParams.get('from') ?? '');
        const to = Date.parse(url.searchParams.get('to') ?? '');
        if (Number.isNaN(from) || Number.isNaN(to) || to - from > 31 * 86_400_000 + 1000)
          return send(res, 400, { error: 'invalid_date_range' });
        const inRange = account.transactions
          .filter((t) => Date.parse(t.timestamp) >= from && Date.parse(t.timestamp) <= to)
          .sort((a, b) => a.timestamp.localeCompare(b.timestamp));
        const start = Number(url.searchParams.get('cursor') ?? '0') || 0;
        const page = inRange.slice(start, start + pageSize);
        const next = start + pageSize < inRange.length ? String(start + pageSize) : undefined;
        return send(res, 200, {
          results: page.map((t) => ({
            ...t,
            currency: account.currency,
            transaction_type: t.amount < 0 ? 'DEBIT' : 'CREDIT',
          })),
          ...(req.headers['tl-enable-pagination'] === 'true' ? { pagination: next ? { next_cursor: next } : {} } : {}),
          status: 'Succeeded',
        });
      }
      return send(res, 404, { error: 'not_found' });
    }
    return send(res, 404, { error: 'not_found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tokenKey = randomBytes(32).toString('base64');

  return {
    url,
    clientId,
    clientSecret,
    tokenKey,
    serverEnv: () => ({
      OPEN_BANKING_CLIENT_ID: clientId,
      OPEN_BANKING_CLIENT_SECRET: clientSecret,
      OPEN_BANKING_TOKEN_KEY: tokenKey,
      OPEN_BANKING_ENV: 'sandbox',
      OPEN_BANKING_AUTH_URL: url,
      OPEN_BANKING_API_URL: url,
    }),
    accounts,
    setBalance(accountId, pounds) {
      const account = accounts.find((a) => a.account_id === accountId);
      if (!account) throw new Error(`No fake account ${accountId}`);
      account.balance = pounds;
    },
    addTransaction(accountId, transaction) {
      const account = accounts.find((a) => a.account_id === accountId);
      if (!account) throw new Error(`No fake account ${accountId}`);
      account.transactions.push({ ...transaction, transaction_id: transaction.transaction_id ?? `tx-${randomUUID()}` });
    },
    expireConsents(which = 'all') {
      for (const c of which === 'all' ? consents.values() : [...consents.values()].slice(-1)) c.expired = true;
    },
    revokeConsents(which = 'all') {
      for (const c of which === 'all' ? consents.values() : [...consents.values()].slice(-1)) c.revoked = true;
    },
    rateLimitNext(count, seconds = 1) {
      limitNext = count;
      limitSeconds = seconds;
    },
    failNext(count) {
      failNextCount = count;
    },
    denyNext() {
      denyNextConsent = true;
    },
    grantConsent() {
      const consent: Consent = { id: randomUUID(), redirectUri: '', expired: false, revoked: false };
      consents.set(consent.id, consent);
      return issueTokens(consent.id);
    },
    stats,
    issuedSecrets: () => [...issued, clientSecret, tokenKey],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
