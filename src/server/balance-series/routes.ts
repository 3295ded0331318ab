/**
 * The balance-over-time line (issue 13 §1): GET /api/accounts/{id}/balance-series for the
 * account page, GET /api/balance-series for the dashboard (the total across the user's
 * accounts). One statement each, grouped in the database by day or, over long ranges, by month
 * (queries.ts); the points are the core's walk (src/core/balance/balance-series.ts): daily over
 * up to 92 days, month ends beyond.
 */
import { keptAnswers } from '../kept/kept-answers.ts';
import { type BalanceSeries, DAILY_POINTS_UP_TO_DAYS, balanceSeriesOf } from '../../core/balance/balance-series.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { ACCOUNT_NOT_FOUND, accountIdOf } from '../accounts/account-id.ts';
import { AppError } from '../errors.ts';
import { readsOf, sessionOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { readAccountLine, readUserLine } from './queries.ts';

/** Any text: one that is not an account id is answered 404 like an unknown one (accountIdOf). */
const AccountIdParamsSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b' }),
});

/** The total line's start where it is later than its earliest account's history (ADR 0033). */
export const TrackingStartSchema = z
  .object({
    date: z
      .string()
      .openapi({ example: '2026-11-01', description: 'yyyy-MM-dd: the latest account’s first transaction' }),
    accountCount: z.number().int().openapi({ description: 'Accounts tracked from after the earliest account’s start' }),
    isOneDate: z.boolean().openapi({ description: 'Whether those accounts all start on `date`' }),
  })
  .optional()
  .openapi({
    description:
      'The total only: present when the line starts at the latest tracking start and leaves earlier points out, so it never jumps on the day accounts were added',
  });

const BalanceSeriesSchema = z
  .object({
    granularity: z.enum(['day', 'month']).openapi({
      description: `'day': a point for every day (the line spans ${DAILY_POINTS_UP_TO_DAYS} days or fewer); 'month': a point at the end of each month, the last on the line's last day`,
    }),
    points: z
      .array(
        z.object({
          date: z.string().openapi({ example: '2026-11-21', description: 'yyyy-MM-dd' }),
          balancePence: z.number().int().openapi({ description: 'What was held at the end of the day' }),
        }),
      )
      .openapi({
        description:
          'Oldest first, from the first transaction to today (or a later-dated transaction): the last is the balance. Empty when there are no transactions.',
      }),
    trackingStart: TrackingStartSchema,
  })
  .openapi('BalanceSeries', {
    example: {
      granularity: 'month',
      points: [
        { date: '2026-09-30', balancePence: 2_490_000 },
        { date: '2026-10-31', balancePence: 2_500_000 },
        { date: '2026-11-21', balancePence: 2_510_000 },
      ],
    },
  });

export type BalanceSeriesJson = z.infer<typeof BalanceSeriesSchema> & BalanceSeries;

const jsonContent = { 'application/json': { schema: BalanceSeriesSchema } };

export type BalanceSeriesOptions = {
  /** False: every request reads and computes (the oracle the kept lines are held to). Default true. */
  keepAnswers?: boolean;
};

export function balanceSeriesRoutes(deps: Deps, { keepAnswers = true }: BalanceSeriesOptions = {}) {
  const app = createRouter();
  // Each line as sent, kept per user (and account) while nothing it reads has changed (ADR 0039).
  const keep = keptAnswers(keepAnswers);
  const kept = (
    c: Parameters<typeof sessionOf>[0],
    variant: string,
    compute: (today: string) => Promise<BalanceSeriesJson>,
  ) => {
    const now = deps.clock.now();
    const today = calendarDateInLondon(now);
    return keep(c, { session: sessionOf(c), now, today, variant }, () => compute(today));
  };

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      frame: 'on-demand',
      path: '/api/accounts/{id}/balance-series',
      summary: "The balance over time of one of the signed-in user's accounts",
      description:
        'What the account held at the end of each day by the balance rule (a stated balance is true on its date; entries before it are history), ' +
        `daily over up to ${DAILY_POINTS_UP_TO_DAYS} days, month ends beyond. Today is the UK date.`,
      request: { params: AccountIdParamsSchema },
      responses: {
        200: { description: 'The line', content: jsonContent },
        404: {
          description: `${ACCOUNT_NOT_FOUND}: no such account, another user's, or text that is not an account id`,
        },
      },
    }),
    async (c) => {
      const id = accountIdOf(c.req.valid('param').id);
      const { userId } = sessionOf(c);
      return kept(c, `account:${id}`, async (today) => {
        const line = await readsOf(c)((tx) => readAccountLine(tx, { userId, accountId: id, today }), { atOnce: true });
        if (line === null) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
        return balanceSeriesOf(line.accounts, today, line.bounds);
      });
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      frame: 'on-demand',
      path: '/api/balance-series',
      summary: "The total balance over time of all the signed-in user's accounts",
      description:
        'The sum of what each account held at the end of each day, from the latest of the accounts’ first transactions (where every account is tracked: `trackingStart` says so when that leaves earlier points out); ' +
        `daily over up to ${DAILY_POINTS_UP_TO_DAYS} days, month ends beyond. Today is the UK date.`,
      responses: { 200: { description: 'The line', content: jsonContent } },
    }),
    async (c) => {
      const { userId } = sessionOf(c);
      return kept(c, 'total', async (today) => {
        const line = await readsOf(c)((tx) => readUserLine(tx, { userId, today }), { atOnce: true });
        return balanceSeriesOf(line.accounts, today, line.bounds, line.starts ?? []);
      });
    },
  );

  return app;
}
