/**
 * GET /api/accounts/{id}: everything the account page shows first, in one request with a fixed
 * number of statements however many transactions the account has: the account, its summary
 * cards, 12 monthly totals, totals per type and the newest 50 transactions with a cursor for more.
 */
import { type CarryThrough, keptAnswers } from '../kept/kept-answers.ts';
import { monthWindow } from '../../core/account-summary/months.ts';
import { accountSummary } from '../../core/account-summary/summary.ts';
import { TRANSACTION_TYPES } from '../../core/transactions/transaction-types.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { AppError } from '../errors.ts';
import { readsOf, sessionOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { AccountSchema, findAccountJson } from '../accounts/account-json.ts';
import { ACCOUNT_NOT_FOUND, accountIdOf } from '../accounts/account-id.ts';
import { userAccountsProtection } from '../accounts/protection-facts.ts';
import { AccountProtectionSchema, accountProtectionJson } from './protection-json.ts';
import { readAccountDetail } from './queries.ts';
import { TRANSACTION_PAGE_SIZE, transactionPageOf } from '../transactions/queries.ts';
import { TransactionPageSchema } from '../transactions/transaction-json.ts';

/** Any text: one that is not an account id is answered 404 like an unknown one (accountIdOf). */
const AccountIdParamsSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b' }),
});

const pence = z.number().int();

const AccountDetailSchema = z
  .object({
    account: AccountSchema,
    summary: z.object({ currentBalancePence: pence, avgMonthlyInterestPence: pence, lifetimeInterestPence: pence }),
    monthly: z.array(
      z.object({
        month: z.string().openapi({ example: '2026-11' }),
        depositsPence: pence.openapi({
          description: 'Deposits (a starting balance or balance update is not money paid in)',
        }),
        withdrawalsPence: pence.openapi({ description: 'Withdrawals, as a positive amount' }),
        interestPence: pence,
        feesPence: pence.openapi({ description: 'Fees, as a positive amount' }),
        netPence: pence.openapi({ description: "The month's money in less money out (signed)" }),
      }),
    ),
    typeTotals: z
      .array(
        z.object({
          type: z.enum(TRANSACTION_TYPES),
          totalPence: pence.openapi({ description: 'Positive amount' }),
          count: z.number().int(),
        }),
      )
      .openapi({
        description: 'Every type the account has, statements too (the type ring shows only the types that move money)',
      }),
    protection: AccountProtectionSchema.openapi({
      description: "The account's licence with the user's other accounts there, its limit, covered and at risk",
    }),
    transactions: TransactionPageSchema.openapi({
      description: 'The newest 50; nextCursor goes to GET /api/accounts/{id}/transactions?cursor= for more',
    }),
  })
  .openapi('AccountDetail');

export type AccountDetail = z.infer<typeof AccountDetailSchema>;

export type AccountDetailOptions = {
  /** False: every request reads and computes (the oracle the kept pages are held to). Default true. */
  keepAnswers?: boolean;
};

/**
 * A write to none of the accounts a page shows leaves it as it was: the page reads its own
 * account's entries, and the engine judges it among the accounts at its licence (or outside the
 * limits with it), which its Protection card lists whole (`carried-page.test.ts` holds every pair
 * of a saver's accounts to that).
 */
const carryPastOtherAccounts: CarryThrough<AccountDetail, ReadonlySet<string>> = {
  factsOf: (page) =>
    new Set([
      page.account.id,
      ...(page.protection.licence?.accounts ?? []).map((a) => a.id),
      ...(page.protection.outside?.accounts ?? []).map((a) => a.id),
    ]),
  leavesAsIs: (write, shown) => !write.accountIds.some((id) => shown.has(id)),
};

export function accountDetailRoutes(deps: Deps, { keepAnswers = true }: AccountDetailOptions = {}) {
  const app = createRouter();
  // The page as sent, kept per user and account while nothing it reads has changed (ADR 0039).
  const kept = keptAnswers(keepAnswers);

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      frame: 'on-demand',
      path: '/api/accounts/{id}',
      summary:
        "One of the signed-in user's accounts with its summary cards, last 12 months, totals per type and newest 50 transactions",
      description:
        'Months run to the end of this month (UK date). Avg monthly interest: interest over those 12 months ÷ the months that had interest. ' +
        'Lifetime interest: all interest transactions. Transactions newest first (date, then id). ' +
        "Protection: the account's licence group from the engine run over all the user's accounts. " +
        "No statement of its own while nothing the page reads has changed (the page kept for the user's data version, read with the session, is sent, for at most a minute).",
      request: { params: AccountIdParamsSchema },
      responses: {
        200: { description: 'The account page', content: { 'application/json': { schema: AccountDetailSchema } } },
        404: {
          description: `${ACCOUNT_NOT_FOUND}: no such account, another user's, or text that is not an account id`,
        },
      },
    }),
    async (c) => {
      const id = accountIdOf(c.req.valid('param').id);
      const session = sessionOf(c);
      const now = deps.clock.now();
      const today = calendarDateInLondon(now);
      const compute = async () => {
        const window = monthWindow(today);
        const rows = await readsOf(c)(
          (tx) =>
            readAccountDetail(tx, {
              userId: session.userId,
              accountId: id,
              today,
              window,
              pageSize: TRANSACTION_PAGE_SIZE,
            }),
          { atOnce: true },
        );
        // One run of the engine for the account's own answer and its licence group.
        const { summaries, picture } = userAccountsProtection(rows.accounts, today);
        const account = findAccountJson(rows.accounts, id, today, summaries);
        if (!account) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
        const body: AccountDetail = {
          account,
          ...accountSummary(rows.groups, window, account.balancePence),
          protection: accountProtectionJson(picture, id),
          transactions: transactionPageOf(rows.newest, TRANSACTION_PAGE_SIZE),
        };
        return body;
      };
      return kept(c, { session, now, today, variant: id }, compute, carryPastOtherAccounts);
    },
  );

  return app;
}
