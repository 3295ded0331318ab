import { SIGNED_IN_HINT_COOKIE } from '../session/signed-in-hint.ts';
import { CONSENT_COOKIE_NAME, type ConsentCategoryId } from './consent.ts';

/**
 * Every cookie SavvyPig sets, by consent category: the one list behind the Cookie Preferences
 * dialog and the cookie policy. `cookie-catalogue.test.ts` (server) drives the real server and
 * checks each `Set-Cookie` name against it, in both directions; the browser journey checks the
 * cookie the page writes. Add a cookie here in the same change that starts setting it.
 */

/** The spec's cookie entry (name, purpose, duration, type) plus who writes it. */
export interface CatalogueCookie {
  /** The name on plain http; on https the server's cookies carry the `__Secure-` prefix. */
  name: string;
  purpose: string;
  duration: string;
  type: string;
  /** `server`: a `Set-Cookie` header; `page`: written by our own script in the browser. */
  setBy: 'server' | 'page';
  /** When it is set, if not on every visit. */
  setWhen?: string;
}

/** The spec's cookie category (id, name, description, required, cookies). */
export interface CookieCategory {
  id: ConsentCategoryId;
  name: string;
  description: string;
  required: boolean;
  cookies: readonly CatalogueCookie[];
  /** Said plainly when the category has no cookies today. */
  noneToday?: string;
}

/** Something kept in the browser's own storage: never sent to the server, listed for openness. */
export interface StorageEntry {
  key: string;
  /** The key is a prefix: one entry per user and form, for instance. */
  isPrefix?: boolean;
  purpose: string;
  duration: string;
  type: 'Local storage' | 'Session storage';
}

export const SECURE_COOKIE_PREFIX = '__Secure-';

export const COOKIE_CATEGORIES: readonly CookieCategory[] = [
  {
    id: 'essential',
    name: 'Essential',
    description:
      'Needed to sign you in, keep your account secure and remember these choices. They cannot be switched off.',
    required: true,
    cookies: [
      {
        name: 'better-auth.session_token',
        purpose:
          'Keeps you signed in and protects your account. It holds a random reference to your session, not your password or personal details. On secure connections its name starts with __Secure-.',
        duration: 'Until you sign out, or 7 days after you last used SavvyPig',
        type: 'First-party cookie, HTTP-only',
        setBy: 'server',
        setWhen: 'When you sign in',
      },
      {
        name: 'better-auth.dont_remember',
        purpose:
          'Set only when a sign-in asks not to be remembered: it makes your session end when you close the browser. On secure connections its name starts with __Secure-.',
        duration: 'Until you close the browser or sign out',
        type: 'First-party cookie, HTTP-only',
        setBy: 'server',
        setWhen: 'When you sign in without staying signed in',
      },
      {
        name: 'better-auth.two_factor',
        purpose:
          'Carries you from your password to your two-factor code when you log in with two-factor authentication on. It holds a random reference, not your password or code. On secure connections its name starts with __Secure-.',
        duration: '10 minutes',
        type: 'First-party cookie, HTTP-only',
        setBy: 'server',
        setWhen: 'When you log in with two-factor authentication on',
      },
      {
        name: SIGNED_IN_HINT_COOKIE,
        purpose:
          'Tells our pages that you may be signed in, so they ask who you are only then. It holds no reference to your session or anything about you. On secure connections its name starts with __Secure-.',
        duration: 'As long as the sign-in cookie',
        type: 'First-party cookie',
        setBy: 'server',
        setWhen: 'When you sign in',
      },
      {
        name: CONSENT_COOKIE_NAME,
        purpose:
          'Remembers your cookie choices so we do not ask again on every visit. It records the version of these choices you answered (currently 1.0), so we can ask again if they change.',
        duration: '365 days',
        type: 'First-party cookie, SameSite=Strict',
        setBy: 'page',
        setWhen: 'When you make a cookie choice',
      },
    ],
  },
  {
    id: 'functional',
    name: 'Functional',
    description: 'Would remember optional features and settings beyond what the service needs to work.',
    required: false,
    cookies: [],
    noneToday:
      'We set none of these today. Your colour theme is kept in your browser’s storage (listed in the cookie policy), not in a cookie.',
  },
  {
    id: 'analytics',
    name: 'Analytics',
    description: 'Would help us understand how SavvyPig is used, so we can improve it.',
    required: false,
    cookies: [],
    noneToday:
      'We set none of these today and load no analytics tools. If we add any, they will stay off unless you switch this on.',
  },
  {
    id: 'marketing',
    name: 'Marketing',
    description: 'Would measure our advertising and show you relevant offers from SavvyPig elsewhere.',
    required: false,
    cookies: [],
    noneToday:
      'We set none of these today and load no advertising tools. If we add any, they will stay off unless you switch this on.',
  },
];

/** What the web app keeps in local and session storage (spec 000 §3 browser storage keys we use). */
export const BROWSER_STORAGE: readonly StorageEntry[] = [
  {
    key: 'ui-theme',
    purpose: 'Remembers whether you chose the light, dark or system colour theme.',
    duration: 'Until you change it or clear your browser data',
    type: 'Local storage',
  },
  {
    key: 'pendingUserSignup',
    purpose:
      'After you register, keeps your email address and the time, so the confirmation page can resend your verification email.',
    duration: 'Until you next sign in, or 7 days at most',
    type: 'Local storage',
  },
  {
    key: 'cookieConsentPendingSync',
    purpose:
      'While you are offline and signed in, keeps a cookie choice you made until it has been saved to your account.',
    duration: 'Until you are back online',
    type: 'Local storage',
  },
  {
    key: 'settingsActiveTab',
    purpose: 'Remembers which Settings tab you last had open.',
    duration: 'Until you change it or clear your browser data',
    type: 'Local storage',
  },
  {
    key: 'savvypig.lastActivityAt',
    purpose:
      'Shares the time you last used SavvyPig between your open tabs, so you are signed out after 10 minutes without activity in any of them.',
    duration: 'Until you clear your browser data (it holds only a time)',
    type: 'Local storage',
  },
  {
    key: 'formDraft:',
    isPrefix: true,
    purpose:
      'Keeps what you have typed into a long form, such as your profile, so it is not lost if the page closes. It never keeps passwords or codes.',
    duration: '24 hours at most; removed when you sign out',
    type: 'Local storage',
  },
  {
    key: 'lastVisitedRoute',
    purpose: 'Remembers the last page you looked at, so you can carry on there after signing in.',
    duration: 'Until you close the browser tab',
    type: 'Session storage',
  },
  {
    key: 'returnToRoute',
    purpose: 'Remembers the page you were trying to open when we asked you to sign in.',
    duration: 'Until you sign in or close the browser tab',
    type: 'Session storage',
  },
  {
    key: 'react-router-scroll-positions',
    purpose: 'Remembers how far down each page you had scrolled, so going back returns you to the same place.',
    duration: 'Until you close the browser tab',
    type: 'Session storage',
  },
];

/** Whether a local or session storage key is listed (exactly, or under a listed prefix). */
export function isListedStorageKey(key: string): boolean {
  return BROWSER_STORAGE.some((entry) => (entry.isPrefix ? key.startsWith(entry.key) : key === entry.key));
}

/** A `Set-Cookie` name without the prefix browsers require on https (`__Secure-`). */
export function baseCookieName(name: string): string {
  return name.startsWith(SECURE_COOKIE_PREFIX) ? name.slice(SECURE_COOKIE_PREFIX.length) : name;
}

export function catalogueCookies(): CatalogueCookie[] {
  return COOKIE_CATEGORIES.flatMap((category) => category.cookies);
}

/** Whether a cookie name (with or without the https prefix) is in the catalogue. */
export function isCatalogued(name: string): boolean {
  const base = baseCookieName(name);
  return catalogueCookies().some((cookie) => cookie.name === base);
}
