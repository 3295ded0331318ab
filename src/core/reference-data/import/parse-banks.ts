/**
 * The Banks tab → banking_groups (one per licence) and bank_references (one per brand), built as
 * src/server/reference/rows.ts builds them from the data files, so they compare with `loaded_data`.
 * Rows of one licence must agree on its columns; which of two differing rows is right would be a
 * guess, so neither is taken.
 */
import { brandSearchColumns } from '../bank-search.ts';
import type { CalendarDate } from '../../dates/calendar-date.ts';
import { alternativeNames, cleanDisplayName } from '../display-name.ts';
import type { Brand, Institution } from '../reference-data.ts';
import { BASIS_LIMIT_KEY, DEPOSIT_PROTECTION_BASIS, isFscsProtected, type ProtectionBasis } from '../spec-mapping.ts';
import { readBanksRow, type BanksRow } from './banks-row.ts';
import { brandReferenceId } from './brand-id.ts';
import { datedSourceText } from './cell-encodings.ts';
import { isFrn } from './cell-reader.ts';
import type { ImportRecord, InvalidRow } from './contract.ts';
import { LICENCE_COLUMNS, type SourceRow } from './source-format.ts';

const DEPOSIT_TAKER_TYPES = ['bank', 'building_society', 'credit_union'];
// reference-data.ts marks Crown Dependency brands by their note and their offshore name.
const CROWN_DEPENDENCY_NOTE = /Crown Dependenc|Jersey|Isle of Man|Guernsey/;
const CROWN_DEPENDENCY_NAME = /International|Crown Dependencies/;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The licences a tab gave, for the ISAs and Pensions tabs to find their banking group by FRN. */
export interface LicenceIndex {
  /** False when there is no readable Banks tab: no licence can be looked up, so none is "not found". */
  isReadable: boolean;
  groups: ImportRecord[];
  /** FRN → the first row naming it whose licence could not be read. */
  unreadableFrns: Map<string, number>;
}

export interface BanksResult {
  groups: ImportRecord[];
  brands: ImportRecord[];
  invalid: InvalidRow[];
  licences: LicenceIndex;
}

function licenceRecord(row: BanksRow): ImportRecord {
  const l = row.licence;
  const name = cleanDisplayName(l.legalName);
  const basis: ProtectionBasis = DEPOSIT_PROTECTION_BASIS[l.fscsDepositProtection];
  return {
    id: l.id!,
    groupName: name.displayName,
    legalName: l.legalName,
    nameNote: name.nameNote,
    groupFrn: l.frn,
    parentGroup: l.corporateGroup,
    type: l.type,
    isDepositTaker: DEPOSIT_TAKER_TYPES.includes(l.type),
    fscsProtected: isFscsProtected(basis),
    protectionBasis: basis,
    protectionLimitKey: BASIS_LIMIT_KEY[basis],
    registerSection: l.registerSection,
    inBoeSharedBrandsList: l.inBoeSharedBrandsList,
    sourceAsAt: l.sourceAsAt,
    comments: l.notes,
    sources: l.sources,
    userMessage: null,
    displayToUser: true,
    warnUserLevel: basis === 'unverified' ? 'medium' : 'low',
    confidenceScore: l.confidenceScore,
    isActive: true,
  };
}

function brandRecord(row: BanksRow, group: ImportRecord, alsoListedUnderFrns: string[]): ImportRecord {
  const b = row.brand!;
  const name = cleanDisplayName(b.nameAsListed);
  const alternative = alternativeNames(name.displayName);
  const isEveryday = b.everydayNames.length > 0;
  // Only these fields of a brand and its institution feed the search columns.
  const search = brandSearchColumns(
    {
      displayName: name.displayName,
      brandName: b.nameAsListed,
      alternativeNames: alternative,
      everyday: isEveryday ? { alsoTypedAs: b.everydayNames } : null,
    } as Brand,
    { displayName: group.groupName, legalName: group.legalName } as Institution,
  );
  const isCrownDependency =
    b.notes !== null && CROWN_DEPENDENCY_NOTE.test(b.notes) && CROWN_DEPENDENCY_NAME.test(b.nameAsListed);
  const basis = group.protectionBasis as ProtectionBasis;
  const primary = b.sources[0]!;
  const referenceKey = `${group.id}/${b.nameAsListed}`;
  return {
    id: brandReferenceId(referenceKey),
    referenceKey,
    bankName: name.displayName,
    nameAsListed: b.nameAsListed,
    nameNote: name.nameNote,
    alternativeNames: alternative,
    bankingGroupId: group.id,
    bankingGroupName: group.groupName,
    bankFrn: group.groupFrn,
    bankGroupFrn: group.groupFrn,
    type: group.type,
    fscsProtected: isFscsProtected(basis),
    protectionBasis: basis,
    isCrownDependency,
    isAmbiguous: alsoListedUnderFrns.length > 0,
    alsoListedUnderFrns,
    websiteUrl: null,
    apiSource: primary.source,
    lastUpdated: /^\d{4}-\d{2}-\d{2}$/.test(primary.asAt) ? primary.asAt : null,
    searchName: search.searchName,
    searchText: search.searchText,
    everydaySearch: search.everydaySearch,
    comments: b.notes,
    sources: b.sources.map(datedSourceText),
    userMessage: isCrownDependency ? 'Deposits booked in a Crown Dependency are outside the UK FSCS.' : null,
    displayToUser: true,
    warnUserLevel: isCrownDependency || basis === 'unverified' ? 'medium' : 'low',
    confidenceScore: b.confidenceScore,
    isActive: true,
  };
}

/** Why each licence cannot be built, keyed by licence id: bad cells, rows that disagree, a shared deposit-taker FRN. */
function licenceProblems(byLicence: Map<string, BanksRow[]>): Map<string, string[]> {
  const problems = new Map<string, string[]>();
  const add = (id: string, message: string) => problems.set(id, [...(problems.get(id) ?? []), message]);
  const depositTakers = new Map<string, string>();
  for (const [id, rows] of byLicence) {
    const first = rows[0]!;
    // A licence-only row stands for its licence, so any bad cell of it is the licence's.
    for (const row of rows) {
      const own = [...row.licenceMessages, ...(row.brand === null ? row.brandMessages : [])];
      for (const message of own) add(id, row === first ? message : `Row ${row.rowNumber}: ${message}`);
    }
    for (const row of rows.slice(1)) {
      // The id is what groups the rows; a blank and a typed `frn-<FRN>` are the same licence.
      const differing = LICENCE_COLUMNS.filter((c) => c !== 'Licence ID' && row.cells[c] !== first.cells[c]);
      if (differing.length > 0)
        add(id, `Licence ${id}: ${differing.join(', ')} differ between rows ${first.rowNumber} and ${row.rowNumber}`);
    }
    const { frn, type } = first.licence;
    if (frn === null || !DEPOSIT_TAKER_TYPES.includes(type) || problems.has(id)) continue;
    const other = depositTakers.get(frn);
    if (other === undefined) depositTakers.set(frn, id);
    else {
      // One deposit limit per FRN: two deposit-taker licences for one FRN would split it.
      const message = `FRN ${frn} is the deposit taker of two licences (${other} and ${id}): one limit per FRN`;
      add(id, message);
      add(other, message);
    }
  }
  return problems;
}

/**
 * A brand name under several FRNs flags each of them with the others (the saver picks the legal
 * entity on their account), as the data files' ambiguity flag must.
 */
function frnsByName(rows: BanksRow[]): Map<string, Set<string>> {
  const frns = new Map<string, Set<string>>();
  for (const row of rows) {
    const frn = row.licence.frn;
    if (row.brand === null || frn === null || !isFrn(frn)) continue;
    frns.set(row.brand.nameAsListed, (frns.get(row.brand.nameAsListed) ?? new Set()).add(frn));
  }
  return frns;
}

/** Rows whose brand cannot stand beside another's: the same brand twice, or an everyday name finding two. */
function brandClashes(rows: { row: BanksRow; record: ImportRecord }[]): Map<BanksRow, string[]> {
  const clashes = new Map<BanksRow, string[]>();
  const add = (row: BanksRow, message: string) => clashes.set(row, [...(clashes.get(row) ?? []), message]);
  const byKey = new Map<string, BanksRow[]>();
  const byEverydayName = new Map<string, BanksRow[]>();
  for (const { row, record } of rows) {
    byKey.set(record.id, [...(byKey.get(record.id) ?? []), row]);
    const names = String(record.everydaySearch ?? '').split('|');
    for (const name of new Set(names.filter((n) => n !== '')))
      byEverydayName.set(name, [...(byEverydayName.get(name) ?? []), row]);
  }
  for (const same of byKey.values()) {
    if (same.length < 2) continue;
    const where = same.map((row) => row.rowNumber).join(', ');
    for (const row of same) add(row, `Brand name: '${row.brand!.nameAsListed}' is under this licence on rows ${where}`);
  }
  for (const [name, same] of byEverydayName) {
    if (same.length < 2) continue;
    const where = same.map((row) => row.rowNumber).join(', ');
    for (const row of same) add(row, `Everyday names: '${name}' would find the everyday brands of rows ${where}`);
  }
  return clashes;
}

/** The Banks tab's rows → licences, brands, the rows that could not be read, and the licences to look FRNs up in. */
export function parseBanksRows(sourceRows: SourceRow[], today: CalendarDate): BanksResult {
  const rows = sourceRows.map((row) => readBanksRow(row, today));
  const invalid: InvalidRow[] = [];
  const byLicence = new Map<string, BanksRow[]>();
  for (const row of rows) {
    const id = row.licence.id;
    if (id !== null) byLicence.set(id, [...(byLicence.get(id) ?? []), row]);
  }
  const problems = licenceProblems(byLicence);
  const unreadableFrns = new Map<string, number>();
  const groups = new Map<string, ImportRecord>();
  for (const [id, licenceRows] of byLicence) {
    const messages = problems.get(id);
    if (messages === undefined) groups.set(id, licenceRecord(licenceRows[0]!));
    else invalid.push({ tab: 'Banks', rowNumber: licenceRows[0]!.rowNumber, id, table: 'banking_groups', messages });
  }

  const names = frnsByName(rows);
  const candidates: { row: BanksRow; record: ImportRecord }[] = [];
  const rowMessages = new Map<BanksRow, string[]>();
  for (const row of rows) {
    const licenceId = row.licence.id;
    const group = licenceId === null ? undefined : groups.get(licenceId);
    if (group === undefined && row.licence.frn !== null && !unreadableFrns.has(row.licence.frn))
      unreadableFrns.set(row.licence.frn, row.rowNumber);
    // A licence with an id has its own entry in `invalid`; its rows point there instead of repeating it.
    const messages = licenceId === null ? [...row.licenceMessages, ...row.brandMessages] : [...row.brandMessages];
    if (group === undefined && licenceId !== null && row.brand !== null)
      messages.push(`Licence ${licenceId} could not be read: see row ${byLicence.get(licenceId)![0]!.rowNumber}`);
    rowMessages.set(row, messages);
    if (group === undefined || row.brand === null || messages.length > 0) continue;
    const frn = row.licence.frn;
    const others = frn === null ? [] : [...(names.get(row.brand.nameAsListed) ?? [])].filter((f) => f !== frn);
    candidates.push({ row, record: brandRecord(row, group, others.sort(byText)) });
  }
  const clashes = brandClashes(candidates);
  const brands = candidates.filter(({ row }) => !clashes.has(row)).map(({ record }) => record);
  for (const row of rows) {
    const messages = [...rowMessages.get(row)!, ...(clashes.get(row) ?? [])];
    const licenceId = row.licence.id;
    // A licence-only row's problems are its licence's entry.
    if (messages.length === 0 || (row.brand === null && licenceId !== null)) continue;
    const brandId = row.brand === null ? null : `${licenceId}/${row.brand.nameAsListed}`;
    invalid.push({
      tab: 'Banks',
      rowNumber: row.rowNumber,
      id: licenceId === null ? null : brandId === null ? licenceId : brandReferenceId(brandId),
      table: row.brand === null ? 'banking_groups' : 'bank_references',
      messages,
    });
  }
  const groupList = [...groups.values()].sort((a, b) => byText(a.id, b.id));
  return {
    groups: groupList,
    brands,
    invalid,
    licences: { isReadable: true, groups: groupList, unreadableFrns },
  };
}

/** The licence an ISA or pension provider's FRN names: the deposit taker with it, else any licence with it. */
export function findLicence(licences: LicenceIndex, frn: string): ImportRecord | undefined {
  const withFrn = licences.groups.filter((group) => group.groupFrn === frn);
  return withFrn.find((group) => group.isDepositTaker === true) ?? withFrn[0];
}

/** Why an FRN's licence cannot be looked up, or null when the lookup's answer can be trusted. */
export function licenceLookupProblem(licences: LicenceIndex, column: string, frn: string): string | null {
  if (!licences.isReadable)
    return `${column}: the Banks tab is missing or could not be read, so licence FRN ${frn} cannot be looked up`;
  if (findLicence(licences, frn) !== undefined) return null;
  const row = licences.unreadableFrns.get(frn);
  return row === undefined ? null : `${column}: licence FRN ${frn} is on Banks row ${row}, which could not be read`;
}

export const NO_LICENCES: LicenceIndex = { isReadable: false, groups: [], unreadableFrns: new Map() };
