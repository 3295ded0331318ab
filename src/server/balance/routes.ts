/**
 * "Update balance" (issue 13 §1, ADR 0022): POST /api/accounts/{id}/balance-updates records what
 * the bank shows on a day as a `balance_update`, the account's new latest statement. The database
 * recomputes the balance in the same transaction (drizzle/0014_balance_statements.sql); the answer
 * says the new balance and the adjustment: what the bank showed less what the entries before it said.
 */
import { eq, sql } from 'drizzle-orm';
import { BALANCE_UPDATE_MESSAGES, balanceUpdateProblem } from '../../core/balance/balance-update.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { publishAccountChanged } from '../accounts/account-events.ts';
import { ACCOUNT_NOT_FOUND, accountIdOf } from '../accounts/account-id.ts';
import type { Tx } from '../db/client.ts';
import { preparedPerConnection, rawRows } from '../db/prepared.ts';
import { transactions } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { commitWith, sessionOf } from '../http/access.ts';
import { afterCheck } from '../db/commit-with.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { accountBalance, requireOwnAccount } from '../transactions/queries.ts';
import { timeOrderedId } from '../transactions/time-ordered-id.ts';
import {
  type ListedTransactionJson,
  ListedTransactionSchema,
  fromRawListedTransaction,
  listedTransactionRawColumns,
  type RawListedTransactionRow,
} from '../transactions/transaction-json.ts';

const BalanceUpdateSchema = z
  .object({
    balancePence: z
      .number(BALANCE_UPDATE_MESSAGES.balance)
      .int(BALANCE_UPDATE_MESSAGES.balance)
      .openapi({ description: 'What the bank shows, in pence; negative when overdrawn' }),
    date: z.string(BALANCE_UPDATE_MESSAGES.date).max(10, BALANCE_UPDATE_MESSAGES.date).optional().openapi({
      format: 'date',
      description:
        'yyyy-MM-dd, today (UK) or earlier; default today. The balance when given: entries of earlier days, and of that day recorded before it, are in it; later ones add to it',
    }),
  })
  .openapi('BalanceUpdate', { example: { balancePence: 25_120_00, date: '2026-11-27' } });

const BalanceUpdatedSchema = z
  .object({
    transaction: ListedTransactionSchema,
    balancePence: z.number().int().openapi({ description: "The account's balance now" }),
    adjustmentPence: z.number().int().nullable().openapi({
      description: 'What the bank showed less what the entries before that day said; null when there were none',
    }),
  })
  .openapi('BalanceUpdated');

const IdParams = z.object({
  id: z
    .string()
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' }, example: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b' }),
});

const listedById = preparedPerConnection((tx) =>
  tx
    .select(listedTransactionRawColumns)
    .from(transactions)
    .where(eq(transactions.id, sql.placeholder('id')))
    .prepare('balance_update_listed'),
);

/** The new statement as the lists show it: its standing and its adjustment, worked out by the same SQL. */
async function listedTransaction(tx: Tx, id: string): Promise<ListedTransactionJson> {
  const [row] = await rawRows<RawListedTransactionRow>(listedById(tx), { id });
  if (!row) throw new Error(`The balance update ${id} was not read back`);
  return fromRawListedTransaction(row);
}

export function balanceRoutes(deps: Deps) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      // The opening alone, then the update's statements with COMMIT in a transaction of their own.
      frame: 'on-demand',
      method: 'post',
      path: '/api/accounts/{id}/balance-updates',
      summary: "Record what the bank shows (Update balance): the account's balance starts from it",
      request: {
        params: IdParams,
        body: { content: { 'application/json': { schema: BalanceUpdateSchema } }, required: true },
      },
      responses: {
        201: { description: 'Recorded', content: { 'application/json': { schema: BalanceUpdatedSchema } } },
        404: { description: `${ACCOUNT_NOT_FOUND}: no such account of yours` },
      },
    }),
    async (c) => {
      const accountId = accountIdOf(c.req.valid('param').id);
      const body = c.req.valid('json');
      const { userId } = sessionOf(c);
      const today = calendarDateInLondon(deps.clock.now());
      const input = { balancePence: body.balancePence, date: body.date ?? today };
      const problem = balanceUpdateProblem(input, today);
      if (problem) throw new AppError('VALIDATION_FAILED', problem.message, { field: problem.field });

      const id = timeOrderedId();
      // The account check, the insert, the new row as the lists show it, its event, the balance and
      // COMMIT sent together, in this order; a missing account fails the rest and rolls back.
      const [, transaction, , balancePence] = await commitWith(c, (tx) =>
        afterCheck(
          requireOwnAccount(tx, userId, accountId, () => new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND)),
          Promise.all([
            tx
              .insert(transactions)
              .values({
                id,
                accountId,
                userId,
                type: 'balance_update',
                amountPence: input.balancePence,
                date: input.date,
                notes: null,
              })
              .execute(),
            listedTransaction(tx, id),
            publishAccountChanged(tx, userId, [accountId]),
            accountBalance(tx, accountId, today),
          ]),
        ),
      );
      return c.json({ transaction, balancePence, adjustmentPence: transaction.adjustmentPence }, 201);
    },
  );

  return app;
}
