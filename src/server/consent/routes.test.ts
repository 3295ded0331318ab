import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { withActor } from '../db/rls.ts';
import { consentAuditLog } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { securityHeaders } from '../http/middleware.ts';
import { MAX_CONSENT_CHANGES_PER_HOUR } from './routes.ts';

type Body = Record<string, unknown>;

function consent(overrides: Body = {}): Body {
  return {
    essential: true,
    functional: true,
    analytics: false,
    marketing: false,
    version: '1.0',
    timestamp: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

describe.each(testDatabaseKinds())('the consent API on %s', (kind) => {
  let server: TestServer;
  let ann: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };

  const post = (who: { cookie: string } | null, json: unknown) =>
    server.request('/api/consent', { method: 'POST', json, cookie: who?.cookie });
  const getJson = async <T>(path: string, who: { cookie: string }) => {
    const res = await server.request(path, { cookie: who.cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };
  const rowsOf = (userId: string) =>
    server.deps.database.db
      .select()
      .from(consentAuditLog)
      .where(eq(consentAuditLog.userId, userId))
      .orderBy(consentAuditLog.id);

  beforeAll(async () => {
    server = await createTestServer(kind);
    ann = await signUpAndSignIn(server, { email: 'ann@example.com' });
    bob = await signUpAndSignIn(server, { email: 'bob@example.com' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses an anonymous caller with 401 on every signed-in consent route', async () => {
    expect((await server.request('/api/consent')).status).toBe(401);
    expect((await post(null, { consent: consent(), dnt: false })).status).toBe(401);
    expect((await server.request('/api/consent/history')).status).toBe(401);
  });

  it('answers a user with no stored choice with null preferences', async () => {
    expect(await getJson('/api/consent', ann)).toEqual({ preferences: null, dnt: false });
  });

  it('records a change as one audit row (flags, source, pending sync) and returns it from GET', async () => {
    const res = await post(ann, { consent: consent(), dnt: false, source: 'banner' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, recorded: true });

    expect(await getJson('/api/consent', ann)).toEqual({
      preferences: {
        version: '1.0',
        timestamp: '2026-11-21T10:00:00.000Z',
        essential: true,
        functional: true,
        analytics: false,
        marketing: false,
      },
      dnt: false,
    });
    const rows = await rowsOf(ann.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      changeSource: 'banner',
      syncStatus: 'pending',
      syncedAt: null,
      consentData: {
        essential: true,
        functional: true,
        analytics: false,
        marketing: false,
        version: '1.0',
        dntRespected: false,
      },
    });
  });

  it('writes no second row for a repeat of the last change, and one row for each real change', async () => {
    const before = (await rowsOf(ann.userId)).length;
    const repeat = await post(ann, { consent: consent(), dnt: false, source: 'banner' });
    expect(await repeat.json()).toEqual({ success: true, recorded: false });
    expect(await rowsOf(ann.userId)).toHaveLength(before);

    const change = await post(ann, {
      consent: consent({ marketing: true, timestamp: '2026-11-21T11:00:00.000Z' }),
      dnt: false,
    });
    expect(await change.json()).toEqual({ success: true, recorded: true });
    const rows = await rowsOf(ann.userId);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ changeSource: 'preferences', consentData: { marketing: true } });
  });

  it('keeps the newest choice current when an older one (saved offline) arrives later', async () => {
    await post(ann, { consent: consent({ analytics: true, timestamp: '2026-11-21T12:00:00.000Z' }), dnt: false });
    await post(ann, {
      consent: consent({ functional: false, timestamp: '2026-11-21T09:00:00.000Z' }),
      dnt: false,
      source: 'device-sync',
    });
    const { preferences } = await getJson<{ preferences: Body }>('/api/consent', ann);
    expect(preferences).toMatchObject({ timestamp: '2026-11-21T12:00:00.000Z', analytics: true, functional: true });
    const { changes } = await getJson<{ changes: Array<{ changeSource: string; consentData: Body }> }>(
      '/api/consent/history',
      ann,
    );
    expect(changes[0]).toMatchObject({ changeSource: 'device-sync', consentData: { functional: false } });
  });

  it('records a choice made under Do Not Track and reports dnt', async () => {
    const res = await post(bob, { consent: consent({ timestamp: '2026-11-21T08:00:00.000Z' }), dnt: true });
    expect(res.status).toBe(200);
    expect(await getJson('/api/consent', bob)).toMatchObject({
      dnt: true,
      preferences: { analytics: false, marketing: false },
    });
    expect((await rowsOf(bob.userId))[0]?.consentData.dntRespected).toBe(true);
  });

  it("shows a user only their own changes, never another user's", async () => {
    const mine = await getJson<{ changes: Array<{ id: number }> }>('/api/consent/history', bob);
    const annRows = await rowsOf(ann.userId);
    expect(mine.changes).toHaveLength(1);
    expect(mine.changes.map((c) => c.id)).not.toContain(annRows[0]!.id);
    expect(await getJson('/api/consent', bob)).toMatchObject({
      preferences: { timestamp: '2026-11-21T08:00:00.000Z' },
    });
  });

  it("lets row-level security hide every other user's row even from a query with no user filter", async () => {
    const visible = await withActor(server.deps.database.db, { userId: bob.userId }, (tx) =>
      tx.select({ userId: consentAuditLog.userId }).from(consentAuditLog),
    );
    expect(visible.length).toBeGreaterThan(0);
    expect(new Set(visible.map((row) => row.userId))).toEqual(new Set([bob.userId]));
    const forged = withActor(server.deps.database.db, { userId: bob.userId }, (tx) =>
      tx.insert(consentAuditLog).values({
        userId: ann.userId,
        consentData: {
          ...(consent() as {
            version: string;
            timestamp: string;
            essential: boolean;
            functional: boolean;
            analytics: boolean;
            marketing: boolean;
          }),
          dntRespected: false,
        },
        changeSource: 'banner',
      }),
    );
    const error = await forged.then(
      () => null,
      (e: unknown) => e as { cause?: { message?: string } },
    );
    expect(error?.cause?.message).toMatch(/row-level security/);
  });

  describe('refuses bad input with a 400 and a clear message, writing nothing', () => {
    const cases: Array<[string, unknown, string]> = [
      [
        'essential switched off',
        { consent: consent({ essential: false }), dnt: false },
        'Essential cookies cannot be disabled',
      ],
      ['no consent', { dnt: false }, 'consent is required'],
      [
        'another version',
        { consent: consent({ version: '2.0' }), dnt: false },
        'Unsupported consent version: the current version is 1.0',
      ],
      [
        'a timestamp that is not a date',
        { consent: consent({ timestamp: 'yesterday' }), dnt: false },
        'timestamp must be an ISO 8601 date and time',
      ],
      [
        'a flag that is not a boolean',
        { consent: consent({ analytics: 'yes' }), dnt: false },
        'analytics must be true or false',
      ],
      ['no dnt', { consent: consent() }, 'dnt must be true or false'],
      [
        'analytics on under Do Not Track',
        { consent: consent({ analytics: true }), dnt: true },
        'Analytics and marketing cookies stay off while Do Not Track is on',
      ],
      [
        'an unknown source',
        { consent: consent(), dnt: false, source: 'admin' },
        'source must be one of banner, preferences, device-sync',
      ],
    ];
    it.each(cases)('%s', async (_name, body, message) => {
      const before = (await rowsOf(ann.userId)).length;
      const res = await post(ann, body);
      expect(res.status).toBe(400);
      const error = ((await res.json()) as { error: { code: string; message: string } }).error;
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message });
      expect(await rowsOf(ann.userId)).toHaveLength(before);
    });

    it('an unknown field', async () => {
      const res = await post(ann, { consent: { ...consent(), tracking: true }, dnt: false });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    });
  });

  it(`stops a client after ${MAX_CONSENT_CHANGES_PER_HOUR} changes in an hour with 429`, async () => {
    const carol = await signUpAndSignIn(server, { email: 'carol@example.com' });
    for (let i = 0; i < MAX_CONSENT_CHANGES_PER_HOUR; i++) {
      const at = new Date(Date.UTC(2026, 10, 21, 0, 0, i)).toISOString();
      expect((await post(carol, { consent: consent({ timestamp: at }), dnt: false })).status).toBe(200);
    }
    const res = await post(carol, { consent: consent({ timestamp: '2026-11-21T01:00:00.000Z' }), dnt: false });
    expect(res.status).toBe(429);
    // The oldest of the hour's changes leaves the window first: within the hour.
    const retryAfter = Number(res.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await rowsOf(carol.userId)).toHaveLength(MAX_CONSENT_CHANGES_PER_HOUR);
  });

  it('tells anyone which optional scripts exist (none unless configured)', async () => {
    const res = await server.request('/api/consent/scripts');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ analytics: null, marketing: null });
  });
});

describe('configured analytics and marketing scripts', () => {
  it('are named by the scripts route', async () => {
    const server = await createTestServer('pglite', {
      ANALYTICS_SCRIPT_URL: 'https://stats.example.com/a.js',
      MARKETING_SCRIPT_URL: 'https://ads.example.net/m.js',
    });
    try {
      expect(await (await server.request('/api/consent/scripts')).json()).toEqual({
        analytics: 'https://stats.example.com/a.js',
        marketing: 'https://ads.example.net/m.js',
      });
    } finally {
      await server.close();
    }
  });

  it('are allowed by the content security policy only for their own origins', async () => {
    const app = new Hono();
    app.use('*', securityHeaders(true, false, ['https://stats.example.com']));
    app.get('/', (c) => c.text('ok'));
    const csp = (await app.request('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://stats.example.com;");
    expect(csp).toContain("connect-src 'self' https://stats.example.com;");

    const plain = new Hono();
    plain.use('*', securityHeaders(true, false));
    plain.get('/', (c) => c.text('ok'));
    expect((await plain.request('/')).headers.get('content-security-policy')).toContain("script-src 'self';");
  });
});
