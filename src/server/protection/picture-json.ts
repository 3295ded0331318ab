/**
 * The protection picture as the API sends it (`GET /api/protection`): the engine run once over all
 * the user's accounts, each account judged exactly as the accounts list judges it, with each
 * alert's dismissal applied. The contract is `ProtectionPictureSchema`.
 */
import { type AlertDismissal, dismissedUntil } from '../../core/protection/alerts.ts';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { userAccountsPicture } from '../accounts/protection-facts.ts';
import { z } from '../http/route.ts';
import type { ProtectionRows } from './queries.ts';

const pence = (description: string) => z.number().int().openapi({ description });

const AppliedLimitSchema = z.object({
  amountPence: z.number().int(),
  effectiveFrom: z.string().openapi({ description: 'The date this limit took effect (yyyy-MM-dd)' }),
  isOverride: z.boolean().openapi({ description: "True when an admin's override replaced the law's figure" }),
});

export const AccountLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  bankName: z.string().nullable(),
  holders: z.number().int(),
  balancePence: pence('The whole balance'),
  sharePence: pence("The user's share (the whole balance for a sole account)"),
});

export const LicenceGroupSchema = z
  .object({
    key: z.string(),
    scheme: z.enum(['deposit', 'investment']),
    basis: z.string().openapi({
      description:
        "What the money rests on: 'Banking licence: £120,000 per person if the bank fails', 'Investment firm: £85,000 if the firm fails'",
    }),
    name: z.string().openapi({ description: 'The PRA-authorised firm (or the bank name when no FRN is known)' }),
    frn: z.string().nullable(),
    brands: z.array(z.string()).openapi({ description: 'The brands the user has money with here: one limit' }),
    accounts: z.array(AccountLineSchema),
    totalPence: pence("The user's money here (their share of joint accounts)"),
    coveredPence: pence('Covered by the FSCS'),
    atRiskPence: pence('Over the limit: not protected'),
    limit: AppliedLimitSchema,
    limitUsedPercent: z.number().nullable().openapi({ description: 'Of the standard limit, one decimal place' }),
    alertLevel: z.enum(['none', 'approaching', 'projected-breach', 'over-limit']),
    sharedLimitReason: z.string().nullable().openapi({ description: 'Why these brands share one limit' }),
    jointShares: z.array(z.string()).openapi({ description: 'How each joint account counts, in words' }),
    temporaryHighBalance: z
      .object({
        coveredPence: z.number().int(),
        startedOn: z.string().nullable(),
        endsOn: z.string().nullable().openapi({ description: 'When cover reverts to the standard limit' }),
        text: z.string(),
      })
      .nullable(),
  })
  .openapi('ProtectionLicenceGroup');

export const OutsideGroupSchema = z
  .object({
    key: z.string(),
    kind: z.string().openapi({ description: "The engine's category ('ns-and-i', 'offshore'…) or 'unknown-bank'" }),
    bucket: z.enum(['protected', 'government-backed', 'other-scheme', 'unprotected', 'unknown']).openapi({
      description: "'unknown': a provider or bank not chosen yet, counted neither as protected nor as at risk",
    }),
    basis: z.string().openapi({
      description: "What the money rests on: 'Insurer: FSCS covers 100% of a long-term insurance claim'",
    }),
    unknownReason: z
      .enum([
        'no-bank',
        'isa-provider-missing',
        'pension-provider-missing',
        'platform-bank-missing',
        'bank-not-in-data',
      ])
      .nullable()
      .openapi({ description: 'For money whose protection is unknown: what is missing (where to choose it)' }),
    bankName: z.string().nullable(),
    legalName: z.string().nullable(),
    status: z.string(),
    reason: z.string(),
    accounts: z.array(AccountLineSchema),
    totalPence: z.number().int(),
    jointShares: z.array(z.string()),
  })
  .openapi('ProtectionOutsideGroup');

/** The saver's money in all, and how much of it is protected, at risk, government backed or under another scheme. */
export const PictureTotalsSchema = z.object({
  totalPence: pence("All the user's money (their share of joint accounts)"),
  protectedPence: pence('Covered by the FSCS (and insurance covered 100%)'),
  atRiskPence: pence('Over a limit, not FSCS protected or not confirmed'),
  governmentBackedPence: pence('NS&I and the State: backed by the government'),
  otherSchemePence: pence('The Pension Protection Fund and trustee-run schemes'),
  unknownPence: pence('Not known yet: no bank recorded, or a provider or holding bank not chosen'),
});

export const ProtectionAlertSchema = z
  .object({
    id: z.string(),
    level: z.enum(['approaching', 'projected-breach', 'over-limit']),
    title: z.string(),
    message: z.string(),
    signature: z.string().openapi({ description: 'The figures the alert stands for; send it back to dismiss it' }),
    dismissedUntil: z
      .string()
      .nullable()
      .openapi({ description: 'While dismissed (7 days, or until its figures change): when it shows again' }),
  })
  .openapi('ProtectionAlert');

const EXAMPLE_LIMIT = { amountPence: 120_000_00, effectiveFrom: '2025-12-01', isOverride: false };

/** The picture of the saver (Halifax + Bank of Scotland £140,000, NS&I £10,000): the schema's example. */
export const PROTECTION_PICTURE_EXAMPLE = {
  date: '2026-11-22',
  limits: {
    deposit: EXAMPLE_LIMIT,
    temporaryHighBalance: { amountPence: 1_400_000_00, effectiveFrom: '2025-12-01', isOverride: false },
    investment: { amountPence: 85_000_00, effectiveFrom: '2019-04-01', isOverride: false },
  },
  totals: {
    totalPence: 150_000_00,
    protectedPence: 120_000_00,
    atRiskPence: 20_000_00,
    governmentBackedPence: 10_000_00,
    otherSchemePence: 0,
    unknownPence: 0,
  },
  badge: 'mostly-protected',
  licenceCount: 1,
  investmentFirmCount: 0,
  isDiversified: false,
  groups: [
    {
      key: 'deposit|frn:169628',
      scheme: 'deposit',
      basis: 'Banking licence: £120,000 per person if the bank fails',
      name: 'Bank of Scotland plc',
      frn: '169628',
      brands: ['Halifax', 'Bank of Scotland'],
      accounts: [
        {
          id: 'a1',
          name: 'Halifax saver',
          bankName: 'Halifax',
          holders: 1,
          balancePence: 70_000_00,
          sharePence: 70_000_00,
        },
        {
          id: 'a2',
          name: 'BoS saver',
          bankName: 'Bank of Scotland',
          holders: 1,
          balancePence: 70_000_00,
          sharePence: 70_000_00,
        },
      ],
      totalPence: 140_000_00,
      coveredPence: 120_000_00,
      atRiskPence: 20_000_00,
      limit: EXAMPLE_LIMIT,
      limitUsedPercent: 116.7,
      alertLevel: 'over-limit',
      sharedLimitReason:
        'Halifax and Bank of Scotland are brands of Bank of Scotland plc (FRN 169628): one £120,000 limit covers them together.',
      jointShares: [],
      temporaryHighBalance: null,
    },
  ],
  outside: [
    {
      key: 'ns-and-i|name:national savings and investments (ns&i)',
      kind: 'ns-and-i',
      bucket: 'government-backed',
      basis: 'NS&I: 100% backed by HM Treasury',
      unknownReason: null,
      bankName: 'NS&I',
      legalName: 'National Savings and Investments (NS&I)',
      status: 'Backed by HM Treasury',
      reason: 'NS&I is 100% backed by HM Treasury rather than the FSCS. All of it is safe, with no limit.',
      accounts: [
        {
          id: 'a3',
          name: 'Premium Bonds',
          bankName: 'NS&I',
          holders: 1,
          balancePence: 10_000_00,
          sharePence: 10_000_00,
        },
      ],
      totalPence: 10_000_00,
      jointShares: [],
    },
  ],
  alerts: [
    {
      id: 'deposit|frn:169628',
      level: 'over-limit',
      title: '£20,000.00 over the limit at Bank of Scotland plc',
      message:
        'You have £140,000.00 with Bank of Scotland plc (Halifax and Bank of Scotland), and the limit is £120,000 per person. £20,000.00 is not protected: moving it to a bank with a different licence would protect it.',
      signature: 'over-limit:14000000:12000000:12000000',
      dismissedUntil: null,
    },
  ],
};

export const ProtectionPictureSchema = z
  .object({
    date: z.string().openapi({ description: 'The UK date the picture is for (yyyy-MM-dd)' }),
    limits: z.object({
      deposit: AppliedLimitSchema,
      temporaryHighBalance: AppliedLimitSchema,
      investment: AppliedLimitSchema,
    }),
    totals: PictureTotalsSchema,
    badge: z.enum(['fully-protected', 'mostly-protected', 'at-risk']),
    licenceCount: z
      .number()
      .int()
      .openapi({ description: 'Banking licences holding some of the money (banks only, not investment firms)' }),
    investmentFirmCount: z
      .number()
      .int()
      .openapi({ description: 'Investment firms holding some of it under the FSCS investment limit' }),
    isDiversified: z.boolean().openapi({ description: 'Money with 3 or more banking licences' }),
    groups: z.array(LicenceGroupSchema).openapi({ description: 'Per licence, the most at risk first' }),
    outside: z.array(OutsideGroupSchema).openapi({ description: 'Money outside the FSCS per-firm limits' }),
    alerts: z.array(ProtectionAlertSchema),
  })
  .openapi('ProtectionPicture', { example: PROTECTION_PICTURE_EXAMPLE });

export type ProtectionPictureJson = z.infer<typeof ProtectionPictureSchema>;

/**
 * The user's picture on `today` (UK), with each alert's dismissal as at `now`: the accounts
 * judged as the accounts list judges them (the same facts, the same engine, the same override).
 */
export function protectionPictureJson(rows: ProtectionRows, today: CalendarDate, now: Date): ProtectionPictureJson {
  const { accounts, dismissals } = rows;
  const picture = userAccountsPicture(accounts, today);
  const byAlert = new Map<string, AlertDismissal>(dismissals.map((d) => [d.alertId, d]));
  const { date: _date, ...limits } = picture.limits;
  return {
    ...picture,
    limits,
    alerts: picture.alerts.map((alert) => ({
      ...alert,
      dismissedUntil: dismissedUntil(alert, byAlert.get(alert.id), now)?.toISOString() ?? null,
    })),
  };
}
