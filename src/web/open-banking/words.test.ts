import { describe, expect, it } from 'vitest';
import { OPEN_BANKING_PAGE, openBankingLinkPage } from '../../core/open-banking/api-types.ts';
import { findRoute, paths } from '../app/paths.ts';
import { connection } from './test-fixtures.ts';
import { accountSyncWords, accountTypeWords, daysUntil, reconfirmWords, statusWords } from './words.ts';

// Instants in November and February: London keeps GMT then, so these read the same anywhere in the UK.
const NOW = new Date('2027-02-10T12:00:00.000Z');

describe('a connection’s status badge', () => {
  it('says active, reconfirm by the date, expired, disconnected and sync failing', () => {
    expect(statusWords(connection({ status: 'active' })).text).toBe('Active');
    expect(statusWords(connection({ status: 'expiring' })).text).toBe('Reconfirm by 20 Feb 2027');
    expect(statusWords(connection({ status: 'expired' })).text).toBe('Expired');
    expect(statusWords(connection({ status: 'revoked' })).text).toBe('Disconnected');
    expect(statusWords(connection({ status: 'error' })).text).toBe('Sync failing');
    expect(statusWords(connection({ status: 'expiring' })).tone).toBe('warning');
  });
});

describe('the account page’s line near the balance', () => {
  it('says when the bank last updated the balance', () => {
    expect(accountSyncWords(connection())).toEqual({ tone: 'ok', text: 'Updated from Halifax 29 Nov 2026 at 09:05' });
  });

  it('says the last sync failed, why, and when it last worked', () => {
    const failing = connection({ status: 'error', lastSyncError: 'Halifax did not answer.' });
    expect(accountSyncWords(failing)).toEqual({
      tone: 'problem',
      text: 'Last sync failed: Halifax did not answer. Last worked 29 Nov 2026 at 09:05',
    });
    expect(accountSyncWords({ ...failing, lastSyncedAt: null }).text).toBe(
      'Last sync failed: Halifax did not answer. It has not worked yet',
    );
  });

  it('waits for the first update, and once access has ended says since when (the notice below says what to do)', () => {
    expect(accountSyncWords(connection({ lastSyncedAt: null })).text).toBe('Waiting for the first update from Halifax');
    expect(accountSyncWords(connection({ status: 'expired' }))).toEqual({
      tone: 'problem',
      text: 'Last updated from Halifax 29 Nov 2026 at 09:05',
    });
    expect(accountSyncWords(connection({ status: 'expired', lastSyncedAt: null })).text).toBe(
      'Never updated from Halifax',
    );
  });
});

describe('the 90-day reconfirmation', () => {
  it('is said ahead of time, with the days left, and not while far off', () => {
    expect(reconfirmWords(connection({ status: 'expiring' }), NOW)).toBe(
      'Your bank asks you to reconfirm access every 90 days. Reconfirm Halifax by 20 Feb 2027 (in 10 days) to keep your balances up to date.',
    );
    expect(reconfirmWords(connection({ status: 'active' }), NOW)).toBeNull();
    expect(reconfirmWords(connection({ status: 'expired' }), new Date('2027-02-21T09:00:00.000Z'))).toBe(
      'Your Halifax access ended on 20 Feb 2027. Reconnect to start syncing again.',
    );
    // Ended by the bank before the 90 days were up.
    expect(reconfirmWords(connection({ status: 'expired' }), NOW)).toBe(
      'Your Halifax access has ended. Reconnect to start syncing again.',
    );
  });

  it('counts tomorrow and today as words', () => {
    expect(daysUntil('2027-02-11T09:00:00.000Z', NOW)).toBe('tomorrow');
    expect(daysUntil('2027-02-10T18:00:00.000Z', NOW)).toBe('today');
  });
});

describe('a bank account’s type', () => {
  it('reads the provider’s type as words', () => {
    expect(accountTypeWords('SAVINGS')).toBe('Savings');
    expect(accountTypeWords('CREDIT_CARD')).toBe('Credit card');
    expect(accountTypeWords('')).toBe('Account');
  });
});

describe('the pages the server’s callback redirects to', () => {
  it('are the app’s own Open Banking routes', () => {
    expect(findRoute(OPEN_BANKING_PAGE)).toBe('openBanking');
    expect(paths.openBanking()).toBe(OPEN_BANKING_PAGE);
    expect(paths.openBankingLink('c-1')).toBe(openBankingLinkPage('c-1'));
    expect(findRoute(openBankingLinkPage('c-1'))).toBe('openBankingLink');
  });
});
