// Tests only: an account for a user, written straight to the database (the accounts API is
// built beside this feature; these tests need nothing of it but a row).
import { withActor } from '../db/rls.ts';
import { accounts, transactions } from '../db/schema/index.ts';
import type { AppDb } from '../db/client.ts';

export async function createTestAccount(db: AppDb, userId: string, name = 'Easy Saver'): Promise<string> {
  const [row] = await withActor(db, { userId }, (tx) =>
    tx.insert(accounts).values({ userId, name, accountNumber: '12345678' }).returning({ id: accounts.id }),
  );
  return row!.id;
}

/** A stored transaction as-is (signed amount, notes with any marker), bypassing the API's rules. */
export async function insertStoredTransaction(
  db: AppDb,
  row: {
    userId: string;
    accountId: string;
    amountPence: number;
    date: string;
    type: 'deposit' | 'withdrawal' | 'interest' | 'fee' | 'opening_balance';
    notes?: string | null;
  },
): Promise<string> {
  const [inserted] = await withActor(db, { userId: row.userId }, (tx) =>
    tx.insert(transactions).values(row).returning({ id: transactions.id }),
  );
  return inserted!.id;
}
