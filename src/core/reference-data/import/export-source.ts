/**
 * Reference rows (the loader's row objects, as `loaded_data` keeps them) → the source format's
 * tabs: the shipped data as an admin's sheet would hold it. `parseImportTabs` of the result gives
 * the same rows back (export-source.test.ts and the workbook round trip hold the two together).
 */
import { cleanDisplayName } from '../display-name.ts';
import type { IsaFscsCategory, PensionCategory } from '../records.ts';
import { ISA_CATEGORY_MESSAGES, ISA_CATEGORY_WARN_LEVEL } from '../spec-mapping.ts';
import { writeEverydayNames } from './cell-encodings.ts';
import type { ImportRecord, RawTab } from './contract.ts';
import { syntheticGroupId } from './parse-isas.ts';
import { pensionWarnLevel } from './parse-pensions.ts';
import {
  BANKS_COLUMNS,
  ISAS_COLUMNS,
  LIST_SEPARATOR,
  PENSIONS_COLUMNS,
  type BanksColumn,
  type IsasColumn,
  type PensionsColumn,
} from './source-format.ts';

export interface ReferenceRowsToExport {
  bankingGroups: readonly ImportRecord[];
  bankReferences: readonly ImportRecord[];
  isaProviders: readonly ImportRecord[];
  pensionProviders: readonly ImportRecord[];
}

const text = (row: ImportRecord, key: string) => (row[key] === null || row[key] === undefined ? '' : String(row[key]));
const list = (row: ImportRecord, key: string) => ((row[key] as string[] | null) ?? []).join(LIST_SEPARATOR);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function licenceCells(group: ImportRecord): Record<BanksColumn, string> {
  const frn = text(group, 'groupFrn');
  return {
    'Brand name': '',
    FRN: frn,
    'Licence holder': text(group, 'legalName'),
    // Blank means `frn-<FRN>`, as an admin adding a licence leaves it.
    'Licence ID': frn !== '' && group.id === `frn-${frn}` ? '' : group.id,
    'Institution type': text(group, 'type'),
    'Register section': text(group, 'registerSection'),
    'Corporate group': text(group, 'parentGroup'),
    'Licence sources': list(group, 'sources'),
    'Licence confidence score': text(group, 'confidenceScore'),
    'Licence notes': text(group, 'comments'),
    'Everyday names': '',
    'Brand sources': '',
    'Brand confidence score': '',
    'Brand notes': '',
  };
}

function banksTab(rows: ReferenceRowsToExport): RawTab {
  const groups = new Map(
    rows.bankingGroups.filter((group) => group.type !== 'ISA Provider Group').map((group) => [group.id, group]),
  );
  const cells: Record<BanksColumn, string>[] = [];
  const withBrands = new Set<string>();
  for (const brand of rows.bankReferences) {
    const groupId = text(brand, 'bankingGroupId');
    const group = groups.get(groupId);
    if (group === undefined) throw new Error(`Brand ${brand.id} names banking group ${groupId}, which is not given`);
    withBrands.add(groupId);
    cells.push({
      ...licenceCells(group),
      'Brand name': text(brand, 'nameAsListed'),
      'Everyday names': writeEverydayNames(
        text(brand, 'bankName'),
        (brand.alternativeNames as string[] | null) ?? [],
        (brand.everydaySearch as string | null) ?? null,
      ),
      'Brand sources': list(brand, 'sources'),
      'Brand confidence score': text(brand, 'confidenceScore'),
      'Brand notes': text(brand, 'comments'),
    });
  }
  for (const group of groups.values()) if (!withBrands.has(group.id)) cells.push(licenceCells(group));
  const licenceKey = (row: Record<BanksColumn, string>) => row['Licence ID'] || `frn-${row.FRN}`;
  cells.sort((a, b) => byText(licenceKey(a), licenceKey(b)) || byText(a['Brand name'], b['Brand name']));
  return { tab: 'Banks', headers: [...BANKS_COLUMNS], rows: cells.map((row) => BANKS_COLUMNS.map((c) => row[c])) };
}

function isaCells(provider: ImportRecord): Record<IsasColumn, string> {
  const category = text(provider, 'fscsCategory') as IsaFscsCategory;
  const platformName = text(provider, 'platformName');
  const legalName = text(provider, 'legalName');
  const isSynthetic = provider.bankingGroupId === syntheticGroupId(provider.id);
  const userMessage = text(provider, 'userMessage');
  const warnUserLevel = text(provider, 'warnUserLevel');
  return {
    'HMRC reference': provider.id,
    'Legal name': legalName,
    'Platform name': platformName === cleanDisplayName(legalName).displayName ? '' : platformName,
    'FCA reference': text(provider, 'fcaReference'),
    'ISA types': list(provider, 'isaTypes'),
    'FSCS category': category,
    'Banking group FRN': isSynthetic ? '' : text(provider, 'bankingGroupFrn'),
    'Website URL': text(provider, 'websiteUrl'),
    // Blank: the category's own, so a change of category brings its message and level with it.
    'User message': userMessage === ISA_CATEGORY_MESSAGES[category] ? '' : userMessage,
    'Warn user level': warnUserLevel === ISA_CATEGORY_WARN_LEVEL[category] ? '' : warnUserLevel,
    Source: list(provider, 'sources'),
    'Source as at': text(provider, 'sourceAsAt'),
    'Confidence score': text(provider, 'confidenceScore'),
    Notes: text(provider, 'comments'),
  };
}

function pensionCells(provider: ImportRecord): Record<PensionsColumn, string> {
  const note = text(provider, 'legalEntityNote');
  const legalEntity = text(provider, 'legalEntityName');
  const warnUserLevel = text(provider, 'warnUserLevel');
  const derivedWarnLevel = pensionWarnLevel(provider.category as PensionCategory, Number(provider.confidenceScore));
  return {
    'Provider name': text(provider, 'providerDisplayName'),
    'Legal entity': note === '' ? legalEntity : `${legalEntity} (${note})`,
    'Legal entity role': text(provider, 'legalEntityRole'),
    Regulator: text(provider, 'regulator'),
    FRN: text(provider, 'frn'),
    'FRN status': text(provider, 'frnStatus'),
    Category: text(provider, 'category'),
    'User message': text(provider, 'userMessage'),
    'Warn user level': warnUserLevel === derivedWarnLevel ? '' : warnUserLevel,
    'Display to user': provider.displayToUser === false ? 'no' : 'yes',
    Sources: list(provider, 'sources'),
    'As at': text(provider, 'asAt'),
    'Confidence score': text(provider, 'confidenceScore'),
    Notes: text(provider, 'comments'),
  };
}

const sortedById = (rows: readonly ImportRecord[]) => [...rows].sort((a, b) => byText(a.id, b.id));

/** The rows as the Banks, ISAs and Pensions tabs; synthetic ISA groups are left out (the ISAs tab makes them). */
export function exportImportTabs(rows: ReferenceRowsToExport): RawTab[] {
  return [
    banksTab(rows),
    {
      tab: 'ISAs',
      headers: [...ISAS_COLUMNS],
      rows: sortedById(rows.isaProviders).map((p) => ISAS_COLUMNS.map((c) => isaCells(p)[c])),
    },
    {
      tab: 'Pensions',
      headers: [...PENSIONS_COLUMNS],
      rows: sortedById(rows.pensionProviders).map((p) => PENSIONS_COLUMNS.map((c) => pensionCells(p)[c])),
    },
  ];
}
