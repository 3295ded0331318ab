import { describe, expect, it } from 'vitest';
import { SLUG_MAX_LENGTH, slugFromTitle, slugProblem } from './slug.ts';

describe('slugProblem', () => {
  it.each(['about-us', 'isa-guide-2026', 'a', '2026'])('accepts %s', (slug) => {
    expect(slugProblem(slug)).toBeNull();
  });

  it.each([
    ['', 'required'],
    ['a'.repeat(SLUG_MAX_LENGTH + 1), 'tooLong'],
    ['About', 'format'],
    ['about us', 'format'],
    ['about--us', 'format'],
    ['-about', 'format'],
    ['about-', 'format'],
    ['about/us', 'format'],
    ['about.html', 'format'],
    ['über', 'format'],
    ['admin', 'reserved'],
    ['api', 'reserved'],
    ['legal', 'reserved'],
    ['preview', 'reserved'],
    ['assets', 'reserved'],
  ])('refuses %j as %s', (slug, problem) => {
    expect(slugProblem(slug)).toBe(problem);
  });
});

describe('slugFromTitle', () => {
  it('makes a slug from a title', () => {
    expect(slugFromTitle('ISA guide (2026)!')).toBe('isa-guide-2026');
    expect(slugFromTitle('  Crème brûlée — savings  ')).toBe('creme-brulee-savings');
  });
});
