// One amount rule for every way a transaction is made (docs/decisions/0024): a £0 deposit,
// withdrawal, interest or fee gets the same 400 and message alone, in a batch, as an edit, in an
// import and as a standing order's amount; a £0 opening balance is accepted wherever one is.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { createTestAccount, insertStoredTransaction } from './account-fixture.ts';

const MESSAGE = 'Transaction amounts must be greater than 0';
type ErrorBody = { error: { code: string; message: string } };

describe.each(testDatabaseKinds())('the one amount rule on %s', (kind) => {
  let server: TestServer;
  let ann: { cookie: string; userId: string };

  beforeAll(async () => {
    server = await createTestServer(kind);
    ann = await signUpAndSignIn(server, { email: 'ann.amounts@example.com' });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.deps.database.db;
  const call = (method: string, path: string, json: unknown) =>
    server.request(path, { method, cookie: ann.cookie, json });
  const countOf = async (accountId: string) =>
    (await db().select({ id: transactions.id }).from(transactions).where(eq(transactions.accountId, accountId))).length;
  const answer = async (res: Response) => ({
    status: res.status,
    message: res.status >= 400 ? ((await res.json()) as ErrorBody).error.message : null,
  });
  const row = (type: string, amountPence: number) => ({ type, amountPence, date: '2026-03-14', notes: null });

  /** The same £0 (or other) amount of a type sent every way there is; each answer and what the account then holds. */
  async function everyPath(type: 'deposit' | 'withdrawal' | 'interest' | 'fee', amountPence: number) {
    const accountId = await createTestAccount(db(), ann.userId);
    const storedId = await insertStoredTransaction(db(), {
      userId: ann.userId,
      accountId,
      amountPence: 1_000,
      date: '2026-03-01',
      type: 'deposit',
    });
    const signed = type === 'withdrawal' || type === 'fee' ? -amountPence : amountPence;
    const order = { amountPence: 5_000, frequency: 'monthly', startDate: '2026-03-10' };
    const answers = {
      single: await answer(
        await call('POST', `/api/accounts/${accountId}/transactions`, { transactions: [row(type, amountPence)] }),
      ),
      batch: await answer(
        await call('POST', `/api/accounts/${accountId}/transactions`, {
          transactions: [row('deposit', 100), row(type, amountPence)],
        }),
      ),
      update: await answer(await call('PATCH', `/api/transactions/${storedId}`, { type, amountPence })),
      import: await answer(
        await call('POST', `/api/accounts/${accountId}/transactions/import`, {
          rows: [
            { date: '2026-03-02', amountPence: 100 },
            { date: '2026-03-03', amountPence: signed, type },
          ],
        }),
      ),
      standingOrder: await answer(
        await call('POST', `/api/accounts/${accountId}/standing-orders`, { ...order, amountPence }),
      ),
      firstPayment: await answer(
        await call('POST', `/api/accounts/${accountId}/standing-orders`, {
          ...order,
          firstPaymentAmountPence: amountPence,
        }),
      ),
    };
    return { answers, count: await countOf(accountId) };
  }

  it.each(['deposit', 'withdrawal', 'interest', 'fee'] as const)(
    'refuses a £0 %s with the same 400 and message on every path, writing nothing',
    async (type) => {
      const { answers, count } = await everyPath(type, 0);
      for (const [path, got] of Object.entries(answers)) expect(got, path).toEqual({ status: 400, message: MESSAGE });
      expect(count).toBe(1);
    },
  );

  it('accepts a £0 opening balance alone, in a batch and as an edit', async () => {
    // One account per case: an account takes one opening balance (issue 24).
    const single = await call('POST', `/api/accounts/${await createTestAccount(db(), ann.userId)}/transactions`, {
      transactions: [row('opening_balance', 0)],
    });
    expect(single.status).toBe(201);
    const batch = await call('POST', `/api/accounts/${await createTestAccount(db(), ann.userId)}/transactions`, {
      transactions: [row('opening_balance', 0), row('deposit', 100)],
    });
    expect(batch.status).toBe(201);
    const storedId = await insertStoredTransaction(db(), {
      userId: ann.userId,
      accountId: await createTestAccount(db(), ann.userId),
      amountPence: 1_000,
      date: '2026-03-01',
      type: 'deposit',
    });
    const edit = await call('PATCH', `/api/transactions/${storedId}`, { type: 'opening_balance', amountPence: 0 });
    expect(edit.status).toBe(200);
    // …and it cannot become a £0 deposit by a change of type alone.
    expect(await answer(await call('PATCH', `/api/transactions/${storedId}`, { type: 'deposit' }))).toEqual({
      status: 400,
      message: MESSAGE,
    });
  });
});
