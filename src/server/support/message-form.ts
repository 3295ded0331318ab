/**
 * A ticket message as the browser sends it: a multipart form with text fields and at most one
 * attachment (`file`). The attachment is read and checked by its bytes (core/support/attachments)
 * before the request transaction opens, as an avatar is: on PGlite a transaction holds the only
 * connection, and reading 5 MB should not hold it.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import sharp from 'sharp';
import {
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MESSAGES,
  type AttachmentKind,
  attachmentDisplayName,
  isImageKind,
  sniffAttachmentKind,
} from '../../core/support/attachments.ts';
import { AppError } from '../errors.ts';
import { readSessionToken } from '../auth/session.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { z } from '../http/route.ts';

export type PreparedAttachment = {
  kind: AttachmentKind;
  contentType: string;
  fileName: string;
  bytes: Buffer;
};

export type MessageForm =
  | { ok: true; fields: Record<string, string>; attachment: PreparedAttachment | null }
  | { ok: false; error: AppError };

/** Room for the text fields (5,000 characters of message, up to 4 bytes each) and the multipart framing. */
const FORM_OVERHEAD_BYTES = 96 * 1024;

/** The largest image that is decoded to check it is one (about 8,000 × 8,000). */
const MAX_IMAGE_PIXELS = 64_000_000;

/** The attachment field as the OpenAPI document describes it. */
export const AttachmentField = z
  .any()
  .optional()
  .openapi({ type: 'string', format: 'binary', description: 'A PNG, JPEG, WebP or GIF image or a PDF, at most 5 MB' });

/**
 * Checks an uploaded file: not empty, at most 5 MB, a kind its bytes declare, and for an image a
 * header an image decoder reads. Returns null for no file (an empty file input sends a nameless,
 * empty one).
 */
export async function prepareAttachment(file: unknown): Promise<PreparedAttachment | null | AppError> {
  if (!(file instanceof File)) return null;
  if (file.size === 0) {
    return file.name === '' ? null : new AppError('VALIDATION_FAILED', ATTACHMENT_MESSAGES.empty, { field: 'file' });
  }
  if (file.size > ATTACHMENT_MAX_BYTES)
    return new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_MESSAGES.tooLarge, { field: 'file' });
  const bytes = Buffer.from(await file.arrayBuffer());
  const kind = sniffAttachmentKind(bytes);
  if (kind === null) return new AppError('UNSUPPORTED_MEDIA_TYPE', ATTACHMENT_MESSAGES.notAllowed, { field: 'file' });
  if (isImageKind(kind)) {
    try {
      const meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, pages: 1 }).metadata();
      if (!meta.width || !meta.height) throw new Error('no size');
    } catch {
      return new AppError('VALIDATION_FAILED', ATTACHMENT_MESSAGES.unreadable, { field: 'file' });
    }
  }
  return { kind, contentType: ATTACHMENT_CONTENT_TYPES[kind], fileName: attachmentDisplayName(file.name, kind), bytes };
}

/** Reads the form: its text fields (a repeated field's last value) and its attachment. */
export async function readMessageForm(c: Context<AppEnv>): Promise<MessageForm> {
  let form: Record<string, string | File>;
  try {
    form = (await c.req.parseBody()) as Record<string, string | File>;
  } catch {
    return { ok: false, error: new AppError('BAD_REQUEST', 'The form could not be read') };
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(form)) if (typeof value === 'string') fields[name] = value;
  const attachment = await prepareAttachment(form.file);
  if (attachment instanceof AppError) return { ok: false, error: attachment };
  return { ok: true, fields, attachment };
}

/**
 * Middleware for the routes that take a message form at `path`: its own body limit (an attachment
 * of 5 MB and the message), and the form read before the route's transaction for a request with a
 * signed session cookie (the route still checks the session is live before it stores anything).
 * `formOf` gives the route what was read, or reads it then.
 */
export function messageFormMiddleware(deps: Deps): {
  limit: MiddlewareHandler<AppEnv>;
  prepare: MiddlewareHandler<AppEnv>;
  formOf: (c: Context<AppEnv>) => Promise<MessageForm>;
} {
  const prepared = new WeakMap<Context<AppEnv>, MessageForm>();
  return {
    limit: bodyLimit({
      maxSize: ATTACHMENT_MAX_BYTES + FORM_OVERHEAD_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_MESSAGES.tooLarge, { field: 'file' });
      },
    }),
    prepare: async (c, next) => {
      const isForm = /^multipart\/form-data/i.test(c.req.header('content-type') ?? '');
      if (c.req.method === 'POST' && isForm && readSessionToken(c.req.header('cookie'), deps.secret)) {
        const read = await readMessageForm(c);
        // A form that cannot be read is refused here: its failed parse stays cached, and the
        // route's validator would meet it again as an unhandled error (a 500).
        if (!read.ok && read.error.code === 'BAD_REQUEST') throw read.error;
        prepared.set(c, read);
      }
      await next();
    },
    formOf: async (c) => prepared.get(c) ?? (await readMessageForm(c)),
  };
}

/** The form's fields checked by `schema`: the schema's first message, as a route's validation answers. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  throw new AppError('VALIDATION_FAILED', issue?.message ?? 'Invalid request', {
    field: field || undefined,
    issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}
