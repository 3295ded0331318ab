/**
 * Reads one Banks row: its licence's cells and its brand's cells, each with its own messages, so
 * a bad brand cell does not hide a good licence shared with other rows (parse-banks.ts).
 */
import { isCalendarDate, type CalendarDate } from '../../dates/calendar-date.ts';
import {
  INSTITUTION_TYPES,
  REGISTER_SECTIONS,
  type FscsDepositProtection,
  type InstitutionType,
  type RegisterSection,
} from '../records.ts';
import { CellReader } from './cell-reader.ts';
import { readBrandSources, readLicenceSources, type DatedSource, type LicenceSources } from './cell-encodings.ts';
import { BRAND_DETAIL_COLUMNS, type SourceRow } from './source-format.ts';

/**
 * Protection follows the register section (data/reference/README.md, column conventions): UK
 * firms are covered, an overseas bank's UK branch only for deposits it holds, the Gibraltar and
 * EEA sections are unverified, platforms place money with partner banks, NS&I is HM Treasury's.
 */
const SECTION_PROTECTION: Readonly<Record<RegisterSection, FscsDepositProtection>> = {
  uk_incorporated_bank: 'yes',
  uk_building_society: 'yes',
  uk_credit_union: 'yes',
  non_uk_bank_uk_branch: 'yes_uk_branch_deposits',
  gibraltar_bank: 'unverified',
  eea_bank_other_regime: 'unverified',
  fca_authorised_non_deposit_taker: 'not_a_deposit_taker_protection_via_partner_banks',
  hm_treasury_backed: 'no_hm_treasury_backed',
};

/** The sections each type of institution can be listed in; only a platform may have none. */
const TYPE_SECTIONS: Readonly<Record<InstitutionType, readonly (RegisterSection | null)[]>> = {
  bank: ['uk_incorporated_bank', 'non_uk_bank_uk_branch', 'gibraltar_bank', 'eea_bank_other_regime'],
  building_society: ['uk_building_society'],
  credit_union: ['uk_credit_union'],
  platform: ['fca_authorised_non_deposit_taker', null],
  government_savings_bank: ['hm_treasury_backed'],
};

/** `frn-<FRN>` is what a blank Licence ID means; `isa-` ids are the synthetic ISA groups'. */
const LICENCE_ID_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface LicenceCells extends LicenceSources {
  /** Null when it cannot be worked out (no Licence ID and no good FRN). */
  id: string | null;
  frn: string | null;
  legalName: string;
  type: InstitutionType;
  registerSection: RegisterSection | null;
  fscsDepositProtection: FscsDepositProtection;
  corporateGroup: string | null;
  confidenceScore: number;
  notes: string | null;
}

export interface BrandCells {
  nameAsListed: string;
  /** Empty for a brand that is not an everyday one. */
  everydayNames: string[];
  sources: DatedSource[];
  confidenceScore: number;
  notes: string | null;
}

export interface BanksRow {
  rowNumber: number;
  cells: Record<string, string>;
  licence: LicenceCells;
  licenceMessages: string[];
  /** Null for a row that lists a licence with no brand of its own (Brand name blank). */
  brand: BrandCells | null;
  brandMessages: string[];
}

function readLicence(r: CellReader): LicenceCells {
  const frn = r.frn('FRN');
  const isFrnGood = frn !== null && r.messages.length === 0;
  const typedId = r.optional('Licence ID');
  const type = r.oneOf('Institution type', INSTITUTION_TYPES);
  const registerSection = r.optionalOneOf('Register section', REGISTER_SECTIONS);
  const isKnown =
    (INSTITUTION_TYPES as readonly string[]).includes(type) &&
    (registerSection === null || (REGISTER_SECTIONS as readonly string[]).includes(registerSection));
  if (isKnown && !TYPE_SECTIONS[type].includes(registerSection)) {
    const allowed = TYPE_SECTIONS[type].map((section) => section ?? 'blank').join(', ');
    r.fail('Register section', `a ${type} is listed in ${allowed}, not '${registerSection ?? 'blank'}'`);
  }
  let id = typedId ?? (isFrnGood ? `frn-${frn}` : null);
  if (typedId === null && frn === null) r.fail('Licence ID', 'a value is required for a licence without an FRN');
  if (typedId !== null && !LICENCE_ID_SHAPE.test(typedId)) {
    r.fail('Licence ID', `'${typedId}' is not lower-case letters and digits joined by '-'`);
    id = null;
  } else if (typedId?.startsWith('isa-')) r.fail('Licence ID', `'isa-' ids are the synthetic ISA groups'`);
  else if (typedId?.startsWith('frn-') && typedId !== `frn-${frn}`)
    r.fail('Licence ID', `'${typedId}' names another FRN than ${frn ?? 'blank'}`);
  r.required('Licence sources');
  return {
    id,
    frn,
    legalName: r.required('Licence holder'),
    type,
    registerSection,
    fscsDepositProtection:
      registerSection === null
        ? 'not_a_deposit_taker_protection_via_partner_banks'
        : SECTION_PROTECTION[registerSection],
    corporateGroup: r.optional('Corporate group'),
    ...readLicenceSources(r.list('Licence sources')),
    confidenceScore: r.score('Licence confidence score'),
    notes: r.optional('Licence notes'),
  };
}

function readBrand(r: CellReader, name: string, today: CalendarDate): BrandCells {
  const everydayNames = r.list('Everyday names');
  for (const typed of [name, ...everydayNames].filter((n) => everydayNames.length > 0 && n.includes('|')))
    r.fail('Everyday names', `'${typed}' holds a '|' (the search keeps everyday names between '|')`);
  const cell = r.required('Brand sources');
  const sources = cell === '' ? [] : readBrandSources(cell);
  if (sources === null)
    r.fail('Brand sources', `each source must end with its as-at in brackets: 'BOE_BANK_BRANDS (2025-04-14)'`);
  for (const { asAt } of (sources ?? []).filter((source) => source.asAt !== 'see source')) {
    if (!isAsAt(asAt)) r.fail('Brand sources', `'${asAt}' is not a real date or month`);
    else if (asAt > today.slice(0, asAt.length)) r.fail('Brand sources', `${asAt} is after today (${today})`);
  }
  return {
    nameAsListed: name,
    everydayNames,
    sources: sources ?? [],
    confidenceScore: r.score('Brand confidence score'),
    notes: r.optional('Brand notes'),
  };
}

const isAsAt = (value: string) => (value.length === 10 ? isCalendarDate(value) : /^\d{4}-(0[1-9]|1[0-2])$/.test(value));

export function readBanksRow(row: SourceRow, today: CalendarDate): BanksRow {
  const licenceReader = new CellReader(row.cells);
  const brandReader = new CellReader(row.cells);
  const licence = readLicence(licenceReader);
  const name = brandReader.optional('Brand name');
  if (name === null) {
    for (const column of BRAND_DETAIL_COLUMNS.filter((c) => row.cells[c] !== ''))
      brandReader.fail(column, 'a row without a Brand name lists a licence only: leave this blank');
  }
  return {
    rowNumber: row.rowNumber,
    cells: row.cells,
    licence,
    licenceMessages: licenceReader.messages,
    brand: name === null ? null : readBrand(brandReader, name, today),
    brandMessages: brandReader.messages,
  };
}
