import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../core/smart-pig/preferences.ts';
import { analyseSmartPig } from '../../core/smart-pig/recommendations.ts';
import { simulateDeposit } from '../../core/smart-pig/simulator.ts';
import { account, halifaxBankOfScotlandBarclays, TODAY } from '../../core/smart-pig/test-fixtures.ts';
import type { SmartPigAccount } from '../../core/smart-pig/types.ts';
import { apiError, json, makeMe, meHandler, mockApi, type MockHandler } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import type { Simulation, SmartPig } from './api.ts';

beforeAll(() => import('./smart-pig-page.tsx'), 60_000);

/** The API's answer for these accounts, worked out by the same engine the server runs. */
function smartPigOf(accounts: SmartPigAccount[]): SmartPig {
  const { recommendations, metrics } = analyseSmartPig(accounts, DEFAULT_PREFERENCES, TODAY);
  return {
    date: TODAY,
    limitPence: 120_000_00,
    preferences: { ...DEFAULT_PREFERENCES },
    metrics,
    recommendations,
    accounts: accounts.map((a) => ({
      id: a.input.id,
      name: a.name,
      bankName: a.bankName,
      balancePence: a.input.balancePence,
      interestRateBps: a.interestRateBps,
    })),
  };
}

function simulationOf(
  accounts: SmartPigAccount[],
  body: { accountId: string; amountPence: number; fromAccountId: string | null },
): Simulation {
  const result = simulateDeposit(accounts, body, TODAY);
  if (!result.ok) throw new Error(result.reason);
  const alerts = (p: typeof result.before) => p.alerts.map(({ id, level, title }) => ({ id, level, title }));
  return {
    accountId: result.accountId,
    fromAccountId: result.fromAccountId,
    amountPence: result.amountPence,
    licences: result.licences.map(({ limit, ...l }) => ({ ...l, limitPence: limit.amountPence })),
    badgeBefore: result.badgeBefore,
    badgeAfter: result.badgeAfter,
    atRiskBeforePence: result.before.totals.atRiskPence,
    atRiskAfterPence: result.after.totals.atRiskPence,
    alertsBefore: alerts(result.before),
    alertsAfter: alerts(result.after),
    rateBps: result.rateBps,
    fromRateBps: result.fromRateBps,
    yearlyInterestBeforePence: result.yearlyInterestBeforePence,
    yearlyInterestAfterPence: result.yearlyInterestAfterPence,
    interestChangePence: result.interestChangePence,
  };
}

// Halifax £70,000 at 3.00% and Bank of Scotland £70,000 at 2.50% share one licence (£20,000 over
// the £120,000 limit); Barclays £50,000 at 4.00% has room.
const OVER_LIMIT = halifaxBankOfScotlandBarclays(70_000_00, 70_000_00, 50_000_00);

function signedIn(handlers: Record<string, MockHandler>) {
  return mockApi({ 'GET /api/me': meHandler(makeMe({ tier: 'trial_bigpig' })), ...handlers });
}

describe('Smart Pig', () => {
  it('shows the metric cards and a protection recommendation with every field, and its steps', async () => {
    signedIn({ 'GET /api/smart-pig': json(200, smartPigOf(OVER_LIMIT)) });
    const { user } = renderApp('/smart-pig');
    expect(await screen.findByRole('heading', { level: 1, name: 'Smart Pig' })).toBeInTheDocument();
    const metrics = await screen.findByRole('region', { name: 'Your figures' });
    const card = (title: string) => within(metrics).getByRole('heading', { name: title }).closest('[data-slot=card]')!;
    expect(within(card('Unprotected deposits') as HTMLElement).getByText('£20,000.00')).toBeInTheDocument();
    expect(within(card('Projected breaches') as HTMLElement).getByText('1')).toBeInTheDocument();
    expect(within(card('Total balance') as HTMLElement).getByText('£190,000.00')).toBeInTheDocument();
    expect(within(card('Banking groups') as HTMLElement).getByText('2')).toBeInTheDocument();

    const move = screen.getByRole('article', { name: 'Move £70,000.00 to Barclays Saver' });
    expect(within(move).getByText('High priority')).toBeInTheDocument();
    expect(within(move).getByText('Protection')).toBeInTheDocument();
    expect(within(move).getByText('External transfer')).toBeInTheDocument();
    expect(within(move).getByText('Bank of Scotland Saver (Bank of Scotland)')).toBeInTheDocument();
    expect(within(move).getByText('2.50%')).toBeInTheDocument();
    expect(within(move).getByText('4.00%')).toBeInTheDocument();
    // One card for the move: the £20,000 over the limit and Bank of Scotland's other £50,000 for
    // Barclays' better rate (its £70,000 of room), £70,000 × 1.50% = £1,050 a year.
    expect(within(move).getByText('£1,050.00')).toBeInTheDocument();
    expect(within(move).getByText(/over the £120,000 limit, so the FSCS would not protect it/)).toBeInTheDocument();
    expect(within(move).getByText('1-2 business days')).toBeInTheDocument();
    expect(within(move).getByRole('heading', { name: 'Risks' })).toBeInTheDocument();

    // The limit is per banking licence, the word the Hub uses.
    expect(screen.getByText(/is £120,000 per person per banking licence\./)).toBeInTheDocument();
    expect(screen.queryByText(/per banking group/)).toBeNull();

    await user.click(within(move).getByRole('button', { name: 'See Steps' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move £70,000.00 to Barclays Saver' });
    // "SavvyPig never moves money" once in the dialog: its last step says it.
    expect(within(dialog).getByText('These are the steps you take yourself, with your bank.')).toBeInTheDocument();
    expect(within(dialog).getAllByText(/SavvyPig never moves money/)).toHaveLength(1);
    const steps = within(dialog).getAllByRole('listitem');
    expect(steps.length).toBeGreaterThan(2);
    expect(steps.at(-1)).toHaveTextContent(
      'SavvyPig never moves money: you make this transfer yourself, with your bank.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('saves a preference as soon as it changes, with the others as they were', async () => {
    const api = signedIn({
      'GET /api/smart-pig': json(200, smartPigOf(OVER_LIMIT)),
      'PUT /api/smart-pig/preferences': (request) => json(200, { preferences: request.body }),
    });
    const { user } = renderApp('/smart-pig');
    const teaser = await screen.findByRole('switch', { name: 'Avoid teaser rates' });
    expect(teaser).toBeChecked();
    await user.click(teaser);
    await waitFor(() => expect(api.calls('PUT /api/smart-pig/preferences')).toHaveLength(1));
    expect(api.calls('PUT /api/smart-pig/preferences')[0]?.body).toEqual({
      ...DEFAULT_PREFERENCES,
      avoidTeaserRates: false,
    });

    const notice = screen.getByRole('slider', { name: 'Maximum notice period' });
    expect(notice).toHaveAttribute('aria-valuetext', '0 days');
    expect(notice).toHaveAttribute('aria-valuemax', '95');
    const fixed = screen.getByRole('slider', { name: 'Maximum fixed term' });
    expect(fixed).toHaveAttribute('aria-valuetext', '12 months');
    expect(fixed).toHaveAttribute('aria-valuemax', '60');
    fixed.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(api.calls('PUT /api/smart-pig/preferences')).toHaveLength(2));
    expect(api.calls('PUT /api/smart-pig/preferences')[1]?.body).toMatchObject({ maxFixedMonths: 13 });
  });

  it('refuses £0 in the simulator without asking the server, and tries a recommendation’s move', async () => {
    const api = signedIn({
      'GET /api/smart-pig': json(200, smartPigOf(OVER_LIMIT)),
      'POST /api/smart-pig/simulate': (request) =>
        json(200, simulationOf(OVER_LIMIT, request.body as Parameters<typeof simulationOf>[1])),
    });
    const { user } = renderApp('/smart-pig');
    const amount = await screen.findByRole('textbox', { name: 'If I add' });
    await user.type(amount, '0');
    await user.click(screen.getByRole('button', { name: 'Show what would happen' }));
    expect(await screen.findByText('Enter an amount of more than £0')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /api/smart-pig/simulate')).toHaveLength(0);

    const move = screen.getByRole('article', { name: 'Move £70,000.00 to Barclays Saver' });
    await user.click(within(move).getByRole('button', { name: 'Try it in the simulator' }));
    expect(
      await screen.findByText(/Alert clears: £20,000.00 over the limit at Bank of Scotland plc/),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/smart-pig/simulate')[0]?.body).toEqual({
      accountId: 'barclays',
      fromAccountId: 'bos',
      amountPence: 70_000_00,
    });
    expect(screen.getByRole('textbox', { name: 'If I add' })).toHaveValue('70,000.00');
    const result = screen.getByRole('region', {
      name: /If you move £70,000.00 from Bank of Scotland Saver to Barclays Saver/,
    });
    expect(within(result).getByText('Fully protected')).toBeInTheDocument();
    expect(within(result).getByText('Nothing has been saved or moved.')).toBeInTheDocument();
  });

  it('shows the whole portfolio’s interest, and no rate for an account that earns no cash interest', async () => {
    const shares: SmartPigAccount = {
      ...account('shares', {
        name: 'Shares ISA',
        balancePence: 10_000_00,
        institution: null,
        rateBps: 0,
        category: 'isa',
      }),
      earnsCashInterest: false,
    };
    const accounts = [...OVER_LIMIT, shares];
    signedIn({
      'GET /api/smart-pig': json(200, smartPigOf(accounts)),
      'POST /api/smart-pig/simulate': (request) =>
        json(200, simulationOf(accounts, request.body as Parameters<typeof simulationOf>[1])),
    });
    const { user } = renderApp('/smart-pig');
    // Average rate over cash only: (70,000 × 300 + 70,000 × 250 + 50,000 × 400) / 190,000 = 307.9,
    // so 3.08% (the £10,000 ISA at "0%" counted in would make it 2.93%).
    const metrics = await screen.findByRole('region', { name: 'Your figures' });
    const average = within(metrics).getByRole('heading', { name: 'Average rate' }).closest('[data-slot=card]');
    expect(within(average as HTMLElement).getByText('3.08%')).toBeInTheDocument();
    await user.type(await screen.findByRole('textbox', { name: 'If I add' }), '1000');
    await user.selectOptions(screen.getByRole('combobox', { name: 'To account' }), 'Shares ISA');
    await user.click(screen.getByRole('button', { name: 'Show what would happen' }));
    const result = await screen.findByRole('region', { name: /If you add £1,000.00 to Shares ISA/ });
    // Halifax £70,000 × 3.00% = £2,100, Bank of Scotland £70,000 × 2.50% = £1,750, Barclays
    // £50,000 × 4.00% = £2,000: £5,850 a year, before and after (the ISA earns no cash interest).
    expect(within(result).getByText('Interest a year on all your accounts, before tax')).toBeInTheDocument();
    expect(within(result).getAllByText('£5,850.00')).toHaveLength(2);
    expect(within(result).getByText('£0.00 more (it earns no cash interest)')).toBeInTheDocument();
  });

  it('says the money is well placed when there is nothing to recommend', async () => {
    const answer = smartPigOf(OVER_LIMIT);
    signedIn({ 'GET /api/smart-pig': json(200, { ...answer, recommendations: [] }) });
    renderApp('/smart-pig');
    expect(await screen.findByText('Your money is well placed')).toBeInTheDocument();
  });

  it('offers to add an account when there are none', async () => {
    const answer = smartPigOf([]);
    signedIn({ 'GET /api/smart-pig': json(200, answer) });
    renderApp('/smart-pig');
    expect(await screen.findByText('No accounts yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add an account' })).toHaveAttribute('href', '/account/new');
    expect(screen.queryByRole('button', { name: 'Print checklist' })).toBeNull();
  });

  it('shows the spec’s message when recommendations cannot be made, and the plan’s when it lacks Smart Pig', async () => {
    signedIn({ 'GET /api/smart-pig': apiError(500, 'INTERNAL', 'Something went wrong') });
    const first = renderApp('/smart-pig');
    expect(await screen.findByText('Failed to generate recommendations. Please try again.')).toBeInTheDocument();
    first.unmount();
    signedIn({ 'GET /api/smart-pig': apiError(403, 'FORBIDDEN', 'Smart Pig comes with the Big Pig plan') });
    renderApp('/smart-pig');
    expect(await screen.findByText('Smart Pig comes with the Big Pig plan')).toBeInTheDocument();
  });

  it('prints a checklist of every recommendation with its steps', async () => {
    signedIn({ 'GET /api/smart-pig': json(200, smartPigOf(OVER_LIMIT)) });
    const { container } = renderApp('/smart-pig');
    await screen.findByRole('button', { name: 'Print checklist' });
    const checklist = container.querySelector('[data-print-summary]') as HTMLElement;
    expect(within(checklist).getByRole('heading', { name: 'Smart Pig checklist' })).toBeInTheDocument();
    expect(within(checklist).getByText(/Move £70,000.00 to Barclays Saver/)).toBeInTheDocument();
    expect(checklist.textContent).not.toMatch(/coming soon/i);
  });
});
