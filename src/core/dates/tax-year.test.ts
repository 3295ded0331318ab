import { describe, expect, it } from 'vitest';
import { isInTaxYear, parseTaxYearLabel, previousTaxYears, taxYearOf, taxYearStarting } from './tax-year.ts';

describe('the UK tax year, 6 April to 5 April', () => {
  it('puts 5 April 2027 in 2026/27 and 6 April 2027 in 2027/28', () => {
    expect(taxYearOf('2027-04-05')).toEqual({
      startYear: 2026,
      label: '2026/27',
      firstDay: '2026-04-06',
      lastDay: '2027-04-05',
    });
    expect(taxYearOf('2027-04-06').label).toBe('2027/28');
  });

  it('puts 1 January and 31 March in the tax year that started the April before', () => {
    expect(taxYearOf('2027-01-01').startYear).toBe(2026);
    expect(taxYearOf('2027-03-31').startYear).toBe(2026);
    expect(taxYearOf('2026-12-31').startYear).toBe(2026);
  });

  it('labels the turn of the century with two digits', () => {
    expect(taxYearStarting(1999).label).toBe('1999/00');
    expect(taxYearStarting(2099).label).toBe('2099/00');
  });

  it('says whether a date is in a tax year, both ends included', () => {
    const year = taxYearStarting(2026);
    expect(isInTaxYear('2026-04-05', year)).toBe(false);
    expect(isInTaxYear('2026-04-06', year)).toBe(true);
    expect(isInTaxYear('2027-04-05', year)).toBe(true);
    expect(isInTaxYear('2027-04-06', year)).toBe(false);
  });

  it('lists the three tax years before one, earliest first', () => {
    expect(previousTaxYears(taxYearStarting(2026), 3).map((y) => y.label)).toEqual(['2023/24', '2024/25', '2025/26']);
  });

  it('reads tax years as people write them, and refuses years that do not follow', () => {
    expect(parseTaxYearLabel('2026/27')).toBe(2026);
    expect(parseTaxYearLabel(' 2026-27 ')).toBe(2026);
    expect(parseTaxYearLabel('2026/2027')).toBe(2026);
    expect(parseTaxYearLabel('1999/00')).toBe(1999);
    expect(parseTaxYearLabel('2026/28')).toBeNull();
    expect(parseTaxYearLabel('2026')).toBeNull();
  });

  it('refuses a start year that is not a whole year', () => {
    expect(() => taxYearStarting(2026.5)).toThrow(RangeError);
  });
});
