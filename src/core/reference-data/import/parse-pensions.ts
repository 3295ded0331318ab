/**
 * The Pensions tab → pension_providers, built as rows.ts builds them from the data files: the
 * category gives the spec's coverage tag, scheme type and basis; the provider name gives the id.
 */
import { cleanDisplayName } from '../display-name.ts';
import { PENSION_CATEGORIES } from '../records.ts';
import { BASIS_LIMIT_KEY, PENSION_CATEGORY_MAPPING, type WarnUserLevel } from '../spec-mapping.ts';
import { CellReader } from './cell-reader.ts';
import type { ImportRecord, InvalidRow } from './contract.ts';
import { licenceLookupProblem, type LicenceIndex } from './parse-banks.ts';
import { WARN_USER_LEVELS, repeatedIds } from './provider-rows.ts';
import type { SourceRow } from './source-format.ts';

/** Below the spec's yellow band (70) a score is low confidence, as `low` (50) is in the data files. */
const LOW_CONFIDENCE_BELOW = 70;

/** A pension provider's id: its name in lower case, '&' as 'and', other marks as '-' (reference-data.ts). */
export function pensionProviderId(providerName: string): string {
  return providerName
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A provider with low confidence is warned about at least at `medium`, unless its category says more. */
export function pensionWarnLevel(
  category: keyof typeof PENSION_CATEGORY_MAPPING,
  confidenceScore: number,
): WarnUserLevel {
  const level = PENSION_CATEGORY_MAPPING[category].warnUserLevel;
  return confidenceScore < LOW_CONFIDENCE_BELOW && level !== 'medium' ? 'medium' : level;
}

function readPensionRow(row: SourceRow, licences: LicenceIndex) {
  const r = new CellReader(row.cells);
  const name = r.required('Provider name');
  const legal = cleanDisplayName(r.required('Legal entity'));
  const frn = r.frn('FRN');
  const category = r.oneOf('Category', PENSION_CATEGORIES);
  const confidenceScore = r.score('Confidence score');
  const mapping = PENSION_CATEGORY_MAPPING[category];
  const userMessage = r.required('User message');
  const warnUserLevel = r.optionalOneOf('Warn user level', WARN_USER_LEVELS);
  const record: ImportRecord = {
    id: pensionProviderId(name),
    providerDisplayName: name,
    legalEntityName: legal.displayName,
    legalEntityNote: legal.nameNote,
    legalEntityRole: r.required('Legal entity role'),
    regulator: r.required('Regulator'),
    frn,
    frnStatus: r.required('FRN status'),
    bankingGroupName: null,
    bankingGroupFrn: null,
    category,
    coverageTag: mapping?.coverageTag,
    typicalSchemeType: mapping?.typicalSchemeType,
    protectionBasis: mapping?.basis,
    protectionLimitKey: mapping ? BASIS_LIMIT_KEY[mapping.basis] : null,
    displayMessage: userMessage,
    asAt: r.optional('As at'),
    comments: r.optional('Notes'),
    sources: r.list('Sources'),
    userMessage,
    displayToUser: r.yesNo('Display to user'),
    warnUserLevel: warnUserLevel ?? (mapping ? pensionWarnLevel(category, confidenceScore) : null),
    confidenceScore,
    isActive: true,
  };
  if (name !== '' && record.id === '') r.fail('Provider name', `'${name}' has no letters or digits to make an id of`);
  if ((record.sources as string[]).length === 0) r.fail('Sources', 'a value is required');
  if (frn !== null) {
    const problem = licenceLookupProblem(licences, 'FRN', frn);
    if (problem !== null) r.messages.push(problem);
    // A pension provider sits under a licence only when that licence takes deposits.
    const group = licences.groups.find((g) => g.groupFrn === frn && g.isDepositTaker === true);
    record.bankingGroupName = group?.groupName ?? null;
    record.bankingGroupFrn = group?.groupFrn ?? null;
  }
  return { messages: r.messages, record };
}

/** The Pensions tab's rows → providers and the rows that could not be read. */
export function parsePensionRows(
  rows: SourceRow[],
  licences: LicenceIndex,
): { providers: ImportRecord[]; invalid: InvalidRow[] } {
  const read = rows.map((row) => ({ row, ...readPensionRow(row, licences) }));
  const repeated = repeatedIds(read.map(({ row, record }) => ({ rowNumber: row.rowNumber, id: record.id })));
  const providers: ImportRecord[] = [];
  const invalid: InvalidRow[] = [];
  for (const { row, messages, record } of read) {
    const all = [...messages, ...(repeated.get(row.rowNumber) ?? []).map((m) => `Provider name: its id ${m}`)];
    if (all.length === 0) providers.push(record);
    else {
      const id = record.id === '' ? null : record.id;
      invalid.push({ tab: 'Pensions', rowNumber: row.rowNumber, id, table: 'pension_providers', messages: all });
    }
  }
  return { providers, invalid };
}
