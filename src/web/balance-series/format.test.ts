import { describe, expect, it } from 'vitest';
import { balanceAxisDomain } from './format.ts';

describe('the balance line’s value axis', () => {
  it('leaves a line that moves to the chart', () => {
    expect(balanceAxisDomain([100_00, 250_00])).toEqual(['auto', 'auto']);
    expect(balanceAxisDomain([])).toEqual(['auto', 'auto']);
  });

  it('draws a flat line against a scale from zero', () => {
    expect(balanceAxisDomain([200_000_00])).toEqual([0, 200_000_00]);
    expect(balanceAxisDomain([5_00, 5_00, 5_00])).toEqual([0, 5_00]);
    expect(balanceAxisDomain([-45_00])).toEqual([-45_00, 0]);
    expect(balanceAxisDomain([0, 0])).toEqual([0, 100]);
  });
});
