import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles, storedFiles } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, grantAdmin, signIn, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { AVATAR_MESSAGES } from './routes.ts';
import { AVATAR_MAX_BYTES } from './image.ts';

const storages = ['database', 'folder'] as const;
const cases = testDatabaseKinds().flatMap((kind) => storages.map((storage) => ({ kind, storage })));

function image(format: 'png' | 'jpeg', width = 300, height = 200) {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
}

function form(bytes: Buffer | string, name: string, type: string): FormData {
  const data = new FormData();
  data.append('file', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type }));
  return data;
}

describe.each(cases)('avatars on $kind with $storage storage', ({ kind, storage }) => {
  let server: TestServer;
  let folder: string | undefined;
  let owner: { cookie: string; userId: string };
  let other: { cookie: string; userId: string };
  let admin: { cookie: string; userId: string };
  let adminWithoutTwoFactor: { cookie: string; userId: string };

  beforeAll(async () => {
    folder = storage === 'folder' ? fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-avatars-')) : undefined;
    server = await createTestServer(kind, folder ? { FILE_STORAGE_DIR: folder } : {});
    owner = await signUpAndSignIn(server, { email: 'owner.avatar@example.com' });
    other = await signUpAndSignIn(server, { email: 'other.avatar@example.com' });
    admin = await signUpAndSignIn(server, { email: 'admin.avatar@example.com' });
    await grantAdmin(server, admin.userId);
    adminWithoutTwoFactor = await signUpAndSignIn(server, { email: 'admin.no2fa.avatar@example.com' });
    await grantAdmin(server, adminWithoutTwoFactor.userId, { twoFactor: false });
  });
  afterAll(async () => {
    await server?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  const upload = (body: FormData | string, cookie = owner.cookie, headers: Record<string, string> = {}) =>
    server.request('/api/profile/avatar', { method: 'POST', cookie, body, headers });
  const message = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;
  const avatarOf = async (userId: string) =>
    (await server.deps.database.db.select({ url: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, userId)))[0]
      ?.url ?? null;
  const storedPaths = async (userId: string): Promise<string[]> => {
    if (folder) {
      const dir = path.join(folder, 'avatars', userId);
      return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => `${userId}/${name}`) : [];
    }
    return (
      await server.deps.database.db
        .select({ path: storedFiles.path })
        .from(storedFiles)
        .where(eq(storedFiles.ownerId, userId))
    ).map((r) => r.path);
  };

  it('accepts a PNG, re-encodes it as WebP under {userId}/{timestamp}.webp and shows it in /api/me', async () => {
    const before = Date.now();
    const res = await upload(form(await image('png'), 'me.png', 'image/png'));
    expect(res.status).toBe(200);
    const { avatarUrl } = (await res.json()) as { avatarUrl: string };
    const match = new RegExp(`^/api/avatars/${owner.userId}/(\\d+)\\.webp$`).exec(avatarUrl);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(before);
    expect(await avatarOf(owner.userId)).toBe(avatarUrl);
    const me = (await (await server.request('/api/me', { cookie: owner.cookie })).json()) as {
      profile: { avatarUrl: string };
    };
    expect(me.profile.avatarUrl).toBe(avatarUrl);

    const served = await server.request(avatarUrl, { cookie: owner.cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('private, max-age=3600');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([512, 512]);
  });

  it('accepts a JPEG and removes the file it replaces', async () => {
    const oldUrl = (await avatarOf(owner.userId))!;
    const res = await upload(form(await image('jpeg'), 'holiday.jpg', 'image/jpeg'));
    expect(res.status).toBe(200);
    const { avatarUrl } = (await res.json()) as { avatarUrl: string };
    expect(avatarUrl).not.toBe(oldUrl);
    expect(await storedPaths(owner.userId)).toEqual([avatarUrl.replace('/api/avatars/', '')]);
    expect((await server.request(oldUrl, { cookie: owner.cookie })).status).toBe(404);
  });

  it('refuses a text file renamed to .png with the declared type image/png', async () => {
    const before = await avatarOf(owner.userId);
    const res = await upload(form('just some text, not a picture', 'photo.png', 'image/png'));
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(AVATAR_MESSAGES.notAnImage);
    expect(await avatarOf(owner.userId)).toBe(before);
  });

  it('refuses an SVG (it could carry a script)', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const res = await upload(form(svg, 'x.svg', 'image/svg+xml'));
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(AVATAR_MESSAGES.notAnImage);
  });

  it('refuses a file just over 5 MB with 413 and the spec’s “Upload failed” message', async () => {
    const png = await image('png');
    const padded = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length)]);
    const res = await upload(form(padded, 'big.png', 'image/png'));
    expect(res.status).toBe(413);
    expect(await message(res)).toBe(AVATAR_MESSAGES.tooLarge);
  });

  it('refuses a much larger body before reading it', async () => {
    const res = await upload(form(Buffer.alloc(8 * 1024 * 1024), 'huge.png', 'image/png'));
    expect(res.status).toBe(413);
    expect(await message(res)).toBe(AVATAR_MESSAGES.tooLarge);
  });

  it('accepts a file of exactly 5 MB', async () => {
    // A JPEG followed by padding is still a readable JPEG.
    const jpeg = await image('jpeg');
    const exact = Buffer.concat([jpeg, Buffer.alloc(AVATAR_MAX_BYTES - jpeg.length)]);
    expect(exact.length).toBe(AVATAR_MAX_BYTES);
    expect((await upload(form(exact, 'exact.jpg', 'image/jpeg'))).status).toBe(200);
  });

  it('answers “No file provided for upload” when there is no file', async () => {
    const res = await upload(new FormData());
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(AVATAR_MESSAGES.noFile);
    const json = await server.request('/api/profile/avatar', { method: 'POST', cookie: owner.cookie, json: {} });
    // Anything but a form is refused before it is read.
    expect(json.status).toBe(415);
    expect((await server.request('/api/profile/avatar', { method: 'POST', json: {} })).status).toBe(401);
  });

  it('answers a form it cannot read (no boundary, or cut short) with 400, never a 500', async () => {
    const body = '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc';
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=xyz']) {
      const res = await server.request('/api/profile/avatar', {
        method: 'POST',
        cookie: owner.cookie,
        headers: { 'content-type': contentType },
        body,
      });
      expect(res.status, contentType).toBe(400);
    }
  });

  it('serves an avatar to its owner and admins only; another user gets 404', async () => {
    const url = (await avatarOf(owner.userId))!;
    expect((await server.request(url, { cookie: owner.cookie })).status).toBe(200);
    expect((await server.request(url, { cookie: other.cookie })).status).toBe(404);
    expect((await server.request(url, { cookie: admin.cookie })).status).toBe(200);
    expect((await server.request(url)).status).toBe(401);
    expect(
      (await server.request(`/api/avatars/${owner.userId}/..%2F..%2Fsecret`, { cookie: owner.cookie })).status,
    ).toBe(404);
  });

  it("refuses another user's avatar to an admin who has turned two-factor off (TWO_FACTOR_REQUIRED), but not their own", async () => {
    const url = (await avatarOf(owner.userId))!;
    const res = await server.request(url, { cookie: adminWithoutTwoFactor.cookie });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await upload(form(await image('png'), 'mine.png', 'image/png'), adminWithoutTwoFactor.cookie)).status).toBe(
      200,
    );
    const own = (await avatarOf(adminWithoutTwoFactor.userId))!;
    expect((await server.request(own, { cookie: adminWithoutTwoFactor.cookie })).status).toBe(200);
  });

  it('stores nothing for a signed cookie whose session has ended', async () => {
    const before = await avatarOf(owner.userId);
    const ended = await signIn(server, 'owner.avatar@example.com', 'correct horse battery');
    expect(
      (await server.request('/api/account/sessions/sign-out-others', { method: 'POST', cookie: owner.cookie })).status,
    ).toBe(200);
    const res = await upload(form(await image('png'), 'late.png', 'image/png'), ended.cookie);
    expect(res.status).toBe(401);
    expect(await avatarOf(owner.userId)).toBe(before);
  });

  it('removes the avatar and its file', async () => {
    const url = (await avatarOf(owner.userId))!;
    const res = await server.request('/api/profile/avatar', { method: 'DELETE', cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(await avatarOf(owner.userId)).toBeNull();
    expect(await storedPaths(owner.userId)).toEqual([]);
    expect((await server.request(url, { cookie: owner.cookie })).status).toBe(404);
  });
});
