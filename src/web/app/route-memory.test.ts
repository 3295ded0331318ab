import { beforeEach, describe, expect, it } from 'vitest';
import {
  LAST_VISITED_KEY,
  RETURN_TO_KEY,
  forgetRoutes,
  isPasswordRecovery,
  isSameOriginPath,
  rememberLastVisited,
  rememberReturnTo,
  takePostSignInDestination,
} from './route-memory.ts';

beforeEach(() => sessionStorage.clear());

describe('isSameOriginPath', () => {
  it('accepts paths on this site, with query and hash', () => {
    expect(isSameOriginPath('/dashboard')).toBe(true);
    expect(isSameOriginPath('/legal?tab=cookies#consent')).toBe(true);
  });

  it('rejects protocol-relative, absolute and backslash tricks', () => {
    for (const value of [
      '//evil.example',
      'https://evil.example/',
      '/\\evil.example',
      '\\/evil.example',
      'javascript:alert(1)',
      'dashboard',
      '',
      ' /dashboard',
      '/\t/evil.example',
    ]) {
      expect(isSameOriginPath(value), value).toBe(false);
    }
  });

  it('rejects values that are not strings', () => {
    expect(isSameOriginPath(null)).toBe(false);
    expect(isSameOriginPath(42)).toBe(false);
  });
});

describe('lastVisitedRoute', () => {
  it('is kept for ordinary pages, with their query string', () => {
    rememberLastVisited('/legal?tab=terms');
    expect(sessionStorage.getItem(LAST_VISITED_KEY)).toBe('/legal?tab=terms');
  });

  it('is not overwritten by the auth pages, /verification-required or the home page', () => {
    rememberLastVisited('/contact');
    for (const path of [
      '/auth',
      '/login',
      '/signup',
      '/auth/confirmation',
      '/auth/reset-password',
      '/verification-required',
      '/reset-request',
      '/',
      '/login?x=1',
      '/signup/',
    ]) {
      rememberLastVisited(path);
    }
    expect(sessionStorage.getItem(LAST_VISITED_KEY)).toBe('/contact');
  });

  it('never stores the mailbox, whose address carries its token', () => {
    rememberLastVisited('/contact');
    rememberLastVisited('/dev/mailbox?token=secret-key');
    expect(sessionStorage.getItem(LAST_VISITED_KEY)).toBe('/contact');
  });

  it('never stores a path on another origin', () => {
    rememberLastVisited('//evil.example/dashboard');
    expect(sessionStorage.getItem(LAST_VISITED_KEY)).toBeNull();
  });
});

describe('returnToRoute', () => {
  it('is saved for a protected page', () => {
    rememberReturnTo('/dashboard?x=1');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/dashboard?x=1');
  });

  it('is not saved for /auth, /login or /signup', () => {
    rememberReturnTo('/auth');
    rememberReturnTo('/login');
    rememberReturnTo('/signup');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });
});

describe('after sign-in', () => {
  it('goes to returnToRoute first and then forgets it', () => {
    rememberLastVisited('/contact');
    rememberReturnTo('/dashboard?welcome=1');
    expect(takePostSignInDestination()).toBe('/dashboard?welcome=1');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
    expect(takePostSignInDestination()).toBe('/contact');
  });

  it('goes to the last visited route when there is no returnToRoute', () => {
    rememberLastVisited('/legal?tab=privacy');
    expect(takePostSignInDestination()).toBe('/legal?tab=privacy');
  });

  it('goes to /dashboard when nothing is stored', () => {
    expect(takePostSignInDestination()).toBe('/dashboard');
  });

  it('ignores stored values that are not same-origin paths', () => {
    sessionStorage.setItem(RETURN_TO_KEY, '//evil.example');
    sessionStorage.setItem(LAST_VISITED_KEY, 'https://evil.example/');
    expect(takePostSignInDestination()).toBe('/dashboard');
  });

  it('starts afresh after sign-out', () => {
    rememberLastVisited('/contact');
    rememberReturnTo('/dashboard');
    forgetRoutes();
    expect(takePostSignInDestination()).toBe('/dashboard');
  });
});

describe('a password recovery', () => {
  it('is a link with a code or token_hash and type=recovery, in the query or the fragment, or the reset page with its token', () => {
    expect(isPasswordRecovery({ pathname: '/dashboard', search: '?code=abc&type=recovery' })).toBe(true);
    expect(isPasswordRecovery({ pathname: '/', search: '?token_hash=abc&type=recovery' })).toBe(true);
    expect(isPasswordRecovery({ pathname: '/login', search: '', hash: '#token_hash=abc&type=recovery' })).toBe(true);
    expect(isPasswordRecovery({ pathname: '/auth/reset-password', search: '?token=abc' })).toBe(true);
  });

  it('is not a code without type=recovery, nor type=recovery without a code', () => {
    expect(isPasswordRecovery({ pathname: '/auth/callback', search: '?code=abc&type=signup' })).toBe(false);
    expect(isPasswordRecovery({ pathname: '/dashboard', search: '?type=recovery' })).toBe(false);
    expect(isPasswordRecovery({ pathname: '/auth/reset-password', search: '' })).toBe(false);
  });

  it('is never remembered as lastVisitedRoute or returnToRoute (the link is a credential)', () => {
    rememberLastVisited('/contact');
    rememberLastVisited('/dashboard?code=abc&type=recovery');
    rememberLastVisited('/legal#token_hash=abc&type=recovery');
    rememberReturnTo('/dashboard?token_hash=abc&type=recovery');
    expect(sessionStorage.getItem(LAST_VISITED_KEY)).toBe('/contact');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });
});

describe('the excluded paths', () => {
  it("are exactly the spec's for lastVisitedRoute, plus the callback and the reset request", () => {
    const excluded = [
      '/auth',
      '/login',
      '/signup',
      '/auth/confirmation',
      '/auth/reset-password',
      '/verification-required',
      '/',
      '/auth/callback',
      '/reset-request',
    ];
    for (const path of excluded) {
      sessionStorage.clear();
      rememberLastVisited(path);
      expect(sessionStorage.getItem(LAST_VISITED_KEY), path).toBeNull();
    }
    for (const path of ['/dashboard', '/settings?tab=security', '/legal', '/contact', '/accounts/42']) {
      rememberLastVisited(path);
      expect(sessionStorage.getItem(LAST_VISITED_KEY), path).toBe(path);
    }
  });

  it('are only /auth, /login and /signup for returnToRoute', () => {
    for (const path of ['/auth/confirmation', '/verification-required', '/settings']) {
      sessionStorage.clear();
      rememberReturnTo(path);
      expect(sessionStorage.getItem(RETURN_TO_KEY), path).toBe(path);
    }
  });
});
