import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';

describe.each(testDatabaseKinds())('the settings API on %s', (kind) => {
  let server: TestServer;
  let ann: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };

  beforeAll(async () => {
    server = await createTestServer(kind);
    ann = await signUpAndSignIn(server, { email: 'ann.settings@example.com' });
    bob = await signUpAndSignIn(server, { email: 'bob.settings@example.com' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = async (cookie = ann.cookie) =>
    (await server.request('/api/settings', { cookie })).json() as Promise<Record<string, unknown>>;
  const patch = (json: unknown, cookie = ann.cookie) =>
    server.request('/api/settings', { method: 'PATCH', cookie, json });

  it('gives a new user the spec’s defaults', async () => {
    expect(await get()).toEqual({
      maxAccounts: null,
      isAdFree: false,
      hasIsas: false,
      hasPensions: false,
      hasMaturityCalculator: false,
      hasMaturityNotifications: false,
      hasRssNews: false,
      hasPensionCalculator: false,
      hasOpenBanking: false,
      darkModeEnabled: false,
      notificationsEnabled: true,
      loginNotificationsEnabled: true,
      twoFactorEnabled: false,
      suspended: false,
      suspensionReason: null,
      defaultCurrency: 'GBP',
      savingsTaxBand: null,
    });
  });

  it('lets the owner change each preference', async () => {
    const res = await patch({
      notificationsEnabled: false,
      loginNotificationsEnabled: false,
      darkModeEnabled: true,
      defaultCurrency: 'EUR',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      notificationsEnabled: false,
      loginNotificationsEnabled: false,
      darkModeEnabled: true,
      defaultCurrency: 'EUR',
    });
    expect(await get()).toMatchObject({
      notificationsEnabled: false,
      loginNotificationsEnabled: false,
      darkModeEnabled: true,
      defaultCurrency: 'EUR',
    });
    expect(await get(bob.cookie)).toMatchObject({
      notificationsEnabled: true,
      darkModeEnabled: false,
      defaultCurrency: 'GBP',
    });
  });

  it.each([
    { maxAccounts: 999 },
    { isAdFree: true },
    { hasIsas: true },
    { hasPensions: true },
    { hasOpenBanking: true },
    { twoFactorEnabled: true },
    { suspended: true },
    { suspensionReason: 'none' },
    { userId: 'someone-else' },
  ])('refuses %j, which only an admin (or the auth layer) may change', async (body) => {
    const before = await get();
    const res = await patch({ notificationsEnabled: !before.notificationsEnabled, ...body });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { message: string } };
    expect(error.message).toBe(`This setting cannot be changed here: ${Object.keys(body)[0]}`);
    expect(await get()).toEqual(before);
  });

  it('refuses a currency the product does not offer and an empty update', async () => {
    const res = await patch({ defaultCurrency: 'JPY' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Choose GBP, USD or EUR');
    expect((await patch({})).status).toBe(400);
    expect((await patch({ notificationsEnabled: 'yes' })).status).toBe(400);
  });

  it('refuses anonymous callers', async () => {
    expect((await server.request('/api/settings')).status).toBe(401);
    expect((await server.request('/api/settings', { method: 'PATCH', json: { darkModeEnabled: true } })).status).toBe(
      401,
    );
  });
});
