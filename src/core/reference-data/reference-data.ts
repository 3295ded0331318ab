/**
 * Turns the text of the `data/reference/` files into the reference data the product uses:
 * institutions (one per PRA-authorised firm, keyed by FRN where it has one), brands pointing
 * at them, ISA and pension providers in the spec's fields, platform partner banks and the
 * limits with their effective dates. Pure: the caller reads the files and passes the text.
 *
 * Protection applies per PRA-authorised firm (FRN), never per corporate group or brand:
 * Halifax and Bank of Scotland share one limit, Lloyds Bank has its own.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { everydayNamesOf, searchForm } from './bank-search.ts';
import { contentHash } from './content-hash.ts';
import type { ReferenceIssue } from './csv.ts';
import { alternativeNames, cleanDisplayName } from './display-name.ts';
import {
  REFERENCE_FILE_NAMES,
  readReferenceFile,
  splitList,
  type BrandRow,
  type Confidence,
  type FscsDepositProtection,
  type InstitutionRow,
  type InstitutionType,
  type IsaFscsCategory,
  type IsaType,
  type LimitKey,
  type LimitRow,
  type PensionCategory,
  type ReferenceFileKey,
  type ReferenceFileTexts,
  type ReferenceRows,
  type RegisterSection,
} from './records.ts';
import {
  BASIS_LIMIT_KEY,
  CONFIDENCE_SCORES,
  DEPOSIT_PROTECTION_BASIS,
  ISA_CATEGORY_BASIS,
  ISA_CATEGORY_MESSAGES,
  ISA_CATEGORY_WARN_LEVEL,
  PENSION_CATEGORY_MAPPING,
  isFscsProtected,
  type CoverageTag,
  type ProtectionBasis,
  type SchemeType,
  type WarnUserLevel,
} from './spec-mapping.ts';

export interface Institution {
  /** The research pack's stable id: `frn-<FRN>`, or a slug for NS&I and platforms without one. */
  institutionId: string;
  frn: string | null;
  legalName: string;
  displayName: string;
  nameNote: string | null;
  type: InstitutionType;
  /** Bank, building society or credit union: a PRA-authorised deposit taker. */
  isDepositTaker: boolean;
  registerSection: RegisterSection | null;
  fscsDepositProtection: FscsDepositProtection;
  protectionBasis: ProtectionBasis;
  /** Spec `fscs_protected`. */
  isFscsProtected: boolean;
  /** Informational only: never aggregate exposure by it. */
  corporateGroup: string | null;
  inBoeSharedBrandsList: boolean;
  frnConfidence: Confidence | 'not_found' | 'n/a';
  fscsStatusConfidence: Confidence;
  confidenceScore: number;
  sources: string[];
  /** Source id → as-at ("PRA_BANKS" → "2025-06"); empty when the row cites its own pages. */
  sourceAsAt: Record<string, string>;
  notes: string | null;
}

export interface Brand {
  /** `<institutionId>/<brand name>`: brand names repeat across FRNs, so the name alone is not a key. */
  brandId: string;
  brandName: string;
  displayName: string;
  nameNote: string | null;
  /** Other names to search by ("BM Savings" for "Birmingham Midshires (BM Savings)"). */
  alternativeNames: string[];
  institutionId: string;
  frn: string | null;
  /** The same brand string is listed under other FRNs: the user must pick the legal entity. */
  isAmbiguous: boolean;
  alsoListedUnderFrns: string[];
  /** Crown Dependency (Jersey, Guernsey, Isle of Man) business: deposits booked there are probably outside FSCS. */
  isCrownDependency: boolean;
  fscsDepositProtection: FscsDepositProtection;
  source: string;
  sourceAsAt: string;
  mappingConfidence: Confidence | 'frn_not_found';
  confidenceScore: number;
  notes: string | null;
  /** Set for an everyday brand (`everyday_brands.csv`): the names people type find it first. */
  everyday: EverydayBrand | null;
}

/** What makes a brand an everyday one: the names it is typed as, and where that comes from. */
export interface EverydayBrand {
  /** Names people type for it besides its display and alternative names ("Lloyds" for Lloyds Bank). */
  alsoTypedAs: string[];
  /** For a brand already in `bank_brands.csv`: the extra source for calling it the everyday one, if any. */
  source: string | null;
  sourceAsAt: string | null;
  mappingConfidence: Confidence | 'frn_not_found' | null;
  notes: string | null;
}

/** The spec's synthetic 'ISA Provider Group' for a provider that is not itself a deposit taker. */
export interface SyntheticIsaProviderGroup {
  groupName: string;
  groupFrn: string | null;
  type: 'ISA Provider Group';
  isFscsProtected: boolean;
  protectionBasis: ProtectionBasis;
  /** The limit follows the provider's category (read it on the day); null when no single figure applies. */
  protectionLimitKey: LimitKey | null;
  displayToUser: false;
}

/** The protection fields the spec gives ISA and pension providers alike. */
export interface ProviderProtection {
  protectionBasis: ProtectionBasis;
  /** The limit to read on the day; null when no single pence figure applies. */
  protectionLimitKey: LimitKey | null;
  userMessage: string;
  warnUserLevel: WarnUserLevel;
  confidenceScore: number;
  sources: string[];
}

export interface IsaProvider extends ProviderProtection {
  /** HMRC ISA manager reference (Z1234). */
  providerId: string;
  /** Spec `platform_name`: the trading name when there is one. */
  platformName: string;
  legalName: string;
  fcaReference: string | null;
  isaTypes: IsaType[];
  fscsCategory: IsaFscsCategory;
  /** The deposit taker's display name and FRN when the manager is (or sits within) one. */
  bankingGroupName: string | null;
  bankingGroupFrn: string | null;
  bankingGroupInstitutionId: string | null;
  syntheticGroup: SyntheticIsaProviderGroup | null;
  sourceAsAt: CalendarDate;
  notes: string | null;
}

export interface PensionProvider extends ProviderProtection {
  providerId: string;
  providerDisplayName: string;
  legalEntityName: string;
  legalEntityNote: string | null;
  legalEntityRole: string;
  regulator: string;
  frn: string | null;
  frnStatus: string;
  bankingGroupName: string | null;
  bankingGroupFrn: string | null;
  category: PensionCategory;
  coverageTag: CoverageTag;
  typicalSchemeType: SchemeType;
  asAt: string | null;
  notes: string | null;
}

export interface PlatformPartner {
  platform: string;
  platformInstitutionId: string;
  partnerNameAsListed: string;
  frn: string | null;
  /** Null for the partner names the research could not match to one FRN. */
  institutionId: string | null;
  matchConfidence: Confidence | 'unmatched';
  observedDate: CalendarDate;
  source: string;
  notes: string | null;
}

/** A limit in pence from its effective date (the latest one on or before a date applies). */
export type ReferenceLimit = Omit<LimitRow, 'line'>;

export interface ReferenceData {
  institutions: Institution[];
  brands: Brand[];
  isaProviders: IsaProvider[];
  pensionProviders: PensionProvider[];
  platformPartners: PlatformPartner[];
  limits: ReferenceLimit[];
}

export interface LoadedReferenceData {
  data: ReferenceData;
  /** SHA-256 of the normalised data: unchanged files give the same hash, so a load can be skipped. */
  contentHash: string;
}

export type LoadResult = { ok: true; loaded: LoadedReferenceData } | { ok: false; issues: ReferenceIssue[] };

const DEPOSIT_TAKER_TYPES: readonly InstitutionType[] = ['bank', 'building_society', 'credit_union'];
const CROWN_DEPENDENCY = /Crown Dependenc|Jersey|Isle of Man|Guernsey/;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function toInstitution(row: InstitutionRow): Institution {
  const name = cleanDisplayName(row.institutionName);
  const basis = DEPOSIT_PROTECTION_BASIS[row.fscsDepositProtection];
  return {
    institutionId: row.institutionId,
    frn: row.frn,
    legalName: row.institutionName,
    displayName: name.displayName,
    nameNote: name.nameNote,
    type: row.type,
    isDepositTaker: DEPOSIT_TAKER_TYPES.includes(row.type),
    registerSection: row.registerSection,
    fscsDepositProtection: row.fscsDepositProtection,
    protectionBasis: basis,
    isFscsProtected: isFscsProtected(basis),
    corporateGroup: row.corporateGroup,
    inBoeSharedBrandsList: row.inBoeSharedBrandsList,
    frnConfidence: row.frnConfidence,
    fscsStatusConfidence: row.fscsStatusConfidence,
    confidenceScore: CONFIDENCE_SCORES[row.fscsStatusConfidence],
    sources: row.sourceIds,
    sourceAsAt: row.sourceAsAt,
    notes: row.notes,
  };
}

/**
 * The institution a brand row belongs to. By FRN when it has one; where an FRN carries two
 * rows (a platform and its white label) or none (NS&I, platforms whose FRN was not found),
 * by the institution's own list of names sharing its protection, then by its name.
 */
function resolveBrandInstitution(
  row: BrandRow,
  institutions: readonly InstitutionRow[],
  byFrn: Map<string, InstitutionRow[]>,
) {
  const candidates = row.frn === null ? institutions.filter((i) => i.frn === null) : (byFrn.get(row.frn) ?? []);
  if (candidates.length === 1) return candidates[0]!;
  const named = candidates.filter(
    (i) =>
      i.brandsSharingProtection.includes(row.brandName) ||
      (row.institutionName !== null && i.institutionName === row.institutionName),
  );
  return named.length === 1 ? named[0]! : null;
}

function normalise(rows: ReferenceRows): { ok: true; data: ReferenceData } | { ok: false; issues: ReferenceIssue[] } {
  const issues: ReferenceIssue[] = [];
  const issue = (key: ReferenceFileKey, line: number, column: string | undefined, message: string) =>
    issues.push({ file: REFERENCE_FILE_NAMES[key], line, ...(column === undefined ? {} : { column }), message });

  // Institutions.
  const seenIds = new Set<string>();
  const depositTakerFrns = new Map<string, InstitutionRow>();
  const institutionRowsByFrn = new Map<string, InstitutionRow[]>();
  for (const row of rows.institutions) {
    if (seenIds.has(row.institutionId))
      issue('institutions', row.line, 'institution_id', `'${row.institutionId}' is repeated`);
    seenIds.add(row.institutionId);
    if (row.frn === null) continue;
    institutionRowsByFrn.set(row.frn, [...(institutionRowsByFrn.get(row.frn) ?? []), row]);
    if (DEPOSIT_TAKER_TYPES.includes(row.type)) {
      // One deposit limit per FRN: two deposit-taker rows for one FRN would split it.
      if (depositTakerFrns.has(row.frn))
        issue('institutions', row.line, 'frn', `deposit taker FRN ${row.frn} is repeated`);
      depositTakerFrns.set(row.frn, row);
    }
  }
  const institutions = rows.institutions.map(toInstitution);
  const institutionsById = new Map(institutions.map((i) => [i.institutionId, i]));
  const findByFrn = (frn: string) =>
    institutions.find((i) => i.frn === frn && i.isDepositTaker) ?? institutions.find((i) => i.frn === frn);

  // Brands.
  const brands: Brand[] = [];
  const brandIds = new Set<string>();
  const frnsByBrandName = new Map<string, Set<string>>();
  for (const row of rows.brands) {
    const owner = resolveBrandInstitution(row, rows.institutions, institutionRowsByFrn);
    if (owner === null) {
      issue('brands', row.line, 'frn', `brand '${row.brandName}' does not resolve to exactly one institution`);
      continue;
    }
    for (const other of row.alsoListedUnderFrns) {
      if (!institutionRowsByFrn.has(other))
        issue('brands', row.line, 'brand_also_listed_under_other_frn', `FRN ${other} is not an institution`);
    }
    if (row.frn !== null)
      frnsByBrandName.set(row.brandName, (frnsByBrandName.get(row.brandName) ?? new Set()).add(row.frn));
    const brandId = `${owner.institutionId}/${row.brandName}`;
    if (brandIds.has(brandId))
      issue('brands', row.line, 'brand_name', `'${row.brandName}' is repeated under ${owner.institutionId}`);
    brandIds.add(brandId);
    const name = cleanDisplayName(row.brandName);
    brands.push({
      brandId,
      brandName: row.brandName,
      displayName: name.displayName,
      nameNote: name.nameNote,
      alternativeNames: alternativeNames(name.displayName),
      institutionId: owner.institutionId,
      frn: row.frn,
      isAmbiguous: row.alsoListedUnderFrns.length > 0,
      alsoListedUnderFrns: row.alsoListedUnderFrns,
      isCrownDependency: isCrownDependencyBrand(row),
      fscsDepositProtection: row.fscsDepositProtection,
      source: row.source,
      sourceAsAt: row.sourceAsAt,
      mappingConfidence: row.mappingConfidence,
      confidenceScore: confidenceScoreOf(row.mappingConfidence),
      notes: row.notes,
      everyday: null,
    });
  }
  // The ambiguity flag must match the data: a name under two FRNs that is not flagged would let
  // the product pick a licence silently.
  for (const row of rows.brands) {
    const frns = frnsByBrandName.get(row.brandName);
    if (row.frn === null || frns === undefined) continue;
    const expected = [...frns].filter((frn) => frn !== row.frn).sort(byText);
    const flagged = [...row.alsoListedUnderFrns].sort(byText);
    if (expected.join(';') !== flagged.join(';')) {
      issue(
        'brands',
        row.line,
        'brand_also_listed_under_other_frn',
        `'${row.brandName}' is also listed under [${expected.join(', ')}], flagged [${flagged.join(', ')}]`,
      );
    }
  }

  addEverydayBrands(rows, brands, issue);

  // ISA providers.
  const isaProviders: IsaProvider[] = [];
  const isaIds = new Set<string>();
  for (const row of rows.isaProviders) {
    if (isaIds.has(row.hmrcIsaManagerRef))
      issue('isaProviders', row.line, 'hmrc_isa_manager_ref', `'${row.hmrcIsaManagerRef}' is repeated`);
    isaIds.add(row.hmrcIsaManagerRef);
    const platformName = cleanDisplayName(row.tradingName ?? row.providerName).displayName;
    const group = row.depositTakerFrn === null ? undefined : findByFrn(row.depositTakerFrn);
    if (row.fscsCategory === 'banking_group' && (group === undefined || !group.isDepositTaker)) {
      issue(
        'isaProviders',
        row.line,
        'deposit_taker_frn',
        `a banking_group provider needs a deposit taker's FRN ('${row.depositTakerFrn ?? ''}' is not one)`,
      );
    }
    const basis = ISA_CATEGORY_BASIS[row.fscsCategory];
    const limitKey = BASIS_LIMIT_KEY[basis];
    isaProviders.push({
      providerId: row.hmrcIsaManagerRef,
      platformName,
      legalName: row.providerName,
      fcaReference: row.fcaReference,
      isaTypes: row.isaTypes,
      fscsCategory: row.fscsCategory,
      bankingGroupName: group?.displayName ?? null,
      bankingGroupFrn: group?.frn ?? null,
      bankingGroupInstitutionId: group?.institutionId ?? null,
      syntheticGroup:
        group === undefined
          ? {
              groupName: platformName,
              groupFrn: row.fcaReference,
              type: 'ISA Provider Group',
              isFscsProtected: isFscsProtected(basis),
              protectionBasis: basis,
              protectionLimitKey: limitKey,
              displayToUser: false,
            }
          : null,
      protectionBasis: basis,
      protectionLimitKey: limitKey,
      userMessage: ISA_CATEGORY_MESSAGES[row.fscsCategory],
      warnUserLevel: ISA_CATEGORY_WARN_LEVEL[row.fscsCategory],
      confidenceScore: CONFIDENCE_SCORES[row.confidence],
      sources: [row.source],
      sourceAsAt: row.sourceAsAt,
      notes: row.notes,
    });
  }

  // Pension providers.
  const pensionProviders: PensionProvider[] = rows.pensionProviders.map((row) => {
    const mapping = PENSION_CATEGORY_MAPPING[row.category];
    const legal = cleanDisplayName(row.legalEntity);
    const group = row.frn === null ? undefined : institutions.find((i) => i.frn === row.frn && i.isDepositTaker);
    return {
      providerId: slug(row.providerDisplayName),
      providerDisplayName: row.providerDisplayName,
      legalEntityName: legal.displayName,
      legalEntityNote: legal.nameNote,
      legalEntityRole: row.legalEntityRole,
      regulator: row.regulator,
      frn: row.frn,
      frnStatus: row.frnStatus,
      bankingGroupName: group?.displayName ?? null,
      bankingGroupFrn: group?.frn ?? null,
      category: row.category,
      coverageTag: mapping.coverageTag,
      typicalSchemeType: mapping.typicalSchemeType,
      protectionBasis: mapping.basis,
      protectionLimitKey: BASIS_LIMIT_KEY[mapping.basis],
      userMessage: row.protectionNote,
      warnUserLevel: row.confidence === 'low' && mapping.warnUserLevel !== 'medium' ? 'medium' : mapping.warnUserLevel,
      confidenceScore: CONFIDENCE_SCORES[row.confidence],
      sources: splitList(row.source),
      asAt: row.asAt,
      notes: row.notes,
    };
  });
  const pensionIds = new Set<string>();
  pensionProviders.forEach((provider, index) => {
    if (pensionIds.has(provider.providerId))
      issue('pensionProviders', rows.pensionProviders[index]!.line, 'provider_display_name', 'repeated');
    pensionIds.add(provider.providerId);
  });

  // Platform partner banks: the platform is found by its brand's display name ("AJ Bell").
  const platformBrands = new Map(
    brands
      .filter((b) => institutionsById.get(b.institutionId)?.type === 'platform')
      .map((b) => [b.displayName, b.institutionId]),
  );
  const platformPartners: PlatformPartner[] = [];
  for (const row of rows.platformPartners) {
    const platformInstitutionId = platformBrands.get(row.platform);
    if (platformInstitutionId === undefined)
      issue('platformPartners', row.line, 'platform', `'${row.platform}' is not a platform brand`);
    const partner = row.frn === null ? undefined : findByFrn(row.frn);
    if (row.frn !== null && (partner === undefined || !partner.isDepositTaker)) {
      issue('platformPartners', row.line, 'frn', `FRN ${row.frn} is not a deposit-taking institution`);
    }
    if ((row.frn === null) !== (row.matchConfidence === 'unmatched')) {
      issue('platformPartners', row.line, 'match_confidence', 'an unmatched row has no FRN, and only an unmatched row');
    }
    platformPartners.push({
      platform: row.platform,
      platformInstitutionId: platformInstitutionId ?? '',
      partnerNameAsListed: row.partnerNameAsListed,
      frn: row.frn,
      institutionId: partner?.institutionId ?? null,
      matchConfidence: row.matchConfidence,
      observedDate: row.observedDate,
      source: row.source,
      notes: row.notes,
    });
  }

  // Limits: one value per key and date.
  const limitDates = new Set<string>();
  for (const row of rows.limits) {
    const key = `${row.limitKey}@${row.effectiveFrom}`;
    if (limitDates.has(key))
      issue('limits', row.line, 'effective_from', `${row.limitKey} already has a value from ${row.effectiveFrom}`);
    limitDates.add(key);
  }
  const limits: ReferenceLimit[] = rows.limits
    .map(({ line: _line, ...limit }) => limit)
    .sort((a, b) => byText(a.limitKey, b.limitKey) || byText(a.effectiveFrom, b.effectiveFrom));

  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    data: {
      institutions: [...institutions].sort((a, b) => byText(a.institutionId, b.institutionId)),
      brands: brands.sort((a, b) => byText(a.brandId, b.brandId)),
      isaProviders: isaProviders.sort((a, b) => byText(a.providerId, b.providerId)),
      pensionProviders: pensionProviders.sort((a, b) => byText(a.providerId, b.providerId)),
      platformPartners: platformPartners.sort(
        (a, b) => byText(a.platform, b.platform) || byText(a.partnerNameAsListed, b.partnerNameAsListed),
      ),
      limits,
    },
  };
}

const confidenceScoreOf = (confidence: Confidence | 'frn_not_found') =>
  confidence === 'frn_not_found' ? CONFIDENCE_SCORES.low : CONFIDENCE_SCORES[confidence];

type IssueSink = (key: ReferenceFileKey, line: number, column: string | undefined, message: string) => void;

/**
 * Marks the everyday brands of `everyday_brands.csv` on the brands, adding those that are new
 * trading names. Every one must sit under an institution of `banking_groups.csv` (by FRN, and by
 * name where the FRN is blank or shared), so no FRN comes from anywhere but the reference data;
 * a listed brand must be in `bank_brands.csv` under that institution, a new one must not be in it
 * at all (under another FRN it would need the ambiguity flag); and no name people type may point
 * at two everyday brands, so each one finds exactly one brand first.
 */
function addEverydayBrands(rows: ReferenceRows, brands: Brand[], issue: IssueSink): void {
  const institutions = rows.institutions;
  const everydayNames = new Map<string, string>();
  for (const row of rows.everydayBrands) {
    const fail = (column: string | undefined, message: string) => issue('everydayBrands', row.line, column, message);
    const owners = institutions.filter((i) => i.frn === row.frn && i.institutionName === row.institutionName);
    if (owners.length !== 1) {
      const byFrn = institutions.filter((i) => i.frn === row.frn).map((i) => `'${i.institutionName}'`);
      fail(
        'institution_name',
        row.frn === null
          ? `'${row.institutionName}' is not an institution without an FRN`
          : byFrn.length === 0
            ? `FRN ${row.frn} is not an institution in banking_groups.csv`
            : `'${row.institutionName}' is not the institution with FRN ${row.frn} (${byFrn.join(', ')})`,
      );
      continue;
    }
    const owner = owners[0]!;
    const wanted = row.brandName.toLowerCase();
    const sameName = brands.filter(
      (b) => b.displayName.toLowerCase() === wanted || b.brandName.toLowerCase() === wanted,
    );
    const listed = sameName.filter((b) => b.institutionId === owner.institutionId);
    let brand: Brand;
    if (row.listedInBankBrands) {
      if (listed.length !== 1) {
        fail('brand_name', `'${row.brandName}' is not listed once under ${owner.institutionId} in bank_brands.csv`);
        continue;
      }
      brand = listed[0]!;
    } else {
      if (sameName.length > 0) {
        const where = [...new Set(sameName.map((b) => b.institutionId))].join(', ');
        fail('brand_name', `'${row.brandName}' is already in bank_brands.csv (${where}): list it, or name it apart`);
        continue;
      }
      const name = cleanDisplayName(row.brandName);
      brand = {
        brandId: `${owner.institutionId}/${row.brandName}`,
        brandName: row.brandName,
        displayName: name.displayName,
        nameNote: name.nameNote,
        alternativeNames: alternativeNames(name.displayName),
        institutionId: owner.institutionId,
        frn: owner.frn,
        isAmbiguous: false,
        alsoListedUnderFrns: [],
        isCrownDependency: false,
        fscsDepositProtection: owner.fscsDepositProtection,
        // Required for a new name (records.ts).
        source: row.source ?? '',
        sourceAsAt: row.sourceAsAt ?? '',
        mappingConfidence: row.mappingConfidence ?? 'low',
        confidenceScore: confidenceScoreOf(row.mappingConfidence ?? 'low'),
        notes: row.notes,
        everyday: null,
      };
      brands.push(brand);
    }
    if (brand.everyday !== null) {
      fail('brand_name', `'${row.brandName}' is already an everyday brand`);
      continue;
    }
    brand.everyday = {
      alsoTypedAs: row.alsoTypedAs,
      source: row.listedInBankBrands ? row.source : null,
      sourceAsAt: row.listedInBankBrands ? row.sourceAsAt : null,
      mappingConfidence: row.listedInBankBrands ? row.mappingConfidence : null,
      notes: row.listedInBankBrands ? row.notes : null,
    };
    for (const typed of everydayNamesOf(brand)) {
      const key = searchForm(typed);
      const other = everydayNames.get(key);
      if (other !== undefined && other !== brand.brandId)
        fail('also_typed_as', `'${typed}' already finds the everyday brand ${other}`);
      everydayNames.set(key, brand.brandId);
    }
  }
}

/**
 * Brands the research marks as Crown Dependency businesses (RBS International, Coutts Crown
 * Dependencies, Santander International): the note says so and the brand name is the offshore one.
 */
function isCrownDependencyBrand(row: BrandRow): boolean {
  return (
    row.notes !== null && CROWN_DEPENDENCY.test(row.notes) && /International|Crown Dependencies/.test(row.brandName)
  );
}

/**
 * Parses, checks and normalises every reference file. Returns every issue found in the first
 * file that has any (then stops: cross-file checks need clean rows), or the normalised data and
 * its content hash. Rows are sorted by stable keys, so the same files always give the same hash.
 */
export function loadReferenceData(texts: ReferenceFileTexts): LoadResult {
  const rows: Partial<ReferenceRows> = {};
  for (const key of Object.keys(REFERENCE_FILE_NAMES) as ReferenceFileKey[]) {
    const read = readReferenceFile(key, texts[key]);
    if (!read.ok) return read;
    (rows as Record<ReferenceFileKey, unknown>)[key] = read.rows;
  }
  const normalised = normalise(rows as ReferenceRows);
  if (!normalised.ok) return normalised;
  return { ok: true, loaded: { data: normalised.data, contentHash: contentHash(normalised.data) } };
}

/**
 * Brands whose display name or an alternative name equals `name`, ignoring case. Several
 * brands can answer to one name (different FRNs): the caller must let the user pick.
 */
export function listBrandsNamed(brands: readonly Brand[], name: string): Brand[] {
  const wanted = name.trim().toLowerCase();
  return brands.filter((brand) =>
    [brand.displayName, ...brand.alternativeNames].some((candidate) => candidate.toLowerCase() === wanted),
  );
}

/** The value of `limitKey` in force on `date` (the latest effective on or before it), or null. */
export function findLimit(
  limits: readonly ReferenceLimit[],
  limitKey: LimitKey,
  date: CalendarDate,
): ReferenceLimit | null {
  let found: ReferenceLimit | null = null;
  for (const limit of limits) {
    if (limit.limitKey !== limitKey || limit.effectiveFrom > date) continue;
    if (found === null || limit.effectiveFrom > found.effectiveFrom) found = limit;
  }
  return found;
}
