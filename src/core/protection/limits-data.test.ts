import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REFERENCE_FILE_NAMES, type ReferenceFileTexts } from '../reference-data/records.ts';
import { findLimit, loadReferenceData, type ReferenceData } from '../reference-data/reference-data.ts';
import {
  DEPOSIT_LIMITS,
  EARLIEST_LIMIT_DATE,
  INVESTMENT_LIMITS,
  TEMPORARY_HIGH_BALANCE_LIMITS,
  type DatedLimit,
} from './limits.ts';

// The engine's dated limits and the shipped reference data (data/reference/limits.csv) state the
// same law twice; until the loader feeds one from the other, this keeps them from drifting apart.
function shippedData(): ReferenceData {
  const dir = new URL('../../../data/reference/', import.meta.url);
  const texts = Object.fromEntries(
    Object.entries(REFERENCE_FILE_NAMES).map(([key, file]) => [key, fs.readFileSync(new URL(file, dir), 'utf8')]),
  ) as ReferenceFileTexts;
  const result = loadReferenceData(texts);
  if (!result.ok) throw new Error('the shipped reference data does not load');
  return result.loaded.data;
}

function engineAmountOn(table: readonly DatedLimit[], date: string): number {
  return table.filter((row) => row.effectiveFrom <= date).at(-1)!.amountPence;
}

describe("the engine's limits and the shipped reference data", () => {
  const data = shippedData();
  const tables = [
    ['fscs_deposit', DEPOSIT_LIMITS],
    ['fscs_temporary_high_balance', TEMPORARY_HIGH_BALANCE_LIMITS],
    ['fscs_investment', INVESTMENT_LIMITS],
  ] as const;

  it.each(tables)('agree on %s on every date either of them changes', (key, table) => {
    const dates = new Set<string>([...table.map((row) => row.effectiveFrom)]);
    for (const limit of data.limits)
      if (limit.limitKey === key && limit.effectiveFrom >= EARLIEST_LIMIT_DATE) dates.add(limit.effectiveFrom);
    expect(dates.size).toBeGreaterThan(1);
    for (const date of dates) {
      expect(findLimit(data.limits, key, date)?.amountPence, `${key} on ${date}`).toBe(engineAmountOn(table, date));
    }
  });
});
