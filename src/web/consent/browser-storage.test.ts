import { describe, expect, it } from 'vitest';
import { BROWSER_STORAGE, isListedStorageKey } from '../../core/consent/cookie-catalogue.ts';
import { LAST_VISITED_KEY, RETURN_TO_KEY } from '../app/route-memory.ts';
import { SCROLL_POSITIONS_KEY } from '../app/scroll-memory.tsx';
import { THEME_STORAGE_KEY } from '../app/theme.tsx';
import { PENDING_SIGNUP_KEY } from '../auth/pending-signup.ts';
import { draftKey } from '../drafts/draft-store.ts';
import { LAST_ACTIVITY_KEY } from '../session/inactivity-monitor.ts';
import { SETTINGS_TAB_STORAGE_KEY } from '../settings/settings-tabs.ts';
import { PENDING_SYNC_KEY } from './consent-storage.ts';

describe('the browser storage the cookie policy lists', () => {
  const written = [
    THEME_STORAGE_KEY,
    PENDING_SIGNUP_KEY,
    PENDING_SYNC_KEY,
    SETTINGS_TAB_STORAGE_KEY,
    LAST_ACTIVITY_KEY,
    draftKey('user-1', 'profile'),
    LAST_VISITED_KEY,
    RETURN_TO_KEY,
    SCROLL_POSITIONS_KEY,
  ];

  it('lists every key the web app writes', () => {
    expect(written.filter((key) => !isListedStorageKey(key))).toEqual([]);
  });

  it('lists nothing the web app does not write', () => {
    const unused = BROWSER_STORAGE.filter(
      (entry) => !written.some((key) => (entry.isPrefix ? key.startsWith(entry.key) : key === entry.key)),
    );
    expect(unused.map((entry) => entry.key)).toEqual([]);
  });

  it('matches a prefix entry only by its prefix', () => {
    expect(isListedStorageKey('formDraft:user-2:contact')).toBe(true);
    expect(isListedStorageKey('formDrafts')).toBe(false);
    expect(isListedStorageKey('ui-theme-2')).toBe(false);
  });

  it('says which storage each key lives in', () => {
    const where = Object.fromEntries(BROWSER_STORAGE.map((entry) => [entry.key, entry.type]));
    expect(where[THEME_STORAGE_KEY]).toBe('Local storage');
    expect(where[PENDING_SYNC_KEY]).toBe('Local storage');
    expect(where[LAST_VISITED_KEY]).toBe('Session storage');
  });
});
