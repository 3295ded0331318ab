import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, PREFERENCE_MESSAGES, validatePreferences } from './preferences.ts';

describe('Smart Pig preferences', () => {
  it('defaults to the spec’s: full FSCS cover, avoid teaser rates, notice 0 days, fixed 12 months, ISA first', () => {
    expect(DEFAULT_PREFERENCES).toEqual({
      keepFullFSCSCover: true,
      avoidTeaserRates: true,
      maxNoticeDays: 0,
      maxFixedMonths: 12,
      useISAFirst: true,
    });
    expect(validatePreferences({})).toEqual({ ok: true, preferences: DEFAULT_PREFERENCES });
    expect(validatePreferences(undefined)).toEqual({ ok: true, preferences: DEFAULT_PREFERENCES });
  });

  it.each([
    ['maxNoticeDays', 0],
    ['maxNoticeDays', 95],
    ['maxFixedMonths', 0],
    ['maxFixedMonths', 60],
  ])('accepts %s at its edge %i', (field, value) => {
    expect(validatePreferences({ [field]: value }).ok).toBe(true);
  });

  it.each([
    ['maxNoticeDays', 96, PREFERENCE_MESSAGES.noticeDays],
    ['maxNoticeDays', -1, PREFERENCE_MESSAGES.noticeDays],
    ['maxNoticeDays', 1.5, PREFERENCE_MESSAGES.noticeDays],
    ['maxFixedMonths', 61, PREFERENCE_MESSAGES.fixedMonths],
    ['maxFixedMonths', '12', PREFERENCE_MESSAGES.fixedMonths],
    ['useISAFirst', 'yes', PREFERENCE_MESSAGES.yesNo],
  ])('refuses %s of %s, saying so at the field', (field, value, message) => {
    expect(validatePreferences({ [field]: value })).toEqual({ ok: false, issues: [{ field, message }] });
  });

  it('refuses a preference that does not exist, and something that is not an object', () => {
    expect(validatePreferences({ maxNoticedays: 10 })).toEqual({
      ok: false,
      issues: [{ field: '', message: 'This preference does not exist: maxNoticedays' }],
    });
    expect(validatePreferences('all')).toEqual({
      ok: false,
      issues: [{ field: '', message: 'Preferences must be an object' }],
    });
  });

  it('says the sliders’ ranges', () => {
    expect(PREFERENCE_MESSAGES.noticeDays).toBe('Choose a notice period from 0 to 95 days');
    expect(PREFERENCE_MESSAGES.fixedMonths).toBe('Choose a fixed term from 0 to 60 months');
  });
});
