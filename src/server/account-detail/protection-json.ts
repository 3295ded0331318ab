/**
 * The account page's Protection card (`AccountDetail.protection`): the licence the account's
 * money counts under, with the user's other accounts there, or why it sits outside the FSCS
 * limits. Taken from the picture of all the user's accounts (the Protection Hub's, on the same
 * rows the page already reads), so the card and the Hub cannot disagree.
 */
import type { ProtectionPicture } from '../../core/protection/picture.ts';
import { z } from '../http/route.ts';
import { LicenceGroupSchema, OutsideGroupSchema } from '../protection/picture-json.ts';

export const AccountProtectionSchema = z
  .object({
    licence: LicenceGroupSchema.nullable().openapi({
      description:
        "The licence (and FSCS scheme) the account's money counts under, with every account of the user's there",
    }),
    outside: OutsideGroupSchema.nullable().openapi({
      description: 'When the money is outside the FSCS limits (NS&I, a Crown Dependency, an unknown bank…): why',
    }),
  })
  .openapi('AccountProtection');

export type AccountProtection = z.infer<typeof AccountProtectionSchema>;

/** Where account `accountId` sits in `picture`: under a licence, outside the limits, or (insurance covered 100%) neither. */
export function accountProtectionJson(picture: ProtectionPicture, accountId: string): AccountProtection {
  const holds = (group: { accounts: readonly { id: string }[] }) => group.accounts.some((a) => a.id === accountId);
  return {
    licence: picture.groups.find(holds) ?? null,
    outside: picture.outside.find(holds) ?? null,
  };
}
