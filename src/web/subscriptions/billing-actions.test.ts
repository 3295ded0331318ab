import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../app/api.ts';
import { BILLING_MESSAGES, openInNewTab, planChangeFor, retryPaymentFailureMessage } from './billing-actions.ts';

describe('changing plan', () => {
  const bigpigMonthly = { tier: 'bigpig' as const, cycle: 'monthly' as const };
  const boarMonthly = { tier: 'boar' as const, cycle: 'monthly' as const };

  it('changes the paid subscription to a higher tier, whatever the accounts (no second checkout)', () => {
    expect(planChangeFor(boarMonthly, { tier: 'bigpig', cycle: 'annual' }, 40)).toEqual({
      kind: 'change-plan',
      tier: 'bigpig',
      cycle: 'annual',
    });
  });

  it.each<[number, string]>([
    [3, 'change-plan'],
    [4, 'downgrade-wizard'],
  ])('takes a Big Pig with %i active accounts down to Piglet (cap 3) by %s', (accounts, kind) => {
    const change = planChangeFor(bigpigMonthly, { tier: 'piglet', cycle: 'monthly' }, accounts);
    expect(change.kind).toBe(kind);
    if (change.kind === 'downgrade-wizard') expect(change.to).toBe('/subscription/downgrade?tier=piglet');
    if (change.kind === 'change-plan') expect(change).toMatchObject({ tier: 'piglet', cycle: 'monthly' });
  });

  it('uses the boar cap of 10 for Big Pig to Boar', () => {
    expect(planChangeFor(bigpigMonthly, { tier: 'boar', cycle: 'monthly' }, 10).kind).toBe('change-plan');
    expect(planChangeFor(bigpigMonthly, { tier: 'boar', cycle: 'monthly' }, 11).kind).toBe('downgrade-wizard');
  });

  it('changes the cycle on the same tier, and does nothing for the current plan', () => {
    expect(planChangeFor(boarMonthly, { tier: 'boar', cycle: 'annual' }, 1)).toEqual({
      kind: 'change-plan',
      tier: 'boar',
      cycle: 'annual',
    });
    expect(planChangeFor(boarMonthly, boarMonthly, 1)).toEqual({ kind: 'current' });
  });
});

describe('retry payment failure texts', () => {
  it("says the server's refusal as 'Failed to retry payment', anything else as 'An error occurred'", () => {
    expect(retryPaymentFailureMessage(new ApiError(404, 'NOT_FOUND', 'Not found'))).toBe(
      'Failed to retry payment. Please try again.',
    );
    expect(retryPaymentFailureMessage(new TypeError('Failed to fetch'))).toBe(
      'An error occurred while retrying payment.',
    );
    expect(BILLING_MESSAGES.retryError).toBe('An error occurred while retrying payment.');
  });
});

describe('opening the provider’s page in a new tab', () => {
  afterEach(() => vi.restoreAllMocks());

  const fakeTab = () => ({ opener: {} as unknown, location: { href: '' }, close: vi.fn() });

  it('opens the tab at once, cuts its opener, then sends it to the page', async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await openInNewTab(async () => 'https://billing.example/session/1');
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(tab.location.href).toBe('https://billing.example/session/1');
  });

  it('closes the tab and rethrows when there is no page, or the answer is not a web address', async () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await expect(openInNewTab(() => Promise.reject(new ApiError(404, 'NOT_FOUND', 'Not found')))).rejects.toThrow(
      'Not found',
    );
    expect(tab.close).toHaveBeenCalledTimes(1);
    const second = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(second as unknown as Window);
    await expect(openInNewTab(async () => 'javascript:alert(1)')).rejects.toThrow();
    expect(second.location.href).toBe('');
    expect(second.close).toHaveBeenCalled();
  });
});
