/**
 * Mock data for the Developer Panel (002 §2, §7 generate-mock-data; docs/decisions/0066): savers
 * in a namespace of their own (ids 'mock-…', addresses at mock.savvypig.invalid, which can never
 * receive mail), each with a profile and one account opened with a balance. Removed in one action;
 * refused in production unless ALLOW_MOCK_DATA=true.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { AppDb } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';
import { accounts, profiles, transactions, user } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';

export const MOCK_COUNTS = [10, 50, 100, 500] as const;
export const MOCK_ID_PREFIX = 'mock-';
export const MOCK_EMAIL_DOMAIN = 'mock.savvypig.invalid';
export const MOCK_REFUSED_MESSAGE =
  'Mock data is off in production. Set ALLOW_MOCK_DATA=true to allow it on this server.';

export function assertMockDataAllowed(config: Pick<Config, 'NODE_ENV' | 'ALLOW_MOCK_DATA'>): void {
  if (config.NODE_ENV === 'production' && !config.ALLOW_MOCK_DATA)
    throw new AppError('FORBIDDEN', MOCK_REFUSED_MESSAGE);
}

const FIRST = ['Alex', 'Sam', 'Priya', 'Tom', 'Aisha', 'Ewan', 'Megan', 'Jon', 'Zara', 'Owen'];
const LAST = ['Smith', 'Jones', 'Patel', 'Evans', 'Khan', 'Wilson', 'Taylor', 'Brown', 'Davies', 'Hughes'];

/** Adds `count` mock savers in one transaction; returns how many. */
export async function generateMockData(db: AppDb, count: number, today: string): Promise<number> {
  await db.transaction(async (tx) => {
    for (let start = 0; start < count; start += 100) {
      const batch = Array.from({ length: Math.min(100, count - start) }, (_, i) => {
        const n = start + i;
        const id = `${MOCK_ID_PREFIX}${randomUUID()}`;
        return {
          id,
          firstName: FIRST[n % FIRST.length]!,
          lastName: LAST[Math.floor(n / FIRST.length) % LAST.length]!,
          email: `${id}@${MOCK_EMAIL_DOMAIN}`,
          balancePence: 100_000 + ((n * 7_919) % 9_000_000),
        };
      });
      await tx
        .insert(user)
        .values(batch.map((b) => ({ id: b.id, name: `${b.firstName} ${b.lastName} (mock)`, email: b.email })));
      await tx.insert(profiles).values(batch.map((b) => ({ id: b.id, firstName: b.firstName, lastName: b.lastName })));
      const opened = await tx
        .insert(accounts)
        .values(batch.map((b) => ({ userId: b.id, name: 'Mock Easy Saver', accountNumber: '00000000' })))
        .returning({ id: accounts.id, userId: accounts.userId });
      const balanceOf = new Map(batch.map((b) => [b.id, b.balancePence]));
      await tx.insert(transactions).values(
        opened.map((a) => ({
          accountId: a.id,
          userId: a.userId,
          amountPence: balanceOf.get(a.userId)!,
          date: today,
          type: 'opening_balance' as const,
          notes: 'Mock data',
        })),
      );
    }
  });
  return count;
}

const isMock = sql`id like ${`${MOCK_ID_PREFIX}%`} and email like ${`%@${MOCK_EMAIL_DOMAIN}`}`;

export async function countMockData(db: AppDb): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from "user" where ${isMock}`));
  return Number(row?.n ?? 0);
}

/** Removes every mock saver and, by cascade, everything of theirs; returns how many. */
export async function removeMockData(db: AppDb): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = rowsOf<{ id: string }>(await tx.execute(sql`delete from "user" where ${isMock} returning id`));
    return gone.length;
  });
}
