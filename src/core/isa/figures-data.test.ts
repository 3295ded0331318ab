import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findFigureOn, type DatedFigure } from '../dates/effective-dated.ts';
import {
  ANNUAL_ALLOWANCE,
  CARRY_FORWARD_YEARS,
  LUMP_SUM_ALLOWANCE,
  MONEY_PURCHASE_ANNUAL_ALLOWANCE,
  NORMAL_MINIMUM_PENSION_AGE,
  RELIEF_ADDITIONAL_RATE_PERCENT,
  RELIEF_BASIC_AMOUNT,
  RELIEF_BASIC_RATE_PERCENT,
  RELIEF_HIGHER_RATE_PERCENT,
  STATE_PENSION_AGE,
  TAPER_ADJUSTED_INCOME,
  TAPER_INCOME_PER_POUND,
  TAPER_MINIMUM_ALLOWANCE,
  TAPER_THRESHOLD_INCOME,
  TAX_FREE_LUMP_SUM_PERCENT,
} from '../pension/pension-figures.ts';
import { parseCsv } from '../reference-data/csv.ts';
import { SAVINGS_BASIC_RATE_PERCENT } from '../tax/savings-tax.ts';
import {
  CASH_ISA_CAP_EXEMPT_AGE,
  CASH_ISA_CAP_UNDER_AGE,
  ISA_ALLOWANCE,
  JISA_LIMIT,
  LISA_BONUS_PERCENT,
  LISA_LIMIT,
  LISA_WITHDRAWAL_CHARGE_PERCENT,
} from './isa-figures.ts';

// The rules read the TypeScript tables; data/reference/isa_pension_figures.csv is the same law
// with its sources, shipped as reference data. This keeps them equal, row for row, and keeps
// them in step with the ISA and pension rows of limits.csv.

const TABLES: Record<string, readonly DatedFigure[]> = {
  isa_annual_allowance: ISA_ALLOWANCE,
  cash_isa_annual_limit_under_65: CASH_ISA_CAP_UNDER_AGE,
  cash_isa_cap_exempt_age: CASH_ISA_CAP_EXEMPT_AGE,
  lisa_annual_limit: LISA_LIMIT,
  lisa_bonus_percent: LISA_BONUS_PERCENT,
  lisa_withdrawal_charge_percent: LISA_WITHDRAWAL_CHARGE_PERCENT,
  jisa_annual_limit: JISA_LIMIT,
  pension_annual_allowance: ANNUAL_ALLOWANCE,
  pension_money_purchase_annual_allowance: MONEY_PURCHASE_ANNUAL_ALLOWANCE,
  pension_taper_threshold_income: TAPER_THRESHOLD_INCOME,
  pension_taper_adjusted_income: TAPER_ADJUSTED_INCOME,
  pension_taper_minimum_allowance: TAPER_MINIMUM_ALLOWANCE,
  pension_taper_income_per_pound: TAPER_INCOME_PER_POUND,
  pension_carry_forward_years: CARRY_FORWARD_YEARS,
  normal_minimum_pension_age: NORMAL_MINIMUM_PENSION_AGE,
  state_pension_age: STATE_PENSION_AGE,
  pension_lump_sum_allowance: LUMP_SUM_ALLOWANCE,
  pension_tax_free_lump_sum_percent: TAX_FREE_LUMP_SUM_PERCENT,
  pension_relief_basic_rate_percent: RELIEF_BASIC_RATE_PERCENT,
  pension_relief_higher_rate_percent: RELIEF_HIGHER_RATE_PERCENT,
  pension_relief_additional_rate_percent: RELIEF_ADDITIONAL_RATE_PERCENT,
  pension_relief_basic_amount: RELIEF_BASIC_AMOUNT,
  savings_basic_rate_percent: SAVINGS_BASIC_RATE_PERCENT,
};

function rows(file: string): Record<string, string>[] {
  const text = fs.readFileSync(new URL(`../../../data/reference/${file}`, import.meta.url), 'utf8');
  const parsed = parseCsv(text, file);
  if (!parsed.ok) throw new Error(`${file} does not parse`);
  return parsed.records.map((record) => record.values);
}

describe('the ISA, pension and savings tax figures and data/reference/isa_pension_figures.csv', () => {
  const csv = rows('isa_pension_figures.csv');

  it('name only the tables the rules read, each row with a source', () => {
    expect(new Set(csv.map((row) => row.figure_key))).toEqual(new Set(Object.keys(TABLES)));
    for (const row of csv) expect(row.source, `${row.figure_key} ${row.effective_from}`).not.toBe('');
  });

  it.each(Object.entries(TABLES))('agree row for row on %s', (key, table) => {
    const fromCsv = csv
      .filter((row) => row.figure_key === key)
      .map((row) => ({ effectiveFrom: row.effective_from, value: Number(row.value) }));
    expect(table.map(({ effectiveFrom, value }) => ({ effectiveFrom, value }))).toEqual(fromCsv);
  });

  it('keep each table in date order', () => {
    for (const table of Object.values(TABLES)) {
      const dates = table.map((row) => row.effectiveFrom);
      expect(dates).toEqual([...dates].sort());
    }
  });

  it('agree with every ISA and pension row of limits.csv on its date', () => {
    const limits = rows('limits.csv').filter((row) => row.limit_key! in TABLES);
    expect(limits.length).toBeGreaterThanOrEqual(6);
    for (const limit of limits) {
      const figure = findFigureOn(TABLES[limit.limit_key!]!, limit.effective_from!);
      expect(figure?.value, `${limit.limit_key} on ${limit.effective_from}`).toBe(Number(limit.amount_pence));
    }
  });
});
