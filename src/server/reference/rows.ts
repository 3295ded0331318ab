/**
 * Turns normalised reference data (src/core/reference-data) into the rows of the reference
 * tables. Pure, so the mapping is tested without a database. docs/reference-data.md says
 * where each spec field comes from.
 */
import { createHash } from 'node:crypto';
import { brandSearchColumns } from '../../core/reference-data/bank-search.ts';
import type { ReferenceData } from '../../core/reference-data/reference-data.ts';
import { BASIS_LIMIT_KEY, DEPOSIT_PROTECTION_BASIS, isFscsProtected } from '../../core/reference-data/spec-mapping.ts';
import type {
  bankReferences,
  bankingGroups,
  isaProviders,
  pensionProviders,
  platformPartnerBanks,
  protectionLimits,
} from '../db/schema/index.ts';

type Loaded<T extends { $inferInsert: unknown }> = Omit<
  T['$inferInsert'],
  'loadedData' | 'adminEditedAt' | 'createdAt' | 'updatedAt'
>;
export type BankingGroupRow = Loaded<typeof bankingGroups>;
export type BankReferenceRow = Loaded<typeof bankReferences>;
export type IsaProviderRow = Loaded<typeof isaProviders>;
export type PensionProviderRow = Loaded<typeof pensionProviders>;
export type PlatformPartnerRow = (typeof platformPartnerBanks)['$inferInsert'];
export type LimitRow = (typeof protectionLimits)['$inferInsert'];

export type ReferenceTableRows = {
  bankingGroups: BankingGroupRow[];
  bankReferences: BankReferenceRow[];
  isaProviders: IsaProviderRow[];
  pensionProviders: PensionProviderRow[];
  platformPartnerBanks: PlatformPartnerRow[];
  protectionLimits: LimitRow[];
};

const BRAND_ID_NAMESPACE = 'b6f0c1a4-3d2e-5f8a-9c7b-5a4e3d2c1b0a';

/** RFC 4122 version-5 UUID: the same name always gives the same id, on every machine. */
export function uuidV5(name: string, namespace = BRAND_ID_NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The id a brand's row has: derived from `<institutionId>/<brand name as listed>`. */
export const bankReferenceId = (brandId: string) => uuidV5(brandId);

/** The spec's synthetic group id for an ISA provider whose group is not a deposit taker. */
export const syntheticIsaGroupId = (providerId: string) => `isa-${providerId}`;

const sourceWithDate = (source: string, asAt: string | null) => (asAt ? `${source} (${asAt})` : source);

const sourcesWithDates = (sources: string[], asAt: Record<string, string>) =>
  sources.map((source) => (asAt[source] ? `${source} (${asAt[source]})` : source));

export function referenceTableRows(data: ReferenceData): ReferenceTableRows {
  const institutionsById = new Map(data.institutions.map((i) => [i.institutionId, i]));

  const bankingGroupRows: BankingGroupRow[] = data.institutions.map((i) => ({
    id: i.institutionId,
    groupName: i.displayName,
    legalName: i.legalName,
    nameNote: i.nameNote,
    groupFrn: i.frn,
    parentGroup: i.corporateGroup,
    type: i.type,
    isDepositTaker: i.isDepositTaker,
    fscsProtected: i.isFscsProtected,
    protectionBasis: i.protectionBasis,
    protectionLimitKey: BASIS_LIMIT_KEY[i.protectionBasis],
    registerSection: i.registerSection,
    inBoeSharedBrandsList: i.inBoeSharedBrandsList,
    sourceAsAt: i.sourceAsAt,
    comments: i.notes,
    sources: sourcesWithDates(i.sources, i.sourceAsAt),
    userMessage: null,
    displayToUser: true,
    warnUserLevel: i.protectionBasis === 'unverified' ? 'medium' : 'low',
    confidenceScore: i.confidenceScore,
    isActive: true,
  }));

  for (const provider of data.isaProviders) {
    const group = provider.syntheticGroup;
    if (!group) continue;
    bankingGroupRows.push({
      id: syntheticIsaGroupId(provider.providerId),
      groupName: group.groupName,
      legalName: provider.legalName,
      nameNote: null,
      groupFrn: group.groupFrn,
      parentGroup: null,
      type: group.type,
      isDepositTaker: false,
      fscsProtected: group.isFscsProtected,
      protectionBasis: group.protectionBasis,
      protectionLimitKey: group.protectionLimitKey,
      registerSection: null,
      inBoeSharedBrandsList: false,
      sourceAsAt: { HMRC_ISA_MANAGERS: provider.sourceAsAt },
      comments: null,
      sources: provider.sources,
      userMessage: provider.userMessage,
      displayToUser: group.displayToUser,
      warnUserLevel: provider.warnUserLevel,
      confidenceScore: provider.confidenceScore,
      isActive: true,
    });
  }

  const bankReferenceRows: BankReferenceRow[] = data.brands.map((b) => {
    const institution = institutionsById.get(b.institutionId)!;
    const basis = DEPOSIT_PROTECTION_BASIS[b.fscsDepositProtection];
    const search = brandSearchColumns(b, institution);
    return {
      id: bankReferenceId(b.brandId),
      referenceKey: b.brandId,
      bankName: b.displayName,
      nameAsListed: b.brandName,
      nameNote: b.nameNote,
      alternativeNames: b.alternativeNames,
      bankingGroupId: institution.institutionId,
      bankingGroupName: institution.displayName,
      bankFrn: b.frn,
      bankGroupFrn: institution.frn,
      type: institution.type,
      fscsProtected: isFscsProtected(basis),
      protectionBasis: basis,
      isCrownDependency: b.isCrownDependency,
      isAmbiguous: b.isAmbiguous,
      alsoListedUnderFrns: b.alsoListedUnderFrns,
      websiteUrl: null,
      apiSource: b.source,
      lastUpdated: /^\d{4}-\d{2}-\d{2}$/.test(b.sourceAsAt) ? b.sourceAsAt : null,
      searchName: search.searchName,
      searchText: search.searchText,
      everydaySearch: search.everydaySearch,
      comments: [b.notes, b.everyday?.notes].filter(Boolean).join(' | ') || null,
      sources: [
        sourceWithDate(b.source, b.sourceAsAt),
        ...(b.everyday?.source ? [sourceWithDate(b.everyday.source, b.everyday.sourceAsAt)] : []),
      ],
      userMessage: b.isCrownDependency ? 'Deposits booked in a Crown Dependency are outside the UK FSCS.' : null,
      displayToUser: true,
      warnUserLevel: b.isCrownDependency || basis === 'unverified' ? 'medium' : 'low',
      confidenceScore: b.confidenceScore,
      isActive: true,
    };
  });

  const isaProviderRows: IsaProviderRow[] = data.isaProviders.map((p) => ({
    id: p.providerId,
    platformName: p.platformName,
    legalName: p.legalName,
    fcaReference: p.fcaReference,
    bankingGroupId: p.syntheticGroup ? syntheticIsaGroupId(p.providerId) : p.bankingGroupInstitutionId,
    bankingGroupName: p.syntheticGroup ? p.syntheticGroup.groupName : p.bankingGroupName,
    bankingGroupFrn: p.syntheticGroup ? p.syntheticGroup.groupFrn : p.bankingGroupFrn,
    fscsCategory: p.fscsCategory,
    isaTypes: p.isaTypes,
    protectionBasis: p.protectionBasis,
    protectionLimitKey: p.protectionLimitKey,
    websiteUrl: null,
    sourceAsAt: p.sourceAsAt,
    comments: p.notes,
    sources: p.sources,
    userMessage: p.userMessage,
    displayToUser: true,
    warnUserLevel: p.warnUserLevel,
    confidenceScore: p.confidenceScore,
    isActive: true,
  }));

  const pensionProviderRows: PensionProviderRow[] = data.pensionProviders.map((p) => ({
    id: p.providerId,
    providerDisplayName: p.providerDisplayName,
    legalEntityName: p.legalEntityName,
    legalEntityNote: p.legalEntityNote,
    legalEntityRole: p.legalEntityRole,
    regulator: p.regulator,
    frn: p.frn,
    frnStatus: p.frnStatus,
    bankingGroupName: p.bankingGroupName,
    bankingGroupFrn: p.bankingGroupFrn,
    category: p.category,
    coverageTag: p.coverageTag,
    typicalSchemeType: p.typicalSchemeType,
    protectionBasis: p.protectionBasis,
    protectionLimitKey: p.protectionLimitKey,
    displayMessage: p.userMessage,
    asAt: p.asAt,
    comments: p.notes,
    sources: p.sources,
    userMessage: p.userMessage,
    displayToUser: true,
    warnUserLevel: p.warnUserLevel,
    confidenceScore: p.confidenceScore,
    isActive: true,
  }));

  return {
    bankingGroups: bankingGroupRows,
    bankReferences: bankReferenceRows,
    isaProviders: isaProviderRows,
    pensionProviders: pensionProviderRows,
    platformPartnerBanks: data.platformPartners.map((p) => ({
      platform: p.platform,
      partnerNameAsListed: p.partnerNameAsListed,
      platformGroupId: p.platformInstitutionId,
      partnerGroupId: p.institutionId,
      frn: p.frn,
      matchConfidence: p.matchConfidence,
      observedDate: p.observedDate,
      source: p.source,
      notes: p.notes,
    })),
    protectionLimits: data.limits.map((l) => ({
      limitKey: l.limitKey,
      effectiveFrom: l.effectiveFrom,
      amountPence: l.amountPence,
      appliesPer: l.appliesPer,
      source: l.source,
      confidence: l.confidence,
      notes: l.notes,
    })),
  };
}
