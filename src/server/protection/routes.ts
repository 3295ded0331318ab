/**
 * The Protection Hub's API (002 §2, issue 14): the signed-in user's protection picture, and
 * dismissing one of its alerts for 7 days or until its figures change. Big Pig (a trial counts).
 */
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { AS_AT_MESSAGES, asAtDateProblem } from '../../core/protection/limits.ts';
import { FEATURE_LABELS, tierRequiredMessage } from '../../core/subscriptions/features.ts';
import { requireFeature } from '../http/require-tier.ts';
import { AppError } from '../errors.ts';
import { readsOf, sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { publish } from '../realtime/hub.ts';
import { keptAnswers } from '../kept/kept-answers.ts';
import { ProtectionPictureSchema, protectionPictureJson } from './picture-json.ts';
import { readProtectionRows, saveAlertDismissal } from './queries.ts';
import { sharedProtectionRows } from './kept-rows.ts';
import type { SessionUser } from '../auth/session.ts';
import { answerKeyOf } from '../kept/answer-cache.ts';

export const PROTECTION_MESSAGES = {
  needsBigPig: tierRequiredMessage(FEATURE_LABELS.protectionHub, 'bigpig'),
  alertGone: 'That alert is no longer showing: your figures have changed',
  alertChanged: 'The figures behind that alert have changed: check them again before you dismiss it',
  alertId: 'Say which alert to dismiss',
  signature: 'Send the alert’s signature with the dismissal',
} as const;

const AsAtQuerySchema = z.object({
  asAt: z.string().max(20, AS_AT_MESSAGES.notADate).optional().openapi({
    example: '2025-11-30',
    description:
      'Answer as at this UK date (yyyy-MM-dd, from 30 January 2017 to today): the limits in force then, applied to the balances held now. Default: today',
  }),
});

/**
 * The web app's query key for the picture: under the accounts list's key, so every realtime
 * event that refreshes the accounts (src/server/accounts/account-events.ts) refreshes it too.
 */
export const PROTECTION_QUERY_KEY = ['me', 'accounts', 'protection'] as const;

const DismissalSchema = z
  .strictObject({
    alertId: z
      .string(PROTECTION_MESSAGES.alertId)
      .min(1, PROTECTION_MESSAGES.alertId)
      .max(1000, PROTECTION_MESSAGES.alertId),
    signature: z
      .string(PROTECTION_MESSAGES.signature)
      .min(1, PROTECTION_MESSAGES.signature)
      .max(200, PROTECTION_MESSAGES.signature),
  })
  .openapi('ProtectionAlertDismissal', {
    example: { alertId: 'deposit|frn:169628', signature: 'over-limit:14000000:12000000:12000000' },
  });

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export type ProtectionOptions = {
  /** False: every request reads and computes the picture (the oracle the kept answers are held to). Default true. */
  keepAnswers?: boolean;
};

export function protectionRoutes(deps: Deps, { keepAnswers = true }: ProtectionOptions = {}) {
  const app = createRouter();
  // The picture as sent, kept per user and `asAt` while nothing it reads has changed (ADR 0039).
  const kept = keptAnswers(keepAnswers);
  /**
   * The picture: its rows read by `reads` (the request's transaction or one of their own), or
   * those another route kept for the same versions when `session` is given (kept-rows.ts), then
   * worked out.
   */
  const picture = async (
    reads: ReturnType<typeof readsOf>,
    userId: string,
    { asAt, session }: { asAt?: string; session?: SessionUser } = {},
  ) => {
    const now = deps.clock.now();
    const today = calendarDateInLondon(now);
    const problem = asAt === undefined ? null : asAtDateProblem(asAt, today);
    if (problem) throw new AppError('VALIDATION_FAILED', problem, { field: 'asAt' });
    const key = keepAnswers && session ? answerKeyOf(session, today) : null;
    const rows = await sharedProtectionRows.rows(userId, key, now, () =>
      reads((tx) => readProtectionRows(tx, userId, today), { atOnce: true }),
    );
    return protectionPictureJson(rows, asAt ?? today, now);
  };

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      frame: 'on-demand',
      method: 'get',
      path: '/api/protection',
      summary:
        "The signed-in user's protection picture: totals, badge, diversification, money per licence and outside the FSCS limits, and alerts",
      description:
        "Worked out once by the protection engine from all the user's accounts, with today's limits (and an admin's override), or those in force on `asAt`. Two statements, sent together, however many accounts (none when the accounts list or the dashboard read them for the same versions); none while nothing the picture reads has changed (the answer kept for the user's data version, read with the session, is sent, for at most a minute). Needs Big Pig (a trial counts).",
      request: { query: AsAtQuerySchema },
      responses: {
        200: json(ProtectionPictureSchema, 'The picture'),
        400: { description: 'VALIDATION_FAILED: an `asAt` that is not a date, before 30 January 2017 or after today' },
        403: { description: 'FORBIDDEN: the plan has no Protection Hub' },
      },
    }),
    async (c) => {
      const session = sessionOf(c);
      requireFeature(session, 'protectionHub', PROTECTION_MESSAGES.needsBigPig);
      const { asAt } = c.req.valid('query');
      const now = deps.clock.now();
      return kept(c, { session, now, today: calendarDateInLondon(now), variant: asAt ?? '' }, () =>
        picture(readsOf(c), session.userId, { asAt, session }),
      );
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/protection/alert-dismissals',
      summary: 'Dismiss an alert for 7 days, or until its figures change; answers with the picture',
      description:
        'The alert must be showing with the figures its signature names: 404 when it is not showing, 409 when its figures have changed since.',
      request: { body: { content: { 'application/json': { schema: DismissalSchema } }, required: true } },
      responses: {
        200: json(ProtectionPictureSchema, 'The picture, with the alert dismissed'),
        403: { description: 'FORBIDDEN: the plan has no Protection Hub' },
        404: { description: 'NOT_FOUND: no such alert is showing' },
        409: { description: 'CONFLICT: the alert’s figures have changed' },
      },
    }),
    async (c) => {
      const session = sessionOf(c);
      requireFeature(session, 'protectionHub', PROTECTION_MESSAGES.needsBigPig);
      const tx = txOf(c);
      const { alertId, signature } = c.req.valid('json');
      const current = await picture(readsOf(c), session.userId);
      const alert = current.alerts.find((a) => a.id === alertId);
      if (!alert) throw new AppError('NOT_FOUND', PROTECTION_MESSAGES.alertGone);
      if (alert.signature !== signature) throw new AppError('CONFLICT', PROTECTION_MESSAGES.alertChanged);
      const dismissedAt = deps.clock.now();
      await saveAlertDismissal(tx, session.userId, { alertId, signature, dismissedAt });
      await publish(tx, {
        type: 'protection.alert-dismissed',
        userId: session.userId,
        invalidate: [[...PROTECTION_QUERY_KEY]],
      });
      return c.json(await picture(readsOf(c), session.userId), 200);
    },
  );

  return app;
}
