import { describe, expect, it } from 'vitest';
import { type TypeFieldGroup, typeFieldGroups } from './account-type-fields.ts';

/** The 14 seeded types and a few admin spellings, with the groups each uses, worked out by hand. */
const TYPES: ReadonlyArray<readonly [string, TypeFieldGroup[]]> = [
  ['Savings', []],
  ['Easy Access Saver', []],
  ['Current', ['overdraft']],
  ['current account', ['overdraft']],
  ['Bond', ['term', 'penalty', 'maturity', 'interimSchedule']],
  ['Fixed Rate Bond', ['term', 'penalty', 'maturity', 'interimSchedule']],
  ['Fixed Term Deposit', ['term', 'penalty', 'maturity', 'interimSchedule']],
  ['Notice Saver', ['penalty']],
  ['95-Day Notice Account', ['penalty']],
  ['Regular Saver', ['term']],
  ['Cash ISA', []],
  ['Fixed Rate Cash ISA', ['term', 'penalty', 'maturity', 'interimSchedule']],
  ['Stocks and Shares ISA', []],
  ['Lifetime ISA', []],
  ['Junior ISA', []],
  ['Innovative Finance ISA', []],
  ['Personal Pension', []],
  ['Workplace Pension', []],
  ['SIPP', []],
  ['Something else', []],
];

describe('the fields an account type uses', () => {
  it.each(TYPES)('%s uses %j', (type, groups) => {
    expect(typeFieldGroups(type)).toEqual(groups);
  });

  it('reads whole words only: a "Prefixed" or "Noticeboard" type is neither fixed-term nor notice', () => {
    expect(typeFieldGroups('Prefixed saver')).toEqual([]);
    expect(typeFieldGroups('Noticeboard')).toEqual([]);
  });
});
