import { describe, expect, it } from 'vitest';
import { fieldWords } from './field-words.ts';

describe('a field as an admin reads it', () => {
  it('splits camel case into lower-case words and keeps acronyms upper case', () => {
    expect(fieldWords('bankingGroupFrn')).toBe('banking group FRN');
    expect(fieldWords('fscsProtected')).toBe('FSCS protected');
    expect(fieldWords('websiteUrl')).toBe('website URL');
    expect(fieldWords('comments')).toBe('comments');
  });
});
