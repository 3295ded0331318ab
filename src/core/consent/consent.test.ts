import { describe, expect, it } from 'vitest';
import {
  CONSENT_COOKIE_MAX_AGE_SECONDS,
  CONSENT_VERSION,
  acceptAllFlags,
  consentCookieString,
  createConsent,
  hasChanged,
  isCategoryLocked,
  needsBanner,
  parseConsent,
  readConsentCookie,
  reconcile,
  rejectAllFlags,
  restrictBySignal,
  type CookieConsent,
} from './consent.ts';

const AT = '2026-11-21T10:00:00.000Z';
const LATER = '2026-11-22T10:00:00.000Z';

function stored(overrides: Partial<CookieConsent> = {}): CookieConsent {
  return {
    version: '1.0',
    timestamp: AT,
    dnt_respected: false,
    essential: true,
    functional: true,
    analytics: true,
    marketing: false,
    ...overrides,
  };
}

describe('essential cookies', () => {
  it('are on in every choice, even when a caller asks for them off', () => {
    expect(rejectAllFlags().essential).toBe(true);
    expect(acceptAllFlags(false).essential).toBe(true);
    expect(
      restrictBySignal({ essential: false, functional: false, analytics: false, marketing: false }, false).essential,
    ).toBe(true);
  });

  it('have a switch that is always locked', () => {
    expect(isCategoryLocked('essential', false)).toBe(true);
    expect(isCategoryLocked('functional', false)).toBe(false);
    expect(isCategoryLocked('analytics', false)).toBe(false);
  });

  it('make a stored record without essential count as no choice', () => {
    expect(parseConsent({ ...stored(), essential: false })).toBeNull();
  });
});

describe('Do Not Track and Global Privacy Control', () => {
  it('leave analytics and marketing off after Accept All, and functional on', () => {
    expect(acceptAllFlags(true)).toEqual({ essential: true, functional: true, analytics: false, marketing: false });
  });

  it('accept everything when no signal is sent', () => {
    expect(acceptAllFlags(false)).toEqual({ essential: true, functional: true, analytics: true, marketing: true });
  });

  it('lock the analytics and marketing switches but not functional', () => {
    expect(isCategoryLocked('analytics', true)).toBe(true);
    expect(isCategoryLocked('marketing', true)).toBe(true);
    expect(isCategoryLocked('functional', true)).toBe(false);
  });

  it('are recorded as dnt_respected and win over a custom choice', () => {
    const consent = createConsent(
      { essential: true, functional: true, analytics: true, marketing: true },
      { timestamp: AT, privacySignal: true },
    );
    expect(consent).toEqual({
      version: CONSENT_VERSION,
      timestamp: AT,
      dnt_respected: true,
      essential: true,
      functional: true,
      analytics: false,
      marketing: false,
    });
  });

  it('record dnt_respected false when there is no signal', () => {
    expect(createConsent(acceptAllFlags(false), { timestamp: AT, privacySignal: false }).dnt_respected).toBe(false);
  });
});

describe('versioning', () => {
  it('stamps every new choice with version 1.0', () => {
    expect(createConsent(rejectAllFlags(), { timestamp: AT, privacySignal: false }).version).toBe('1.0');
  });

  it('asks again when the stored choice is of another version', () => {
    expect(parseConsent(stored({ version: '0.9' }))).toBeNull();
    expect(needsBanner(parseConsent(stored({ version: '0.9' })))).toBe(true);
  });

  it('shows the banner while nothing is stored and hides it once a valid choice is', () => {
    expect(needsBanner(null)).toBe(true);
    expect(needsBanner(parseConsent(stored()))).toBe(false);
  });

  it('treats malformed records as no choice', () => {
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent('yes')).toBeNull();
    expect(parseConsent({ ...stored(), timestamp: 'yesterday' })).toBeNull();
    expect(parseConsent({ ...stored(), analytics: 'true' })).toBeNull();
    expect(parseConsent({ ...stored(), dnt_respected: undefined })).toBeNull();
  });

  it('re-applies the signal rule to a stored record that claims it was respected', () => {
    expect(parseConsent(stored({ dnt_respected: true, analytics: true }))?.analytics).toBe(false);
  });
});

describe('Save Custom Preferences visibility', () => {
  it('is hidden while the switches match what the dialog opened with', () => {
    expect(hasChanged(rejectAllFlags(), rejectAllFlags())).toBe(false);
  });

  it('shows once any switch differs, and hides again when it is switched back', () => {
    const opened = rejectAllFlags();
    const toggled = { ...opened, functional: true };
    expect(hasChanged(opened, toggled)).toBe(true);
    expect(hasChanged(opened, { ...toggled, functional: false })).toBe(false);
  });
});

describe('the consent cookie', () => {
  it('lasts 365 days, is strict same-site, and is Secure only on https', () => {
    const consent = createConsent(rejectAllFlags(), { timestamp: AT, privacySignal: false });
    const plain = consentCookieString(consent, { secure: false });
    expect(CONSENT_COOKIE_MAX_AGE_SECONDS).toBe(31_536_000);
    expect(plain).toMatch(/^cookie-consent=[^;]+; Max-Age=31536000; Path=\/; SameSite=Strict$/);
    expect(consentCookieString(consent, { secure: true })).toMatch(/; SameSite=Strict; Secure$/);
  });

  it('holds every field of the consent entity and reads back the same', () => {
    const consent = createConsent(
      { essential: true, functional: true, analytics: false, marketing: true },
      { timestamp: AT, privacySignal: false },
    );
    const value = consentCookieString(consent, { secure: false }).split(';')[0]!;
    const header = `other=1; ${value}; theme=x`;
    expect(readConsentCookie(header)).toEqual(consent);
    expect(Object.keys(JSON.parse(decodeURIComponent(value.split('=')[1]!))).sort()).toEqual([
      'analytics',
      'dnt_respected',
      'essential',
      'functional',
      'marketing',
      'timestamp',
      'version',
    ]);
  });

  it('reads as no choice when missing or unreadable', () => {
    expect(readConsentCookie('')).toBeNull();
    expect(readConsentCookie('cookie-consent=%7Bnot json')).toBeNull();
  });
});

describe('reconciling a signed-in user’s choice between this device and the server', () => {
  const server = {
    version: '1.0',
    timestamp: LATER,
    essential: true as const,
    functional: false,
    analytics: false,
    marketing: true,
  };

  it('applies the stored choice on a new device', () => {
    expect(reconcile(null, server, false)).toEqual({
      action: 'apply-server',
      consent: { ...server, dnt_respected: false },
    });
  });

  it('applies it with analytics and marketing off on a device that sends a privacy signal', () => {
    const result = reconcile(null, server, true);
    expect(result).toEqual({ action: 'apply-server', consent: { ...server, marketing: false, dnt_respected: true } });
  });

  it('lets the newer choice win either way', () => {
    expect(reconcile(stored(), server, false).action).toBe('apply-server');
    const newerLocal = stored({ timestamp: '2026-11-23T00:00:00.000Z' });
    expect(reconcile(newerLocal, server, false)).toEqual({ action: 'push-local', consent: newerLocal });
  });

  it('does nothing when both hold the same moment', () => {
    expect(reconcile(stored({ timestamp: LATER }), server, false)).toEqual({ action: 'none' });
  });

  it('sends this device’s choice when the server has none, or only one of another version', () => {
    expect(reconcile(stored(), null, false).action).toBe('push-local');
    expect(reconcile(stored(), { ...server, version: '0.9' }, false).action).toBe('push-local');
    expect(reconcile(null, { ...server, version: '0.9' }, false)).toEqual({ action: 'none' });
    expect(reconcile(null, null, false)).toEqual({ action: 'none' });
  });
});
