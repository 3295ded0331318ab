import { describe, expect, it } from 'vitest';
import { displayName, initials } from './display-name.ts';

describe('displayName', () => {
  it('joins first and last name with one space', () => {
    expect(displayName({ firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com' })).toBe('Jane Doe');
  });

  it('uses whichever name part exists', () => {
    expect(displayName({ firstName: 'Jane', lastName: null, email: 'jane@example.com' })).toBe('Jane');
    expect(displayName({ firstName: '  ', lastName: 'Doe' })).toBe('Doe');
  });

  it('falls back to the e-mail address when both names are blank', () => {
    expect(displayName({ firstName: ' ', lastName: '', email: 'jane@example.com' })).toBe('jane@example.com');
  });

  it('returns an empty string when nothing is known', () => {
    expect(displayName({})).toBe('');
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last name in capitals', () => {
    expect(initials({ firstName: 'jane', lastName: 'doe' })).toBe('JD');
  });

  it('never returns more than two letters', () => {
    expect(initials({ firstName: 'Mary Ann', lastName: 'Smith' })).toBe('MS');
  });

  it('uses one letter for a single name', () => {
    expect(initials({ firstName: 'Cher' })).toBe('C');
  });

  it('uses the first letter of the e-mail when there is no name', () => {
    expect(initials({ firstName: '', lastName: '', email: 'zoe@example.com' })).toBe('Z');
  });

  it('handles letters outside English', () => {
    expect(initials({ firstName: 'Ágnes', lastName: 'Ørsted' })).toBe('ÁØ');
  });

  it("falls back to 'U' when there is nothing to use", () => {
    expect(initials({})).toBe('U');
    expect(initials({ email: '  ' })).toBe('U');
    expect(initials({ firstName: '---' })).toBe('U');
  });
});
