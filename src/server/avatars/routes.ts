import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../errors.ts';
import { requireAdminTwoFactor, sessionOf, txOf } from '../http/access.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { readSessionToken } from '../auth/session.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { actAs } from '../db/rls.ts';
import { profiles } from '../db/schema/index.ts';
import { publish } from '../realtime/hub.ts';
import { isOwnedPath } from '../storage/file-storage.ts';
import { AVATAR_BUCKET, avatarUrl } from './avatar-paths.ts';
import { AVATAR_MAX_BYTES, type ReencodeResult, reencodeAvatar } from './image.ts';

type PreparedUpload = Extract<ReencodeResult, { ok: true }> | { ok: false; error: AppError };

export const AVATAR_UPLOAD_PATH = '/api/profile/avatar';

/** The spec's avatar cache time (000 §9). */
export const AVATAR_CACHE_SECONDS = 3600;

/** Room for the multipart framing around a file of the largest allowed size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const AVATAR_MESSAGES = {
  noFile: 'No file provided for upload',
  tooLarge: 'Upload failed: the image must be 5 MB or smaller',
  notAnImage: 'Upload failed: the file is not a PNG, JPEG, WebP or GIF image',
  tooManyPixels: 'Upload failed: the image is too large (at most 40 megapixels)',
  unreadable: 'Upload failed: the image could not be read',
  unreadableForm: 'The form could not be read',
} as const;

const AvatarResult = z.object({ avatarUrl: z.string().nullable() }).openapi('AvatarResult');

const AvatarUpload = z
  .object({
    file: z
      .any()
      .optional()
      .openapi({ type: 'string', format: 'binary', description: 'PNG, JPEG, WebP or GIF, at most 5 MB' }),
  })
  .openapi('AvatarUpload');

/**
 * Avatars: upload (re-encoded, stored at `{userId}/{timestamp}.webp`), removal, and serving to
 * their owner and to admins only.
 */
export function avatarRoutes(deps: Deps) {
  const app = createRouter();
  const { storage } = deps;

  app.use(
    AVATAR_UPLOAD_PATH,
    bodyLimit({
      maxSize: AVATAR_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', AVATAR_MESSAGES.tooLarge);
      },
    }),
  );

  /**
   * Reads and re-encodes an upload. Never throws: a refusal is returned and thrown by the route
   * once the session has been checked.
   */
  async function prepareUpload(c: Context<AppEnv>): Promise<PreparedUpload> {
    let file: unknown;
    try {
      ({ file } = (await c.req.parseBody()) as { file?: unknown });
    } catch {
      // A multipart body without its boundary, or cut short: the client's fault, said as such.
      return { ok: false, error: new AppError('BAD_REQUEST', AVATAR_MESSAGES.unreadableForm) };
    }
    if (!(file instanceof File) || file.size === 0)
      return { ok: false, error: new AppError('VALIDATION_FAILED', AVATAR_MESSAGES.noFile, { field: 'file' }) };
    if (file.size > AVATAR_MAX_BYTES)
      return { ok: false, error: new AppError('PAYLOAD_TOO_LARGE', AVATAR_MESSAGES.tooLarge, { field: 'file' }) };
    const image = await reencodeAvatar(Buffer.from(await file.arrayBuffer()));
    if (image.ok) return image;
    const message =
      image.reason === 'not-an-image'
        ? AVATAR_MESSAGES.notAnImage
        : image.reason === 'too-many-pixels'
          ? AVATAR_MESSAGES.tooManyPixels
          : AVATAR_MESSAGES.unreadable;
    return { ok: false, error: new AppError('VALIDATION_FAILED', message, { field: 'file' }) };
  }

  // The image is decoded and re-encoded before the route opens its request transaction: on
  // PGlite a transaction holds the only connection, and a 12-megapixel photo takes 0.15-0.3 s
  // here. Only a request with a correctly signed session cookie gets this work; the route still
  // checks that the session is live before anything is stored.
  const prepared = new WeakMap<Context<AppEnv>, PreparedUpload>();
  app.use(AVATAR_UPLOAD_PATH, async (c, next) => {
    const isForm = /^multipart\/form-data/i.test(c.req.header('content-type') ?? '');
    if (c.req.method === 'POST' && isForm && readSessionToken(c.req.header('cookie'), deps.secret)) {
      const upload = await prepareUpload(c);
      // A form that cannot be read is refused here: its failed parse stays cached, and the
      // route's validator would meet it again as an unhandled error (a 500).
      if (!upload.ok && upload.error.code === 'BAD_REQUEST') throw upload.error;
      prepared.set(c, upload);
    }
    await next();
  });

  /** Removes every avatar file of the user except `keep` (the old one, and any left by a failed request). */
  async function removeOtherAvatars(tx: Parameters<typeof storage.list>[0], userId: string, keep: string | null) {
    for (const file of await storage.list(tx, AVATAR_BUCKET, userId)) {
      if (file.path !== keep) await storage.remove(tx, AVATAR_BUCKET, file.path);
    }
  }

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: AVATAR_UPLOAD_PATH,
      summary: "Upload the signed-in user's avatar (replaces the old one)",
      request: { body: { content: { 'multipart/form-data': { schema: AvatarUpload } }, required: true } },
      responses: {
        200: { description: 'Stored; the URL to show', content: { 'application/json': { schema: AvatarResult } } },
        413: { description: 'Larger than 5 MB' },
      },
    }),
    async (c) => {
      const { userId } = sessionOf(c);
      const image = prepared.get(c) ?? (await prepareUpload(c));
      if (!image.ok) throw image.error;

      const tx = txOf(c);
      const path = `${userId}/${Date.now()}.${image.extension}`;
      await storage.put(tx, {
        bucket: AVATAR_BUCKET,
        path,
        ownerId: userId,
        contentType: image.contentType,
        bytes: image.bytes,
      });
      const url = avatarUrl(path);
      await tx.update(profiles).set({ avatarUrl: url, updatedAt: sql`now()` }).where(eq(profiles.id, userId));
      await removeOtherAvatars(tx, userId, path);
      await publish(tx, { type: 'profile.updated', userId, invalidate: [['me']] });
      return c.json({ avatarUrl: url }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'delete',
      path: AVATAR_UPLOAD_PATH,
      summary: "Remove the signed-in user's avatar (initials show instead)",
      responses: { 200: { description: 'Removed', content: { 'application/json': { schema: AvatarResult } } } },
    }),
    async (c) => {
      const { userId } = sessionOf(c);
      const tx = txOf(c);
      await tx.update(profiles).set({ avatarUrl: null, updatedAt: sql`now()` }).where(eq(profiles.id, userId));
      await removeOtherAvatars(tx, userId, null);
      await publish(tx, { type: 'profile.updated', userId, invalidate: [['me']] });
      return c.json({ avatarUrl: null }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/avatars/{userId}/{fileName}',
      summary: 'An avatar image, for its owner and for admins with two-factor on (others get 404)',
      request: { params: z.object({ userId: z.string().max(64), fileName: z.string().max(128) }) },
      responses: {
        200: {
          description: 'The image',
          content: { 'image/webp': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        403: {
          description:
            "An admin who has not turned on two-factor authentication, asking for another user's avatar (TWO_FACTOR_REQUIRED)",
        },
        404: { description: 'No such avatar, or not yours' },
      },
    }),
    async (c) => {
      const session = sessionOf(c);
      const { userId, fileName } = c.req.valid('param');
      const path = `${userId}/${fileName}`;
      const isOwn = userId === session.userId;
      if ((!isOwn && !session.isAdmin) || !isOwnedPath(path, userId))
        throw new AppError('NOT_FOUND', 'Avatar not found');
      // Reading someone else's file is an admin power, and every admin power needs two-factor (ADR 0009).
      if (!isOwn) requireAdminTwoFactor(session);
      const tx = txOf(c);
      // An admin reads another user's file with the admin row-level-security rule, for this request only.
      if (!isOwn) await actAs(tx, { userId: session.userId, isAdmin: true });
      const file = await storage.get(tx, AVATAR_BUCKET, path);
      if (!file) throw new AppError('NOT_FOUND', 'Avatar not found');
      return c.body(new Uint8Array(file.bytes), 200, {
        'Content-Type': file.contentType,
        'Content-Length': String(file.size),
        // Private: only its owner and admins may fetch it, so no shared cache may keep it.
        'Cache-Control': `private, max-age=${AVATAR_CACHE_SECONDS}`,
        'Content-Disposition': 'inline',
      });
    },
  );

  return app;
}
