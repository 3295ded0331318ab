import { describe, expect, it } from 'vitest';
import { limitsOn } from '../protection/limits.ts';
import {
  fundingWords,
  isaAccountInput,
  IsaDetailsPatchSchema,
  isaFscsNote,
  isaMovementsOf,
  isaTypeOfAccountType,
} from './isa-record.ts';

describe('isaTypeOfAccountType', () => {
  it('reads the ISA type the account type names, else the spec’s default, cash', () => {
    expect(isaTypeOfAccountType('Cash ISA')).toBe('cash');
    expect(isaTypeOfAccountType('Stocks and Shares ISA')).toBe('stocks_and_shares');
    expect(isaTypeOfAccountType('Lifetime ISA')).toBe('lisa');
    expect(isaTypeOfAccountType('Junior ISA')).toBe('jisa');
    expect(isaTypeOfAccountType('Innovative Finance ISA')).toBe('ifisa');
    expect(isaTypeOfAccountType('ISA')).toBe('cash');
  });
});

describe('isaMovementsOf', () => {
  const rows = [
    { date: '2026-04-06', amountPence: 100_000, type: 'deposit' },
    { date: '2026-04-07', amountPence: -30_000, type: 'withdrawal' },
    { date: '2026-04-08', amountPence: 1_234, type: 'interest' },
    { date: '2026-04-09', amountPence: -500, type: 'fee' },
    { date: '2026-04-10', amountPence: 900_000, type: 'opening_balance' },
    { date: '2026-04-11', amountPence: 950_000, type: 'balance_update' },
    { date: '2026-04-12', amountPence: 0, type: 'deposit' },
  ];

  it('counts deposits as new money and withdrawals as money taken out; interest, fees and statements use no allowance', () => {
    expect(isaMovementsOf(rows, 'new_subscription')).toEqual([
      { date: '2026-04-06', amountPence: 100_000, kind: 'subscription' },
      { date: '2026-04-07', amountPence: 30_000, kind: 'withdrawal' },
    ]);
    expect(isaMovementsOf(rows, 'both')).toEqual(isaMovementsOf(rows, 'new_subscription'));
  });

  it('counts the deposits of an ISA funded by transfers in as transfers in', () => {
    expect(isaMovementsOf(rows, 'transfer_in')[0]).toEqual({
      date: '2026-04-06',
      amountPence: 100_000,
      kind: 'transfer_in',
    });
  });
});

describe('isaAccountInput', () => {
  it('counts an ISA with no record yet as its account type names, not flexible, funded by new money', () => {
    expect(
      isaAccountInput({
        id: 'a',
        name: 'LISA',
        accountType: 'Lifetime ISA',
        record: null,
        transactions: [{ date: '2026-05-01', amountPence: 100, type: 'deposit' }],
      }),
    ).toEqual({
      id: 'a',
      name: 'LISA',
      isaType: 'lisa',
      isFlexible: false,
      movements: [{ date: '2026-05-01', amountPence: 100, kind: 'subscription' }],
    });
  });
});

describe('isaAccountInput for a Junior ISA', () => {
  const jisa = (id: string, jisaChildName: string | null) =>
    isaAccountInput({
      id,
      name: id,
      accountType: 'Junior ISA',
      record: { isaType: 'jisa', fundingType: 'new_subscription', isFlexible: false, jisaChildName },
      transactions: [],
    });

  it('names the child, and the same child however the name is typed shares one key', () => {
    expect(jisa('a', 'Ella')).toMatchObject({ childId: 'ella', childName: 'Ella' });
    expect(jisa('b', '  ella ')).toMatchObject({ childId: 'ella', childName: 'ella' });
    expect(jisa('c', 'Ella  May').childId).toBe(jisa('d', 'ella may').childId);
    expect(jisa('e', 'Tom').childId).not.toBe(jisa('f', 'Ella').childId);
  });

  it('leaves a Junior ISA without a name to a limit of its own', () => {
    expect(jisa('a', null)).not.toHaveProperty('childId');
  });
});

describe('isaFscsNote', () => {
  const limits = limitsOn('2026-06-10');

  it('gives the spec’s note per provider category with the limits in force on the day', () => {
    expect(isaFscsNote('banking_group', limits, 'Barclays Bank UK PLC')).toBe(
      '£120,000 protection per banking licence: this cash ISA shares one limit with all your other money at Barclays Bank UK PLC.',
    );
    expect(isaFscsNote('investment_platform', limits, null)).toMatch(/^£85,000 protection if the firm fails/);
    expect(isaFscsNote('ifisa_platform', limits, null)).toMatch(/^Limited protection/);
    expect(isaFscsNote('something_else', limits, null)).toBe('Check FSCS protection level');
    expect(isaFscsNote(null, limits, null)).toBe('Check FSCS protection level');
  });

  it('says £85,000 per banking licence before the limit rose on 1 December 2025', () => {
    expect(isaFscsNote('banking_group', limitsOn('2025-11-30'), null)).toMatch(
      /^£85,000 protection per banking licence/,
    );
  });
});

describe('the ISA details schema', () => {
  it('uses the spec’s message for a missing ISA type and refuses negative planned amounts', () => {
    const type = IsaDetailsPatchSchema.safeParse({ isaType: '' });
    expect(type.error?.issues[0]?.message).toBe('ISA type is required');
    const amount = IsaDetailsPatchSchema.safeParse({ plannedAnnualContributionPence: -1 });
    expect(amount.error?.issues[0]?.message).toBe('Enter an amount of £0 or more, in pounds and pence');
    expect(IsaDetailsPatchSchema.safeParse({ plannedTransferAmountPence: 0, isFlexible: true }).success).toBe(true);
    expect(IsaDetailsPatchSchema.safeParse({ unknown: 1 }).success).toBe(false);
  });

  it('takes a child’s name of up to 80 characters, trimmed', () => {
    expect(IsaDetailsPatchSchema.parse({ jisaChildName: '  Ella ' }).jisaChildName).toBe('Ella');
    const long = IsaDetailsPatchSchema.safeParse({ jisaChildName: 'x'.repeat(81) });
    expect(long.error?.issues[0]?.message).toBe('Enter the child’s first name, up to 80 characters');
  });
});

describe('fundingWords', () => {
  it('says how the deposits of an ISA funded by transfers count', () => {
    expect(fundingWords('Moved ISA', 'new_subscription')).toBeNull();
    expect(fundingWords('Moved ISA', 'transfer_in')).toMatch(/use none of your allowance/);
    expect(fundingWords('Moved ISA', 'both')).toMatch(/counted as new money/);
  });
});
