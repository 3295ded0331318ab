import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../app/paths.ts';
import { json, makeMe, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { ACCOUNT_ID, accountTypesBody, makeDetail } from './account-detail-fixtures.ts';
import type { Account } from './api.ts';
import type { PensionView } from './pension-api.ts';

vi.mock('../transactions/transactions-section.tsx', () => ({
  TransactionsSection: () => <p>transactions</p>,
}));

beforeAll(() => import('./account-detail-page.tsx'), 60_000);
afterEach(() => vi.restoreAllMocks());

const accountPath = `/api/accounts/${ACCOUNT_ID}`;
const pensionPath = `${accountPath}/pension`;

const pensionAccount: Partial<Account> = {
  name: 'Work pension',
  accountType: 'Personal Pension',
  category: 'pension',
  bank: null,
  bankId: null,
  bankingGroupId: null,
  licence: null,
  protection: { status: 'unknown-bank', uncoveredPence: null, reason: 'no-bank' },
};

const standardLife = {
  id: 'standard-life',
  providerDisplayName: 'Standard Life',
  legalEntityName: 'Standard Life Assurance Limited',
  regulator: 'PRA (authorised), FCA & PRA (regulated)',
  frn: null,
  category: 'insurer',
  coverageTag: 'insurance_100',
  protectionBasis: 'insurance_100',
  displayMessage: 'Insured pensions: FSCS protects 100%.',
  userMessage: null,
  warnUserLevel: 'low',
  confidenceScore: 75,
};

const view: PensionView = {
  accountId: ACCOUNT_ID,
  pension: null,
  provider: null,
  contributions: [],
  drawdowns: [],
  transfers: [],
  allowance: {
    taxYear: '2026/27',
    annualAllowancePence: 60_000_00,
    taperApplies: false,
    mpaaApplies: false,
    mpaaLimitPence: 10_000_00,
    inputPence: 0,
    carryForwardPence: 0,
    remainingPence: 60_000_00,
    moneyPurchaseRemainingPence: null,
    excessPence: 0,
    explanation: ['Your pension annual allowance for 2026/27 (06/04/2026 to 05/04/2027) is £60,000.'],
  },
  flexibleAccessDate: null,
  accessAge: { age: 55, words: 'The minimum age to take money from a pension is 55.' },
  lowConfidence: false,
  alerts: [],
};

function pensionServer(initial: PensionView) {
  const account = makeDetail(pensionAccount).account;
  return mockApi({
    'GET /api/me': json(200, makeMe()),
    [`GET ${accountPath}`]: () => json(200, { ...makeDetail(pensionAccount), account }),
    'GET /api/account-types': json(200, accountTypesBody),
    [`GET ${accountPath}/balance-series`]: json(200, { points: [], granularity: 'month' }),
    [`GET ${accountPath}/standing-orders`]: json(200, { standingOrders: [] }),
    [`GET ${pensionPath}`]: () => json(200, initial),
    'GET /api/reference/pension-providers': json(200, { providers: [{ ...standardLife, userMessage: '' }] }),
    [`PUT ${pensionPath}`]: (request) => {
      const body = request.body as { employerLink: boolean; schemeType: string };
      return json(200, {
        ...initial,
        provider: standardLife,
        pension: { ...body, protectionCategory: 'insurance_100', updatedAt: '2026-11-27T09:00:00Z' },
        account,
      });
    },
  });
}

describe('the Pension Details card', () => {
  it('adds the details through the dialog: the spec’s messages, the access age a scheme sets, the employer cleared', async () => {
    const api = pensionServer(view);
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    const card = await screen.findByRole('region', { name: 'Pension Details' });
    await user.click(await within(card).findByRole('button', { name: 'Add Pension Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Pension Details' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Pension Details' }));
    expect(await within(dialog).findByText('Please select a provider')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a pension type')).toBeInTheDocument();
    expect(api.calls(`PUT ${pensionPath}`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: /^Standard Life/ }));
    // Standard Life's data scores 75: under 80, the form warns.
    expect(within(dialog).getByText('Data Confidence Low')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(/^Pension type/), 'workplace_db');
    expect(within(dialog).getByLabelText(/^Access age/)).toHaveValue(65);
    expect(within(dialog).getByText(/Pension Protection Fund/)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(/^Pension type/), 'personal_pension');
    expect(within(dialog).getByLabelText(/^Access age/)).toHaveValue(55);

    const allowance = within(dialog).getByLabelText(/^Annual allowance/);
    await user.clear(allowance);
    await user.type(allowance, '60500');
    await user.click(within(dialog).getByRole('button', { name: 'Save Pension Details' }));
    expect(
      await within(dialog).findByText('Enter an annual allowance of £0 or more, in steps of £1,000'),
    ).toBeInTheDocument();
    await user.clear(allowance);
    await user.type(allowance, '40000');

    await user.click(within(dialog).getByRole('switch', { name: 'Linked to an employer' }));
    await user.type(within(dialog).getByLabelText(/Employer name/), 'Acme');
    await user.click(within(dialog).getByRole('switch', { name: 'Linked to an employer' }));
    expect(within(dialog).queryByLabelText(/Employer name/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save Pension Details' }));
    expect(await screen.findByText('Pension details saved successfully')).toBeInTheDocument();
    expect(api.calls(`PUT ${pensionPath}`)[0]!.body).toMatchObject({
      providerId: 'standard-life',
      schemeType: 'personal_pension',
      annualAllowancePence: 40_000_00,
      accessAge: 55,
      employerLink: false,
      employerName: null,
      employerContributionPolicy: null,
    });
  });

  it('shows the alerts, the allowance left and each transfer with its badge and expected day', async () => {
    pensionServer({
      ...view,
      provider: standardLife,
      pension: {
        providerId: 'standard-life',
        schemeType: 'personal_pension',
        policyReference: null,
        employerLink: true,
        employerName: 'Acme Ltd',
        employerContributionPolicy: null,
        taxReliefMethod: null,
        annualAllowancePence: 60_000_00,
        thresholdIncomePence: null,
        adjustedIncomePence: null,
        flexibleAccessOn: null,
        crystallised: false,
        crystallisedMethod: null,
        pclsTakenPence: null,
        pclsRemainingPence: null,
        accessAge: 55,
        transferSlaDays: 10,
        protectionCategory: 'insurance_100',
        ruleVersion: '1.0',
        updatedAt: '2026-11-27T09:00:00Z',
      },
      allowance: { ...view.allowance, inputPence: 15_000_00, remainingPence: 45_000_00 },
      transfers: [
        {
          id: 't1',
          status: 'in_progress',
          shownStatus: 'overdue',
          expectedBy: '2026-11-11',
          startedAt: '2026-11-01T10:00:00Z',
          lastUpdateAt: '2026-11-01T10:00:00Z',
          completedAt: null,
          notes: null,
        },
      ],
      lowConfidence: true,
      alerts: [
        {
          id: 'pension-confidence:x',
          kind: 'low-confidence',
          level: 'warning',
          title: 'Data Confidence Low',
          message: 'Check its protection.',
          signature: '75',
        },
      ],
    });
    renderApp(paths.account(ACCOUNT_ID));
    const card = await screen.findByRole('region', { name: 'Pension Details' });
    expect(await within(card).findByText('Data Confidence Low')).toBeInTheDocument();
    expect(within(card).getByTestId('pension-allowance-left')).toHaveTextContent('£45,000');
    expect(within(card).getByText('Acme Ltd')).toBeInTheDocument();
    const badges = within(card).getAllByText('Overdue');
    expect(badges[0]).toHaveClass('text-destructive');
    expect(within(card).getAllByText(/Expected by 11\/11\/2026/).length).toBeGreaterThan(0);
    expect(within(card).getByRole('button', { name: 'Edit Pension Details' })).toBeInTheDocument();
  });
});
