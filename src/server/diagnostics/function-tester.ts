/**
 * The Developer Panel's function testing (002 §2, §7 "arbitrary test invocation"): not any
 * function, but a fixed registry of read-only ones, each with a schema for its JSON parameters.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { calendarDateSchema } from '../../core/dates/calendar-date-schema.ts';
import { taxYearOf } from '../../core/dates/tax-year.ts';
import { healthColour, healthScore, statusBand } from '../../core/diagnostics/health.ts';
import { coverAtInstitution } from '../../core/protection/cover.ts';
import { depositLimitOn } from '../../core/protection/limits.ts';
import type { AppDb } from '../db/client.ts';
import { actAs, rowsOf } from '../db/rls.ts';
import { AppError } from '../errors.ts';

type TestableFunction = {
  label: string;
  description: string;
  example: unknown;
  parameters: z.ZodType;
  run: (db: AppDb, adminUserId: string, parameters: never) => Promise<unknown> | unknown;
};

const pence = z.number('Each balance must be a whole number of pence').int().min(0).max(1e13);

export const TESTABLE_FUNCTIONS = {
  'protection-cover': {
    label: 'Protection at one banking group',
    description: 'FSCS cover for deposits at one banking group on a date: exposure, covered and uncovered, in pence.',
    example: { date: '2026-01-01', balancesPence: [7000000, 7000000] },
    parameters: z.strictObject({
      date: calendarDateSchema('date must be a yyyy-MM-dd date'),
      balancesPence: z.array(pence).min(1, 'Give at least one balance').max(50, 'Give at most 50 balances'),
    }),
    run: (_db: AppDb, _admin: string, p: { date: string; balancesPence: number[] }) => {
      const limit = depositLimitOn(p.date);
      const cover = coverAtInstitution(
        p.balancesPence.map((balancePence, i) => ({
          id: `test-${i}`,
          balancePence,
          institution: { kind: 'bank-name' as const, bankName: 'Test bank' },
          holders: 1,
          category: 'deposit' as const,
        })),
        limit.amountPence,
        p.date,
      );
      return { limitPence: limit.amountPence, limitFrom: limit.effectiveFrom, ...cover };
    },
  },
  'fscs-lookup': {
    label: 'FSCS lookup by FRN',
    description: 'The banks and banking group registered under a Firm Reference Number, from the reference data.',
    example: { frn: '122702' },
    parameters: z.strictObject({ frn: z.string('frn must be text').regex(/^\d{4,7}$/, 'frn must be 4 to 7 digits') }),
    run: async (db: AppDb, admin: string, p: { frn: string }) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set transaction read only`);
        await actAs(tx, { userId: admin, isAdmin: true });
        const banks = rowsOf(
          await tx.execute(sql`
            select bank_name as "bankName", bank_frn as "bankFrn", bank_group_frn as "groupFrn",
                   banking_group_name as "bankingGroup", fscs_protected as "fscsProtected", is_active as "isActive"
              from bank_references where bank_frn = ${p.frn} or bank_group_frn = ${p.frn} order by bank_name limit 50`),
        );
        const groups = rowsOf(
          await tx.execute(sql`
            select group_name as "groupName", group_frn as "groupFrn", fscs_protected as "fscsProtected", is_active as "isActive"
              from banking_groups where group_frn = ${p.frn} order by group_name limit 10`),
        );
        return { frn: p.frn, banks, groups };
      }),
  },
  'tax-year': {
    label: 'Tax year of a date',
    description: 'The UK tax year (6 April to 5 April) a date falls in.',
    example: { date: '2027-04-05' },
    parameters: z.strictObject({ date: calendarDateSchema('date must be a yyyy-MM-dd date') }),
    run: (_db: AppDb, _admin: string, p: { date: string }) => taxYearOf(p.date),
  },
  'health-score': {
    label: 'Health score',
    description: 'The diagnostics health score, (passed + 0.5 × warnings) / total × 100, with its band and colour.',
    example: { passed: 8, warnings: 1, total: 10 },
    parameters: z
      .strictObject({
        passed: z.number().int().min(0).max(10_000),
        warnings: z.number().int().min(0).max(10_000),
        total: z.number().int().min(0).max(10_000),
      })
      .refine((p) => p.passed + p.warnings <= p.total, 'passed + warnings must not be more than total'),
    run: (_db: AppDb, _admin: string, p: { passed: number; warnings: number; total: number }) => {
      const score = healthScore(p);
      return { score, band: statusBand(score), colour: healthColour(score) };
    },
  },
} satisfies Record<string, TestableFunction>;

export type TestableFunctionName = keyof typeof TESTABLE_FUNCTIONS;

export const SELECT_FUNCTION_MESSAGE = 'Please select a function to test';
export const INVALID_JSON_MESSAGE = 'Invalid JSON in parameters';

/** Runs one registered function with its parameters (JSON text); 400 for anything else. */
export async function testFunction(
  db: AppDb,
  adminUserId: string,
  name: string,
  parametersJson: string,
): Promise<{ result: unknown; durationMs: number }> {
  if (!name || !Object.hasOwn(TESTABLE_FUNCTIONS, name)) throw new AppError('BAD_REQUEST', SELECT_FUNCTION_MESSAGE);
  const fn: TestableFunction = TESTABLE_FUNCTIONS[name as TestableFunctionName] as TestableFunction;
  let raw: unknown;
  try {
    raw = JSON.parse(parametersJson.trim() === '' ? '{}' : parametersJson);
  } catch {
    throw new AppError('BAD_REQUEST', INVALID_JSON_MESSAGE);
  }
  const parsed = fn.parameters.safeParse(raw);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? INVALID_JSON_MESSAGE);
  const started = performance.now();
  const result = await fn.run(db, adminUserId, parsed.data as never);
  return { result, durationMs: Math.round((performance.now() - started) * 10) / 10 };
}
