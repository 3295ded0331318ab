/**
 * Smart Pig's API (002 §2–§5, §9; issue 16): the signed-in user's recommendations and metric
 * cards, their preferences, and the what-if simulator. Big Pig (a trial counts). The engine is
 * core's (src/core/smart-pig/); SavvyPig never moves money, and the simulator saves nothing.
 */
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { SmartPigPreferencesSchema, validatePreferences } from '../../core/smart-pig/preferences.ts';
import { SIMULATION_MESSAGES, simulateDeposit } from '../../core/smart-pig/simulator.ts';
import { FEATURE_LABELS, tierRequiredMessage } from '../../core/subscriptions/features.ts';
import { requireFeature } from '../http/require-tier.ts';
import { AppError } from '../errors.ts';
import { readsOf, sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { publish } from '../realtime/hub.ts';
import { keptAnswers } from '../kept/kept-answers.ts';
import { readPreferences, readSmartPigRows, savePreferences } from './queries.ts';
import {
  PreferencesResponseSchema,
  SimulateRequestSchema,
  SimulationSchema,
  SmartPigSchema,
  smartPigJson,
  simulationJson,
} from './smart-pig-json.ts';

export const SMART_PIG_MESSAGES = {
  needsBigPig: tierRequiredMessage(FEATURE_LABELS.smartPig, 'bigpig'),
} as const;

/**
 * The web app's query keys: under the accounts list's key, so every realtime event that
 * refreshes the accounts refreshes the recommendations too.
 */
export const SMART_PIG_QUERY_KEY = ['me', 'accounts', 'smart-pig'] as const;

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

// The core's fields (ranges, defaults, messages), in an object built after zod-openapi extended zod.
const PreferencesBodySchema = z.strictObject(SmartPigPreferencesSchema.shape).openapi('SmartPigPreferencesInput', {
  example: {
    keepFullFSCSCover: true,
    avoidTeaserRates: true,
    maxNoticeDays: 30,
    maxFixedMonths: 12,
    useISAFirst: true,
  },
});

export type SmartPigOptions = {
  /** False: every request reads and runs the engine (the oracle the kept answers are held to). Default true. */
  keepAnswers?: boolean;
};

export function smartPigRoutes(deps: Deps, { keepAnswers = true }: SmartPigOptions = {}) {
  const app = createRouter();
  // The answer as sent, kept per user while nothing it reads has changed (ADR 0039).
  const kept = keptAnswers(keepAnswers);
  const forbidden = { description: 'FORBIDDEN: the plan has no Smart Pig' };

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      frame: 'on-demand',
      path: '/api/smart-pig',
      summary: "The signed-in user's Smart Pig: metric cards and recommendations, with their preferences applied",
      description:
        "One run of the engine over all the user's accounts, with today's limit (and an admin's override) and the user's saved preferences. Three statements, sent together, however many accounts; none while nothing the answer reads has changed (the answer kept for the user's data version, read with the session, is sent, for at most a minute). Needs Big Pig (a trial counts).",
      responses: { 200: json(SmartPigSchema, 'Metrics and recommendations'), 403: forbidden },
    }),
    async (c) => {
      const session = sessionOf(c);
      requireFeature(session, 'smartPig', SMART_PIG_MESSAGES.needsBigPig);
      const now = deps.clock.now();
      const today = calendarDateInLondon(now);
      return kept(c, { session, now, today }, async () =>
        smartPigJson(await readsOf(c)((tx) => readSmartPigRows(tx, session.userId, today), { atOnce: true }), today),
      );
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/smart-pig/preferences',
      summary: "The signed-in user's Smart Pig preferences (the spec's defaults until they save their own)",
      responses: { 200: json(PreferencesResponseSchema, 'The preferences'), 403: forbidden },
    }),
    async (c) => {
      const session = sessionOf(c);
      requireFeature(session, 'smartPig', SMART_PIG_MESSAGES.needsBigPig);
      return c.json({ preferences: await readPreferences(txOf(c), session.userId) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'put',
      path: '/api/smart-pig/preferences',
      summary: "Saves the signed-in user's Smart Pig preferences; an omitted one takes its default",
      description:
        'Notice 0–95 days and fixed term 0–60 months, whole numbers; unknown fields are refused (400 with the field and a message).',
      request: { body: { content: { 'application/json': { schema: PreferencesBodySchema } }, required: true } },
      responses: { 200: json(PreferencesResponseSchema, 'The preferences as saved'), 403: forbidden },
    }),
    async (c) => {
      const session = sessionOf(c);
      requireFeature(session, 'smartPig', SMART_PIG_MESSAGES.needsBigPig);
      const tx = txOf(c);
      const preferences = c.req.valid('json');
      await savePreferences(tx, session.userId, preferences, deps.clock.now());
      await publish(tx, {
        type: 'smart-pig.preferences-changed',
        userId: session.userId,
        invalidate: [[...SMART_PIG_QUERY_KEY]],
      });
      return c.json({ preferences }, 200);
    },
    // The core validator's messages (a field's range, an unknown preference) rather than zod's.
    (result) => {
      if (result.success) return;
      // zod-validator hands the hook the body it checked as `data` (its types leave it out).
      const checked = validatePreferences((result as { data?: unknown }).data);
      const issues = checked.ok ? [] : checked.issues;
      const first = issues[0];
      throw new AppError('VALIDATION_FAILED', first?.message ?? 'Invalid preferences', {
        field: first?.field || undefined,
        issues: issues.map((i) => ({ path: i.field, message: i.message })),
      });
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/smart-pig/simulate',
      summary: 'What adding money to one of the user’s accounts (or moving it from another) would do; saves nothing',
      description:
        'The exposure per licence before and after, the badge, the alerts and a year’s interest change. The amount must be whole pence, more than 0 (400); the accounts must be the user’s (404).',
      request: { body: { content: { 'application/json': { schema: SimulateRequestSchema } }, required: true } },
      responses: {
        200: json(SimulationSchema, 'The what-if'),
        403: forbidden,
        404: { description: 'NOT_FOUND: no such account of the user' },
      },
    }),
    async (c) => {
      const session = sessionOf(c);
      requireFeature(session, 'smartPig', SMART_PIG_MESSAGES.needsBigPig);
      const today = calendarDateInLondon(deps.clock.now());
      const body = c.req.valid('json');
      const rows = await readSmartPigRows(txOf(c), session.userId, today);
      const result = simulateDeposit(
        rows.accounts,
        { accountId: body.accountId, amountPence: body.amountPence, fromAccountId: body.fromAccountId ?? null },
        today,
        rows.override ?? undefined,
      );
      if (!result.ok) {
        const message = SIMULATION_MESSAGES[result.reason];
        if (result.reason === 'account-not-found' || result.reason === 'source-not-found')
          throw new AppError('NOT_FOUND', message);
        throw new AppError('VALIDATION_FAILED', message, {
          field: result.reason === 'same-account' ? 'fromAccountId' : 'amountPence',
        });
      }
      return c.json(simulationJson(result), 200);
    },
  );

  return app;
}
