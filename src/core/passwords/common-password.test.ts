import { describe, expect, it } from 'vitest';
import { isListedPassword } from './common-password.ts';

describe('isListedPassword', () => {
  const list = new Set(['password123', 'iloveyou1']);

  it('finds a listed password whatever its case', () => {
    expect(isListedPassword('password123', list)).toBe(true);
    expect(isListedPassword('PassWord123', list)).toBe(true);
    expect(isListedPassword('ILOVEYOU1', list)).toBe(true);
  });

  it('lets through a password that only contains a listed one', () => {
    expect(isListedPassword('password123 and a pig', list)).toBe(false);
    expect(isListedPassword(' password123', list)).toBe(false);
  });
});
