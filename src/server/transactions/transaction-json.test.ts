import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standingOrderNotes } from '../../core/transactions/standing-order-marker.ts';
import { transactions } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { createTestAccount, insertStoredTransaction } from './account-fixture.ts';
import { rawRows } from '../db/prepared.ts';
import {
  fromRawTransaction,
  type RawTransactionRow,
  toTransactionJson,
  transactionColumns,
  transactionRawColumns,
} from './transaction-json.ts';

/**
 * The hot reads take each transaction's columns raw (`transactionRawColumns`, `fromRawTransaction`);
 * the writes' answers map drizzle's row (`toTransactionJson`). The two must give the same JSON,
 * key order included, for every kind of value.
 */
describe.each(testDatabaseKinds())('a transaction’s JSON built by %s', (kind) => {
  let server: TestServer;
  let accountId: string;

  beforeAll(async () => {
    server = await createTestServer(kind);
    const { userId } = await signUpAndSignIn(server, { email: 'tx-json@example.com' });
    const db = server.deps.database.db;
    accountId = await createTestAccount(db, userId);
    const rows = [
      { amountPence: 0, date: '2026-01-01', type: 'opening_balance', notes: null },
      {
        amountPence: -9_007_199_254_740,
        date: '0999-12-31',
        type: 'withdrawal',
        notes: 'Quote " backslash \\ newline \n tab \t ünïcode 💷',
      },
      {
        amountPence: 123,
        date: '2026-11-24',
        type: 'interest',
        notes: standingOrderNotes('Rent', '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b'),
      },
      { amountPence: -5, date: '2026-02-28', type: 'fee', notes: '' },
      { amountPence: 50_000, date: '2026-02-28', type: 'deposit', notes: '  [standing-order:abc]  ' },
    ] as const;
    for (const row of rows) await insertStoredTransaction(db, { userId, accountId, ...row });
    // Microseconds, as now() writes them, and a time just before midnight in another zone.
    await db.execute(
      sql`update transactions set created_at = created_at + interval '987654 microseconds' where account_id = ${accountId} and type = 'deposit'`,
    );
    await db.execute(
      sql`update transactions set created_at = '2026-03-01 23:59:59.999999+05' where account_id = ${accountId} and type = 'fee'`,
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('is the same as the row-by-row mapping, key for key and in order', async () => {
    const db = server.deps.database.db;
    const newestFirst = [desc(transactions.date), desc(transactions.id)];
    const mapped = (
      await db
        .select(transactionColumns)
        .from(transactions)
        .where(eq(transactions.accountId, accountId))
        .orderBy(...newestFirst)
    ).map(toTransactionJson);
    const query = db
      .select(transactionRawColumns)
      .from(transactions)
      .where(eq(transactions.accountId, accountId))
      .orderBy(...newestFirst)
      .prepare('transaction_json_test');
    const built = (await rawRows<RawTransactionRow>(query, {})).map(fromRawTransaction);
    expect(built).toHaveLength(5);
    expect(JSON.stringify(built)).toBe(JSON.stringify(mapped));
    expect(built.find((t) => t.type === 'fee')!.createdAt).toBe('2026-03-01T18:59:59.999Z');
    expect(built.find((t) => t.type === 'interest')!.notes).toBe('Rent');
  });
});
