/**
 * The banking data admin screen's API (002 §2 "Banking data admin screen", issue 27), admins only:
 * the four reference tables as paged, searchable lists (groups with their brands and ISA platforms,
 * Shared and Updated markers, the last sync time), and an admin's edit of one row by hand.
 *
 * An edit runs in the admin's request transaction, so the reference tables' trigger stamps
 * `admin_edited_at` (drizzle/0040): a later import that would change the row queues a review item
 * instead of overwriting it. The same statement bumps the reference data version, so savers'
 * searches and dashboard answers follow at once. Fields an admin may correct, per table:
 * - groups: name, legal name, FRN, name note, comments, user message, display to user, warn level, confidence
 * - banks: name, FRN, licence (`bankingGroupId`, which must exist), name note, website, comments,
 *   user message, display to user, warn level, confidence
 * - isas: name, legal name, FCA reference, website, comments, user message, display to user, warn level, confidence
 * - pensions: name, legal entity, FRN, comments, user message, display to user, warn level, confidence
 * What a row is (its type, protection basis, category) and whether it is active stay the source's:
 * those change who is covered by what, and go through an import and the review queue.
 */
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { bankSearchText, searchForm } from '../../core/reference-data/bank-search.ts';
import { WARN_USER_LEVELS } from '../../core/reference-data/import/provider-rows.ts';
import type { AppDb, Tx } from '../db/client.ts';
import {
  bankReferences,
  bankingGroups,
  isaProviders,
  pensionProviders,
  referenceChangeAudit,
  referenceDataLoads,
  referenceImportRuns,
} from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';

export const BANK_DATA_TABS = ['groups', 'banks', 'isas', 'pensions'] as const;
export type BankDataTab = (typeof BANK_DATA_TABS)[number];
export const BANK_DATA_PAGE_SIZE = 50;

const TABLE_NAMES = {
  groups: 'banking_groups',
  banks: 'bank_references',
  isas: 'isa_providers',
  pensions: 'pension_providers',
} as const satisfies Record<BankDataTab, string>;

export const BANK_DATA_MESSAGES = {
  tab: `tab must be one of ${BANK_DATA_TABS.join(', ')}`,
  table: `table must be one of ${BANK_DATA_TABS.join(', ')}`,
  q: 'Search text must be 100 characters or fewer',
  page: 'page must be a whole number from 1',
  notFound: 'No such row in the banking data',
  nothing: 'Change at least one field',
  name: 'Name is required',
  nameLength: 'Name must be 200 characters or fewer',
  legalName: 'Legal name is required',
  frn: 'FRN must be 6 or 7 digits',
  text: 'Text must be 2,000 characters or fewer',
  website: 'Website must be a web address starting https:// or http://',
  warn: `Warn level must be one of ${WARN_USER_LEVELS.join(', ')}`,
  confidence: 'Confidence must be a whole number from 0 to 100',
  displayToUser: 'Display to user must be true or false',
  licence: 'Choose the banking group (licence) by its id',
  unknownLicence: 'No banking group with that id',
  notEditable: (field: string, tab: BankDataTab) => `${field} cannot be changed on ${TAB_NOUN[tab]}`,
} as const;

const TAB_NOUN: Record<BankDataTab, string> = {
  groups: 'a banking group',
  banks: 'a bank',
  isas: 'an ISA platform',
  pensions: 'a pension provider',
};

// ---- The lists ------------------------------------------------------------------------------

/** Each row's id in the audit trail's text form. */
const idText = (column: SQL | unknown) => sql`${column}::text`;

/** The last succeeded import's run: the rows it changed are "updated" until the next one. */
const lastRunId = sql`(select ${referenceImportRuns.id} from ${referenceImportRuns}
  where ${referenceImportRuns.status} = 'succeeded'
  order by ${referenceImportRuns.finishedAt} desc nulls last limit 1)`;

/**
 * Updated: the source flags the row, an admin edited it since the last import, or the last import
 * changed it (its audit rows).
 */
function isUpdated(table: string, flag: unknown, editedAt: unknown, id: unknown): SQL<boolean> {
  return sql<boolean>`(${flag} or ${editedAt} is not null or exists (
    select 1 from ${referenceChangeAudit} a
    where a.run_id = ${lastRunId} and a.table_name = ${table} and a.row_id = ${idText(id)}))`;
}

/** A case- and apostrophe-blind substring of any of `columns` (strpos: `%` and `_` need no escaping). */
function matches(needle: string, columns: unknown[]): SQL {
  return or(...columns.map((column) => sql`strpos(lower(coalesce(${column}, '')), ${needle}) > 0`))!;
}

/** The columns every tab lists after its own: the spec's metadata, the Updated marker and the search's size. */
const metadataOf = (
  table: (typeof TABLE_NAMES)[BankDataTab],
  t: typeof bankingGroups | typeof bankReferences | typeof isaProviders | typeof pensionProviders,
) => ({
  comments: t.comments,
  userMessage: t.userMessage,
  displayToUser: t.displayToUser,
  warnUserLevel: t.warnUserLevel,
  confidenceScore: t.confidenceScore,
  isActive: t.isActive,
  updatedFlag: t.updatedFlag,
  adminEditedAt: t.adminEditedAt,
  isUpdated: isUpdated(table, t.updatedFlag, t.adminEditedAt, t.id),
  total: sql<number>`count(*) over ()`.mapWith(Number),
});

/** One row by id (the edit's answer), or the rows whose `columns` hold the search. */
function whereOf(idColumn: unknown, { q, id }: ListInput, columns: unknown[], alsoMatching?: (needle: string) => SQL) {
  const needle = searchForm(q);
  const conditions: SQL[] = [];
  if (id !== undefined) conditions.push(sql`${idColumn} = ${id}`);
  if (needle !== '') conditions.push(or(matches(needle, columns), alsoMatching?.(needle))!);
  return and(...conditions);
}

type ListInput = { q: string; page: number; id?: string };

const offsetOf = (page: number) => (page - 1) * BANK_DATA_PAGE_SIZE;

async function listGroups(db: AppDb | Tx, input: ListInput) {
  const g = bankingGroups;
  // A brand's name or FRN finds its licence: admins know brands.
  const where = whereOf(
    g.id,
    input,
    [g.groupName, g.legalName, g.groupFrn],
    (needle) =>
      sql`exists (select 1 from ${bankReferences} b where b.banking_group_id = banking_groups.id
      and (strpos(lower(b.bank_name), ${needle}) > 0 or strpos(coalesce(b.bank_frn, ''), ${needle}) > 0))`,
  );
  const brandUpdated = isUpdated('bank_references', sql`b.updated_flag`, sql`b.admin_edited_at`, sql`b.id`);
  const isaUpdated = isUpdated('isa_providers', sql`i.updated_flag`, sql`i.admin_edited_at`, sql`i.id`);
  const rows = await db
    .select({
      id: g.id,
      name: g.groupName,
      legalName: g.legalName,
      frn: g.groupFrn,
      nameNote: g.nameNote,
      type: g.type,
      protectionBasis: g.protectionBasis,
      inBoeSharedBrandsList: g.inBoeSharedBrandsList,
      ...metadataOf('banking_groups', g),
      brands: sql<GroupMember[]>`(select coalesce(jsonb_agg(jsonb_build_object(
            'id', b.id, 'name', b.bank_name, 'frn', b.bank_frn, 'isActive', b.is_active, 'isUpdated', ${brandUpdated}
          ) order by b.bank_name), '[]'::jsonb) from ${bankReferences} b where b.banking_group_id = banking_groups.id)`,
      isaPlatforms: sql<GroupMember[]>`(select coalesce(jsonb_agg(jsonb_build_object(
            'id', i.id, 'name', i.platform_name, 'frn', i.fca_reference, 'isActive', i.is_active, 'isUpdated', ${isaUpdated}
          ) order by i.platform_name), '[]'::jsonb) from ${isaProviders} i where i.banking_group_id = banking_groups.id)`,
    })
    .from(g)
    .where(where)
    .orderBy(asc(g.groupName), asc(g.id))
    .limit(BANK_DATA_PAGE_SIZE)
    .offset(offsetOf(input.page));
  return rows.map(({ inBoeSharedBrandsList, brands, isaPlatforms, isUpdated: own, ...row }) => {
    const activeBrands = brands.filter((b) => b.isActive).length;
    return {
      ...row,
      groupId: null,
      groupName: null,
      // One licence, several brands: savers with money in more than one share one limit.
      isShared: inBoeSharedBrandsList || activeBrands > 1,
      isUpdated: own || brands.some((b) => b.isUpdated) || isaPlatforms.some((i) => i.isUpdated),
      brands,
      isaPlatforms,
    };
  });
}

async function listBanks(db: AppDb | Tx, input: ListInput) {
  const b = bankReferences;
  const where = whereOf(b.id, input, [b.bankName, b.bankingGroupName, b.bankFrn, b.bankGroupFrn]);
  return db
    .select({
      id: idText(b.id).mapWith(String),
      name: b.bankName,
      legalName: b.bankingGroupName,
      frn: b.bankFrn,
      nameNote: b.nameNote,
      type: b.type,
      protectionBasis: b.protectionBasis,
      groupId: b.bankingGroupId,
      groupName: b.bankingGroupName,
      websiteUrl: b.websiteUrl,
      ...metadataOf('bank_references', b),
    })
    .from(b)
    .where(where)
    .orderBy(asc(b.bankName), asc(b.bankingGroupName), asc(b.id))
    .limit(BANK_DATA_PAGE_SIZE)
    .offset(offsetOf(input.page));
}

async function listIsas(db: AppDb | Tx, input: ListInput) {
  const i = isaProviders;
  const where = whereOf(i.id, input, [i.platformName, i.legalName, i.fcaReference, i.id, i.bankingGroupFrn]);
  return db
    .select({
      id: i.id,
      name: i.platformName,
      legalName: i.legalName,
      frn: i.fcaReference,
      type: i.fscsCategory,
      protectionBasis: i.protectionBasis,
      groupId: i.bankingGroupId,
      groupName: i.bankingGroupName,
      websiteUrl: i.websiteUrl,
      ...metadataOf('isa_providers', i),
    })
    .from(i)
    .where(where)
    .orderBy(asc(i.platformName), asc(i.id))
    .limit(BANK_DATA_PAGE_SIZE)
    .offset(offsetOf(input.page));
}

async function listPensions(db: AppDb | Tx, input: ListInput) {
  const p = pensionProviders;
  const where = whereOf(p.id, input, [p.providerDisplayName, p.legalEntityName, p.frn]);
  return db
    .select({
      id: p.id,
      name: p.providerDisplayName,
      legalName: p.legalEntityName,
      frn: p.frn,
      type: p.category,
      protectionBasis: p.protectionBasis,
      groupName: p.bankingGroupName,
      ...metadataOf('pension_providers', p),
    })
    .from(p)
    .where(where)
    .orderBy(asc(p.providerDisplayName), asc(p.id))
    .limit(BANK_DATA_PAGE_SIZE)
    .offset(offsetOf(input.page));
}

type GroupMember = { id: string; name: string; frn: string | null; isActive: boolean; isUpdated: boolean };

type ListedRow = {
  id: string;
  name: string;
  legalName: string | null;
  frn: string | null;
  nameNote?: string | null;
  type: string;
  protectionBasis: string;
  groupId?: string | null;
  groupName?: string | null;
  websiteUrl?: string | null;
  comments: string | null;
  userMessage: string | null;
  displayToUser: boolean;
  warnUserLevel: string;
  confidenceScore: number;
  isActive: boolean;
  updatedFlag: boolean;
  adminEditedAt: Date | null;
  isUpdated: boolean;
  isShared?: boolean;
  brands?: GroupMember[];
  isaPlatforms?: GroupMember[];
  total: number;
};

const LISTS: Record<BankDataTab, (db: AppDb | Tx, input: ListInput) => Promise<ListedRow[]>> = {
  groups: listGroups,
  banks: listBanks,
  isas: listIsas,
  pensions: listPensions,
};

/** A listed row as JSON: every tab's rows have one shape, with the fields a tab lacks null. */
function rowJson({ total: _total, adminEditedAt, ...row }: ListedRow) {
  return {
    nameNote: null,
    groupId: null,
    groupName: null,
    websiteUrl: null,
    isShared: false,
    ...row,
    adminEditedAt: adminEditedAt ? new Date(adminEditedAt).toISOString() : null,
  };
}

/**
 * The last sync: the newest of the last succeeded import's finish and the last load of the shipped
 * data files (the loader's row; a load whose files were unchanged writes none). With the tabs'
 * sizes, in one statement as the login role (the loads table is not app_user's).
 */
async function summaryOf(db: AppDb) {
  const [row] = await db
    .select({
      lastImportAt: sql<string | null>`(select max(${referenceImportRuns.finishedAt}) from ${referenceImportRuns}
        where ${referenceImportRuns.status} = 'succeeded')`,
      lastLoadAt: sql<string | null>`(select max(${referenceDataLoads.loadedAt}) from ${referenceDataLoads})`,
      groups: sql<number>`(select count(*) from ${bankingGroups})`.mapWith(Number),
      banks: sql<number>`(select count(*) from ${bankReferences})`.mapWith(Number),
      isas: sql<number>`(select count(*) from ${isaProviders})`.mapWith(Number),
      pensions: sql<number>`(select count(*) from ${pensionProviders})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  const { lastImportAt, lastLoadAt, ...counts } = row!;
  const importAt = lastImportAt ? new Date(lastImportAt) : null;
  const loadAt = lastLoadAt ? new Date(lastLoadAt) : null;
  const latest = importAt && (!loadAt || importAt >= loadAt) ? importAt : loadAt;
  return {
    counts,
    lastSync: latest
      ? { at: latest.toISOString(), source: latest === importAt ? ('import' as const) : ('data-files' as const) }
      : null,
  };
}

// ---- The edit ---------------------------------------------------------------------------------

const optionalText = z.string(BANK_DATA_MESSAGES.text).max(2_000, BANK_DATA_MESSAGES.text).nullable().optional();

/** Notes and messages: blank is none. */
const TEXT_FIELDS = new Set<string>(['nameNote', 'comments', 'userMessage']);

const requiredName = (message: string) =>
  z.string(message).trim().min(1, message).max(200, BANK_DATA_MESSAGES.nameLength).optional();

export const BankDataEditSchema = z
  .strictObject({
    name: requiredName(BANK_DATA_MESSAGES.name),
    legalName: requiredName(BANK_DATA_MESSAGES.legalName),
    frn: z
      .string(BANK_DATA_MESSAGES.frn)
      .trim()
      .regex(/^\d{6,7}$/, BANK_DATA_MESSAGES.frn)
      .nullable()
      .optional()
      .openapi({ description: 'FRN (FCA reference for an ISA platform), 6 or 7 digits; null to clear' }),
    nameNote: optionalText,
    comments: optionalText,
    userMessage: optionalText,
    websiteUrl: z
      .string(BANK_DATA_MESSAGES.website)
      .trim()
      .max(500, BANK_DATA_MESSAGES.website)
      .refine((v) => {
        if (!/^https?:\/\/[^\s]+$/i.test(v)) return false;
        try {
          return Boolean(new URL(v).hostname.includes('.'));
        } catch {
          return false;
        }
      }, BANK_DATA_MESSAGES.website)
      .nullable()
      .optional(),
    displayToUser: z.boolean(BANK_DATA_MESSAGES.displayToUser).optional(),
    warnUserLevel: z.enum(WARN_USER_LEVELS as [string, ...string[]], BANK_DATA_MESSAGES.warn).optional(),
    confidenceScore: z
      .number(BANK_DATA_MESSAGES.confidence)
      .int(BANK_DATA_MESSAGES.confidence)
      .min(0, BANK_DATA_MESSAGES.confidence)
      .max(100, BANK_DATA_MESSAGES.confidence)
      .optional(),
    bankingGroupId: z
      .string(BANK_DATA_MESSAGES.licence)
      .trim()
      .min(1, BANK_DATA_MESSAGES.licence)
      .max(200, BANK_DATA_MESSAGES.licence)
      .optional()
      .openapi({ description: "A bank's licence: the banking group it sits under" }),
  })
  .refine((edit) => Object.values(edit).some((v) => v !== undefined), BANK_DATA_MESSAGES.nothing)
  .openapi('BankDataEdit');

type BankDataEdit = z.infer<typeof BankDataEditSchema>;
type EditField = keyof BankDataEdit;

/** Each table's editable fields, and the column each is. */
const EDITABLE: Record<BankDataTab, Partial<Record<EditField, string>>> = {
  groups: {
    name: 'groupName',
    legalName: 'legalName',
    frn: 'groupFrn',
    nameNote: 'nameNote',
    comments: 'comments',
    userMessage: 'userMessage',
    displayToUser: 'displayToUser',
    warnUserLevel: 'warnUserLevel',
    confidenceScore: 'confidenceScore',
  },
  banks: {
    name: 'bankName',
    frn: 'bankFrn',
    nameNote: 'nameNote',
    websiteUrl: 'websiteUrl',
    comments: 'comments',
    userMessage: 'userMessage',
    displayToUser: 'displayToUser',
    warnUserLevel: 'warnUserLevel',
    confidenceScore: 'confidenceScore',
    bankingGroupId: 'bankingGroupId',
  },
  isas: {
    name: 'platformName',
    legalName: 'legalName',
    frn: 'fcaReference',
    websiteUrl: 'websiteUrl',
    comments: 'comments',
    userMessage: 'userMessage',
    displayToUser: 'displayToUser',
    warnUserLevel: 'warnUserLevel',
    confidenceScore: 'confidenceScore',
  },
  pensions: {
    name: 'providerDisplayName',
    legalName: 'legalEntityName',
    frn: 'frn',
    comments: 'comments',
    userMessage: 'userMessage',
    displayToUser: 'displayToUser',
    warnUserLevel: 'warnUserLevel',
    confidenceScore: 'confidenceScore',
  },
};

const FIELD_LABELS: Record<EditField, string> = {
  name: 'The name',
  legalName: 'The legal name',
  frn: 'The FRN',
  nameNote: 'The name note',
  comments: 'The comments',
  userMessage: 'The user message',
  websiteUrl: 'The website',
  displayToUser: 'Display to user',
  warnUserLevel: 'The warn level',
  confidenceScore: 'The confidence',
  bankingGroupId: 'The licence',
};

const TABLES = {
  groups: bankingGroups,
  banks: bankReferences,
  isas: isaProviders,
  pensions: pensionProviders,
} as const;

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A brand's search columns once its name or licence changed: the saver's picker finds the new names, not the old licence's. */
function brandSearchAfterEdit(
  before: typeof bankReferences.$inferSelect,
  name: string,
  oldGroup: { groupName: string; legalName: string } | null,
  newGroup: { groupName: string; legalName: string } | null,
) {
  const dropped = new Set(oldGroup && newGroup ? [searchForm(oldGroup.groupName), searchForm(oldGroup.legalName)] : []);
  if (name !== before.bankName) dropped.add(searchForm(before.bankName));
  const kept = before.searchText.split(' | ').filter((part) => part !== '' && !dropped.has(part));
  const everyday =
    before.everydaySearch === null
      ? null
      : `|${[...new Set([searchForm(name), ...before.everydaySearch.split('|').filter((n) => n !== '')])].join('|')}|`;
  return {
    searchName: searchForm(name),
    searchText: bankSearchText([name, ...kept, newGroup?.groupName, newGroup?.legalName]),
    everydaySearch: everyday,
  };
}

async function editRow(tx: Tx, tab: BankDataTab, id: string, edit: BankDataEdit, adminId: string) {
  const allowed = EDITABLE[tab];
  for (const [field, value] of Object.entries(edit) as [EditField, unknown][]) {
    if (value !== undefined && !allowed[field])
      throw new AppError('VALIDATION_FAILED', BANK_DATA_MESSAGES.notEditable(FIELD_LABELS[field], tab), { field });
  }
  if (tab === 'banks' && !uuidShape.test(id)) throw new AppError('NOT_FOUND', BANK_DATA_MESSAGES.notFound);
  const table = TABLES[tab];
  const idColumn = (table as typeof bankingGroups).id;
  const [before] = (await tx.select().from(table).where(eq(idColumn, id)).for('update')) as Record<string, unknown>[];
  if (!before) throw new AppError('NOT_FOUND', BANK_DATA_MESSAGES.notFound);

  const set: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(edit) as [EditField, unknown][]) {
    if (value === undefined) continue;
    set[allowed[field]!] = TEXT_FIELDS.has(field) && typeof value === 'string' ? value.trim() || null : value;
  }
  if (tab === 'pensions' && edit.userMessage !== undefined) set.displayMessage = set.userMessage;
  if (tab === 'banks') {
    const bank = before as typeof bankReferences.$inferSelect;
    const licenceChanges = edit.bankingGroupId !== undefined && edit.bankingGroupId !== bank.bankingGroupId;
    const ids = licenceChanges ? [bank.bankingGroupId, edit.bankingGroupId!] : [bank.bankingGroupId];
    const groups = await tx
      .select({
        id: bankingGroups.id,
        groupName: bankingGroups.groupName,
        legalName: bankingGroups.legalName,
        groupFrn: bankingGroups.groupFrn,
        type: bankingGroups.type,
      })
      .from(bankingGroups)
      .where(inArray(bankingGroups.id, ids));
    const oldGroup = groups.find((g) => g.id === bank.bankingGroupId) ?? null;
    const newGroup = licenceChanges ? (groups.find((g) => g.id === edit.bankingGroupId) ?? null) : oldGroup;
    if (licenceChanges && !newGroup)
      throw new AppError('VALIDATION_FAILED', BANK_DATA_MESSAGES.unknownLicence, { field: 'bankingGroupId' });
    if (licenceChanges && newGroup) {
      set.bankingGroupName = newGroup.groupName;
      set.bankGroupFrn = newGroup.groupFrn;
      set.type = newGroup.type;
    }
    if (licenceChanges || (edit.name !== undefined && edit.name !== bank.bankName))
      Object.assign(set, brandSearchAfterEdit(bank, edit.name ?? bank.bankName, oldGroup, newGroup));
  }

  const [after] = (await tx.update(table).set(set).where(eq(idColumn, id)).returning()) as Record<string, unknown>[];
  await tx.insert(referenceChangeAudit).values({
    tableName: TABLE_NAMES[tab],
    rowId: id,
    action: 'update',
    before,
    after: after ?? null,
    changedBy: adminId,
  });
  if (tab === 'groups' && after) await followGroup(tx, before as GroupRow, after as GroupRow);
}

type GroupRow = typeof bankingGroups.$inferSelect;

/**
 * A group's new name or FRN on the rows that copy them: its brands (the saver's picker shows the
 * licence's name, and finds a brand by it) and its ISA platforms. Derived, not edited by hand: they
 * are written as the source's (`app.reference_import`), so only the group itself is the admin's and
 * a later import flags only the group.
 */
async function followGroup(tx: Tx, before: GroupRow, after: GroupRow): Promise<void> {
  const renamed = before.groupName !== after.groupName || before.legalName !== after.legalName;
  if (!renamed && before.groupFrn === after.groupFrn) return;
  await tx.execute(sql`select set_config('app.reference_import', 'true', true)`);
  const brands = await tx.select().from(bankReferences).where(eq(bankReferences.bankingGroupId, after.id));
  if (brands.length > 0) {
    // One statement for all the group's brands: each keeps its own search columns, worked out here.
    const searches = brands.map((brand) => {
      const s = renamed ? brandSearchAfterEdit(brand, brand.bankName, before, after) : brand;
      return sql`(${brand.id}::uuid, ${s.searchName}::text, ${s.searchText}::text, ${s.everydaySearch}::text)`;
    });
    await tx.execute(sql`update bank_references b
      set banking_group_name = ${after.groupName}, bank_group_frn = ${after.groupFrn},
        search_name = v.search_name, search_text = v.search_text, everyday_search = v.everyday_search
      from (values ${sql.join(searches, sql`, `)}) as v(id, search_name, search_text, everyday_search)
      where b.id = v.id`);
  }
  await tx
    .update(isaProviders)
    .set({ bankingGroupName: after.groupName, bankingGroupFrn: after.groupFrn })
    .where(eq(isaProviders.bankingGroupId, after.id));
  await tx.execute(sql`select set_config('app.reference_import', 'false', true)`);
}

// ---- The routes -------------------------------------------------------------------------------

const GroupMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  frn: z.string().nullable(),
  isActive: z.boolean(),
  isUpdated: z.boolean(),
});

export const BankDataRowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    legalName: z.string().nullable(),
    frn: z.string().nullable().openapi({ description: 'FRN; for an ISA platform its FCA reference' }),
    nameNote: z.string().nullable(),
    type: z.string().openapi({ description: 'Group or bank type; ISA FSCS category; pension category' }),
    protectionBasis: z.string(),
    groupId: z.string().nullable().openapi({ description: 'The licence (banking group) a bank or ISA sits under' }),
    groupName: z.string().nullable(),
    websiteUrl: z.string().nullable(),
    comments: z.string().nullable(),
    userMessage: z.string().nullable(),
    displayToUser: z.boolean(),
    warnUserLevel: z.string(),
    confidenceScore: z.number().int(),
    isActive: z.boolean(),
    updatedFlag: z.boolean(),
    adminEditedAt: z.string().nullable(),
    isUpdated: z.boolean().openapi({
      description:
        'Flagged by the source, edited by an admin since the last import, or changed by the last import (a group: or one of its brands or ISA platforms)',
    }),
    isShared: z.boolean().openapi({ description: 'A group whose licence has more than one brand, or in the BoE list' }),
    brands: z.array(GroupMemberSchema).optional(),
    isaPlatforms: z.array(GroupMemberSchema).optional(),
  })
  .openapi('BankDataRow');

const OverviewSchema = z
  .object({
    tab: z.enum(BANK_DATA_TABS),
    q: z.string(),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int().openapi({ description: 'Rows matching the search in this tab' }),
    counts: z.object({ groups: z.number(), banks: z.number(), isas: z.number(), pensions: z.number() }),
    lastSync: z.object({ at: z.string(), source: z.enum(['import', 'data-files']) }).nullable(),
    rows: z.array(BankDataRowSchema),
  })
  .openapi('BankDataOverview');

const TableParams = z.object({
  table: z.enum(BANK_DATA_TABS, BANK_DATA_MESSAGES.table).openapi({ param: { name: 'table', in: 'path' } }),
  id: z
    .string()
    .max(200, BANK_DATA_MESSAGES.notFound)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

export function bankDataAdminRoutes(deps: Deps) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/bank-data/overview',
      frame: 'opening-only',
      summary:
        'The banking data admin screen: one tab’s rows (50 a page) matching a search of name, legal name or FRN, groups with their brands and ISA platforms, each tab’s size and the last sync',
      request: {
        query: z.object({
          tab: z.enum(BANK_DATA_TABS, BANK_DATA_MESSAGES.tab).optional(),
          q: z.string(BANK_DATA_MESSAGES.q).max(100, BANK_DATA_MESSAGES.q).optional(),
          page: z
            .string(BANK_DATA_MESSAGES.page)
            .regex(/^[1-9]\d{0,5}$/, BANK_DATA_MESSAGES.page)
            .optional(),
        }),
      },
      responses: { 200: { description: 'One page', content: { 'application/json': { schema: OverviewSchema } } } },
    }),
    async (c) => {
      const { tab = 'groups', q = '', page: pageText = '1' } = c.req.valid('query');
      const page = Number(pageText);
      // Public data read as the login role: the loads table is not app_user's, and nothing here is private.
      const db = deps.database.db;
      const [rows, summary] = await Promise.all([LISTS[tab](db, { q, page }), summaryOf(db)]);
      return c.json(
        {
          tab,
          q,
          page,
          pageSize: BANK_DATA_PAGE_SIZE,
          total: rows[0]?.total ?? 0,
          ...summary,
          rows: rows.map(rowJson),
        },
        200,
      );
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'patch',
      path: '/api/admin/bank-data/{table}/{id}',
      summary:
        'Edit a banking data row by hand: marked as the admin’s (a later import that would change it queues a review item instead), and savers see it at once',
      request: {
        params: TableParams,
        body: { content: { 'application/json': { schema: BankDataEditSchema } }, required: true },
      },
      responses: {
        200: {
          description: 'The row as edited',
          content: { 'application/json': { schema: z.object({ row: BankDataRowSchema }) } },
        },
        404: { description: 'No such row' },
      },
    }),
    async (c) => {
      const { table, id } = c.req.valid('param');
      const tx = txOf(c);
      await editRow(tx, table, id, c.req.valid('json'), sessionOf(c).userId);
      const [row] = await LISTS[table](tx, { q: '', page: 1, id });
      return c.json({ row: rowJson(row!) }, 200);
    },
  );

  return app;
}
