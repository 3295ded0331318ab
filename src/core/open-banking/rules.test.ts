import { describe, expect, it } from 'vitest';
import { callbackErrorText } from './api-types.ts';
import {
  connectionStatus,
  consentExpiry,
  maskAccountNumber,
  mayRunUnattended,
  maySync,
  penceOf,
  withUnattendedSync,
} from './rules.ts';

const HOUR = 3_600_000;
const now = new Date('2026-11-29T12:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);

describe('the UK limit on unattended syncs', () => {
  it('allows four in any 24 hours, and a fifth once the oldest is a day old', () => {
    expect(mayRunUnattended([], now)).toBe(true);
    expect(mayRunUnattended([ago(20), ago(14), ago(8)], now)).toBe(true);
    expect(mayRunUnattended([ago(20), ago(14), ago(8), ago(2)], now)).toBe(false);
    expect(mayRunUnattended([ago(24), ago(14), ago(8), ago(2)], now)).toBe(true);
  });

  it('keeps only the last day’s times, at most four, newest last', () => {
    expect(withUnattendedSync([ago(30), ago(20), ago(14), ago(8)], now)).toEqual([ago(20), ago(14), ago(8), now]);
    expect(withUnattendedSync([ago(20), ago(14), ago(8), ago(2)], now)).toEqual([ago(14), ago(8), ago(2), now]);
    expect(withUnattendedSync([], now)).toEqual([now]);
  });
});

describe('a connection’s status', () => {
  it('runs 90 days, is expiring from 14 days before, and expired after', () => {
    const end = consentExpiry(now);
    expect(end.getTime() - now.getTime()).toBe(90 * 24 * HOUR);
    expect(connectionStatus('active', end, now)).toBe('active');
    expect(connectionStatus('active', end, new Date(end.getTime() - 14 * 24 * HOUR))).toBe('expiring');
    expect(connectionStatus('active', end, end)).toBe('expired');
    expect(connectionStatus('error', end, now)).toBe('error');
    expect(connectionStatus('error', end, end)).toBe('expired');
    expect(connectionStatus('revoked', end, now)).toBe('revoked');
    expect(maySync('active', end, now) && maySync('error', end, now)).toBe(true);
    expect(maySync('revoked', end, now) || maySync('expired', end, now) || maySync('active', end, end)).toBe(false);
  });
});

describe('what leaves the provider module', () => {
  it('masks account numbers to the last four', () => {
    expect(maskAccountNumber('12345678')).toBe('•••• 5678');
    expect(maskAccountNumber('GB29 NWBK 6016 1331 9268 19')).toBe('•••• 6819');
    expect(maskAccountNumber(null)).toBe('••••');
  });

  it('turns decimal amounts into exact pence', () => {
    expect(penceOf(1234.5)).toBe(123_450);
    expect(penceOf(-0.1)).toBe(-10);
    expect(penceOf('31.42')).toBe(3142);
    expect(penceOf(0.29)).toBe(29);
    expect(() => penceOf('twelve')).toThrow();
  });

  it('names each callback error in words and ignores unknown ones', () => {
    expect(callbackErrorText('state')).toMatch(/another session/);
    expect(callbackErrorText('constructor')).toBeNull();
    expect(callbackErrorText(null)).toBeNull();
  });
});
