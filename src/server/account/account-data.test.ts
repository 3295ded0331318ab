import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentAuditLog, loginDevices, presence } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signIn, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { rowsOwnedBy } from '../test/user-owned-tables.ts';
import { EXPORT_FORMAT } from './export/export-document.ts';
import { DELETE_ACCOUNT_MESSAGES } from './delete-routes.ts';

const PASSWORD = 'correct horse battery';
const cases = testDatabaseKinds().flatMap((kind) =>
  (['database', 'folder'] as const).map((storage) => ({ kind, storage })),
);

type Person = { cookie: string; userId: string; email: string };

describe.each(cases)('download my data and delete my account on $kind with $storage storage', ({ kind, storage }) => {
  let server: TestServer;
  let folder: string | undefined;

  beforeAll(async () => {
    folder = storage === 'folder' ? fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-account-')) : undefined;
    server = await createTestServer(kind, folder ? { FILE_STORAGE_DIR: folder } : {});
  });
  afterAll(async () => {
    await server?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  /** A user with something in every table the identity features write. */
  async function personWithData(email: string, options: { verify?: boolean } = {}): Promise<Person> {
    const { cookie, userId } = await signUpAndSignIn(server, { email, password: PASSWORD, verify: options.verify });
    const { db } = server.deps.database;
    expect(
      (
        await server.request('/api/profile', {
          method: 'PATCH',
          cookie,
          json: { town: `Town of ${email}`, postcode: 'LS1 4AP' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await server.request('/api/settings', { method: 'PATCH', cookie, json: { defaultCurrency: 'USD' } })).status,
    ).toBe(200);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const body = new FormData();
    body.append('file', new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }));
    expect((await server.request('/api/profile/avatar', { method: 'POST', cookie, body })).status).toBe(200);
    await db.insert(consentAuditLog).values({
      userId,
      consentData: {
        essential: true,
        analytics: false,
        functional: true,
        marketing: false,
        version: '1.0',
        dntRespected: false,
        timestamp: '2026-01-01T00:00:00Z',
      },
      changeSource: 'banner',
    });
    await db.insert(presence).values({ userId }).onConflictDoNothing();
    await db
      .insert(loginDevices)
      .values({ userId, fingerprint: `device-of-${email}` })
      .onConflictDoNothing();
    expect(
      (
        await server.request('/api/contact', {
          method: 'POST',
          json: {
            name: 'Pat',
            email,
            inquiryType: 'general',
            subject: `Question from ${email}`,
            message: 'How do I add a bond account?',
          },
        })
      ).status,
    ).toBe(201);
    return { cookie, userId, email };
  }

  const exportOf = async (cookie: string) => {
    const res = await server.request('/api/account/export', { cookie });
    expect(res.status).toBe(200);
    return { res, document: (await res.json()) as Record<string, unknown> };
  };

  it('exports everything the user owns as a JSON attachment, and nothing of anyone else’s', async () => {
    const ann = await personWithData('ann.export@example.com');
    const bob = await personWithData('bob.export@example.com');
    const { res, document } = await exportOf(ann.cookie);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="savvypig-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');

    expect(document).toMatchObject({
      format: EXPORT_FORMAT,
      userId: ann.userId,
      account: { id: ann.userId, email: ann.email, name: 'Test User', image: null, emailVerified: true },
      signInMethods: [{ provider: 'credential' }],
      profile: { id: ann.userId, firstName: 'Test', town: 'Town of ann.export@example.com', postcode: 'LS1 4AP' },
      settings: { userId: ann.userId, defaultCurrency: 'USD', notificationsEnabled: true, maxAccounts: null },
      roles: [{ role: 'subscriber' }],
      cookieConsentLog: [{ consent: { essential: true, analytics: false }, changeSource: 'banner' }],
      presence: { status: 'online' },
      signInDevices: expect.arrayContaining([
        expect.objectContaining({ fingerprint: 'device-of-ann.export@example.com' }),
      ]),
      files: [{ purpose: 'avatar', contentType: 'image/webp' }],
      contactInquiries: [{ subject: 'Question from ann.export@example.com', message: 'How do I add a bond account?' }],
    });
    const sessions = document.sessions as Record<string, unknown>[];
    expect(sessions.length).toBeGreaterThanOrEqual(1);
    for (const s of sessions) expect(Object.keys(s)).not.toContain('token');
    expect((document.files as { url: string }[])[0]!.url).toMatch(
      new RegExp(`^/api/avatars/${ann.userId}/\\d+\\.webp$`),
    );

    const text = JSON.stringify(document);
    expect(text).not.toContain(bob.userId);
    expect(text).not.toContain('bob.export@example.com');
    // No secrets: the password hash (Argon2id) and session tokens.
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(ann.cookie.split('=')[1]!.split('.')[0]!);
  });

  it('leaves out contact messages while the address is not verified', async () => {
    const unverified = await personWithData('unverified.export@example.com', { verify: false });
    const { document } = await exportOf(unverified.cookie);
    expect(document.contactInquiries).toEqual([]);
    expect(document.account).toMatchObject({ emailVerified: false });
  });

  it('refuses an anonymous export', async () => {
    expect((await server.request('/api/account/export')).status).toBe(401);
  });

  it('refuses to delete with a wrong password and removes nothing', async () => {
    const cat = await personWithData('cat.delete@example.com');
    const before = await rowsOwnedBy(server.deps.database, cat.userId);
    const res = await server.request('/api/account/delete', {
      method: 'POST',
      cookie: cat.cookie,
      json: { password: 'not my password' },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      DELETE_ACCOUNT_MESSAGES.wrongPassword,
    );
    expect(await rowsOwnedBy(server.deps.database, cat.userId)).toEqual(before);
    const missing = await server.request('/api/account/delete', { method: 'POST', cookie: cat.cookie, json: {} });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe(
      DELETE_ACCOUNT_MESSAGES.passwordRequired,
    );
  });

  it('stops guessing after five wrong passwords', async () => {
    const { cookie } = await signUpAndSignIn(server, { email: 'guess.delete@example.com', password: PASSWORD });
    for (let i = 0; i < 5; i++) {
      expect(
        (await server.request('/api/account/delete', { method: 'POST', cookie, json: { password: `guess ${i}` } }))
          .status,
      ).toBe(403);
    }
    const refused = await server.request('/api/account/delete', {
      method: 'POST',
      cookie,
      json: { password: PASSWORD },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await server.request('/api/me', { cookie })).status).toBe(200);
  });

  it('deletes every row and file the user owns, ends every session and sends a confirmation', async () => {
    const dan = await personWithData('dan.delete@example.com');
    const eve = await personWithData('eve.delete@example.com');
    const otherDevice = await signIn(server, dan.email, PASSWORD);
    const eveBefore = await rowsOwnedBy(server.deps.database, eve.userId);
    expect(Object.keys(await rowsOwnedBy(server.deps.database, dan.userId)).length).toBeGreaterThan(5);

    const res = await server.request('/api/account/delete', {
      method: 'POST',
      cookie: dan.cookie,
      json: { password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe(DELETE_ACCOUNT_MESSAGES.deleted);
    expect(
      res.headers.getSetCookie().some((c) => /^better-auth\.session_token=;/.test(c) && /Max-Age=0/i.test(c)),
    ).toBe(true);

    expect(await rowsOwnedBy(server.deps.database, dan.userId)).toEqual({});
    expect((await server.request('/api/me', { cookie: dan.cookie })).status).toBe(401);
    expect((await server.request('/api/me', { cookie: otherDevice.cookie })).status).toBe(401);
    expect(
      (
        await server.request('/api/auth/sign-in/email', {
          method: 'POST',
          json: { email: dan.email, password: PASSWORD },
        })
      ).status,
    ).toBe(401);
    if (folder) expect(fs.existsSync(path.join(folder, 'avatars', dan.userId))).toBe(false);

    // Contact messages sent from the verified address are gone; another user's remain.
    const { document } = await exportOf(eve.cookie);
    expect(document.contactInquiries).toHaveLength(1);
    expect(await rowsOwnedBy(server.deps.database, eve.userId)).toEqual(eveBefore);
    if (folder) expect(fs.readdirSync(path.join(folder, 'avatars', eve.userId))).toHaveLength(1);

    const mail = (await server.mail()).find(
      (m) => m.to === dan.email && m.subject === 'Your SavvyPig account has been deleted',
    );
    expect(mail).toBeDefined();

    // The address can be used again for a new account.
    await signUpAndSignIn(server, { email: dan.email, password: PASSWORD });
  });
});
