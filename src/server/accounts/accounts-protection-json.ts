/**
 * The accounts list's protection summary (`AccountList.protection`): the Protection Hub's totals,
 * and each licence that holds two or more of the user's accounts, from the same picture code on
 * the same rows. The page groups those accounts under their licence and says its at-risk figure
 * once, never on each brand's row.
 */
import type { ProtectionPicture } from '../../core/protection/picture.ts';
import { z } from '../http/route.ts';
import { LicenceGroupSchema, PictureTotalsSchema } from '../protection/picture-json.ts';

const SharedLicenceSchema = LicenceGroupSchema.pick({
  key: true,
  scheme: true,
  name: true,
  frn: true,
  brands: true,
  totalPence: true,
  coveredPence: true,
  atRiskPence: true,
  limit: true,
  limitUsedPercent: true,
  alertLevel: true,
  sharedLimitReason: true,
  temporaryHighBalance: true,
})
  .extend({
    accountIds: z
      .array(z.string())
      .openapi({ description: 'The accounts under this licence, in the order the user added them' }),
  })
  .openapi('AccountsSharedLicence');

const JointShareSchema = z.object({
  accountId: z.string(),
  holders: z.number().int(),
  sharePence: z.number().int().openapi({ description: "The user's share: what counts towards their protection" }),
});

export const AccountsProtectionSchema = z
  .object({
    totals: PictureTotalsSchema,
    sharedLicences: z.array(SharedLicenceSchema).openapi({
      description: 'Licences holding two or more of the accounts (one limit for them all), most at risk first',
    }),
    jointAccounts: z
      .array(JointShareSchema)
      .openapi({ description: 'Each joint account and the share of it that counts' }),
  })
  .openapi('AccountsProtection', {
    example: {
      totals: {
        totalPence: 200_000_00,
        protectedPence: 170_000_00,
        atRiskPence: 20_000_00,
        governmentBackedPence: 10_000_00,
        otherSchemePence: 0,
        unknownPence: 0,
      },
      sharedLicences: [
        {
          key: 'deposit|frn:169628',
          scheme: 'deposit',
          name: 'Bank of Scotland plc',
          frn: '169628',
          brands: ['Halifax', 'Bank of Scotland'],
          totalPence: 140_000_00,
          coveredPence: 120_000_00,
          atRiskPence: 20_000_00,
          limit: { amountPence: 120_000_00, effectiveFrom: '2025-12-01', isOverride: false },
          limitUsedPercent: 116.7,
          alertLevel: 'over-limit',
          sharedLimitReason:
            'Halifax and Bank of Scotland are brands of Bank of Scotland plc (FRN 169628): one £120,000 limit covers them together.',
          temporaryHighBalance: null,
          accountIds: ['6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', '7a2d3b4c-5e6f-4a71-8b8c-0d1e2f3a4b5c'],
        },
      ],
      jointAccounts: [{ accountId: '8b3e4c5d-6f70-4b82-9c9d-1e2f3a4b5c6d', holders: 2, sharePence: 25_000_00 }],
    },
  });

export type AccountsProtection = z.infer<typeof AccountsProtectionSchema>;

/** What the accounts list says of `picture`: its totals, its licences shared by two or more accounts, its joint accounts. */
export function accountsProtectionJson(picture: ProtectionPicture): AccountsProtection {
  const lines = [...picture.groups, ...picture.outside].flatMap((group) => group.accounts);
  return {
    totals: picture.totals,
    sharedLicences: picture.groups
      .filter((group) => group.accounts.length >= 2)
      .map((group) => ({
        key: group.key,
        scheme: group.scheme,
        name: group.name,
        frn: group.frn,
        brands: group.brands,
        totalPence: group.totalPence,
        coveredPence: group.coveredPence,
        atRiskPence: group.atRiskPence,
        limit: group.limit,
        limitUsedPercent: group.limitUsedPercent,
        alertLevel: group.alertLevel,
        sharedLimitReason: group.sharedLimitReason,
        temporaryHighBalance: group.temporaryHighBalance,
        accountIds: group.accounts.map((account) => account.id),
      })),
    jointAccounts: lines
      .filter((line) => line.holders > 1)
      .map((line) => ({ accountId: line.id, holders: line.holders, sharePence: line.sharePence })),
  };
}
