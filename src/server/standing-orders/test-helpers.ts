/** Test read-outs for standing orders: what an account holds after a run. */
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { accounts, transactions } from '../db/schema/index.ts';

/** The account's balance, the sum of its transactions, and its standing-order payments in date order. */
export async function accountState(db: AppDb, accountId: string) {
  const [account] = await db
    .select({ balancePence: accounts.balancePence })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const payments = await db
    .select({
      amountPence: transactions.amountPence,
      date: transactions.date,
      type: transactions.type,
      notes: transactions.notes,
      standingOrderId: transactions.standingOrderId,
      occurrenceDate: transactions.occurrenceDate,
    })
    .from(transactions)
    .where(eq(transactions.accountId, accountId))
    .orderBy(transactions.standingOrderId, transactions.occurrenceDate);
  const [sum] = await db
    .select({ total: sql<string>`coalesce(sum(${transactions.amountPence}), 0)::text` })
    .from(transactions)
    .where(eq(transactions.accountId, accountId));
  return {
    balancePence: Number(account?.balancePence),
    sumPence: Number(sum?.total),
    payments: payments.map((p) => ({ ...p, amountPence: Number(p.amountPence) })),
  };
}
