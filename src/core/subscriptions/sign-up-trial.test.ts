import { describe, expect, it } from 'vitest';
import { signUpTrialWords } from './sign-up-trial.ts';

describe('the trial the confirmation page promises (issue 25)', () => {
  it('is 7 days without a code', () => {
    expect(signUpTrialWords(null)).toBe('7-day trial');
  });
  it('adds a free_trial code’s days: a 14-day code gives 21 days, not "7-day"', () => {
    expect(signUpTrialWords({ durationDays: 14, durationMonths: null })).toBe(
      '21-day trial (7 days, and 14 more from your promo code)',
    );
  });
  it('names months as months (they are calendar months from the trial’s end)', () => {
    expect(signUpTrialWords({ durationDays: null, durationMonths: 1 })).toBe(
      'trial: 7 days, and 1 month more from your promo code',
    );
    expect(signUpTrialWords({ durationDays: 3, durationMonths: 2 })).toBe(
      'trial: 7 days, and 2 months and 3 days more from your promo code',
    );
  });
});
