import { describe, expect, it } from 'vitest';
import { CONSENT_CATEGORY_IDS, CONSENT_COOKIE_NAME } from './consent.ts';
import { COOKIE_CATEGORIES, baseCookieName, catalogueCookies, isCatalogued } from './cookie-catalogue.ts';

describe('the cookie catalogue', () => {
  it('has one category per consent category, essential first and the only required one', () => {
    expect(COOKIE_CATEGORIES.map((c) => c.id)).toEqual([...CONSENT_CATEGORY_IDS]);
    expect(COOKIE_CATEGORIES.filter((c) => c.required).map((c) => c.id)).toEqual(['essential']);
  });

  it('says plainly when a category has no cookies today', () => {
    for (const category of COOKIE_CATEGORIES) {
      if (category.cookies.length === 0) expect(category.noneToday).toMatch(/We set none of these today/);
      else expect(category.noneToday).toBeUndefined();
    }
  });

  it('gives every cookie a name, purpose, duration and type, once', () => {
    const names = catalogueCookies().map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const cookie of catalogueCookies()) {
      expect(cookie.purpose.length).toBeGreaterThan(20);
      expect(cookie.duration).not.toBe('');
      expect(cookie.type).not.toBe('');
    }
  });

  it('lists the consent cookie as essential and written by the page', () => {
    const essential = COOKIE_CATEGORIES.find((c) => c.id === 'essential')!;
    expect(essential.cookies.find((c) => c.name === CONSENT_COOKIE_NAME)).toMatchObject({
      setBy: 'page',
      duration: '365 days',
    });
  });

  it('recognises a server cookie with or without the https prefix', () => {
    expect(baseCookieName('__Secure-better-auth.session_token')).toBe('better-auth.session_token');
    expect(isCatalogued('__Secure-better-auth.session_token')).toBe(true);
    expect(isCatalogued('better-auth.session_token')).toBe(true);
    expect(isCatalogued('_ga')).toBe(false);
  });
});
