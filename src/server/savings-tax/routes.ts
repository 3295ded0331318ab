/**
 * `GET /api/savings-tax-estimate` (issue 29): the dashboard's "Estimated tax on your savings
 * interest this tax year", worked out by core/calculators/tax-year-estimate.ts from one statement
 * (queries.ts). The band is the user's setting (`PATCH /api/settings` `savingsTaxBand`).
 */
import { estimateSavingsTaxThisYear } from '../../core/calculators/tax-year-estimate.ts';
import { TAX_BANDS } from '../../core/calculators/savings-tax.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { taxYearOf } from '../../core/dates/tax-year.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { readSavingsTaxRows } from './queries.ts';

const pence = (description: string) => z.number().int().openapi({ description });

export const SavingsTaxEstimateSchema = z
  .object({
    date: z.string().openapi({ description: 'The UK date the estimate is for (yyyy-MM-dd)' }),
    taxYear: z.object({ label: z.string(), firstDay: z.string(), lastDay: z.string() }),
    daysLeft: z.number().int().openapi({ description: 'Days from tomorrow to 5 April, both included' }),
    band: z.enum(TAX_BANDS).nullable().openapi({ description: 'The band chosen in Settings; null until chosen' }),
    earnedPence: pence(
      'The user’s share of interest paid since 6 April (transactions of type interest), ISAs excluded',
    ),
    projectedPence: pence('The user’s share of interest to come by 5 April at today’s balances and rates'),
    accountCount: z.number().int(),
    isaCount: z.number().int().openapi({ description: 'ISAs left out: their interest is tax-free' }),
    tax: z
      .object({
        personalSavingsAllowancePence: pence('Interest covered by the Personal Savings Allowance'),
        taxablePence: pence('Interest taxed at ratePercent'),
        ratePercent: z.number().int(),
        taxPence: pence('The estimated tax'),
      })
      .nullable()
      .openapi({ description: 'Null until a band is chosen' }),
  })
  .openapi('SavingsTaxEstimate');

export type SavingsTaxEstimateJson = z.infer<typeof SavingsTaxEstimateSchema>;

export function savingsTaxRoutes(deps: Deps) {
  const app = createRouter();
  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/savings-tax-estimate',
      summary: 'Estimated tax on the signed-in user’s savings interest this tax year (one statement)',
      responses: {
        200: {
          description: 'The estimate',
          content: { 'application/json': { schema: SavingsTaxEstimateSchema } },
        },
      },
    }),
    async (c) => {
      const today = calendarDateInLondon(deps.clock.now());
      const { userId } = sessionOf(c);
      const { firstDay } = taxYearOf(today);
      const rows = await readSavingsTaxRows(txOf(c), userId, firstDay, today);
      const estimate = estimateSavingsTaxThisYear(rows.accounts, rows.band, today);
      const { label, lastDay } = estimate.taxYear;
      return c.json(
        {
          date: today,
          taxYear: { label, firstDay, lastDay },
          daysLeft: estimate.daysLeft,
          band: rows.band,
          earnedPence: estimate.earnedPence,
          projectedPence: estimate.projectedPence,
          accountCount: estimate.accountCount,
          isaCount: estimate.isaCount,
          tax: estimate.tax && {
            personalSavingsAllowancePence: estimate.tax.personalSavingsAllowancePence,
            taxablePence: estimate.tax.taxablePence,
            ratePercent: estimate.tax.ratePercent,
            taxPence: estimate.tax.taxPence,
          },
        } satisfies SavingsTaxEstimateJson,
        200,
      );
    },
  );
  return app;
}
