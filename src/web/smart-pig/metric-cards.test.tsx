import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SmartPigMetrics } from '../../core/smart-pig/types.ts';
import { MetricCards } from './metric-cards.tsx';

const metrics = (over: Partial<SmartPigMetrics>): SmartPigMetrics => ({
  unprotectedDepositsPence: 0,
  potentialExtraInterestPence: 265_00,
  estimatedNetGainPence: 212_00,
  netGainTax: '20% tax',
  projectedBreaches: 0,
  totalBalancePence: 100_000_00,
  averageRateBps: 350,
  protectedBalancePence: 100_000_00,
  bankingGroupCount: 3,
  ...over,
});

const netGainCard = () =>
  screen.getByRole('heading', { name: 'Estimated net gain' }).closest('[data-slot=card]') as HTMLElement;

describe("Smart Pig's net gain card", () => {
  it('says the gain is after tax on the interest when it is below the gain before tax', () => {
    render(<MetricCards metrics={metrics({})} />);
    expect(within(netGainCard()).getByText('£212.00')).toBeInTheDocument();
    expect(netGainCard()).toHaveTextContent('A year, after 20% tax on the interest.');
  });

  it('says why the gain after tax can be above the gain before it: the tax an ISA saves', () => {
    // £265 more interest a year, plus 20% tax no longer paid on the £581.25 the money moved into
    // an ISA already earned (£116.25): £381.25.
    render(<MetricCards metrics={metrics({ estimatedNetGainPence: 381_25 })} />);
    expect(within(netGainCard()).getByText('£381.25')).toBeInTheDocument();
    expect(netGainCard()).toHaveTextContent(
      'A year, after 20% tax on the interest, with the tax an ISA saves on the interest your money already earns.',
    );
  });
});
