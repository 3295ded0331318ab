import { describe, expect, it } from 'vitest';
import { parseMoneyInput } from './money-input.ts';

describe('parseMoneyInput', () => {
  it.each([
    ['70000', 70_000_00],
    ['70,000', 70_000_00],
    ['£70,000.00', 70_000_00],
    ['£ 70,000', 70_000_00],
    ['  1250.5 ', 1_250_50],
    ['1,250.05', 1_250_05],
    ['0.01', 1],
    ['007', 7_00],
    ['1,000,000,000', 1_000_000_000_00],
  ])('reads %s as %i pence', (text, pence) => {
    expect(parseMoneyInput(text)).toEqual({ ok: true, pence });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['seventy', 'invalid'],
    ['-5', 'invalid'],
    ['70,00', 'invalid'],
    ['7,00,000', 'invalid'],
    ['1.234,56', 'invalid'],
    ['12.345', 'invalid'],
    ['1e5', 'invalid'],
    ['0', 'zero'],
    ['0.00', 'zero'],
    ['1,000,000,000.01', 'too-large'],
    ['99999999999999999999', 'too-large'],
  ])('refuses %j (%s)', (text, reason) => {
    expect(parseMoneyInput(text)).toEqual({ ok: false, reason });
  });
});
