import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanExpiredDrafts,
  clearAllDrafts,
  clearUserDrafts,
  draftKey,
  DRAFT_TTL_MS,
  isDraftAllowedOn,
  isEmptyDraft,
  loadDraft,
  saveDraft,
  SENSITIVE_FIELDS,
} from './draft-store.ts';

const NOW = Date.UTC(2026, 10, 21, 9, 0, 0);
const storage = window.localStorage;

afterEach(() => storage.clear());

describe('saving a draft', () => {
  it('stores formId, data, timestamp and a 24-hour expiry under the user', () => {
    saveDraft(storage, { userId: 'u1', formId: 'profile', data: { town: 'Leeds' }, now: NOW });
    expect(JSON.parse(storage.getItem(draftKey('u1', 'profile'))!)).toEqual({
      formId: 'profile',
      data: { town: 'Leeds' },
      timestamp: NOW,
      expiresAt: NOW + 24 * 60 * 60 * 1000,
    });
  });

  it('never keeps a sensitive field, at any depth', () => {
    const sensitive = Object.fromEntries([...SENSITIVE_FIELDS].map((name) => [name, 'secret']));
    saveDraft(storage, {
      userId: 'u1',
      formId: 'f',
      data: { ...sensitive, note: 'keep me', card: { card_number: '4111', cvv: '123', name: 'J' } },
      now: NOW,
    });
    const stored = storage.getItem(draftKey('u1', 'f'))!;
    expect(stored).not.toContain('secret');
    expect(stored).not.toContain('4111');
    expect(JSON.parse(stored).data).toEqual({ note: 'keep me', card: { name: 'J' } });
  });

  it('clears the draft instead of saving one that is all empty', () => {
    saveDraft(storage, { userId: 'u1', formId: 'f', data: { note: 'something' }, now: NOW });
    saveDraft(storage, { userId: 'u1', formId: 'f', data: { note: '  ', other: null, list: [] }, now: NOW });
    expect(storage.getItem(draftKey('u1', 'f'))).toBeNull();
  });

  it('counts a draft with only sensitive fields as empty', () => {
    expect(
      saveDraft(storage, { userId: 'u1', formId: 'f', data: { password: 'hunter22', otp: '123456' }, now: NOW }),
    ).toBeNull();
    expect(storage.length).toBe(0);
  });
});

describe('isEmptyDraft', () => {
  it('treats blank strings, nulls and empty groups as empty, and any other value as content', () => {
    expect(isEmptyDraft({ a: '', b: ' ', c: null, d: undefined, e: [], f: {} })).toBe(true);
    expect(isEmptyDraft({ a: '', b: 'x' })).toBe(false);
    expect(isEmptyDraft({ agreed: true })).toBe(false);
    expect(isEmptyDraft({ amount: 0 })).toBe(false);
  });
});

describe('loading a draft', () => {
  it('returns an unexpired draft of the same user and form only', () => {
    saveDraft(storage, { userId: 'u1', formId: 'profile', data: { town: 'Leeds' }, now: NOW });
    expect(loadDraft(storage, 'u1', 'profile', NOW + 1000)?.data).toEqual({ town: 'Leeds' });
    expect(loadDraft(storage, 'u2', 'profile', NOW + 1000)).toBeNull();
    expect(loadDraft(storage, 'u1', 'contact', NOW + 1000)).toBeNull();
  });

  it('removes a draft once 24 hours have passed', () => {
    saveDraft(storage, { userId: 'u1', formId: 'profile', data: { town: 'Leeds' }, now: NOW });
    expect(loadDraft(storage, 'u1', 'profile', NOW + DRAFT_TTL_MS - 1)).not.toBeNull();
    expect(loadDraft(storage, 'u1', 'profile', NOW + DRAFT_TTL_MS)).toBeNull();
    expect(storage.getItem(draftKey('u1', 'profile'))).toBeNull();
  });

  it('ignores and removes a draft it cannot read', () => {
    storage.setItem(draftKey('u1', 'profile'), '{not json');
    expect(loadDraft(storage, 'u1', 'profile', NOW)).toBeNull();
    expect(storage.getItem(draftKey('u1', 'profile'))).toBeNull();
  });

  it('strips sensitive fields that an older version might have written', () => {
    storage.setItem(
      draftKey('u1', 'f'),
      JSON.stringify({ formId: 'f', data: { pin: '1234', note: 'x' }, timestamp: NOW, expiresAt: NOW + 1000 }),
    );
    expect(loadDraft(storage, 'u1', 'f', NOW)?.data).toEqual({ note: 'x' });
  });
});

describe('clearing drafts', () => {
  it('clears every draft of one user and no one else’s', () => {
    saveDraft(storage, { userId: 'u1', formId: 'profile', data: { town: 'Leeds' }, now: NOW });
    saveDraft(storage, { userId: 'u1', formId: 'contact', data: { subject: 'Hi' }, now: NOW });
    saveDraft(storage, { userId: 'u2', formId: 'profile', data: { town: 'York' }, now: NOW });
    storage.setItem('ui-theme', 'dark');
    clearUserDrafts(storage, 'u1');
    expect(storage.getItem(draftKey('u1', 'profile'))).toBeNull();
    expect(storage.getItem(draftKey('u1', 'contact'))).toBeNull();
    expect(storage.getItem(draftKey('u2', 'profile'))).not.toBeNull();
    expect(storage.getItem('ui-theme')).toBe('dark');
  });

  it('clears every draft, leaving other keys, when a session ends', () => {
    saveDraft(storage, { userId: 'u1', formId: 'profile', data: { town: 'Leeds' }, now: NOW });
    saveDraft(storage, { userId: 'u2', formId: 'contact', data: { subject: 'Hi' }, now: NOW });
    storage.setItem('settingsActiveTab', 'profile');
    clearAllDrafts(storage);
    expect(storage.length).toBe(1);
    expect(storage.getItem('settingsActiveTab')).toBe('profile');
  });

  it('cleans up expired and unreadable drafts of anyone, leaving fresh ones and other keys', () => {
    saveDraft(storage, { userId: 'u1', formId: 'old', data: { a: 'x' }, now: NOW - DRAFT_TTL_MS - 1 });
    saveDraft(storage, { userId: 'u2', formId: 'fresh', data: { a: 'x' }, now: NOW });
    storage.setItem('formDraft:u3:broken', 'nonsense');
    storage.setItem('settingsActiveTab', 'profile');
    expect(cleanExpiredDrafts(storage, NOW)).toBe(2);
    expect(storage.getItem(draftKey('u2', 'fresh'))).not.toBeNull();
    expect(storage.getItem('settingsActiveTab')).toBe('profile');
    expect(storage.length).toBe(2);
  });
});

describe('isDraftAllowedOn', () => {
  it.each([
    '/auth',
    '/login',
    '/signup',
    '/auth/confirmation',
    '/auth/reset-password',
    '/verification-required',
    '/login/',
  ])('saves nothing on %s', (path) => {
    expect(isDraftAllowedOn(path)).toBe(false);
  });

  it.each(['/settings', '/contact', '/account/new', '/auth/callback'])('saves drafts on %s', (path) => {
    expect(isDraftAllowedOn(path)).toBe(true);
  });
});
