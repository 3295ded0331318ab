/**
 * Typed rows of the reference-data files, with the column conventions of
 * `data/reference/README.md` checked on the way in. A bad value becomes a `ReferenceIssue`
 * naming the file, the line and the column; nothing is guessed or silently dropped.
 */
import { isCalendarDate, type CalendarDate } from '../dates/calendar-date.ts';
import { parseCsv, type CsvRecord, type ReferenceIssue } from './csv.ts';

export const INSTITUTION_TYPES = [
  'bank',
  'building_society',
  'credit_union',
  'platform',
  'government_savings_bank',
] as const;
export type InstitutionType = (typeof INSTITUTION_TYPES)[number];

export const REGISTER_SECTIONS = [
  'uk_incorporated_bank',
  'non_uk_bank_uk_branch',
  'uk_building_society',
  'uk_credit_union',
  'gibraltar_bank',
  'eea_bank_other_regime',
  'fca_authorised_non_deposit_taker',
  'hm_treasury_backed',
] as const;
export type RegisterSection = (typeof REGISTER_SECTIONS)[number];

export const FSCS_DEPOSIT_PROTECTIONS = [
  'yes',
  'yes_uk_branch_deposits',
  'unverified',
  'not_a_deposit_taker_protection_via_partner_banks',
  'no_hm_treasury_backed',
] as const;
export type FscsDepositProtection = (typeof FSCS_DEPOSIT_PROTECTIONS)[number];

export const CONFIDENCES = ['high', 'medium', 'low'] as const;
export type Confidence = (typeof CONFIDENCES)[number];

export const ISA_TYPES = ['cash', 'stocks_and_shares', 'ifisa', 'lisa', 'jisa'] as const;
export type IsaType = (typeof ISA_TYPES)[number];

export const ISA_FSCS_CATEGORIES = [
  'banking_group',
  'cash_platform',
  'investment_platform',
  'ifisa_platform',
  'government_backed',
] as const;
export type IsaFscsCategory = (typeof ISA_FSCS_CATEGORIES)[number];

export const PENSION_CATEGORIES = ['master_trust', 'insurer', 'sipp_platform', 'personal_pension_platform'] as const;
export type PensionCategory = (typeof PENSION_CATEGORIES)[number];

export const LIMIT_KEYS = [
  'fscs_deposit',
  'fscs_temporary_high_balance',
  'fscs_investment',
  'isa_annual_allowance',
  'cash_isa_annual_limit_under_65',
  'lisa_annual_limit',
  'jisa_annual_limit',
  'pension_annual_allowance',
  'pension_money_purchase_annual_allowance',
] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];

/** The files in `data/reference/`, by the name the loader knows them by. */
export const REFERENCE_FILE_NAMES = {
  institutions: 'banking_groups.csv',
  brands: 'bank_brands.csv',
  isaProviders: 'isa_providers.csv',
  pensionProviders: 'pension_providers.csv',
  platformPartners: 'platform_partner_banks_sample.csv',
  limits: 'limits.csv',
  everydayBrands: 'everyday_brands.csv',
} as const;
export type ReferenceFileKey = keyof typeof REFERENCE_FILE_NAMES;
/** The text of every reference file; the caller reads them (core does no IO). */
export type ReferenceFileTexts = Record<ReferenceFileKey, string>;

export interface InstitutionRow {
  line: number;
  institutionId: string;
  institutionName: string;
  frn: string | null;
  type: InstitutionType;
  registerSection: RegisterSection | null;
  corporateGroup: string | null;
  fscsDepositProtection: FscsDepositProtection;
  inBoeSharedBrandsList: boolean;
  brandsSharingProtection: string[];
  sourceIds: string[];
  /** Source id → as-at text ("PRA_BANKS" → "2025-06"); 'see source' when the row cites pages. */
  sourceAsAt: Record<string, string>;
  frnConfidence: Confidence | 'not_found' | 'n/a';
  fscsStatusConfidence: Confidence;
  notes: string | null;
}

export interface BrandRow {
  line: number;
  brandName: string;
  frn: string | null;
  institutionName: string | null;
  institutionType: InstitutionType;
  fscsDepositProtection: FscsDepositProtection;
  inBoeSharedBrandsList: boolean;
  alsoListedUnderFrns: string[];
  source: string;
  sourceAsAt: string;
  mappingConfidence: Confidence | 'frn_not_found';
  notes: string | null;
}

export interface IsaProviderRow {
  line: number;
  providerName: string;
  tradingName: string | null;
  fcaReference: string | null;
  hmrcIsaManagerRef: string;
  isaTypes: IsaType[];
  jisaDetail: string | null;
  fscsCategory: IsaFscsCategory;
  depositTakerFrn: string | null;
  bankingGroupName: string | null;
  source: string;
  sourceAsAt: CalendarDate;
  confidence: Confidence;
  notes: string | null;
}

export interface PensionProviderRow {
  line: number;
  providerDisplayName: string;
  legalEntity: string;
  legalEntityRole: string;
  regulator: string;
  frn: string | null;
  frnStatus: string;
  category: PensionCategory;
  protectionNote: string;
  source: string;
  asAt: string | null;
  confidence: Confidence;
  notes: string | null;
}

export interface PlatformPartnerRow {
  line: number;
  platform: string;
  partnerNameAsListed: string;
  frn: string | null;
  institutionName: string | null;
  matchConfidence: Confidence | 'unmatched';
  observedDate: CalendarDate;
  source: string;
  notes: string | null;
}

/**
 * An everyday name people type for a bank (`everyday_brands.csv`, curated by SavvyPig): either
 * a brand row already in `bank_brands.csv` (`listedInBankBrands`) or a new trading name for a
 * licence that is, always under an institution of `banking_groups.csv`.
 */
export interface EverydayBrandRow {
  line: number;
  brandName: string;
  listedInBankBrands: boolean;
  frn: string | null;
  institutionName: string;
  alsoTypedAs: string[];
  /** Required for a new name; for a listed brand, the extra source for calling it the everyday one. */
  source: string | null;
  sourceAsAt: string | null;
  mappingConfidence: Confidence | 'frn_not_found' | null;
  notes: string | null;
}

export interface LimitRow {
  line: number;
  limitKey: LimitKey;
  amountPence: number;
  effectiveFrom: CalendarDate;
  appliesPer: string;
  source: string;
  confidence: Confidence;
  notes: string | null;
}

/** FRNs on the FCA/PRA register are 6 or 7 digits. */
const FRN_SHAPE = /^\d{6,7}$/;
const AS_AT_SHAPE = /^\d{4}-\d{2}(-\d{2})?$/;

/** Reads one record's columns, collecting an issue for every bad value. */
class RowReader {
  private readonly file: string;
  private readonly record: CsvRecord;
  private readonly issues: ReferenceIssue[];

  constructor(file: string, record: CsvRecord, issues: ReferenceIssue[]) {
    this.file = file;
    this.record = record;
    this.issues = issues;
  }

  fail(column: string, message: string): void {
    this.issues.push({ file: this.file, line: this.record.line, column, message });
  }

  optional(column: string): string | null {
    const value = (this.record.values[column] ?? '').trim();
    return value === '' ? null : value;
  }

  required(column: string): string {
    const value = this.optional(column);
    if (value === null) this.fail(column, 'a value is required');
    return value ?? '';
  }

  oneOf<T extends string>(column: string, allowed: readonly T[]): T {
    const value = this.required(column);
    if (value !== '' && !(allowed as readonly string[]).includes(value)) {
      this.fail(column, `'${value}' is not one of ${allowed.join(', ')}`);
    }
    return value as T;
  }

  optionalOneOf<T extends string>(column: string, allowed: readonly T[]): T | null {
    return this.optional(column) === null ? null : this.oneOf(column, allowed);
  }

  frn(column: string): string | null {
    const value = this.optional(column);
    if (value !== null && !FRN_SHAPE.test(value)) this.fail(column, `'${value}' is not a 6- or 7-digit FRN`);
    return value;
  }

  frnList(column: string): string[] {
    const values = splitList(this.optional(column));
    for (const value of values) {
      if (!FRN_SHAPE.test(value)) this.fail(column, `'${value}' is not a 6- or 7-digit FRN`);
    }
    return values;
  }

  yesNo(column: string): boolean {
    return this.oneOf(column, ['yes', 'no']) === 'yes';
  }

  flag(column: string): boolean {
    return this.oneOf(column, ['0', '1']) === '1';
  }

  date(column: string): CalendarDate {
    const value = this.required(column);
    if (value !== '' && !isCalendarDate(value)) this.fail(column, `'${value}' is not a yyyy-MM-dd date`);
    return value;
  }

  asAt(column: string): string {
    const value = this.required(column);
    if (value !== '' && value !== 'see source' && !AS_AT_SHAPE.test(value)) {
      this.fail(column, `'${value}' is not an as-at date (yyyy-MM or yyyy-MM-dd) or 'see source'`);
    }
    return value;
  }

  pence(column: string): number {
    const value = this.required(column);
    if (value !== '' && !/^\d+$/.test(value)) this.fail(column, `'${value}' is not a whole number of pence`);
    const amount = Number(value);
    if (!Number.isSafeInteger(amount)) this.fail(column, `'${value}' is too large`);
    return amount;
  }
}

/** Splits a '; '-separated list, dropping blanks. */
export function splitList(value: string | null): string[] {
  if (value === null) return [];
  return value
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function parseSourceAsAt(reader: RowReader, column: string): Record<string, string> {
  const value = reader.required(column);
  if (value === 'see source') return {};
  const result: Record<string, string> = {};
  for (const part of splitList(value)) {
    const at = part.indexOf('=');
    if (at < 1) continue;
    result[part.slice(0, at)] = part.slice(at + 1);
  }
  return result;
}

type RowBuilder<T> = (reader: RowReader, line: number) => T;

const institutionRow: RowBuilder<InstitutionRow> = (r, line) => ({
  line,
  institutionId: r.required('institution_id'),
  institutionName: r.required('institution_name'),
  frn: r.frn('frn'),
  type: r.oneOf('type', INSTITUTION_TYPES),
  registerSection: r.optionalOneOf('register_section', REGISTER_SECTIONS),
  corporateGroup: r.optional('corporate_group'),
  fscsDepositProtection: r.oneOf('fscs_deposit_protection', FSCS_DEPOSIT_PROTECTIONS),
  inBoeSharedBrandsList: r.yesNo('in_boe_shared_brands_list'),
  brandsSharingProtection: splitList(r.required('brands_sharing_protection')),
  sourceIds: splitList(r.required('source_ids')),
  sourceAsAt: parseSourceAsAt(r, 'source_as_at'),
  frnConfidence: r.oneOf('frn_confidence', [...CONFIDENCES, 'not_found', 'n/a'] as const),
  fscsStatusConfidence: r.oneOf('fscs_status_confidence', CONFIDENCES),
  notes: r.optional('notes'),
});

const brandRow: RowBuilder<BrandRow> = (r, line) => ({
  line,
  brandName: r.required('brand_name'),
  frn: r.frn('frn'),
  institutionName: r.optional('institution_name'),
  institutionType: r.oneOf('institution_type', INSTITUTION_TYPES),
  fscsDepositProtection: r.oneOf('fscs_deposit_protection', FSCS_DEPOSIT_PROTECTIONS),
  inBoeSharedBrandsList: r.yesNo('in_boe_shared_brands_list'),
  alsoListedUnderFrns: r.frnList('brand_also_listed_under_other_frn'),
  source: r.required('brand_source_id'),
  sourceAsAt: r.asAt('source_as_at'),
  mappingConfidence: r.oneOf('mapping_confidence', [...CONFIDENCES, 'frn_not_found'] as const),
  notes: r.optional('notes'),
});

const isaProviderRow: RowBuilder<IsaProviderRow> = (r, line) => {
  // Blank for two managers whose components HMRC left blank (Business Agent, Quilter Investment Platform).
  const isaTypes = splitList(r.optional('isa_types'));
  for (const type of isaTypes) {
    if (!(ISA_TYPES as readonly string[]).includes(type))
      r.fail('isa_types', `'${type}' is not one of ${ISA_TYPES.join(', ')}`);
  }
  const row: IsaProviderRow = {
    line,
    providerName: r.required('provider_name'),
    tradingName: r.optional('trading_name'),
    fcaReference: r.frn('fca_reference'),
    hmrcIsaManagerRef: r.required('hmrc_isa_manager_ref'),
    isaTypes: isaTypes as IsaType[],
    jisaDetail: r.optional('jisa_detail'),
    fscsCategory: r.oneOf('fscs_category', ISA_FSCS_CATEGORIES),
    depositTakerFrn: r.frn('deposit_taker_frn'),
    bankingGroupName: r.optional('banking_group_name'),
    source: r.required('source'),
    sourceAsAt: r.date('source_as_at'),
    confidence: r.oneOf('confidence', CONFIDENCES),
    notes: r.optional('notes'),
  };
  // The offers_* flags repeat isa_types; they must agree, or one of them is wrong.
  const flags: Record<string, IsaType> = {
    offers_cash: 'cash',
    offers_stocks_and_shares: 'stocks_and_shares',
    offers_ifisa: 'ifisa',
    offers_lisa: 'lisa',
    offers_jisa: 'jisa',
  };
  for (const [column, type] of Object.entries(flags)) {
    if (r.flag(column) !== row.isaTypes.includes(type))
      r.fail(column, `disagrees with isa_types '${row.isaTypes.join(';')}'`);
  }
  return row;
};

const pensionProviderRow: RowBuilder<PensionProviderRow> = (r, line) => ({
  line,
  providerDisplayName: r.required('provider_display_name'),
  legalEntity: r.required('legal_entity'),
  legalEntityRole: r.required('legal_entity_role'),
  regulator: r.required('regulator'),
  frn: r.frn('frn'),
  frnStatus: r.required('frn_status'),
  category: r.oneOf('category', PENSION_CATEGORIES),
  protectionNote: r.required('protection_note'),
  source: r.required('source'),
  asAt: r.optional('as_at'),
  confidence: r.oneOf('confidence', CONFIDENCES),
  notes: r.optional('notes'),
});

const platformPartnerRow: RowBuilder<PlatformPartnerRow> = (r, line) => ({
  line,
  platform: r.required('platform'),
  partnerNameAsListed: r.required('partner_name_as_listed'),
  frn: r.frn('frn'),
  institutionName: r.optional('institution_name'),
  matchConfidence: r.oneOf('match_confidence', [...CONFIDENCES, 'unmatched'] as const),
  observedDate: r.date('observed_date'),
  source: r.required('source'),
  notes: r.optional('notes'),
});

const everydayBrandRow: RowBuilder<EverydayBrandRow> = (r, line) => {
  const listedInBankBrands = r.yesNo('listed_in_bank_brands');
  // A new name needs its own source; a listed brand keeps its row's and may add one, dated and rated.
  const source = listedInBankBrands ? r.optional('brand_source_id') : r.required('brand_source_id');
  const sourced = source !== null || !listedInBankBrands;
  const sourceAsAt = sourced ? r.asAt('source_as_at') : null;
  const mappingConfidence = sourced ? r.oneOf('mapping_confidence', [...CONFIDENCES, 'frn_not_found'] as const) : null;
  // The search keeps a brand's everyday names between '|' (bank-search.ts), so no name may hold one.
  const brandName = r.required('brand_name');
  if (brandName.includes('|')) r.fail('brand_name', `'${brandName}' holds a '|'`);
  const alsoTypedAs = splitList(r.optional('also_typed_as'));
  for (const name of alsoTypedAs.filter((n) => n.includes('|'))) r.fail('also_typed_as', `'${name}' holds a '|'`);
  return {
    line,
    brandName,
    listedInBankBrands,
    frn: r.frn('frn'),
    institutionName: r.required('institution_name'),
    alsoTypedAs,
    source,
    sourceAsAt,
    mappingConfidence,
    notes: r.optional('notes'),
  };
};

const limitRow: RowBuilder<LimitRow> = (r, line) => ({
  line,
  limitKey: r.oneOf('limit_key', LIMIT_KEYS),
  amountPence: r.pence('amount_pence'),
  effectiveFrom: r.date('effective_from'),
  appliesPer: r.required('applies_per'),
  source: r.required('source'),
  confidence: r.oneOf('confidence', CONFIDENCES),
  notes: r.optional('notes'),
});

/** The columns each file must have (extra columns are allowed and ignored). */
export const REQUIRED_COLUMNS: Readonly<Record<ReferenceFileKey, readonly string[]>> = {
  institutions: [
    'institution_id',
    'institution_name',
    'frn',
    'type',
    'register_section',
    'corporate_group',
    'fscs_deposit_protection',
    'in_boe_shared_brands_list',
    'brands_sharing_protection',
    'source_ids',
    'source_as_at',
    'frn_confidence',
    'fscs_status_confidence',
    'notes',
  ],
  brands: [
    'brand_name',
    'frn',
    'institution_name',
    'institution_type',
    'fscs_deposit_protection',
    'in_boe_shared_brands_list',
    'brand_also_listed_under_other_frn',
    'brand_source_id',
    'source_as_at',
    'mapping_confidence',
    'notes',
  ],
  isaProviders: [
    'provider_name',
    'trading_name',
    'fca_reference',
    'hmrc_isa_manager_ref',
    'isa_types',
    'offers_cash',
    'offers_stocks_and_shares',
    'offers_ifisa',
    'offers_lisa',
    'offers_jisa',
    'jisa_detail',
    'fscs_category',
    'deposit_taker_frn',
    'banking_group_name',
    'source',
    'source_as_at',
    'confidence',
    'notes',
  ],
  pensionProviders: [
    'provider_display_name',
    'legal_entity',
    'legal_entity_role',
    'regulator',
    'frn',
    'frn_status',
    'category',
    'protection_note',
    'source',
    'as_at',
    'confidence',
    'notes',
  ],
  platformPartners: [
    'platform',
    'partner_name_as_listed',
    'frn',
    'institution_name',
    'match_confidence',
    'observed_date',
    'source',
    'notes',
  ],
  limits: ['limit_key', 'amount_pence', 'effective_from', 'applies_per', 'source', 'confidence', 'notes'],
  everydayBrands: [
    'brand_name',
    'listed_in_bank_brands',
    'frn',
    'institution_name',
    'also_typed_as',
    'brand_source_id',
    'source_as_at',
    'mapping_confidence',
    'notes',
  ],
};

const BUILDERS: { [K in ReferenceFileKey]: RowBuilder<ReferenceRows[K][number]> } = {
  institutions: institutionRow,
  brands: brandRow,
  isaProviders: isaProviderRow,
  pensionProviders: pensionProviderRow,
  platformPartners: platformPartnerRow,
  limits: limitRow,
  everydayBrands: everydayBrandRow,
};

export interface ReferenceRows {
  institutions: InstitutionRow[];
  brands: BrandRow[];
  isaProviders: IsaProviderRow[];
  pensionProviders: PensionProviderRow[];
  platformPartners: PlatformPartnerRow[];
  limits: LimitRow[];
  everydayBrands: EverydayBrandRow[];
}

/** Parses and checks one file's text into typed rows, or the issues found. */
export function readReferenceFile<K extends ReferenceFileKey>(
  key: K,
  text: string,
): { ok: true; rows: ReferenceRows[K] } | { ok: false; issues: ReferenceIssue[] } {
  const file = REFERENCE_FILE_NAMES[key];
  const parsed = parseCsv(text, file);
  if (!parsed.ok) return { ok: false, issues: [parsed.issue] };
  const missing = REQUIRED_COLUMNS[key].filter((column) => !parsed.header.includes(column));
  if (missing.length > 0) {
    return {
      ok: false,
      issues: missing.map((column) => ({ file, line: 1, column, message: 'the header lacks this column' })),
    };
  }
  const issues: ReferenceIssue[] = [];
  const rows = parsed.records.map((record) => BUILDERS[key](new RowReader(file, record, issues), record.line));
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, rows: rows as ReferenceRows[K] };
}
