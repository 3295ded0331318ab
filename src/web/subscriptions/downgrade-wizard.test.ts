import { describe, expect, it } from 'vitest';
import type { DowngradeAnalysisItem } from '../../core/subscriptions/downgrade.ts';
import {
  acknowledgementLabel,
  allAccountsFit,
  initialSelection,
  isConfirmed,
  NO_ACKNOWLEDGEMENTS,
  pricedPlan,
  previousStep,
  toggleSelection,
} from './downgrade-wizard.ts';

const item = (id: string, activityScore: number, recommendation: DowngradeAnalysisItem['recommendation']) => ({
  id,
  name: id,
  balance: 0,
  hasStandingOrders: false,
  activityScore,
  recommendation,
  reasonForRecommendation: '',
});

describe('the downgrade wizard', () => {
  it('goes back from selection to analysis and from confirmation to selection only', () => {
    expect(previousStep('selection')).toBe('analysis');
    expect(previousStep('confirmation')).toBe('selection');
    expect(previousStep('analysis')).toBeNull();
    expect(previousStep('processing')).toBeNull();
    expect(previousStep('complete')).toBeNull();
  });

  it('starts with the accounts to keep ticked, most active first, up to the cap', () => {
    const items = [
      item('a', 80, 'keep'),
      item('b', 20, 'keep'),
      item('c', 90, 'keep'),
      item('d', 95, 'keep'),
      item('e', 50, 'consider_removing'),
    ];
    expect(initialSelection(items, 'piglet')).toEqual(['d', 'c', 'a']);
    const eleven = [...items, ...Array.from({ length: 6 }, (_, i) => item(`r${i}`, 10, 'remove'))];
    expect(initialSelection(eleven, 'boar')).toEqual(['d', 'c', 'a', 'b']);
  });

  it('ticks every account when they all fit in the plan, whatever the scores say', () => {
    const items = [item('a', 80, 'keep'), item('b', 20, 'remove'), item('c', 50, 'consider_removing')];
    expect(initialSelection(items, 'boar')).toEqual(['a', 'c', 'b']);
    expect(initialSelection(items, 'piglet')).toEqual(['a', 'c', 'b']);
    expect(initialSelection([...items, item('d', 10, 'remove')], 'piglet')).toEqual(['a']);
    expect(allAccountsFit(items, 'piglet')).toBe(true);
    expect(allAccountsFit([...items, item('d', 10, 'remove')], 'piglet')).toBe(false);
    expect(allAccountsFit([], 'boar')).toBe(false);
  });

  it('refuses a tick past the cap with Too many selected!, and unticks freely', () => {
    expect(toggleSelection(['a', 'b'], 'c', 'piglet')).toEqual({ selected: ['a', 'b', 'c'], tooMany: false });
    expect(toggleSelection(['a', 'b', 'c'], 'd', 'piglet')).toEqual({ selected: ['a', 'b', 'c'], tooMany: true });
    expect(toggleSelection(['a', 'b', 'c'], 'b', 'piglet')).toEqual({ selected: ['a', 'c'], tooMany: false });
  });

  it('needs all three acknowledgements', () => {
    expect(isConfirmed(NO_ACKNOWLEDGEMENTS)).toBe(false);
    expect(isConfirmed({ understandRemoval: true, understandArchiving: true, confirmDowngrade: false })).toBe(false);
    expect(isConfirmed({ understandRemoval: true, understandArchiving: true, confirmDowngrade: true })).toBe(true);
    expect(acknowledgementLabel('understandRemoval', { archiveCount: 2, plan: 'Piglet' })).toContain('the 2 accounts');
    expect(acknowledgementLabel('understandRemoval', { archiveCount: 0, plan: 'Boar' })).toBe(
      'I understand that I keep every account: none will disappear from my accounts list, dashboard, totals and alerts.',
    );
    expect(acknowledgementLabel('understandArchiving', { archiveCount: 0, plan: 'Boar' })).toContain(
      'if I ever archive one',
    );
    expect(acknowledgementLabel('confirmDowngrade', { archiveCount: 2, plan: 'Piglet' })).toBe(
      'I want to change to the Piglet plan.',
    );
  });

  it('prices the change on the confirmation step and while it is processed, on the cycle the saver pays', () => {
    const annual = { billingCycle: 'annual' as const };
    expect(pricedPlan('confirmation', 'piglet', annual)).toEqual({ tier: 'piglet', cycle: 'annual' });
    expect(pricedPlan('processing', 'boar', { billingCycle: 'monthly' })).toEqual({ tier: 'boar', cycle: 'monthly' });
    // No cycle (no paid plan): the server's own assumption, monthly; it then refuses the preview.
    expect(pricedPlan('confirmation', 'piglet', { billingCycle: null })).toEqual({ tier: 'piglet', cycle: 'monthly' });
    for (const step of ['analysis', 'selection', 'complete'] as const)
      expect(pricedPlan(step, 'piglet', annual), step).toBeNull();
    expect(pricedPlan('confirmation', 'piglet', undefined)).toBeNull();
    expect(pricedPlan('confirmation', null, annual)).toBeNull();
  });
});
