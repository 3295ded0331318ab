/** The pension routes' response bodies, as the API document publishes them. */
import {
  COVERAGE_TAGS,
  CRYSTALLISED_METHODS,
  DRAWDOWN_EVENT_TYPES,
  TAX_RELIEF_METHODS,
} from '../../core/pension/pension-record.ts';
import { PENSION_TRANSFER_STATUSES, SCHEME_TYPES } from '../../core/pension/scheme-types.ts';
import { AccountSchema } from '../accounts/account-json.ts';
import { z } from '../http/route.ts';

const pence = z.number().int();

const PensionRecordSchema = z.object({
  providerId: z.string(),
  schemeType: z.enum(SCHEME_TYPES),
  policyReference: z.string().nullable(),
  employerLink: z.boolean(),
  employerName: z.string().nullable(),
  employerContributionPolicy: z.string().nullable(),
  taxReliefMethod: z.enum(TAX_RELIEF_METHODS).nullable(),
  annualAllowancePence: pence,
  thresholdIncomePence: pence.nullable(),
  adjustedIncomePence: pence.nullable(),
  flexibleAccessOn: z.string().nullable(),
  crystallised: z.boolean(),
  crystallisedMethod: z.enum(CRYSTALLISED_METHODS).nullable(),
  pclsTakenPence: pence.nullable(),
  pclsRemainingPence: pence.nullable(),
  accessAge: z.number().int(),
  transferSlaDays: z.number().int(),
  protectionCategory: z.enum(COVERAGE_TAGS).openapi({ description: 'The spec’s fscs_ppf_category' }),
  ruleVersion: z.string(),
  updatedAt: z.string(),
});

const PensionProviderSchema = z.object({
  id: z.string(),
  providerDisplayName: z.string(),
  legalEntityName: z.string(),
  regulator: z.string(),
  frn: z.string().nullable(),
  category: z.string(),
  coverageTag: z.string(),
  protectionBasis: z.string(),
  displayMessage: z.string().nullable(),
  userMessage: z.string().nullable(),
  warnUserLevel: z.string(),
  confidenceScore: z.number().int(),
});

const AlertSchema = z.object({
  id: z.string(),
  kind: z.enum(['mpaa', 'taper', 'transfer-overdue', 'low-confidence', 'missing-frn', 'sipp-platform', 'provider']),
  level: z.enum(['critical', 'warning', 'info']),
  title: z.string(),
  message: z.string(),
  signature: z.string(),
});

export const PensionViewSchema = z
  .object({
    accountId: z.string(),
    pension: PensionRecordSchema.nullable().openapi({
      description: 'Null until the details are saved or a provider chosen',
    }),
    provider: PensionProviderSchema.nullable(),
    contributions: z.array(
      z.object({
        id: z.string(),
        taxYear: z.number().int().openapi({ description: 'The tax year’s start year: 2026 is 2026/27' }),
        employeePence: pence,
        employerPence: pence,
        updatedAt: z.string(),
      }),
    ),
    drawdowns: z.array(
      z.object({
        id: z.string(),
        eventDate: z.string(),
        eventType: z.enum(DRAWDOWN_EVENT_TYPES),
        amountPence: pence,
        notes: z.string().nullable(),
      }),
    ),
    transfers: z.array(
      z.object({
        id: z.string(),
        status: z.enum(PENSION_TRANSFER_STATUSES),
        shownStatus: z
          .enum(PENSION_TRANSFER_STATUSES)
          .openapi({ description: 'In progress past the SLA days shows as overdue' }),
        expectedBy: z.string(),
        startedAt: z.string(),
        lastUpdateAt: z.string(),
        completedAt: z.string().nullable(),
        notes: z.string().nullable(),
      }),
    ),
    allowance: z.object({
      taxYear: z.string(),
      annualAllowancePence: pence,
      taperApplies: z.boolean(),
      mpaaApplies: z.boolean(),
      mpaaLimitPence: pence,
      inputPence: pence.openapi({ description: 'Saved into all the user’s pensions this tax year' }),
      carryForwardPence: pence,
      remainingPence: pence,
      moneyPurchaseRemainingPence: pence.nullable(),
      excessPence: pence,
      explanation: z.array(z.string()),
    }),
    flexibleAccessDate: z.string().nullable(),
    accessAge: z.object({ age: z.number().int(), words: z.string() }),
    lowConfidence: z.boolean(),
    alerts: z.array(AlertSchema),
  })
  .openapi('PensionDetails');
export type PensionView = z.infer<typeof PensionViewSchema>;

export const PensionSavedSchema = PensionViewSchema.extend({ account: AccountSchema }).openapi('PensionDetailsSaved');
export type PensionSaved = z.infer<typeof PensionSavedSchema>;
