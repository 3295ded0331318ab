import { describe, expect, it } from 'vitest';
import { NO_FILTERS, filtersFromSearch, isFiltered, overviewSearchParams, pageCount } from './overview-filters.ts';

const ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

describe('the overview filters in the address', () => {
  it('reads every filter back as written', () => {
    const filters = {
      accountId: ID,
      type: 'fee' as const,
      from: '2026-01-01',
      to: '2026-03-31',
      q: 'rent',
      sort: 'amount-asc' as const,
      page: 3,
    };
    expect(filtersFromSearch(new URLSearchParams(overviewSearchParams(filters)))).toEqual(filters);
  });

  it('writes nothing for no filter, and leaves out the defaults', () => {
    expect(overviewSearchParams(NO_FILTERS)).toBe('');
    expect(overviewSearchParams({ ...NO_FILTERS, q: '  ' })).toBe('');
    expect(overviewSearchParams(NO_FILTERS, { pageSize: 25 })).toBe('pageSize=25');
  });

  it('drops values that are not valid', () => {
    expect(
      filtersFromSearch(new URLSearchParams('accountId=x&type=bonus&from=01/02/2026&to=2026-02-30&sort=up&page=-2')),
    ).toEqual(NO_FILTERS);
  });

  it('knows when the list is narrowed and how many pages there are', () => {
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, sort: 'amount-desc', page: 2 })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, q: 'x' })).toBe(true);
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});
