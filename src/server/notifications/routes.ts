/**
 * Notifications (issue 16; ADR 0035): the signed-in user's list, worked out on every read in five
 * statements sent together, less what they dismissed; dismissals kept on the server so they
 * follow the user to every device; the daily digest's kinds; and the digest's unsubscribe link,
 * which works without signing in.
 */
import { eq, sql } from 'drizzle-orm';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { digestKindsOf } from '../../core/notifications/digest.ts';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_SEVERITIES,
} from '../../core/notifications/types.ts';
import type { SessionUser } from '../auth/session.ts';
import type { Tx } from '../db/client.ts';
import { withActor } from '../db/rls.ts';
import { notificationDigestPreferences, notificationDismissals } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { errorFields } from '../logger.ts';
import { publish } from '../realtime/hub.ts';
import { DIGEST_JOB } from './jobs.ts';
import { userNotifications } from './notification-list.ts';
import { readNotificationReads } from './queries.ts';
import { userOfUnsubscribeToken } from './unsubscribe-token.ts';

export const NOTIFICATION_MESSAGES = {
  id: 'Say which notification to dismiss',
  gone: 'That notification is no longer showing: its figures have changed',
  notDismissible: 'This notification stays until your payment is sorted out: it cannot be dismissed',
  kinds: 'Choose from the notification kinds listed',
  token: 'This unsubscribe link is not valid. Turn the digest off in Settings > Notifications instead.',
} as const;

/**
 * Under the accounts list's key, so every event that refreshes the accounts (a balance, a term, a
 * standing-order run) refreshes the notifications too.
 */
export const NOTIFICATIONS_QUERY_KEY = ['me', 'accounts', 'notifications'] as const;
export const DIGEST_QUERY_KEY = ['me', 'notification-digest'] as const;

const NotificationSchema = z
  .object({
    id: z.string().openapi({ description: 'Names what it is about and the figures it states' }),
    kind: z.enum(NOTIFICATION_KINDS),
    severity: z.enum(NOTIFICATION_SEVERITIES),
    title: z.string(),
    message: z.string(),
    link: z.object({ label: z.string(), href: z.string().openapi({ description: 'A path on this site' }) }),
    date: z.string().openapi({ description: 'yyyy-MM-dd: the day it is about' }),
    dismissible: z
      .boolean()
      .openapi({ description: 'False for Payment Failed and Action Required: the server refuses to dismiss them' }),
  })
  .openapi('Notification');

const NotificationListSchema = z
  .object({
    date: z.string().openapi({ description: 'The UK date the list is for (yyyy-MM-dd)' }),
    enabled: z.boolean().openapi({ description: "The user's 'Account notifications' setting; off: the list is empty" }),
    notifications: z.array(NotificationSchema).openapi({ description: 'Not dismissed, the most serious first' }),
  })
  .openapi('NotificationList', {
    example: {
      date: '2026-11-27',
      enabled: true,
      notifications: [
        {
          id: 'protection:deposit|frn:169628:1x2y3z',
          kind: 'protection',
          severity: 'error',
          title: '£5,000.00 over the limit at Lloyds Banking Group',
          message: 'You have £90,000.00 with Lloyds Banking Group…',
          link: { label: 'Open the Protection Hub', href: '/protection' },
          date: '2026-11-27',
          dismissible: true,
        },
      ],
    },
  });

const DismissalSchema = z
  .strictObject({
    id: z.string(NOTIFICATION_MESSAGES.id).min(1, NOTIFICATION_MESSAGES.id).max(300, NOTIFICATION_MESSAGES.id),
  })
  .openapi('NotificationDismissal');

const DigestSchema = z
  .object({
    kinds: z.array(z.enum(NOTIFICATION_KINDS)).openapi({ description: 'The kinds e-mailed in the daily digest' }),
    available: z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS), label: z.string() })),
  })
  .openapi('NotificationDigest');

const DigestInputSchema = z
  .strictObject({
    kinds: z
      .array(z.enum(NOTIFICATION_KINDS, NOTIFICATION_MESSAGES.kinds), NOTIFICATION_MESSAGES.kinds)
      .max(NOTIFICATION_KINDS.length, NOTIFICATION_MESSAGES.kinds),
  })
  .openapi('NotificationDigestInput');

const UnsubscribeSchema = z
  .strictObject({
    token: z
      .string(NOTIFICATION_MESSAGES.token)
      .min(1, NOTIFICATION_MESSAGES.token)
      .max(300, NOTIFICATION_MESSAGES.token),
  })
  .openapi('NotificationUnsubscribe');

const UnsubscribedSchema = z
  .object({
    turnedOff: z
      .array(z.string())
      .openapi({ description: 'The kinds the digest no longer sends; empty: it was already off' }),
    message: z.string(),
  })
  .openapi('NotificationUnsubscribed');

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const available = NOTIFICATION_KINDS.map((kind) => ({ kind, label: NOTIFICATION_KIND_LABELS[kind] }));

async function savedKinds(tx: Tx, userId: string): Promise<string[]> {
  const [row] = await tx
    .select({ kinds: notificationDigestPreferences.kinds })
    .from(notificationDigestPreferences)
    .where(eq(notificationDigestPreferences.userId, userId));
  return row?.kinds ?? [];
}

async function saveKinds(tx: Tx, userId: string, kinds: readonly string[]): Promise<void> {
  await tx
    .insert(notificationDigestPreferences)
    .values({ userId, kinds: [...kinds] })
    .onConflictDoUpdate({
      target: notificationDigestPreferences.userId,
      set: { kinds: [...kinds], updatedAt: sql`now()` },
    });
}

export function notificationRoutes(deps: Deps) {
  const app = createRouter();

  async function listFor(tx: Tx, session: SessionUser) {
    const now = deps.clock.now();
    const today = calendarDateInLondon(now);
    const reads = await readNotificationReads(tx, session.userId, today);
    const subscription = { facts: session.subscription, now };
    return { today, reads, ...userNotifications(reads, today, session.features, subscription) };
  }

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/notifications',
      summary: "The signed-in user's notifications, less those they dismissed",
      description:
        'Worked out on every read from the accounts, the protection picture, interest and rate-change dates, ISA records, pension records, account terms and the standing-order payments of the last 7 days: six statements sent together, however much the user holds. Empty with Account notifications off.',
      responses: { 200: json(NotificationListSchema, 'The list') },
    }),
    async (c) => {
      const { today, reads, showing } = await listFor(txOf(c), sessionOf(c));
      return c.json({ date: today, enabled: reads.enabled, notifications: showing }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/notifications/dismissals',
      summary: 'Dismiss a notification until its figures change; answers with the list',
      description:
        'The notification must be showing: 404 when it is not (its figures have changed, so it has a new id); 409 when it may not be dismissed (Payment Failed, Action Required). Dismissals of notifications no longer showing are removed.',
      request: { body: { content: { 'application/json': { schema: DismissalSchema } }, required: true } },
      responses: {
        200: json(NotificationListSchema, 'The list, without it'),
        404: { description: 'NOT_FOUND: no such notification is showing' },
        409: { description: 'CONFLICT: the notification cannot be dismissed' },
      },
    }),
    async (c) => {
      const session = sessionOf(c);
      const tx = txOf(c);
      const { id } = c.req.valid('json');
      const { today, reads, all, showing } = await listFor(tx, session);
      const target = all.find((n) => n.id === id);
      if (!target) throw new AppError('NOT_FOUND', NOTIFICATION_MESSAGES.gone);
      if (!target.dismissible) throw new AppError('CONFLICT', NOTIFICATION_MESSAGES.notDismissible);
      const current = all.map((n) => n.id);
      await tx.execute(sql`
        delete from notification_dismissals
        where user_id = ${session.userId}
          and notification_id not in (select value from json_array_elements_text(${JSON.stringify(current)}::json))`);
      await tx
        .insert(notificationDismissals)
        .values({ userId: session.userId, notificationId: id, dismissedAt: deps.clock.now() })
        .onConflictDoNothing();
      await publish(tx, {
        type: 'notification.dismissed',
        userId: session.userId,
        invalidate: [[...NOTIFICATIONS_QUERY_KEY]],
      });
      return c.json({ date: today, enabled: reads.enabled, notifications: showing.filter((n) => n.id !== id) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/notifications/digest',
      summary: 'The kinds of notification the user gets in the daily e-mail digest',
      responses: { 200: json(DigestSchema, 'The digest’s kinds') },
    }),
    async (c) => {
      const kinds = digestKindsOf(await savedKinds(txOf(c), sessionOf(c).userId));
      return c.json({ kinds, available }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'put',
      path: '/api/notifications/digest',
      summary: 'Choose the kinds of notification in the daily e-mail digest (none: no digest)',
      description: "Turning a kind on sends today's digest soon, if it has not gone yet; then one each day.",
      request: { body: { content: { 'application/json': { schema: DigestInputSchema } }, required: true } },
      responses: { 200: json(DigestSchema, 'The digest’s kinds') },
    }),
    async (c) => {
      const session = sessionOf(c);
      const tx = txOf(c);
      const kinds = digestKindsOf(c.req.valid('json').kinds);
      await saveKinds(tx, session.userId, kinds);
      await publish(tx, {
        type: 'notification-digest.changed',
        userId: session.userId,
        invalidate: [[...DIGEST_QUERY_KEY]],
      });
      if (kinds.length > 0) {
        const day = calendarDateInLondon(deps.clock.now());
        // Not awaited, on the queue's own connection: after this request commits (on PGlite its
        // one connection is this transaction's until then), so the job reads the saved kinds.
        // Once per user and day.
        void deps.jobs
          .enqueue({
            name: DIGEST_JOB,
            key: `${DIGEST_JOB}@opt-in:${session.userId}:${day}`,
            runAt: new Date(Date.now() + 2_000),
          })
          .catch((err) => deps.logger.warn('digest enqueue failed', errorFields(err)));
      }
      return c.json({ kinds, available }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'post',
      path: '/api/notifications/unsubscribe',
      summary: "Turn the daily digest off from its e-mail's link, without signing in",
      description: 'The token is the one in the e-mail, signed by the server. Says which kinds were turned off.',
      request: { body: { content: { 'application/json': { schema: UnsubscribeSchema } }, required: true } },
      responses: {
        200: json(UnsubscribedSchema, 'What was turned off'),
        400: { description: 'VALIDATION_FAILED: not a link we sent' },
      },
    }),
    async (c) => {
      const userId = userOfUnsubscribeToken(deps.secret, c.req.valid('json').token);
      if (userId === null) throw new AppError('VALIDATION_FAILED', NOTIFICATION_MESSAGES.token, { field: 'token' });
      const turnedOff = await withActor(deps.database.db, { userId }, async (tx) => {
        const kinds = digestKindsOf(await savedKinds(tx, userId));
        if (kinds.length > 0) {
          await saveKinds(tx, userId, []);
          await publish(tx, { type: 'notification-digest.changed', userId, invalidate: [[...DIGEST_QUERY_KEY]] });
        }
        return kinds.map((kind) => NOTIFICATION_KIND_LABELS[kind]);
      });
      const message =
        turnedOff.length > 0
          ? `The daily email digest is off. You will no longer get emails about: ${turnedOff.join(', ')}. You can turn it back on in Settings > Notifications.`
          : 'The daily email digest was already off: there was nothing to turn off.';
      return c.json({ turnedOff, message }, 200);
    },
  );

  return app;
}
