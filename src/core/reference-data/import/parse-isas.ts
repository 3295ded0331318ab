/**
 * The ISAs tab → isa_providers, plus the spec's synthetic 'ISA Provider Group' (002 §3) in
 * banking_groups for a provider whose banking group is not found, built as rows.ts builds them.
 *
 * The synthetic group carries a limit key, never a figure (ADR 0015): a cash ISA at a deposit
 * taker missing from the Banks tab is measured against `fscs_deposit`, whose amount the limits
 * table gives on the day (£120,000 from 1 December 2025), not the spec's fixed 85000.
 */
import type { CalendarDate } from '../../dates/calendar-date.ts';
import { cleanDisplayName } from '../display-name.ts';
import { ISA_FSCS_CATEGORIES, ISA_TYPES, type IsaFscsCategory } from '../records.ts';
import {
  BASIS_LIMIT_KEY,
  ISA_CATEGORY_BASIS,
  ISA_CATEGORY_MESSAGES,
  ISA_CATEGORY_WARN_LEVEL,
  isFscsProtected,
} from '../spec-mapping.ts';
import { CellReader } from './cell-reader.ts';
import type { ImportRecord, InvalidRow } from './contract.ts';
import { findLicence, licenceLookupProblem, type LicenceIndex } from './parse-banks.ts';
import { WARN_USER_LEVELS, repeatedIds } from './provider-rows.ts';
import type { SourceRow } from './source-format.ts';

/** HMRC ISA manager references: 'Z' and digits (Z1234). */
const HMRC_REFERENCE = /^Z\d+$/;

/** The spec's synthetic group id for an ISA provider whose group is not found (rows.ts). */
export const syntheticGroupId = (providerId: string) => `isa-${providerId}`;

export interface IsasResult {
  providers: ImportRecord[];
  syntheticGroups: ImportRecord[];
  invalid: InvalidRow[];
}

function readIsaRow(row: SourceRow, today: CalendarDate, licences: LicenceIndex) {
  const r = new CellReader(row.cells);
  const id = r.required('HMRC reference');
  if (id !== '' && !HMRC_REFERENCE.test(id)) r.fail('HMRC reference', `'${id}' is not an HMRC reference like Z1234`);
  const legalName = r.required('Legal name');
  const category = r.oneOf('FSCS category', ISA_FSCS_CATEGORIES);
  const frn = r.frn('Banking group FRN');
  const isKnownCategory = (ISA_FSCS_CATEGORIES as readonly string[]).includes(category);
  const basis = isKnownCategory ? ISA_CATEGORY_BASIS[category] : 'unverified';
  const fields = {
    id,
    platformName: cleanDisplayName(r.optional('Platform name') ?? legalName).displayName,
    legalName,
    fcaReference: r.frn('FCA reference'),
    fscsCategory: category,
    isaTypes: r.list('ISA types', ISA_TYPES),
    protectionBasis: basis,
    protectionLimitKey: BASIS_LIMIT_KEY[basis],
    websiteUrl: r.url('Website URL'),
    sourceAsAt: r.date('Source as at', today),
    comments: r.optional('Notes'),
    sources: [r.required('Source')],
    userMessage: r.optional('User message') ?? (isKnownCategory ? ISA_CATEGORY_MESSAGES[category] : ''),
    warnUserLevel:
      r.optionalOneOf('Warn user level', WARN_USER_LEVELS) ??
      (isKnownCategory ? ISA_CATEGORY_WARN_LEVEL[category] : ''),
    confidenceScore: r.score('Confidence score'),
  };
  const group = frn === null ? undefined : findLicence(licences, frn);
  if (frn !== null) {
    const problem = licenceLookupProblem(licences, 'Banking group FRN', frn);
    if (problem !== null) r.messages.push(problem);
  }
  if (category === 'banking_group' && frn === null)
    r.fail('Banking group FRN', 'a banking_group provider needs its deposit taker’s FRN');
  if (category === 'banking_group' && group !== undefined && group.isDepositTaker !== true)
    r.fail('Banking group FRN', `FRN ${frn} is ${String(group.groupName)}, which is not a deposit taker`);
  return { messages: r.messages, fields, group, basis };
}

/**
 * The ISAs tab's rows → providers, the synthetic groups of those whose licence is not found, and
 * the rows that could not be read.
 */
export function parseIsaRows(rows: SourceRow[], today: CalendarDate, licences: LicenceIndex): IsasResult {
  const read = rows.map((row) => ({ row, ...readIsaRow(row, today, licences) }));
  const repeated = repeatedIds(read.map(({ row, fields }) => ({ rowNumber: row.rowNumber, id: fields.id })));
  const result: IsasResult = { providers: [], syntheticGroups: [], invalid: [] };
  for (const { row, messages, fields, group, basis } of read) {
    const all = [...messages, ...(repeated.get(row.rowNumber) ?? []).map((m) => `HMRC reference: ${m}`)];
    if (all.length > 0) {
      const id = fields.id === '' ? null : fields.id;
      result.invalid.push({ tab: 'ISAs', rowNumber: row.rowNumber, id, table: 'isa_providers', messages: all });
      continue;
    }
    const synthetic = group === undefined;
    result.providers.push({
      id: fields.id,
      platformName: fields.platformName,
      legalName: fields.legalName,
      fcaReference: fields.fcaReference,
      bankingGroupId: synthetic ? syntheticGroupId(fields.id) : group.id,
      bankingGroupName: synthetic ? fields.platformName : group.groupName,
      bankingGroupFrn: synthetic ? fields.fcaReference : group.groupFrn,
      fscsCategory: fields.fscsCategory satisfies IsaFscsCategory,
      isaTypes: fields.isaTypes,
      protectionBasis: fields.protectionBasis,
      protectionLimitKey: fields.protectionLimitKey,
      websiteUrl: fields.websiteUrl,
      sourceAsAt: fields.sourceAsAt,
      comments: fields.comments,
      sources: fields.sources,
      userMessage: fields.userMessage,
      displayToUser: true,
      warnUserLevel: fields.warnUserLevel,
      confidenceScore: fields.confidenceScore,
      isActive: true,
    });
    if (!synthetic) continue;
    result.syntheticGroups.push({
      id: syntheticGroupId(fields.id),
      groupName: fields.platformName,
      legalName: fields.legalName,
      nameNote: null,
      groupFrn: fields.fcaReference,
      parentGroup: null,
      type: 'ISA Provider Group',
      isDepositTaker: false,
      fscsProtected: isFscsProtected(basis),
      protectionBasis: basis,
      protectionLimitKey: BASIS_LIMIT_KEY[basis],
      registerSection: null,
      inBoeSharedBrandsList: false,
      sourceAsAt: { HMRC_ISA_MANAGERS: fields.sourceAsAt },
      comments: null,
      sources: fields.sources,
      userMessage: fields.userMessage,
      displayToUser: false,
      warnUserLevel: fields.warnUserLevel,
      confidenceScore: fields.confidenceScore,
      isActive: true,
    });
  }
  return result;
}
