import { describe, expect, it } from 'vitest';
import { balanceAxisDomain, trackingStartNote } from './format.ts';

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

describe('the total line’s tracking note', () => {
  it('says where the total starts and for how many accounts', () => {
    expect(trackingStartNote({ date: '2026-11-01', accountCount: 7, isOneDate: true })).toBe(
      'Tracking starts 01/11/2026 for 7 accounts: the total starts there.',
    );
    expect(trackingStartNote({ date: '2026-11-01', accountCount: 1, isOneDate: true })).toBe(
      'Tracking starts 01/11/2026 for 1 account: the total starts there.',
    );
    expect(trackingStartNote({ date: '2026-11-01', accountCount: 5, isOneDate: false })).toBe(
      'Tracking starts later for 5 accounts, the last on 01/11/2026: the total starts there.',
    );
    expect(trackingStartNote(undefined)).toBe('Each account counts from its first transaction.');
  });
});
