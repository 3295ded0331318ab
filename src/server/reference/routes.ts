/**
 * Public reference data for the pickers and the checker (no sign-in: it is public law and public
 * registers), and the admin's deposit-limit override (the spec's `fscs_protection` setting).
 */
import { eq, sql } from 'drizzle-orm';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { limitsOn } from '../../core/protection/limits.ts';
import { ISA_TYPES } from '../../core/reference-data/records.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { appSettings } from '../db/schema/index.ts';
import {
  FSCS_PROTECTION_SETTING,
  banksById,
  depositLimitOverride,
  listPensionProviders,
  searchBanks,
  searchIsaProviders,
} from './queries.ts';

const MAX_IDS = 50;
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const searchText = z.string().max(100, 'Search text must be 100 characters or fewer').optional();

const BankOptionSchema = z
  .object({
    id: z.string(),
    bankName: z.string(),
    legalName: z.string(),
    frn: z.string().nullable(),
    bankingGroupId: z.string(),
    type: z.string(),
    protectionBasis: z.string(),
    isCrownDependency: z.boolean(),
    isAmbiguous: z.boolean(),
    userMessage: z.string().nullable(),
  })
  .openapi('BankOption');

const IsaProviderOptionSchema = z
  .object({
    id: z.string(),
    platformName: z.string(),
    legalName: z.string(),
    fcaReference: z.string().nullable(),
    isaTypes: z.array(z.string()),
    fscsCategory: z.string(),
    bankingGroupName: z.string().nullable(),
    bankingGroupFrn: z.string().nullable(),
    protectionBasis: z.string(),
    userMessage: z.string().nullable(),
    warnUserLevel: z.string(),
  })
  .openapi('IsaProviderOption');

const PensionProviderOptionSchema = z
  .object({
    id: z.string(),
    providerDisplayName: z.string(),
    legalEntityName: z.string(),
    regulator: z.string(),
    frn: z.string().nullable(),
    category: z.string(),
    coverageTag: z.string(),
    userMessage: z.string().nullable(),
    warnUserLevel: z.string(),
    confidenceScore: z.number().int().openapi({ description: 'Under 80 the pension form warns (001 §5)' }),
  })
  .openapi('PensionProviderOption');

const AppliedLimitSchema = z.object({
  amountPence: z.number().int(),
  effectiveFrom: z.string(),
  isOverride: z.boolean(),
});
const LimitsSchema = z
  .object({
    date: z.string(),
    limits: z.object({
      date: z.string(),
      deposit: AppliedLimitSchema,
      temporaryHighBalance: AppliedLimitSchema,
      investment: AppliedLimitSchema,
    }),
    override: z
      .object({
        depositPence: z.number().int(),
        setOn: z.string().optional().openapi({ description: 'The UK date the override was set (yyyy-MM-dd)' }),
      })
      .nullable(),
  })
  .openapi('ProtectionLimits');

const OverrideSchema = z
  .strictObject({
    limit: z
      .number('The limit must be a whole number of pounds')
      .int('The limit must be a whole number of pounds')
      .min(1, 'The limit must be at least £1')
      .max(10_000_000, 'The limit must be £10,000,000 or less'),
  })
  .openapi('FscsProtectionOverride');

const OverrideStateSchema = z
  .object({ limit: z.number().int().nullable(), updatedAt: z.string().nullable() })
  .openapi('FscsProtectionOverrideState');

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

// Public lists change only when an admin edits them or the data files change.
const PUBLIC_CACHE = 'public, max-age=60';

export function referenceRoutes(deps: Deps) {
  const app = createRouter();
  const db = deps.database.db;

  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'get',
      path: '/api/reference/banks',
      summary:
        'Search active banks and building societies by brand, legal or other name (at most 20), or fetch some by id',
      request: {
        query: z.object({
          q: searchText,
          excludePlatforms: z.enum(['true', 'false'], 'excludePlatforms must be true or false').optional(),
          ids: z
            .string()
            .optional()
            .refine(
              (v) => v === undefined || v.split(',').every((id) => uuidShape.test(id)),
              'ids must be bank ids separated by commas',
            )
            .refine((v) => v === undefined || v.split(',').length <= MAX_IDS, `At most ${MAX_IDS} ids at a time`),
        }),
      },
      responses: { 200: json(z.object({ banks: z.array(BankOptionSchema) }), 'Matching banks, by name') },
    }),
    async (c) => {
      const { q, excludePlatforms, ids } = c.req.valid('query');
      const banks = ids
        ? await banksById(db, [...new Set(ids.split(','))])
        : await searchBanks(db, { q, excludePlatforms: excludePlatforms === 'true' });
      c.header('Cache-Control', PUBLIC_CACHE);
      return c.json({ banks }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'get',
      path: '/api/reference/isa-providers',
      summary: 'Search active ISA managers by name (at most 10), optionally offering an ISA type',
      request: {
        query: z.object({
          q: searchText,
          isaType: z.enum(ISA_TYPES, `isaType must be one of ${ISA_TYPES.join(', ')}`).optional(),
        }),
      },
      responses: {
        200: json(z.object({ providers: z.array(IsaProviderOptionSchema) }), 'Matching ISA managers, by name'),
      },
    }),
    async (c) => {
      const providers = await searchIsaProviders(db, c.req.valid('query'));
      c.header('Cache-Control', PUBLIC_CACHE);
      return c.json({ providers }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'get',
      path: '/api/reference/pension-providers',
      summary: 'Active pension providers by display name, optionally filtered by name',
      request: { query: z.object({ q: searchText }) },
      responses: {
        200: json(z.object({ providers: z.array(PensionProviderOptionSchema) }), 'Pension providers, by name'),
      },
    }),
    async (c) => {
      const providers = await listPensionProviders(db, c.req.valid('query'));
      c.header('Cache-Control', PUBLIC_CACHE);
      return c.json({ providers }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'get',
      path: '/api/reference/limits',
      summary: "The protection limits in force today (UK date), with an admin's deposit limit override applied",
      responses: { 200: json(LimitsSchema, 'Limits in pence, each with the date it took effect') },
    }),
    async (c) => {
      const date = calendarDateInLondon(deps.clock.now());
      const override = await depositLimitOverride(db);
      c.header('Cache-Control', 'no-cache');
      return c.json({ date, limits: limitsOn(date, override ?? undefined), override }, 200);
    },
  );

  const overridePath = '/api/admin/settings/fscs-protection';
  const overrideState = async (c: Parameters<typeof txOf>[0]) => {
    const [row] = await txOf(c).select().from(appSettings).where(eq(appSettings.key, FSCS_PROTECTION_SETTING));
    const limit = (row?.value as { limit?: number } | undefined)?.limit ?? null;
    return { limit, updatedAt: row?.updatedAt.toISOString() ?? null };
  };

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: overridePath,
      summary: "The admin's deposit limit override in whole pounds (null: the law's figure applies)",
      responses: { 200: json(OverrideStateSchema, 'The override') },
    }),
    async (c) => c.json(await overrideState(c), 200),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'put',
      path: overridePath,
      summary: "Override today's deposit limit (whole pounds); older dates keep the law's figures",
      request: { body: { content: { 'application/json': { schema: OverrideSchema } }, required: true } },
      responses: { 200: json(OverrideStateSchema, 'The override now in force') },
    }),
    async (c) => {
      const { limit } = c.req.valid('json');
      // The day it was set: the override is in force from then, never "since" the law's date.
      const value = { limit, setOn: calendarDateInLondon(deps.clock.now()) };
      await txOf(c)
        .insert(appSettings)
        .values({ key: FSCS_PROTECTION_SETTING, value, updatedBy: sessionOf(c).userId })
        .onConflictDoUpdate({
          target: appSettings.key,
          set: { value, updatedBy: sessionOf(c).userId, updatedAt: sql`now()` },
        });
      return c.json(await overrideState(c), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'delete',
      path: overridePath,
      summary: "Remove the override: the law's deposit limit applies again",
      responses: { 200: json(OverrideStateSchema, 'No override') },
    }),
    async (c) => {
      await txOf(c).delete(appSettings).where(eq(appSettings.key, FSCS_PROTECTION_SETTING));
      return c.json(await overrideState(c), 200);
    },
  );

  return app;
}
