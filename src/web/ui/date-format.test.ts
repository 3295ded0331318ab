import { describe, expect, it } from 'vitest';
import { displayDate, parseTypedDate, proseDate } from './date-format.ts';

const range = { fromYear: 1900, toYear: 2036 };

describe('displayDate', () => {
  it('shows a stored date as dd/MM/yyyy', () => {
    expect(displayDate('1985-03-02')).toBe('02/03/1985');
  });

  it('leaves anything else as it is', () => {
    expect(displayDate('')).toBe('');
    expect(displayDate('31/02/19')).toBe('31/02/19');
  });
});

describe('proseDate', () => {
  it('shows a stored date as running text does: day, short month, year', () => {
    expect(proseDate('2026-11-21')).toBe('21 Nov 2026');
    expect(proseDate('2026-03-02')).toBe('2 Mar 2026');
  });

  it('leaves anything else as it is', () => {
    expect(proseDate('not a date')).toBe('not a date');
  });
});

describe('parseTypedDate', () => {
  it.each([
    ['02/03/1985', '1985-03-02'],
    ['2/3/1985', '1985-03-02'],
    ['02-03-1985', '1985-03-02'],
    ['02.03.1985', '1985-03-02'],
    [' 29/02/2024 ', '2024-02-29'],
    ['1985-03-02', '1985-03-02'],
    ['01/01/1900', '1900-01-01'],
    ['31/12/2036', '2036-12-31'],
  ])('reads %j as %s', (typed, stored) => {
    expect(parseTypedDate(typed, range)).toBe(stored);
  });

  it.each(['31/02/1990', '29/02/2023', '13/13/2000', '2/3/85', 'yesterday', '', '31/12/1899', '01/01/2037'])(
    'refuses %j',
    (typed) => {
      expect(parseTypedDate(typed, range)).toBeNull();
    },
  );
});
