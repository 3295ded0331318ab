import type { ImportTable } from './contract.ts';

/**
 * Per table, the fields that decide who is covered by which licence: which firm a row's money counts
 * against and what protects it. An import that changes one of them changes savers' protection
 * answers, so it waits for an admin instead of applying directly. Chosen from what the protection
 * engine reads (core/protection/bank-category.ts `bankProtectionCategory` and `bankInstitution`,
 * the bank, ISA and pension facts in server/accounts/queries.ts):
 * - bank_references: the licence (`bankingGroupId`, `bankFrn`, `bankGroupFrn`; `bankingGroupName`
 *   is the firm's legal name, the engine's institution when there is no FRN); `type`, since a
 *   platform is never the protected firm; and what protects it (`fscsProtected`, `protectionBasis`,
 *   `isCrownDependency`, outside the FSCS whatever the group).
 * - isa_providers: the licence (`bankingGroupId`, whose group `type` the engine reads;
 *   `bankingGroupFrn`; `bankingGroupName`, else `legalName`, as the institution without an FRN),
 *   whether it is a bank's or an investment firm's (`fscsCategory`), and what protects it
 *   (`protectionBasis`, `protectionLimitKey`).
 * - pension_providers: the licence (`frn`, `legalEntityName` without one), the scheme its records
 *   take (`category`, `coverageTag`) and what protects it (`protectionBasis`, `protectionLimitKey`).
 * - banking_groups: the licence itself (`groupFrn`), `type` (the ISA providers under it are judged
 *   by it), whether it takes deposits and what protects them (`isDepositTaker`, `fscsProtected`,
 *   `protectionBasis`, `protectionLimitKey`).
 * Names shown to savers (brand, platform and group names) are left out: a rename moves no money.
 */
export const COVERAGE_FIELDS: Readonly<Record<ImportTable, readonly string[]>> = {
  banking_groups: ['groupFrn', 'type', 'isDepositTaker', 'fscsProtected', 'protectionBasis', 'protectionLimitKey'],
  bank_references: [
    'bankingGroupId',
    'bankingGroupName',
    'bankFrn',
    'bankGroupFrn',
    'type',
    'fscsProtected',
    'protectionBasis',
    'isCrownDependency',
  ],
  isa_providers: [
    'bankingGroupId',
    'bankingGroupName',
    'bankingGroupFrn',
    'legalName',
    'fscsCategory',
    'protectionBasis',
    'protectionLimitKey',
  ],
  pension_providers: ['frn', 'legalEntityName', 'category', 'coverageTag', 'protectionBasis', 'protectionLimitKey'],
};

/** Per table, the fields holding the FRN of the licence a row sits under, first found first. */
export const LICENCE_FRN_FIELDS: Readonly<Record<ImportTable, readonly string[]>> = {
  banking_groups: ['groupFrn'],
  bank_references: ['bankFrn', 'bankGroupFrn'],
  isa_providers: ['bankingGroupFrn'],
  pension_providers: ['frn'],
};

/** Per table, the field that names a row to an admin. */
export const LABEL_FIELD: Readonly<Record<ImportTable, string>> = {
  banking_groups: 'groupName',
  bank_references: 'bankName',
  isa_providers: 'platformName',
  pension_providers: 'providerDisplayName',
};

/** Whether a row sits under a licence: it names one by FRN. */
export function hasLicence(table: ImportTable, row: Record<string, unknown>): boolean {
  return LICENCE_FRN_FIELDS[table].some((field) => {
    const value = row[field];
    return typeof value === 'string' && value.trim() !== '';
  });
}
