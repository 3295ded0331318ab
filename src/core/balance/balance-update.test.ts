import { describe, expect, it } from 'vitest';
import {
  BALANCE_UPDATE_MESSAGES,
  adjustmentWords,
  balanceUpdatedNotice,
  balanceUpdateProblem,
  standingNote,
} from './balance-update.ts';

describe('Update balance', () => {
  it('takes a day up to today and a balance of either sign in whole pence', () => {
    const today = '2026-11-27';
    expect(balanceUpdateProblem({ balancePence: 25_120_00, date: today }, today)).toBeNull();
    expect(balanceUpdateProblem({ balancePence: -250_00, date: '2026-01-01' }, today)).toBeNull();
    expect(balanceUpdateProblem({ balancePence: 1, date: '2026-11-28' }, today)).toEqual({
      field: 'date',
      message: BALANCE_UPDATE_MESSAGES.future,
    });
    expect(balanceUpdateProblem({ balancePence: 1, date: '2026-02-29' }, today)?.message).toBe(
      BALANCE_UPDATE_MESSAGES.date,
    );
    expect(balanceUpdateProblem({ balancePence: 1.5, date: today }, today)?.field).toBe('balancePence');
    expect(balanceUpdateProblem({ balancePence: -100_000_000_001, date: today }, today)?.message).toBe(
      BALANCE_UPDATE_MESSAGES.balanceTooLarge,
    );
  });

  it('says the balance and the adjustment in words', () => {
    expect(balanceUpdatedNotice(25_120_00, 120_00)).toBe(
      'Balance updated to £25,120.00 — £120.00 more than your entries showed',
    );
    expect(balanceUpdatedNotice(900_00, -100_50)).toBe(
      'Balance updated to £900.00 — £100.50 less than your entries showed',
    );
    expect(balanceUpdatedNotice(-40_00, 0)).toBe('Balance updated to -£40.00 — the same as your entries showed');
    expect(balanceUpdatedNotice(10_00, null)).toBe('Balance updated to £10.00');
    expect(adjustmentWords(null)).toBeNull();
  });

  it('names the statement an entry is before', () => {
    expect(standingNote('before-statement', 'opening_balance')).toBe('before your starting balance: already counted');
    expect(standingNote('before-statement', 'balance_update')).toBe('before your balance update: already counted');
    expect(standingNote('replaced-statement', 'balance_update')).toBe('replaced by your balance update');
    expect(standingNote('counted', 'opening_balance')).toBeNull();
    expect(standingNote('statement', 'opening_balance')).toBeNull();
  });
});
