import { CONSENT_CHANGE_SOURCES, CONSENT_VERSION } from '../../core/consent/consent.ts';
import { throttleRefusal } from '../http/throttle.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { enqueueConsentSync } from '../crm/enqueue.ts';
import { countRecentChanges, findCurrentConsent, listConsentChanges, recordConsentChange } from './queries.ts';

const flag = (name: string) => z.boolean(`${name} must be true or false`);

export const ConsentBodySchema = z
  .strictObject({
    consent: z.strictObject(
      {
        essential: z.literal(true, 'Essential cookies cannot be disabled'),
        functional: flag('functional'),
        analytics: flag('analytics'),
        marketing: flag('marketing'),
        version: z.literal(CONSENT_VERSION, `Unsupported consent version: the current version is ${CONSENT_VERSION}`),
        timestamp: z.iso.datetime({ offset: true, message: 'timestamp must be an ISO 8601 date and time' }),
      },
      'consent is required',
    ),
    dnt: z.boolean('dnt must be true or false'),
    source: z
      .enum(CONSENT_CHANGE_SOURCES, `source must be one of ${CONSENT_CHANGE_SOURCES.join(', ')}`)
      .default('preferences'),
  })
  .refine((body) => !body.dnt || (!body.consent.analytics && !body.consent.marketing), {
    message: 'Analytics and marketing cookies stay off while Do Not Track is on',
    path: ['consent'],
  })
  .openapi('ConsentUpdate');

const PreferencesSchema = z
  .object({
    version: z.string(),
    timestamp: z.string(),
    essential: z.boolean(),
    analytics: z.boolean(),
    functional: z.boolean(),
    marketing: z.boolean(),
  })
  .openapi('ConsentPreferences');

const ConsentStateSchema = z
  .object({ preferences: PreferencesSchema.nullable(), dnt: z.boolean() })
  .openapi('ConsentState');

const ConsentChangeSchema = z
  .object({
    id: z.number(),
    consentData: PreferencesSchema.extend({ dntRespected: z.boolean() }),
    changeSource: z.string(),
    syncStatus: z.enum(['pending', 'completed', 'failed']),
    createdAt: z.string(),
    syncedAt: z.string().nullable(),
  })
  .openapi('ConsentChange');

const ScriptsSchema = z
  .object({ analytics: z.string().nullable(), marketing: z.string().nullable() })
  .openapi('ConsentScripts');

/** A person does not make this many cookie choices; a client that does is stopped before it fills the log. */
export const MAX_CONSENT_CHANGES_PER_HOUR = 60;
const HISTORY_LIMIT = 100;

/**
 * The spec's cookie-consent-manager for signed-in users: GET their stored choice, POST a change
 * (one `consent_audit_log` row per change, in the request transaction under row-level security);
 * the history of their own changes; and, for anyone, which optional scripts a choice would load.
 */
export function consentRoutes(deps: Deps) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/consent',
      summary: "The signed-in user's stored cookie choice, if any, and whether it was made under Do Not Track",
      responses: {
        200: { description: 'Stored choice', content: { 'application/json': { schema: ConsentStateSchema } } },
      },
    }),
    async (c) => {
      const current = await findCurrentConsent(txOf(c), sessionOf(c).userId);
      if (!current) return c.json({ preferences: null, dnt: false }, 200);
      const { dntRespected, ...preferences } = current;
      return c.json({ preferences, dnt: dntRespected }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/consent',
      summary: "Record a change of the signed-in user's cookie choice",
      request: { body: { content: { 'application/json': { schema: ConsentBodySchema } }, required: true } },
      responses: {
        200: {
          description: 'Saved (recorded is false when it repeats the last change)',
          content: { 'application/json': { schema: z.object({ success: z.literal(true), recorded: z.boolean() }) } },
        },
        429: { description: 'Too many changes in the last hour' },
      },
    }),
    async (c) => {
      const { userId, email } = sessionOf(c);
      const { consent, dnt, source } = c.req.valid('json');
      const tx = txOf(c);
      const recent = await countRecentChanges(tx, userId, 3600);
      if (recent.count >= MAX_CONSENT_CHANGES_PER_HOUR) {
        throw throttleRefusal('RATE_LIMITED', 'Too many requests. Please wait before trying again', recent);
      }
      const { recorded, id } = await recordConsentChange(tx, {
        userId,
        record: { ...consent, dntRespected: dnt },
        source,
      });
      // The CRM hears of the change in the same transaction; the audit row's sync status follows (ADR 0063).
      if (recorded && id !== undefined)
        await enqueueConsentSync(deps.crm, tx, { userId, email, consentAuditId: id, consent });
      return c.json({ success: true as const, recorded }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/consent/history',
      summary: "The signed-in user's own cookie choice changes, newest first",
      responses: {
        200: {
          description: 'Changes',
          content: { 'application/json': { schema: z.object({ changes: z.array(ConsentChangeSchema) }) } },
        },
      },
    }),
    async (c) => {
      const rows = await listConsentChanges(txOf(c), sessionOf(c).userId, HISTORY_LIMIT);
      const changes = rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        syncedAt: row.syncedAt?.toISOString() ?? null,
      }));
      return c.json({ changes }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'get',
      path: '/api/consent/scripts',
      summary:
        'The optional analytics and marketing scripts, which the web app loads only after consent to their category',
      responses: {
        200: {
          description: 'Script addresses (null when none is configured)',
          content: { 'application/json': { schema: ScriptsSchema } },
        },
      },
    }),
    (c) =>
      c.json(
        { analytics: deps.config.ANALYTICS_SCRIPT_URL ?? null, marketing: deps.config.MARKETING_SCRIPT_URL ?? null },
        200,
      ),
  );

  return app;
}

/** Origins the content security policy must allow for the configured consent-gated scripts. */
export function consentScriptOrigins(config: Deps['config']): string[] {
  return [config.ANALYTICS_SCRIPT_URL, config.MARKETING_SCRIPT_URL]
    .filter((url): url is string => Boolean(url))
    .map((url) => new URL(url).origin);
}
