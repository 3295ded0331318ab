/**
 * The banking data admin screen's lists (issue 27): the four reference tables paged and searched
 * by name, legal name or FRN; groups with their brands and ISA platforms and the Shared and Updated
 * markers (a row the last succeeded import changed, or an admin edited since); the last sync.
 */
import { and, asc, or, type SQL, sql } from 'drizzle-orm';
import { searchForm } from '../../core/reference-data/bank-search.ts';
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
import { BANK_DATA_PAGE_SIZE, type BankDataTab, type TABLE_NAMES } from './admin-data-common.ts';

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

export const LISTS: Record<BankDataTab, (db: AppDb | Tx, input: ListInput) => Promise<ListedRow[]>> = {
  groups: listGroups,
  banks: listBanks,
  isas: listIsas,
  pensions: listPensions,
};

/** A listed row as JSON: every tab's rows have one shape, with the fields a tab lacks null. */
export function rowJson({ total: _total, adminEditedAt, ...row }: ListedRow) {
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
export async function summaryOf(db: AppDb) {
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
