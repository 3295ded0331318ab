import { describe, expect, it } from 'vitest';
import type { SubscriptionFacts } from './access.ts';
import { payingFacts } from './facts-test-fixtures.ts';
import {
  daysText,
  formatRenewalDate,
  gracePeriodOf,
  paymentFailedMessage,
  paymentFailureRecord,
  renewalReminder,
  trialEndingDaysLeft,
} from './payment-failure.ts';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

const row = payingFacts;

// Wednesday 25 November 2026, 10:00 GMT: the payment fails.
const FAILED = at('2026-11-25T10:00:00Z');
const failed = (over: Partial<SubscriptionFacts> = {}) =>
  row({ paymentStatus: 'past_due', lastPaymentFailureAt: FAILED, paymentFailureCount: 2, ...over });

describe('payment-failure record', () => {
  it('dates the next retry 24 hours on and the grace end 7 days on, with the failures counted', () => {
    expect(paymentFailureRecord(failed(), at('2026-11-27T10:00:00Z'))).toEqual({
      paymentStatus: 'past_due',
      failureCount: 2,
      lastFailureDate: FAILED,
      nextRetryDate: at('2026-11-26T10:00:00Z'),
      gracePeriodEnd: at('2026-12-02T10:00:00Z'),
      isInGracePeriod: true,
      graceDaysLeft: 5,
    });
  });

  it.each(['failed', 'past_due', 'action_required'])('puts status %s in the grace period', (status) => {
    expect(gracePeriodOf(failed({ paymentStatus: status }), at('2026-11-26T10:00:00Z'))?.isInGracePeriod).toBe(true);
  });

  it.each(['active', 'trial', 'trial_expired', 'inactive', 'canceled'])('has no record for status %s', (status) => {
    expect(paymentFailureRecord(failed({ paymentStatus: status }), at('2026-11-26T10:00:00Z'))).toBeNull();
  });

  it('has no record when the failure was never dated (the grace cannot be counted)', () => {
    expect(paymentFailureRecord(failed({ lastPaymentFailureAt: null }), at('2026-11-26T10:00:00Z'))).toBeNull();
  });

  it('counts one failure at least when a problem status carries a dated failure', () => {
    expect(paymentFailureRecord(failed({ paymentFailureCount: 0 }), FAILED)?.failureCount).toBe(1);
  });

  // December 2026: failure Wed 25 Nov 10:00; grace ends Wed 2 Dec 10:00 (GMT throughout).
  it('holds the grace period until the instant before its end, and not at the end', () => {
    const end = at('2026-12-02T10:00:00Z');
    const before = gracePeriodOf(failed(), new Date(end.getTime() - 1));
    expect(before).toMatchObject({ isInGracePeriod: true, graceDaysLeft: 0 });
    expect(gracePeriodOf(failed(), end)).toBeNull();
    expect(paymentFailureRecord(failed(), end)).toMatchObject({ isInGracePeriod: false, graceDaysLeft: null });
  });

  it('counts days left in whole London days, changing at London midnight', () => {
    expect(gracePeriodOf(failed(), FAILED)?.graceDaysLeft).toBe(7);
    expect(gracePeriodOf(failed(), at('2026-11-27T23:59:59Z'))?.graceDaysLeft).toBe(5);
    expect(gracePeriodOf(failed(), at('2026-11-28T00:00:00Z'))?.graceDaysLeft).toBe(4);
  });

  it('changes day at London midnight in summer time (23:00 UTC)', () => {
    // Failure Wed 10 June 2026, 23:30 BST; grace ends Wed 17 June 23:30 BST.
    const june = failed({ lastPaymentFailureAt: at('2026-06-10T22:30:00Z') });
    expect(gracePeriodOf(june, at('2026-06-12T22:59:59Z'))?.graceDaysLeft).toBe(5);
    expect(gracePeriodOf(june, at('2026-06-12T23:00:00Z'))?.graceDaysLeft).toBe(4);
    expect(paymentFailureRecord(june, june.lastPaymentFailureAt as Date)?.gracePeriodEnd).toEqual(
      at('2026-06-17T22:30:00Z'),
    );
  });

  it('ends the grace at the same London time across the autumn clock change (169 hours)', () => {
    // Failure Thu 22 Oct 2026 10:00 BST; clocks go back Sun 25 Oct; grace ends Thu 29 Oct 10:00 GMT.
    const october = failed({ lastPaymentFailureAt: at('2026-10-22T09:00:00Z') });
    const record = paymentFailureRecord(october, at('2026-10-23T09:00:00Z'));
    expect(record?.gracePeriodEnd).toEqual(at('2026-10-29T10:00:00Z'));
    expect(gracePeriodOf(october, at('2026-10-29T09:59:59.999Z'))?.graceDaysLeft).toBe(0);
    expect(gracePeriodOf(october, at('2026-10-29T10:00:00Z'))).toBeNull();
  });

  it('ends the grace at the same London time across the spring clock change (167 hours)', () => {
    // Failure Thu 26 Mar 2026 10:00 GMT; clocks go forward Sun 29 Mar; grace ends Thu 2 Apr 10:00 BST.
    const march = failed({ lastPaymentFailureAt: at('2026-03-26T10:00:00Z') });
    expect(paymentFailureRecord(march, at('2026-03-27T10:00:00Z'))?.gracePeriodEnd).toEqual(at('2026-04-02T09:00:00Z'));
    expect(gracePeriodOf(march, at('2026-04-02T08:59:59.999Z'))?.graceDaysLeft).toBe(0);
    expect(gracePeriodOf(march, at('2026-04-02T09:00:00Z'))).toBeNull();
  });

  it('retries exactly 24 hours later, whatever the clocks do', () => {
    // Sat 24 Oct 2026 23:30 UTC; the clocks go back overnight.
    const october = failed({ lastPaymentFailureAt: at('2026-10-24T23:30:00Z') });
    const record = paymentFailureRecord(october, at('2026-10-25T00:00:00Z'));
    expect(record?.nextRetryDate.getTime()).toBe(at('2026-10-24T23:30:00Z').getTime() + 24 * HOUR);
  });
});

describe('wording', () => {
  it.each([
    [0, 'Your payment failed. You have 0 days left in your grace period.'],
    [1, 'Your payment failed. You have 1 day left in your grace period.'],
    [5, 'Your payment failed. You have 5 days left in your grace period.'],
  ])('words %i day(s) left', (days, text) => {
    expect(paymentFailedMessage(days)).toBe(text);
  });

  it('says day for one and days otherwise', () => {
    expect([daysText(1), daysText(2)]).toEqual(['1 day', '2 days']);
  });

  it.each([
    ['2026-12-03T10:00:00Z', 'Dec 03, 2026'],
    ['2026-12-02T23:30:00Z', 'Dec 02, 2026'],
    // 00:30 BST on 1 July is still 30 June in UTC.
    ['2026-06-30T23:30:00Z', 'Jul 01, 2026'],
    ['2027-01-01T00:00:00Z', 'Jan 01, 2027'],
  ])('formats %s as %s (London date, MMM dd, yyyy)', (iso, text) => {
    expect(formatRenewalDate(at(iso))).toBe(text);
  });
});

describe('trial ending', () => {
  // The trial ends Mon 30 Nov 2026 10:00 GMT.
  const trial = row({
    paymentStatus: 'trial',
    tier: 'piglet',
    trialTier: 'bigpig',
    trialExpiresAt: at('2026-11-30T10:00:00Z'),
  });

  it.each<[string, number | null]>([
    ['2026-11-26T23:59:59Z', null],
    ['2026-11-27T00:00:00Z', 3],
    ['2026-11-29T10:00:00Z', 1],
    ['2026-11-30T00:00:00Z', null],
    ['2026-11-30T10:00:00Z', null],
  ])('at %s warns with %s day(s) left (3 or fewer, more than 0)', (now, days) => {
    expect(trialEndingDaysLeft(trial, at(now))).toBe(days);
  });

  it('does not warn a user already paying or with an override', () => {
    const now = at('2026-11-28T10:00:00Z');
    expect(trialEndingDaysLeft({ ...trial, paymentStatus: 'active' }, now)).toBeNull();
    expect(trialEndingDaysLeft({ ...trial, adminOverride: true }, now)).toBeNull();
  });
});

describe('renewal reminder', () => {
  // The period ends Thu 3 Dec 2026 10:00 GMT.
  const paying = row({ currentPeriodEnd: at('2026-12-03T10:00:00Z') });

  it.each<[string, number | null]>([
    ['2026-11-25T23:59:59Z', null],
    ['2026-11-26T00:00:00Z', 7],
    ['2026-12-02T23:59:59Z', 1],
    ['2026-12-03T00:00:00Z', null],
  ])('at %s reminds with %s day(s) left (7 or fewer, more than 0)', (now, days) => {
    expect(renewalReminder(paying, at(now))?.daysLeft ?? null).toBe(days);
  });

  it('says nothing when the subscription cancels at the period end, or is not active', () => {
    const now = at('2026-11-30T10:00:00Z');
    expect(renewalReminder({ ...paying, cancelAtPeriodEnd: true }, now)).toBeNull();
    expect(renewalReminder({ ...paying, paymentStatus: 'past_due' }, now)).toBeNull();
    expect(renewalReminder({ ...paying, currentPeriodEnd: null }, now)).toBeNull();
    expect(renewalReminder(paying, now)?.renewsAt).toEqual(at('2026-12-03T10:00:00Z'));
  });
});
