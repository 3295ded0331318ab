/** Read queries over the reference tables, shared by the public pickers and the server's own use. */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isCalendarDate } from '../../core/dates/calendar-date.ts';
import type { DepositLimitOverride } from '../../core/protection/limits.ts';
import { searchForm } from '../../core/reference-data/bank-search.ts';
import type { AppDb, Tx } from '../db/client.ts';
import { appSettings, bankReferences, isaProviders, pensionProviders } from '../db/schema/index.ts';

export const BANK_SEARCH_LIMIT = 20;
export const ISA_PROVIDER_SEARCH_LIMIT = 10;

const bankColumns = {
  id: bankReferences.id,
  bankName: bankReferences.bankName,
  legalName: bankReferences.bankingGroupName,
  frn: bankReferences.bankFrn,
  bankingGroupId: bankReferences.bankingGroupId,
  type: bankReferences.type,
  protectionBasis: bankReferences.protectionBasis,
  isCrownDependency: bankReferences.isCrownDependency,
  isAmbiguous: bankReferences.isAmbiguous,
  userMessage: bankReferences.userMessage,
};

// The spec's platform-only filter: the bank holding a platform's deposits is never a platform.
// The lower-cased name against a plain regex rather than a case-insensitive one: PostgreSQL
// runs its cheapest-looking conditions first, and ran `!~*` (slow) on every row before the
// search text had narrowed them.
const notPlatform = sql`${bankReferences.type} <> 'platform' and lower(${bankReferences.bankName}) !~ '(chip|raisin)'`;

export type BankSearch = { q?: string; excludePlatforms?: boolean };

const needle = sql.placeholder('needle');

/**
 * The rank of bankSearchRank (src/core/reference-data/bank-search.ts), 0 best: an everyday name
 * that is the search, a brand name that is, an everyday brand's name that starts with it, another
 * of its everyday names that does, any brand name that does, then any name containing it.
 * `strpos` on a null `everyday_search` is null, so the everyday branches pass over other brands.
 * The name is compared in its stored search form: lower() on every matching row cost a third more.
 */
const searchRank = sql`case
  when strpos(${bankReferences.everydaySearch}, '|' || ${needle} || '|') > 0 then 0
  when ${bankReferences.searchName} = ${needle} then 1
  when ${bankReferences.everydaySearch} is not null and starts_with(${bankReferences.searchName}, ${needle}) then 2
  when strpos(${bankReferences.everydaySearch}, '|' || ${needle}) > 0 then 3
  when starts_with(${bankReferences.searchName}, ${needle}) then 4
  else 5 end`;

/**
 * One search shape (with or without search text, with or without platforms) as a named
 * statement: drizzle builds it once, and PostgreSQL parses and plans it once per connection
 * (planning cost more than running it over the ~500 rows).
 */
function buildBankSearch(db: AppDb | Tx, withText: boolean, excludePlatforms: boolean) {
  const conditions: SQL[] = [eq(bankReferences.isActive, true)];
  if (withText) conditions.push(sql`strpos(${bankReferences.searchText}, ${needle}) > 0`);
  if (excludePlatforms) conditions.push(notPlatform);
  const order = withText ? [searchRank] : [];
  return db
    .select(bankColumns)
    .from(bankReferences)
    .where(and(...conditions))
    .orderBy(...order, asc(bankReferences.bankName), asc(bankReferences.bankingGroupName))
    .limit(BANK_SEARCH_LIMIT)
    .prepare(`bank_search${withText ? '_text' : ''}${excludePlatforms ? '_no_platforms' : ''}`);
}

type BankSearchQuery = ReturnType<typeof buildBankSearch>;
const bankSearches = new WeakMap<AppDb | Tx, Map<string, BankSearchQuery>>();

/**
 * Active banks any of whose names (brand, legal, other, everyday) contains `q` (any case, either
 * apostrophe), best match first (bank-search.ts: everyday brands people type by name lead), then
 * by name; at most 20. strpos, not LIKE, so `%` and `_` need no escaping.
 */
export function searchBanks(db: AppDb | Tx, { q, excludePlatforms = false }: BankSearch) {
  const text = searchForm(q ?? '');
  const shapes = bankSearches.get(db) ?? new Map<string, BankSearchQuery>();
  bankSearches.set(db, shapes);
  const shape = `${text !== ''}/${excludePlatforms}`;
  const query = shapes.get(shape) ?? buildBankSearch(db, text !== '', excludePlatforms);
  shapes.set(shape, query);
  return query.execute({ needle: text });
}

/** The banks with these ids (a saved checker state or an account's bank), active or not. */
export function banksById(db: AppDb | Tx, ids: string[]) {
  return db
    .select(bankColumns)
    .from(bankReferences)
    .where(inArray(bankReferences.id, ids))
    .orderBy(asc(bankReferences.bankName));
}

export function searchIsaProviders(db: AppDb | Tx, { q, isaType }: { q?: string; isaType?: string }) {
  const needle = q?.trim().toLowerCase() ?? '';
  const conditions: SQL[] = [eq(isaProviders.isActive, true)];
  if (needle)
    conditions.push(
      sql`(strpos(lower(${isaProviders.platformName}), ${needle}) > 0 or strpos(lower(${isaProviders.legalName}), ${needle}) > 0)`,
    );
  if (isaType) conditions.push(sql`${isaProviders.isaTypes} && array[${isaType}]::text[]`);
  return db
    .select({
      id: isaProviders.id,
      platformName: isaProviders.platformName,
      legalName: isaProviders.legalName,
      fcaReference: isaProviders.fcaReference,
      isaTypes: isaProviders.isaTypes,
      fscsCategory: isaProviders.fscsCategory,
      bankingGroupName: isaProviders.bankingGroupName,
      bankingGroupFrn: isaProviders.bankingGroupFrn,
      protectionBasis: isaProviders.protectionBasis,
      userMessage: isaProviders.userMessage,
      warnUserLevel: isaProviders.warnUserLevel,
    })
    .from(isaProviders)
    .where(and(...conditions))
    .orderBy(asc(isaProviders.platformName))
    .limit(ISA_PROVIDER_SEARCH_LIMIT);
}

export function listPensionProviders(db: AppDb | Tx, { q }: { q?: string }) {
  const needle = q?.trim().toLowerCase() ?? '';
  const conditions: SQL[] = [eq(pensionProviders.isActive, true)];
  if (needle) {
    conditions.push(
      sql`(strpos(lower(${pensionProviders.providerDisplayName}), ${needle}) > 0 or strpos(lower(${pensionProviders.legalEntityName}), ${needle}) > 0)`,
    );
  }
  return db
    .select({
      id: pensionProviders.id,
      providerDisplayName: pensionProviders.providerDisplayName,
      legalEntityName: pensionProviders.legalEntityName,
      regulator: pensionProviders.regulator,
      frn: pensionProviders.frn,
      category: pensionProviders.category,
      coverageTag: pensionProviders.coverageTag,
      userMessage: pensionProviders.userMessage,
      warnUserLevel: pensionProviders.warnUserLevel,
      confidenceScore: pensionProviders.confidenceScore,
    })
    .from(pensionProviders)
    .where(and(...conditions))
    .orderBy(asc(pensionProviders.providerDisplayName));
}

/** The spec's app setting holding an admin's deposit limit override. */
export const FSCS_PROTECTION_SETTING = 'fscs_protection';

/** The admin's override of today's deposit limit, in pence, or null when none is set. */
export async function depositLimitOverride(db: AppDb | Tx): Promise<DepositLimitOverride | null> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, FSCS_PROTECTION_SETTING));
  return depositLimitOverrideOf(row?.value);
}

/** The override a stored `fscs_protection` setting's value gives, in pence, or null. */
export function depositLimitOverrideOf(value: unknown): DepositLimitOverride | null {
  const { limit, setOn } = (value as { limit?: unknown; setOn?: unknown } | null | undefined) ?? {};
  // The spec stores whole pounds ("a numeric limit"); anything else is ignored rather than trusted.
  if (!(typeof limit === 'number' && Number.isSafeInteger(limit) && limit > 0)) return null;
  // The UK day it was set (written with it since issue 24); an older setting has none.
  return typeof setOn === 'string' && isCalendarDate(setOn)
    ? { depositPence: limit * 100, setOn }
    : { depositPence: limit * 100 };
}
