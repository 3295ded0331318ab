/**
 * Smart Pig as the API sends it: the contracts of `GET /api/smart-pig`, the preferences and the
 * what-if simulator (`SmartPigSchema`, `SmartPigPreferencesJsonSchema`, `SimulationSchema`), and
 * the mapping from the engine's results.
 */
import { analyseSmartPig } from '../../core/smart-pig/recommendations.ts';
import type { SimulationResult } from '../../core/smart-pig/simulator.ts';
import { RECOMMENDATION_PRIORITIES, RECOMMENDATION_TYPES } from '../../core/smart-pig/types.ts';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { depositLimitOn } from '../../core/protection/limits.ts';
import type { ProtectionPicture } from '../../core/protection/picture.ts';
import { z } from '../http/route.ts';
import type { SmartPigRows } from './queries.ts';

const pence = (description: string) => z.number().int().openapi({ description });
const bps = (description: string) =>
  z
    .number()
    .int()
    .openapi({ description: `${description} (basis points: 4.35% is 435)` });

export const SmartPigPreferencesJsonSchema = z
  .object({
    keepFullFSCSCover: z.boolean().openapi({ description: "Suggest moving money that is over a licence's limit" }),
    avoidTeaserRates: z.boolean().openapi({ description: 'Never suggest an account paying an introductory rate' }),
    maxNoticeDays: z.number().int().openapi({ description: 'Longest notice accepted, 0–95 days' }),
    maxFixedMonths: z.number().int().openapi({ description: 'Longest fixed term accepted, 0–60 months' }),
    useISAFirst: z.boolean().openapi({ description: 'Prefer ISAs while ISA allowance is left' }),
  })
  .openapi('SmartPigPreferences', {
    example: {
      keepFullFSCSCover: true,
      avoidTeaserRates: true,
      maxNoticeDays: 0,
      maxFixedMonths: 12,
      useISAFirst: true,
    },
  });

export const PreferencesResponseSchema = z
  .object({ preferences: SmartPigPreferencesJsonSchema })
  .openapi('SmartPigPreferencesResponse');

const RecommendationAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  bankName: z.string().nullable(),
  licenceKey: z.string(),
  licenceName: z.string().openapi({ description: 'The banking licence the limit applies to' }),
  holders: z.number().int(),
});

const RecommendationSchema = z
  .object({
    id: z.string(),
    priority: z.enum(RECOMMENDATION_PRIORITIES),
    type: z.enum(RECOMMENDATION_TYPES),
    fromAccount: RecommendationAccountSchema.nullable(),
    toAccount: RecommendationAccountSchema.nullable().openapi({
      description: 'Null: a new account with another banking group',
    }),
    amountPence: pence("What to move out of the whole account (all holders' money for a joint account)"),
    currentRateBps: bps('The source account’s rate').nullable(),
    newRateBps: bps('The destination’s rate').nullable(),
    projectedGainPence: pence("A year's extra interest before tax"),
    explanation: z.string(),
    risks: z.array(z.string()),
    timeframe: z.string(),
    transfer: z.enum(['internal', 'external']).nullable(),
    availableCapacityPence: pence("Room at the destination's licence before this move").nullable(),
    capacityLimited: z.boolean(),
    capacityReason: z.string().nullable(),
    steps: z.array(z.string()).openapi({ description: 'The See Steps dialog, in order; SavvyPig never moves money' }),
  })
  .openapi('SmartPigRecommendation');

const MetricsSchema = z
  .object({
    unprotectedDepositsPence: z.number().int(),
    potentialExtraInterestPence: z.number().int(),
    estimatedNetGainPence: pence('After basic-rate tax on savings: 20% (factor 0.8), 22% from 6 April 2027'),
    netGainTax: z.string().openapi({ description: 'The tax taken off, in words, e.g. "20% tax"' }),
    projectedBreaches: z.number().int().openapi({ description: 'Licences above 90% of their limit' }),
    totalBalancePence: z.number().int(),
    averageRateBps: bps('Balance-weighted'),
    protectedBalancePence: z.number().int(),
    bankingGroupCount: z.number().int(),
  })
  .openapi('SmartPigMetrics');

const SmartPigAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  bankName: z.string().nullable(),
  balancePence: z.number().int(),
  interestRateBps: z.number().int(),
});

const EXAMPLE_HALIFAX = {
  id: 'a1',
  name: 'Halifax saver',
  bankName: 'Halifax',
  licenceKey: 'deposit|frn:169628',
  licenceName: 'Bank of Scotland plc',
  holders: 1,
};
const EXAMPLE_NATIONWIDE = {
  id: 'a3',
  name: 'Nationwide saver',
  bankName: 'Nationwide Building Society',
  licenceKey: 'deposit|frn:106078',
  licenceName: 'Nationwide Building Society',
  holders: 1,
};

export const SmartPigSchema = z
  .object({
    date: z.string().openapi({ description: 'The UK date the recommendations are for (yyyy-MM-dd)' }),
    limitPence: pence("Today's FSCS deposit limit per person per licence (the law's, or an admin's override)"),
    preferences: SmartPigPreferencesJsonSchema,
    metrics: MetricsSchema,
    recommendations: z.array(RecommendationSchema).openapi({ description: 'By priority, then gain' }),
    accounts: z.array(SmartPigAccountSchema).openapi({ description: "The user's accounts, for the simulator" }),
  })
  .openapi('SmartPig', {
    example: {
      date: '2026-11-22',
      limitPence: 120_000_00,
      preferences: {
        keepFullFSCSCover: true,
        avoidTeaserRates: true,
        maxNoticeDays: 0,
        maxFixedMonths: 12,
        useISAFirst: true,
      },
      metrics: {
        unprotectedDepositsPence: 20_000_00,
        potentialExtraInterestPence: 200_00,
        estimatedNetGainPence: 160_00,
        netGainTax: '20% tax',
        projectedBreaches: 1,
        totalBalancePence: 190_000_00,
        averageRateBps: 300,
        protectedBalancePence: 170_000_00,
        bankingGroupCount: 2,
      },
      recommendations: [
        {
          id: 'protection:a1:a3:1',
          priority: 'high',
          type: 'protection',
          fromAccount: EXAMPLE_HALIFAX,
          toAccount: EXAMPLE_NATIONWIDE,
          amountPence: 20_000_00,
          currentRateBps: 300,
          newRateBps: 400,
          projectedGainPence: 200_00,
          explanation:
            '£20,000.00 of your money at Bank of Scotland plc is over the £120,000 limit, so the FSCS would not protect it.',
          risks: ['Rates can change.'],
          timeframe: '1-2 business days',
          transfer: 'external',
          availableCapacityPence: 70_000_00,
          capacityLimited: false,
          capacityReason: null,
          steps: ['Send £20,000.00 from Halifax saver to Nationwide saver.', 'SavvyPig never moves money.'],
        },
      ],
      accounts: [
        { id: 'a1', name: 'Halifax saver', bankName: 'Halifax', balancePence: 70_000_00, interestRateBps: 300 },
      ],
    },
  });

export type SmartPigJson = z.infer<typeof SmartPigSchema>;

/** Recommendations, metrics and the accounts for the simulator, from one run of the engine. */
export function smartPigJson(rows: SmartPigRows, today: CalendarDate): SmartPigJson {
  const override = rows.override ?? undefined;
  const { recommendations, metrics } = analyseSmartPig(rows.accounts, rows.preferences, today, {
    override,
    isaAllowanceLeftPence: rows.isaAllowanceLeftPence,
  });
  return {
    date: today,
    limitPence: depositLimitOn(today, override).amountPence,
    preferences: rows.preferences,
    metrics,
    recommendations,
    accounts: rows.accounts.map((a) => ({
      id: a.input.id,
      name: a.name,
      bankName: a.bankName,
      balancePence: a.input.balancePence,
      interestRateBps: a.interestRateBps,
    })),
  };
}

const BadgeSchema = z.enum(['fully-protected', 'mostly-protected', 'at-risk']);
const AlertLevelSchema = z.enum(['none', 'approaching', 'projected-breach', 'over-limit']);
const AlertSummarySchema = z.object({
  id: z.string(),
  level: z.enum(['approaching', 'projected-breach', 'over-limit']),
  title: z.string(),
});

export const SimulateRequestSchema = z.object({
  accountId: z
    .string('Choose one of your accounts')
    .min(1, 'Choose one of your accounts')
    .max(100, 'Choose one of your accounts'),
  amountPence: z.number('Enter an amount of more than £0').openapi({ description: 'Whole pence, more than 0' }),
  fromAccountId: z
    .string()
    .max(100, 'Choose one of your accounts to take the money from')
    .nullable()
    .optional()
    .openapi({ description: 'Take the money from this account (a move); absent: new money' }),
});

export const SimulationSchema = z
  .object({
    accountId: z.string(),
    fromAccountId: z.string().nullable(),
    amountPence: z.number().int(),
    licences: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        brands: z.array(z.string()),
        limitPence: z.number().int(),
        beforePence: z.number().int(),
        afterPence: z.number().int(),
        atRiskBeforePence: z.number().int(),
        atRiskAfterPence: z.number().int(),
        limitUsedPercentBefore: z.number().nullable(),
        limitUsedPercentAfter: z.number().nullable(),
        alertLevelBefore: AlertLevelSchema,
        alertLevelAfter: AlertLevelSchema,
        receivesDeposit: z.boolean(),
        givesMoney: z.boolean(),
      }),
    ),
    badgeBefore: BadgeSchema,
    badgeAfter: BadgeSchema,
    atRiskBeforePence: pence('All money at risk before'),
    atRiskAfterPence: pence('All money at risk after'),
    alertsBefore: z.array(AlertSummarySchema),
    alertsAfter: z.array(AlertSummarySchema),
    rateBps: bps('The receiving account’s rate; null when it earns no cash interest').nullable(),
    fromRateBps: bps('The rate of the account the money comes from; null for new money or no cash interest').nullable(),
    yearlyInterestBeforePence: z.number().int(),
    yearlyInterestAfterPence: z.number().int(),
    interestChangePence: pence("A year's interest change, before tax"),
  })
  .openapi('SmartPigSimulation', {
    example: {
      accountId: 'a3',
      fromAccountId: 'a1',
      amountPence: 20_000_00,
      licences: [],
      badgeBefore: 'mostly-protected',
      badgeAfter: 'fully-protected',
      atRiskBeforePence: 20_000_00,
      atRiskAfterPence: 0,
      alertsBefore: [
        { id: 'deposit|frn:169628', level: 'over-limit', title: '£20,000.00 over the limit at Bank of Scotland plc' },
      ],
      alertsAfter: [],
      rateBps: 400,
      fromRateBps: 300,
      yearlyInterestBeforePence: 4_100_00,
      yearlyInterestAfterPence: 4_300_00,
      interestChangePence: 200_00,
    },
  });

export type SimulationJson = z.infer<typeof SimulationSchema>;

const alertSummaries = (picture: ProtectionPicture) =>
  picture.alerts.map(({ id, level, title }) => ({ id, level, title }));

export function simulationJson(result: SimulationResult): SimulationJson {
  return {
    accountId: result.accountId,
    fromAccountId: result.fromAccountId,
    amountPence: result.amountPence,
    licences: result.licences.map(({ limit, ...licence }) => ({ ...licence, limitPence: limit.amountPence })),
    badgeBefore: result.badgeBefore,
    badgeAfter: result.badgeAfter,
    atRiskBeforePence: result.before.totals.atRiskPence,
    atRiskAfterPence: result.after.totals.atRiskPence,
    alertsBefore: alertSummaries(result.before),
    alertsAfter: alertSummaries(result.after),
    rateBps: result.rateBps,
    fromRateBps: result.fromRateBps,
    yearlyInterestBeforePence: result.yearlyInterestBeforePence,
    yearlyInterestAfterPence: result.yearlyInterestAfterPence,
    interestChangePence: result.interestChangePence,
  };
}
