import type { PensionSummaryInput } from './pension-summary.ts';

/** For tests: one personal pension with nothing recorded on it yet, on `today`. */
export function pensionSummaryInput(today: string, overrides: Partial<PensionSummaryInput> = {}): PensionSummaryInput {
  return {
    today,
    dateOfBirth: null,
    account: { id: 'p1', schemeType: 'personal_pension', transferSlaDays: 10 },
    provider: null,
    thresholdIncomePence: null,
    adjustedIncomePence: null,
    flexibleAccess: [],
    contributions: [],
    transfers: [],
    ...overrides,
  };
}
