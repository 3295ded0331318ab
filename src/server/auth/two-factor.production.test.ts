import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listStoredMail } from '../mail/mailer.ts';
import { CURRENT_SERVER_ENTRY, startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { currentStep, decodeBase32, secretFromOtpauthUri, totpAtStep } from '../test/totp.ts';

// Test mode relaxes some of better-auth's checks: the second factor is tried on a real server
// process in production mode too.
describe('two-factor authentication on a production-mode server', () => {
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-2fa-'));
    server = await startServerProcess(CURRENT_SERVER_ENTRY, { DATA_DIR: dataDir });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const account = { email: 'prod-2fa@example.com', password: 'a good long password' };
  const post = (p: string, body: unknown, cookie?: string, origin = server.base) =>
    fetch(`${server.base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const cookieNamed = (res: Response, suffix: string) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((pair) => pair.split('=')[0]!.endsWith(suffix) && pair.split('=')[1] !== '');

  it('enrols only from our own origin, asks for the code at sign-in and accepts each code once', async () => {
    expect((await post('/api/account/sign-up', { firstName: 'Pat', lastName: 'Rod', ...account })).status).toBe(200);
    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i++) {
      link = (await listStoredMail(path.join(dataDir, 'mail')))
        .flatMap((m) => m.links)
        .find((l) => l.includes('/verify-email'));
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    expect(link).toBeDefined();
    await fetch(link!.replace(/^https?:\/\/[^/]+/, server.base), { redirect: 'manual' });
    const signedIn = await post('/api/auth/sign-in/email', account);
    const cookie = cookieNamed(signedIn, 'session_token')!;

    expect(
      (await post('/api/auth/two-factor/enable', { password: account.password }, cookie, 'https://evil.example'))
        .status,
    ).toBe(403);
    const enable = await post('/api/auth/two-factor/enable', { password: account.password }, cookie);
    expect(enable.status).toBe(200);
    const key = decodeBase32(secretFromOtpauthUri(((await enable.json()) as { totpURI: string }).totpURI));
    const step = currentStep();
    expect((await post('/api/auth/two-factor/verify-totp', { code: totpAtStep(key, step) }, cookie)).status).toBe(200);

    const challenge = await post('/api/auth/sign-in/email', account);
    expect(await challenge.json()).toMatchObject({ twoFactorRedirect: true });
    expect(cookieNamed(challenge, 'session_token')).toBeUndefined();
    const challengeCookie = cookieNamed(challenge, 'two_factor')!;
    const replay = await post('/api/auth/two-factor/verify-totp', { code: totpAtStep(key, step) }, challengeCookie);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ code: 'CODE_ALREADY_USED' });
    const fresh = await post('/api/auth/two-factor/verify-totp', { code: totpAtStep(key, step + 1) }, challengeCookie);
    expect(fresh.status).toBe(200);
    const session = cookieNamed(fresh, 'session_token')!;
    expect((await fetch(`${server.base}/api/me`, { headers: { cookie: session } })).status).toBe(200);
  }, 60_000);
});
