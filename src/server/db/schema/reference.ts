// UK reference data (001 §3, 002 §3): banking groups (one per PRA-authorised firm), bank
// references (brands), ISA and pension providers, platform partner banks and dated limits.
// Loaded from data/reference/ on start (src/server/reference/loader.ts); everyone reads,
// only an admin request writes. See docs/reference-data.md for how each field is filled.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgPolicy,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { appUser } from './policies.ts';
import { user } from './auth.ts';

const isAdmin = sql`current_setting('app.is_admin', true) = 'true'`;

/** Public reference rows: any request may read, only an admin request may change. */
function readAllAdminWritePolicies(name: string) {
  return [
    pgPolicy(`${name}_read_all`, { for: 'select', to: appUser, using: sql`true` }),
    pgPolicy(`${name}_admin_all`, { for: 'all', to: appUser, using: isAdmin, withCheck: isAdmin }),
  ];
}

/**
 * What every loaded row carries: the spec's metadata fields, and the loader's bookkeeping.
 * `loaded_data` is the record as the data file last gave it; `admin_edited_at` is set when an
 * admin changes the row, after which a changed file becomes a review item instead of an update.
 */
const metadata = {
  updatedFlag: boolean('updated_flag').notNull().default(false),
  comments: text('comments'),
  sources: text('sources').array().notNull().default(sql`'{}'::text[]`),
  userMessage: text('user_message'),
  displayToUser: boolean('display_to_user').notNull().default(true),
  warnUserLevel: text('warn_user_level').notNull().default('low'),
  ruleVersion: text('rule_version').notNull().default('1.0'),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  confidenceScore: integer('confidence_score').notNull().default(100),
  isActive: boolean('is_active').notNull().default(true),
  loadedData: jsonb('loaded_data').notNull(),
  adminEditedAt: timestamp('admin_edited_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The spec's banking group: one PRA-authorised firm (FRN), or a synthetic 'ISA Provider Group'. */
export const bankingGroups = pgTable(
  'banking_groups',
  {
    id: text('id').primaryKey(),
    groupName: text('group_name').notNull(),
    legalName: text('legal_name').notNull(),
    nameNote: text('name_note'),
    groupFrn: text('group_frn'),
    /** The data's corporate group: informational only, never used to add up exposure. */
    parentGroup: text('parent_group'),
    type: text('type').notNull(),
    isDepositTaker: boolean('is_deposit_taker').notNull(),
    fscsProtected: boolean('fscs_protected').notNull(),
    protectionBasis: text('protection_basis').notNull(),
    /** The limit read on the day (limits table); the spec's total_protection_limit is never stored. */
    protectionLimitKey: text('protection_limit_key'),
    registerSection: text('register_section'),
    inBoeSharedBrandsList: boolean('in_boe_shared_brands_list').notNull().default(false),
    sourceAsAt: jsonb('source_as_at').notNull().default({}),
    ...metadata,
  },
  (t) => [index('banking_groups_frn_idx').on(t.groupFrn), ...readAllAdminWritePolicies('banking_groups')],
).enableRLS();

/** The spec's bank reference: one brand under one licence. */
export const bankReferences = pgTable(
  'bank_references',
  {
    /** UUID derived from `reference_key`, so the same brand has the same id on every machine. */
    id: uuid('id').primaryKey(),
    referenceKey: text('reference_key').notNull().unique(),
    bankName: text('bank_name').notNull(),
    nameAsListed: text('name_as_listed').notNull(),
    nameNote: text('name_note'),
    alternativeNames: text('alternative_names').array().notNull().default(sql`'{}'::text[]`),
    bankingGroupId: text('banking_group_id')
      .notNull()
      .references(() => bankingGroups.id),
    bankingGroupName: text('banking_group_name').notNull(),
    bankFrn: text('bank_frn'),
    bankGroupFrn: text('bank_group_frn'),
    type: text('type').notNull(),
    fscsProtected: boolean('fscs_protected').notNull(),
    protectionBasis: text('protection_basis').notNull(),
    isCrownDependency: boolean('is_crown_dependency').notNull().default(false),
    isAmbiguous: boolean('is_ambiguous').notNull().default(false),
    alsoListedUnderFrns: text('also_listed_under_frns').array().notNull().default(sql`'{}'::text[]`),
    websiteUrl: text('website_url'),
    apiSource: text('api_source'),
    lastUpdated: date('last_updated'),
    /** Brand, legal, alternative and everyday names in search form (bank-search.ts), for the picker's substring search. */
    searchText: text('search_text').notNull(),
    /** The brand's name in search form (bank-search.ts), so ranking a search lower-cases nothing. */
    searchName: text('search_name').notNull().default(''),
    /**
     * An everyday brand's names people type, in search form between '|' ('|lloyds bank|lloyds|'),
     * null for other brands: the search ranks a brand whose everyday name is or starts with the
     * search first (src/core/reference-data/bank-search.ts).
     */
    everydaySearch: text('everyday_search'),
    ...metadata,
  },
  (t) => [
    index('bank_references_active_name_idx').on(t.bankName).where(sql`is_active`),
    index('bank_references_group_idx').on(t.bankingGroupId),
    ...readAllAdminWritePolicies('bank_references'),
  ],
).enableRLS();

export const isaProviders = pgTable(
  'isa_providers',
  {
    /** HMRC ISA manager reference (Z1234). */
    id: text('id').primaryKey(),
    platformName: text('platform_name').notNull(),
    legalName: text('legal_name').notNull(),
    fcaReference: text('fca_reference'),
    bankingGroupId: text('banking_group_id').references(() => bankingGroups.id),
    bankingGroupName: text('banking_group_name'),
    bankingGroupFrn: text('banking_group_frn'),
    fscsCategory: text('fscs_category').notNull(),
    isaTypes: text('isa_types').array().notNull(),
    protectionBasis: text('protection_basis').notNull(),
    protectionLimitKey: text('protection_limit_key'),
    websiteUrl: text('website_url'),
    sourceAsAt: date('source_as_at'),
    ...metadata,
  },
  (t) => [
    index('isa_providers_active_name_idx').on(t.platformName).where(sql`is_active`),
    ...readAllAdminWritePolicies('isa_providers'),
  ],
).enableRLS();

export const pensionProviders = pgTable(
  'pension_providers',
  {
    id: text('id').primaryKey(),
    providerDisplayName: text('provider_display_name').notNull(),
    legalEntityName: text('legal_entity_name').notNull(),
    legalEntityNote: text('legal_entity_note'),
    legalEntityRole: text('legal_entity_role'),
    regulator: text('regulator').notNull(),
    frn: text('frn'),
    frnStatus: text('frn_status'),
    bankingGroupName: text('banking_group_name'),
    bankingGroupFrn: text('banking_group_frn'),
    category: text('category').notNull(),
    coverageTag: text('coverage_tag').notNull(),
    typicalSchemeType: text('typical_scheme_type'),
    protectionBasis: text('protection_basis').notNull(),
    protectionLimitKey: text('protection_limit_key'),
    displayMessage: text('display_message'),
    asAt: text('as_at'),
    ...metadata,
  },
  () => readAllAdminWritePolicies('pension_providers'),
).enableRLS();

/** Banks a platform places cash with (the data's sample of published partner lists). */
export const platformPartnerBanks = pgTable(
  'platform_partner_banks',
  {
    platform: text('platform').notNull(),
    partnerNameAsListed: text('partner_name_as_listed').notNull(),
    platformGroupId: text('platform_group_id')
      .notNull()
      .references(() => bankingGroups.id),
    /** Null when the research could not match the name to one FRN. */
    partnerGroupId: text('partner_group_id').references(() => bankingGroups.id),
    frn: text('frn'),
    matchConfidence: text('match_confidence').notNull(),
    observedDate: date('observed_date').notNull(),
    source: text('source').notNull(),
    notes: text('notes'),
  },
  (t) => [
    primaryKey({ columns: [t.platform, t.partnerNameAsListed] }),
    ...readAllAdminWritePolicies('platform_partner_banks'),
  ],
).enableRLS();

/** Protection limits with the date each took effect (PRA policy statements), in pence. */
export const protectionLimits = pgTable(
  'protection_limits',
  {
    limitKey: text('limit_key').notNull(),
    effectiveFrom: date('effective_from').notNull(),
    amountPence: bigint('amount_pence', { mode: 'number' }),
    appliesPer: text('applies_per').notNull(),
    source: text('source').notNull(),
    confidence: text('confidence').notNull(),
    notes: text('notes'),
  },
  (t) => [primaryKey({ columns: [t.limitKey, t.effectiveFrom] }), ...readAllAdminWritePolicies('protection_limits')],
).enableRLS();

/** The spec's app settings (key/value); `fscs_protection` is an admin's override, never seeded. */
export const appSettings = pgTable(
  'app_settings',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    /** The admin who last changed it (no foreign key: the setting outlives the account). */
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => readAllAdminWritePolicies('app_settings'),
).enableRLS();

/** The spec's admin review queue (002 §3); the loader adds items for admin-edited rows a new file would change. */
export const adminReviewItems = pgTable(
  'admin_review_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    itemType: text('item_type').notNull(),
    priority: text('priority', { enum: ['low', 'medium', 'high', 'critical'] })
      .notNull()
      .default('medium'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    suggestedAction: text('suggested_action'),
    currentData: jsonb('current_data'),
    resolutionNotes: text('resolution_notes'),
    /** One item per change: the same file loaded twice does not queue the same difference twice. */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('admin_review_items_created_idx').on(t.createdAt),
    pgPolicy('admin_review_items_admin_all', { for: 'all', to: appUser, using: isAdmin, withCheck: isAdmin }),
  ],
).enableRLS();

/** One row per load of data/reference/: the content hash lets a start with unchanged files skip the work. */
export const referenceDataLoads = pgTable('reference_data_loads', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  contentHash: text('content_hash').notNull(),
  counts: jsonb('counts').notNull(),
  reviewItems: integer('review_items').notNull().default(0),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One run of the banking data importer (issue 27): who ran it, from which source, and what it
 * did per tab. A preview writes nothing, so it has no row.
 */
export const referenceImportRuns = pgTable(
  'reference_import_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startedBy: text('started_by').references(() => user.id, { onDelete: 'set null' }),
    /** 'google_sheets' | 'xlsx' | 'csv' */
    source: text('source').notNull(),
    /** The uploaded file's name or the spreadsheet's id. */
    sourceName: text('source_name'),
    /** 'sync' | 'clear' | 'fresh' */
    mode: text('mode').notNull(),
    tabs: text('tabs').array().notNull(),
    /** 'succeeded' | 'failed' */
    status: text('status').notNull(),
    /** Per tab: processed, inserted, updated, unchanged, review, invalid, groups updated. */
    results: jsonb('results').notNull(),
    errors: jsonb('errors').notNull().default([]),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('reference_import_runs_started_idx').on(t.startedAt),
    pgPolicy('reference_import_runs_admin_all', { for: 'all', to: appUser, using: isAdmin, withCheck: isAdmin }),
  ],
).enableRLS();

/** Every change an import or an approved review item made to a reference row, with the row before and after. */
export const referenceChangeAudit = pgTable(
  'reference_change_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id').references(() => referenceImportRuns.id, { onDelete: 'set null' }),
    reviewItemId: uuid('review_item_id').references(() => adminReviewItems.id, { onDelete: 'set null' }),
    tableName: text('table_name').notNull(),
    rowId: text('row_id').notNull(),
    /** 'insert' | 'update' | 'deactivate' */
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    changedBy: text('changed_by').references(() => user.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reference_change_audit_row_idx').on(t.tableName, t.rowId, t.changedAt),
    index('reference_change_audit_run_idx').on(t.runId),
    pgPolicy('reference_change_audit_admin_all', { for: 'all', to: appUser, using: isAdmin, withCheck: isAdmin }),
  ],
).enableRLS();
