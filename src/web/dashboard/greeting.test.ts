import { describe, expect, it } from 'vitest';
import { greeting, greetingForHour } from './greeting.ts';

describe('dashboard greeting', () => {
  it('says good morning from midnight until 11:59', () => {
    expect(greetingForHour(0)).toBe('Good morning');
    expect(greetingForHour(11)).toBe('Good morning');
  });

  it('says good afternoon from noon until 17:59', () => {
    expect(greetingForHour(12)).toBe('Good afternoon');
    expect(greetingForHour(17)).toBe('Good afternoon');
  });

  it('says good evening from 18:00', () => {
    expect(greetingForHour(18)).toBe('Good evening');
    expect(greetingForHour(23)).toBe('Good evening');
  });

  it('adds the first name when there is one', () => {
    expect(greeting(9, 'Jane')).toBe('Good morning, Jane');
    expect(greeting(20, '  ')).toBe('Good evening');
    expect(greeting(14, null)).toBe('Good afternoon');
  });
});
