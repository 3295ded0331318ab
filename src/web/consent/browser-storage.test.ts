import { describe, expect, it } from 'vitest';
import { BROWSER_STORAGE } from '../../core/consent/cookie-catalogue.ts';
import { LAST_VISITED_KEY, RETURN_TO_KEY } from '../app/route-memory.ts';
import { THEME_STORAGE_KEY } from '../app/theme.tsx';
import { PENDING_SIGNUP_KEY } from '../auth/pending-signup.ts';
import { PENDING_SYNC_KEY } from './consent-storage.ts';

describe('the browser storage the cookie policy lists', () => {
  it('is exactly the keys the web app writes', () => {
    // The last is react-router's <ScrollRestoration> default key (root-layout.tsx).
    const written = [THEME_STORAGE_KEY, PENDING_SIGNUP_KEY, PENDING_SYNC_KEY, LAST_VISITED_KEY, RETURN_TO_KEY, 'react-router-scroll-positions'];
    expect(BROWSER_STORAGE.map((entry) => entry.key).sort()).toEqual([...written].sort());
  });

  it('says which storage each key lives in', () => {
    const where = Object.fromEntries(BROWSER_STORAGE.map((entry) => [entry.key, entry.type]));
    expect(where[THEME_STORAGE_KEY]).toBe('Local storage');
    expect(where[PENDING_SYNC_KEY]).toBe('Local storage');
    expect(where[LAST_VISITED_KEY]).toBe('Session storage');
  });
});
