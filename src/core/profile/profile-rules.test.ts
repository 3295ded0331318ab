import { describe, expect, it } from 'vitest';
import { normaliseUkMobile, normaliseUkPostcode } from './profile-rules.ts';

describe('normaliseUkPostcode', () => {
  it.each([
    ['SW1A 1AA', 'SW1A 1AA'],
    ['sw1a1aa', 'SW1A 1AA'],
    ['  m1 1ae ', 'M1 1AE'],
    ['B33 8TH', 'B33 8TH'],
    ['CR2 6XH', 'CR2 6XH'],
    ['DN55 1PT', 'DN55 1PT'],
    ['W1A 0AX', 'W1A 0AX'],
    ['EC1A 1BB', 'EC1A 1BB'],
    ['GIR 0AA', 'GIR 0AA'],
  ])('accepts %s as %s', (input, expected) => {
    expect(normaliseUkPostcode(input)).toBe(expected);
  });

  it.each(['', 'SW1A', '12345', 'SW1A 1A', 'QW1A 1AA', 'SW1A 1CA', '90210', 'SW1A-1AA'])('refuses %j', (input) => {
    expect(normaliseUkPostcode(input)).toBeNull();
  });
});

describe('normaliseUkMobile', () => {
  it.each([
    ['07700 900123', '07700 900123'],
    ['07700900123', '07700 900123'],
    ['+44 7700 900123', '07700 900123'],
    ['+44 (0)7700-900123', '07700 900123'],
    ['0044 7700 900123', '07700 900123'],
  ])('accepts %s as %s', (input, expected) => {
    expect(normaliseUkMobile(input)).toBe(expected);
  });

  it.each([
    '',
    '0207 946 0000',
    '020 7946 0000',
    '0770090012',
    '077009001234',
    '+1 212 555 0100',
    'seven',
    '+44 20 7946 0000',
  ])('refuses %j', (input) => {
    expect(normaliseUkMobile(input)).toBeNull();
  });
});
