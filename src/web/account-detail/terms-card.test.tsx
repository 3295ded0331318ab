import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { apiError, json, makeMe, mockApi, type MockHandler } from '../test/api-mock.ts';
import { createTestQueryClient } from '../test/render-app.tsx';
import type { Term } from './terms-api.ts';
import { TermsBanner, TermsCard, type TermsAccount } from './terms-card.tsx';

const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const TERM = '22222222-2222-4222-8222-222222222222';
const LIST = `GET /api/accounts/${ACCOUNT}/terms`;
const ADD = `POST /api/accounts/${ACCOUNT}/terms`;

const account = (overrides: Partial<TermsAccount> = {}): TermsAccount => ({
  id: ACCOUNT,
  category: 'savings',
  enableSmartAlerts: true,
  termsNotes: null,
  ...overrides,
});

function makeTerm(overrides: Partial<Term> = {}): Term {
  return {
    id: TERM,
    accountId: ACCOUNT,
    termType: 'minimum_deposit',
    label: 'Regular saver deposit',
    inputs: { amountPence: 10_000, frequency: 'monthly' },
    notes: 'From the welcome letter',
    notificationsEnabled: true,
    createdAt: '2026-06-01T10:00:00.000Z',
    updatedAt: '2026-06-01T10:00:00.000Z',
    events: [{ type: 'deposit', date: '2026-05-10', amountPence: 10_000, description: 'Monthly deposit logged' }],
    eventCount: 1,
    status: 'warning',
    statusLabel: 'Warning',
    insights: [{ type: 'warning', text: 'Nothing deposited yet, due by 30 Jun 2026' }],
    alerts: [
      { level: 'warning', message: 'No deposit yet towards the £100.00 due by 30 Jun 2026.', action: 'mark-deposited' },
    ],
    period: { start: '2026-06-01', end: '2026-06-30' },
    usage: { used: 0, limit: 10_000, unit: 'pence', percent: 0 },
    notifies: true,
    ...overrides,
  };
}

function renderCard(handlers: Record<string, MockHandler>, props: Partial<TermsAccount> = {}) {
  const api = mockApi({ 'GET /api/me': json(200, makeMe({ tier: 'piglet' })), ...handlers });
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <TermsBanner account={account(props)} />
      <TermsCard account={account(props)} />
    </Providers>,
  );
  return { api, user };
}

describe('the Terms and Conditions card', () => {
  it('shows the empty state, the Add T&Cs banner and a way to add a term', async () => {
    renderCard({ [LIST]: json(200, { terms: [] }) });
    expect(await screen.findByText('No terms added for this account.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add T&Cs' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Term' })).toBeInTheDocument();
  });

  it('offers Add Term and Add T&Cs to a piglet: every plan includes terms (ADR 0045)', async () => {
    renderCard({ [LIST]: json(200, { terms: [] }) });
    expect(await screen.findByRole('button', { name: 'Add Term' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add T&Cs' })).toBeInTheDocument();
  });

  it('offers no add to a user whose features leave terms out (the server would refuse it)', async () => {
    const { api } = renderCard({
      'GET /api/me': json(200, makeMe({ tier: 'piglet', features: { accountTerms: false } })),
      [LIST]: json(200, { terms: [] }),
    });
    expect(await screen.findByText('No terms added for this account.')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /api/me')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Add Term' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add T&Cs' })).not.toBeInTheDocument();
  });

  it('hides the banner when smart alerts are off, terms notes exist, or it is dismissed', async () => {
    const { user } = renderCard({ [LIST]: json(200, { terms: [] }) });
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('button', { name: 'Add T&Cs' })).not.toBeInTheDocument();
  });

  it('shows each term with its status, insights, alert, inputs, events, notes and actions', async () => {
    renderCard({ [LIST]: json(200, { terms: [makeTerm()] }) });
    const item = await screen.findByRole('article', { name: 'Regular saver deposit' });
    expect(within(item).getByText('Minimum deposit', { selector: 'p' })).toBeInTheDocument();
    expect(within(item).getByText('Warning')).toBeInTheDocument();
    expect(within(item).getByText('Nothing deposited yet, due by 30 Jun 2026')).toBeInTheDocument();
    expect(within(item).getByText('No deposit yet towards the £100.00 due by 30 Jun 2026.')).toBeInTheDocument();
    expect(within(item).getByText('£100.00', { selector: 'dd' })).toBeInTheDocument();
    expect(within(item).getByText('Every month')).toBeInTheDocument();
    expect(within(item).getByText('10 May 2026')).toBeInTheDocument();
    expect(within(item).getByText(/Monthly deposit logged/)).toBeInTheDocument();
    expect(within(item).getByText('From the welcome letter')).toBeInTheDocument();
    expect(within(item).getByRole('switch', { name: 'Notifications' })).toBeChecked();
    expect(within(item).getByRole('button', { name: 'Mark deposited' })).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Edit Regular saver deposit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add T&Cs' })).not.toBeInTheDocument();
  });

  it('offers Mark deposited only on minimum deposit terms, and logs one', async () => {
    const { api, user } = renderCard({
      [LIST]: json(200, {
        terms: [
          makeTerm(),
          makeTerm({ id: 'w', termType: 'notice_period', label: 'Notice', inputs: { noticeDays: 30 } }),
        ],
      }),
      [`POST /api/terms/${TERM}/mark-deposited`]: json(200, { term: makeTerm({ status: 'ok' }) }),
    });
    const notice = await screen.findByRole('article', { name: 'Notice' });
    expect(within(notice).queryByRole('button', { name: 'Mark deposited' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark deposited' }));
    await waitFor(() =>
      expect(api.requests.some((r) => r.url.pathname.endsWith('/mark-deposited') && r.method === 'POST')).toBe(true),
    );
    expect(await screen.findByText('Term Updated')).toBeInTheDocument();
  });

  it('asks the spec’s question before deleting, then says the term was deleted', async () => {
    const { api, user } = renderCard({
      [LIST]: json(200, { terms: [makeTerm()] }),
      [`DELETE /api/terms/${TERM}`]: { status: 204 },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Regular saver deposit' }));
    const dialog = screen.getByRole('alertdialog');
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete "Regular saver deposit"? This action cannot be undone and will remove all tracking data for this term.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Term Deleted')).toBeInTheDocument();
    expect(screen.getByText('The term has been removed from your account.')).toBeInTheDocument();
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(true);
  });

  it('turns a term’s notifications off', async () => {
    const { api, user } = renderCard({
      [LIST]: json(200, { terms: [makeTerm()] }),
      [`PATCH /api/terms/${TERM}`]: json(200, { term: makeTerm({ notificationsEnabled: false }) }),
    });
    await user.click(await screen.findByRole('switch', { name: 'Notifications' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ notificationsEnabled: false }),
    );
  });

  it('shows Failed to fetch terms when the list cannot load', async () => {
    renderCard({ [LIST]: apiError(500, 'INTERNAL', 'Boom') });
    expect(await screen.findByText('Failed to fetch terms')).toBeInTheDocument();
  });
});

describe('the Add/Edit Term dialog', () => {
  it('offers the savings terms on a savings account and ISA terms on an ISA', async () => {
    const { user } = renderCard({ [LIST]: json(200, { terms: [] }) }, { category: 'isa' });
    await user.click(await screen.findByRole('button', { name: 'Add Term' }));
    const select = screen.getByRole('combobox', { name: /Term type/ });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Withdrawal limit');
    expect(options).toContain('Annual ISA allowance');
    expect(options).not.toContain('Access age');
  });

  it('says a term type must be chosen, and the template’s required fields, without sending', async () => {
    const { api, user } = renderCard({ [LIST]: json(200, { terms: [] }) });
    await user.click(await screen.findByRole('button', { name: 'Add Term' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add Term' }));
    expect(within(dialog).getByText('Choose a term type')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Term type/ }), 'withdrawal_limit');
    await user.click(within(dialog).getByRole('button', { name: 'Add Term' }));
    expect(await within(dialog).findByText('Withdrawals allowed is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Period is required')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('shows the opening-date fields only for an account year, and builds the date from the estimate', async () => {
    const { api, user } = renderCard({
      [LIST]: json(200, { terms: [] }),
      [ADD]: json(201, { term: makeTerm({ termType: 'withdrawal_limit', label: 'Withdrawal limit' }) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add Term' }));
    const dialog = screen.getByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Term type/ }), 'withdrawal_limit');
    expect(within(dialog).queryByRole('switch', { name: /exact opening date/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Withdrawals allowed/ }), '3');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Period/ }), 'rolling_year_from_opening');
    expect(within(dialog).getByRole('textbox', { name: /Account opening date/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: /exact opening date/ }));
    expect(within(dialog).queryByRole('textbox', { name: /Account opening date/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Estimated opening month/ }), '3');
    await user.type(within(dialog).getByRole('textbox', { name: /Estimated opening year/ }), '2024');
    await user.type(within(dialog).getByRole('textbox', { name: /Additional Notes/ }), '  Keep it  ');
    expect(within(dialog).getByRole('switch', { name: 'Enable notifications for this term' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Add Term' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      termType: 'withdrawal_limit',
      label: null,
      inputs: {
        maxWithdrawals: 3,
        period: 'rolling_year_from_opening',
        unknownOpeningDate: true,
        estimatedOpeningMonth: 3,
        estimatedOpeningYear: 2024,
      },
      notes: 'Keep it',
      notificationsEnabled: true,
    });
    expect(await screen.findByText('Term Added')).toBeInTheDocument();
    expect(screen.getByText('Withdrawal limit has been added to your account.')).toBeInTheDocument();
  });

  it('prefills a fixed term’s end date from the account’s opening date and term (issue 24)', async () => {
    const { api, user } = renderCard(
      {
        [LIST]: json(200, { terms: [] }),
        [ADD]: json(201, { term: makeTerm({ termType: 'fixed_term', label: 'Fixed term' }) }),
      },
      { category: 'bond', accountType: 'Bond', dateOpened: '2025-12-15', termLengthValue: 1, termLengthUnit: 'years' },
    );
    await user.click(await screen.findByRole('button', { name: 'Add Term' }));
    const dialog = screen.getByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Term type/ }), 'fixed_term');
    await user.click(within(dialog).getByRole('button', { name: 'Add Term' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      termType: 'fixed_term',
      inputs: { termEndDate: '2026-12-15' },
    });
  });

  it('opens an edit with the term’s values in pounds and saves it', async () => {
    const { api, user } = renderCard({
      [LIST]: json(200, { terms: [makeTerm()] }),
      [`PUT /api/terms/${TERM}`]: json(200, { term: makeTerm() }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Regular saver deposit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Term' });
    const amount = within(dialog).getByRole('textbox', { name: /Minimum deposit/ });
    expect(amount).toHaveValue('100.00');
    await user.clear(amount);
    await user.type(amount, '£1,250.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save Term' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
        termType: 'minimum_deposit',
        label: 'Regular saver deposit',
        inputs: { amountPence: 125_050, frequency: 'monthly' },
      }),
    );
    expect(await screen.findByText('Your term has been updated successfully.')).toBeInTheDocument();
  });

  it('shows the server’s refusal in the dialog and the spec’s Error toast', async () => {
    const { user } = renderCard({
      [LIST]: json(200, { terms: [] }),
      [ADD]: apiError(
        400,
        'VALIDATION_FAILED',
        'This term type is not offered for this kind of account: choose another',
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Add Term' }));
    const dialog = screen.getByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Term type/ }), 'notice_period');
    await user.type(within(dialog).getByRole('textbox', { name: /Notice period/ }), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Add Term' }));
    expect(
      await within(dialog).findByText('This term type is not offered for this kind of account: choose another'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Error')).toBeInTheDocument();
  });
});
