import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../app/paths.ts';
import { apiError, json, makeMe, mockApi, type MockHandler } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { ACCOUNT_ID, accountTypesBody, makeDetail } from './account-detail-fixtures.ts';
import type { Account } from './api.ts';
import type { IsaAllowance, IsaView } from './isa-api.ts';

// The transactions section is another helper's (a placeholder here).
vi.mock('../transactions/transactions-section.tsx', () => ({
  TransactionsSection: () => <p>transactions</p>,
}));

beforeAll(() => import('./account-detail-page.tsx'), 60_000);
afterEach(() => vi.restoreAllMocks());

const accountPath = `/api/accounts/${ACCOUNT_ID}`;
const isaPath = `${accountPath}/isa`;

const isaAccount: Partial<Account> = {
  name: 'Rainy Day ISA',
  accountType: 'Cash ISA',
  category: 'isa',
  bank: null,
  bankId: null,
  bankingGroupId: null,
  licence: null,
  protection: { status: 'unknown-bank', uncoveredPence: null, reason: 'no-bank' },
};

const nationwide = {
  id: 'Z1198',
  platformName: 'Nationwide Building Society',
  legalName: 'Nationwide Building Society',
  fcaReference: '106078',
  isaTypes: ['cash'],
  fscsCategory: 'banking_group',
  bankingGroupName: 'Nationwide Building Society',
  bankingGroupFrn: '106078',
  protectionBasis: 'fscs_deposit',
  userMessage: 'Deposit protection per banking licence',
  warnUserLevel: 'low',
};
const NOTE =
  '£120,000 protection per banking licence: this cash ISA shares one limit with all your other money at Nationwide Building Society.';

const record = {
  providerId: 'Z1198',
  isaType: 'cash',
  fundingType: 'new_subscription',
  isFlexible: false,
  plannedAnnualContributionPence: 0,
  plannedTransferAmountPence: 0,
  beneficialOwner: 'you',
  niNumberPresent: true,
  maturityDate: null,
  transferStatus: null,
  transferStartedOn: null,
  transferExpectedSlaDays: null,
  jisaChildName: null,
  updatedAt: '2026-06-10T12:00:00.000Z',
} as const;

const usage = (usedPence: number, limitPence: number, words: Partial<IsaAllowance['overall']['words']> = {}) => ({
  key: 'overall',
  limitPence,
  usedPence,
  remainingPence: Math.max(0, limitPence - usedPence),
  overPence: Math.max(0, usedPence - limitPence),
  words: { limit: 'limit words', used: 'used words', remaining: 'remaining words', ...words },
});

const allowance: IsaAllowance = {
  taxYear: { startYear: 2026, label: '2026/27', firstDay: '2026-04-06', lastDay: '2027-04-05' },
  isCurrentTaxYear: true,
  cashCap: { status: 'not-in-force', words: 'In 2026/27 all of the allowance can go into cash ISAs.' },
  overall: usage(1_700_000, 2_000_000, {
    limit: 'Your ISA allowance for 2026/27 (06/04/2026 to 05/04/2027) is £20,000.',
    used: 'You have used £17,000.00 of your ISA allowance: £12,000.00 into Rainy Day ISA and £5,000.00 into Vanguard ISA.',
    remaining: '£3,000.00 is left to pay in by 05/04/2027.',
  }),
  lisa: { ...usage(0, 400_000), key: 'lisa', bonusPence: 0, bonusWords: 'bonus words' },
  cash: null,
  byType: [],
  juniors: [],
  accounts: [
    {
      accountId: ACCOUNT_ID,
      name: 'Rainy Day ISA',
      isFlexible: true,
      paidInPence: 1_400_000,
      subscribedPence: 1_200_000,
      replacedPence: 200_000,
      withdrawnPence: 300_000,
      replaceablePence: 100_000,
      transferredInPence: 0,
      words:
        'Rainy Day ISA: £12,000.00 of new money in 2026/27, £3,000.00 taken out, £2,000.00 put back (not counted) and £1,000.00 can be put back by 05/04/2027.',
      fundingWords: null,
      startingBalanceWords: null,
    },
  ],
  replaceablePence: 100_000,
  replaceableWords: null,
  overSubscriptions: [],
  explanation: [
    'Your ISA allowance for 2026/27 (06/04/2026 to 05/04/2027) is £20,000.',
    'Not counted: £2,000.00 put back into flexible ISAs after taking it out this tax year.',
  ],
  alerts: [
    {
      id: 'isa-contribution:overall',
      kind: 'contribution',
      level: 'warning',
      accountId: null,
      title: '85% of the £20,000 limit for your ISAs used',
      message: 'You have paid £17,000.00 into your ISAs in 2026/27.',
      signature: 'x',
    },
    {
      id: 'isa-maturity:other',
      kind: 'maturity',
      level: 'critical',
      accountId: 'another-account',
      title: 'Another ISA matures tomorrow',
      message: 'Not this account’s.',
      signature: 'y',
    },
  ],
};

/** A server holding one ISA account: the provider choice and detail changes land on it. */
function isaServer(initial: IsaView, extra: Record<string, MockHandler> = {}) {
  let view = initial;
  let account = makeDetail(isaAccount).account;
  return mockApi({
    'GET /api/me': json(200, makeMe()),
    [`GET ${accountPath}`]: () => json(200, { ...makeDetail(isaAccount), account }),
    'GET /api/account-types': json(200, accountTypesBody),
    [`GET ${accountPath}/balance-series`]: json(200, { points: [], granularity: 'month' }),
    [`GET /api/accounts/${ACCOUNT_ID}/standing-orders`]: json(200, { standingOrders: [] }),
    [`GET ${isaPath}`]: () => json(200, view),
    'GET /api/isa/allowance': json(200, allowance),
    'GET /api/reference/isa-providers': json(200, { providers: [nationwide] }),
    [`PUT ${isaPath}/provider`]: () => {
      view = { ...view, isa: view.isa ?? { ...record }, provider: { ...nationwide, fscsNote: NOTE } };
      account = {
        ...account,
        bank: 'Nationwide Building Society',
        protection: { status: 'covered-in-full', uncoveredPence: null, reason: null },
      };
      return json(200, { ...view, account });
    },
    [`PATCH ${isaPath}`]: (request) => {
      view = { ...view, isa: { ...view.isa!, ...(request.body as object) } };
      return json(200, { ...view, account });
    },
    ...extra,
  });
}

const empty: IsaView = { accountId: ACCOUNT_ID, isa: null, provider: null, defaultIsaType: 'cash' };

describe('the ISA Details card', () => {
  it('asks for the provider first, and shows the details only once the ISA record exists', async () => {
    const api = isaServer(empty);
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    const card = await screen.findByRole('region', { name: 'ISA Details' });
    const picker = await within(card).findByRole('combobox', { name: 'ISA provider' });
    expect(picker).toHaveTextContent('Select ISA provider...');
    expect(within(card).getByText('Protection unknown', { selector: 'p' })).toBeInTheDocument();
    expect(within(card).queryByLabelText('ISA type')).toBeNull();

    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: /^Nationwide Building Society/ }));
    expect(await screen.findByText('ISA provider updated successfully')).toBeInTheDocument();
    expect(api.calls(`PUT ${isaPath}/provider`)[0]!.body).toEqual({ providerId: 'Z1198' });
    expect(api.calls('GET /api/reference/isa-providers')[0]!.url.searchParams.get('isaType')).toBe('cash');

    // The record exists now: its details, with the spec's defaults, and the provider's FSCS note.
    expect(await within(card).findByLabelText('ISA type')).toHaveValue('cash');
    expect(within(card).getByLabelText('Funding type')).toHaveValue('new_subscription');
    expect(within(card).getByLabelText('Planned annual contribution')).toHaveValue('0.00');
    expect(within(card).getByLabelText('Planned transfer amount')).toHaveValue('0.00');
    expect(within(card).getByLabelText('Beneficial owner')).toHaveValue('you');
    expect(within(card).getByRole('switch', { name: 'Flexible ISA' })).not.toBeChecked();
    expect(within(card).getByRole('switch', { name: 'National Insurance number given to the provider' })).toBeChecked();
    expect(within(card).getByText(NOTE)).toBeInTheDocument();
    expect(within(card).getByText('Fully protected')).toBeInTheDocument();
  });

  it('saves each detail as it changes, with the spec’s toasts', async () => {
    const api = isaServer({ ...empty, isa: { ...record }, provider: { ...nationwide, fscsNote: NOTE } });
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    const card = await screen.findByRole('region', { name: 'ISA Details' });
    await user.click(await within(card).findByRole('switch', { name: 'Flexible ISA' }));
    expect(await screen.findByText('ISA details updated successfully')).toBeInTheDocument();
    expect(api.calls(`PATCH ${isaPath}`)[0]!.body).toEqual({ isFlexible: true });

    const planned = within(card).getByLabelText('Planned annual contribution');
    await user.clear(planned);
    await user.type(planned, '-5');
    await user.tab();
    expect(await within(card).findByText('Enter an amount of £0 or more, in pounds and pence')).toBeInTheDocument();
    await user.clear(planned);
    await user.type(planned, '5,000{Enter}');
    await waitFor(() => expect(api.calls(`PATCH ${isaPath}`)).toHaveLength(2));
    expect(api.calls(`PATCH ${isaPath}`)[1]!.body).toEqual({ plannedAnnualContributionPence: 500_000 });

    // The fields are disabled while a save is on its way: choose once the last one has landed.
    await waitFor(() => expect(within(card).getByLabelText('Funding type')).toBeEnabled());
    await user.selectOptions(within(card).getByLabelText('Funding type'), 'transfer_in');
    await waitFor(() => expect(api.calls(`PATCH ${isaPath}`)).toHaveLength(3));
    expect(api.calls(`PATCH ${isaPath}`)[2]!.body).toEqual({ fundingType: 'transfer_in' });
  });

  it('records a maturity date and a transfer timed from today, and a Junior ISA’s child', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-10T12:00:00Z') });
    const api = isaServer({ ...empty, isa: { ...record }, provider: { ...nationwide, fscsNote: NOTE } });
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    const card = await screen.findByRole('region', { name: 'ISA Details' });
    expect(within(card).queryByLabelText('Transfer started')).toBeNull();
    expect(within(card).queryByLabelText('Child’s name')).toBeNull();

    const maturity = await within(card).findByLabelText('Maturity date');
    await user.type(maturity, '31/02/2027{Enter}');
    expect(await within(card).findByText('Enter a real date, like 31/03/2027')).toBeInTheDocument();
    await user.clear(maturity);
    await user.type(maturity, '31/03/2027{Enter}');
    await waitFor(() => expect(api.calls(`PATCH ${isaPath}`)).toHaveLength(1));
    expect(api.calls(`PATCH ${isaPath}`)[0]!.body).toEqual({ maturityDate: '2027-03-31' });

    await waitFor(() => expect(within(card).getByLabelText('Transfer status')).toBeEnabled());
    await user.selectOptions(within(card).getByLabelText('Transfer status'), 'in_progress');
    await waitFor(() => expect(api.calls(`PATCH ${isaPath}`)).toHaveLength(2));
    expect(api.calls(`PATCH ${isaPath}`)[1]!.body).toEqual({
      transferStatus: 'in_progress',
      transferStartedOn: '2026-06-10',
    });
    const days = await within(card).findByLabelText('Expected to take (days)');
    await user.type(days, '400{Enter}');
    expect(await within(card).findByText('Enter the days a transfer should take, from 1 to 365')).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '15{Enter}');
    await waitFor(() => expect(api.calls(`PATCH ${isaPath}`)).toHaveLength(3));
    expect(api.calls(`PATCH ${isaPath}`)[2]!.body).toEqual({ transferExpectedSlaDays: 15 });

    await waitFor(() => expect(within(card).getByLabelText('ISA type')).toBeEnabled());
    await user.selectOptions(within(card).getByLabelText('ISA type'), 'jisa');
    await user.type(await within(card).findByLabelText('Child’s name'), 'Ella{Enter}');
    await waitFor(() => expect(api.calls(`PATCH ${isaPath}`)).toHaveLength(5));
    expect(api.calls(`PATCH ${isaPath}`)[4]!.body).toEqual({ jisaChildName: 'Ella' });
    vi.useRealTimers();
  });

  it('sends a typed value once, though the field is left while its save is still on its way', async () => {
    let answer: (() => void) | undefined;
    const base: IsaView = {
      ...empty,
      isa: { ...record, transferStatus: 'in_progress' },
      provider: { ...nationwide, fscsNote: NOTE },
    };
    let view: IsaView = base;
    const api = isaServer(base, {
      [`GET ${isaPath}`]: () => json(200, view),
      [`PATCH ${isaPath}`]: (request) =>
        new Promise((resolve) => {
          answer = () => {
            view = { ...view, isa: { ...view.isa!, ...(request.body as object) } };
            resolve(json(200, view));
          };
        }),
    });
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    const card = await screen.findByRole('region', { name: 'ISA Details' });
    await user.type(await within(card).findByLabelText('Expected to take (days)'), '15{Enter}');
    await waitFor(() => expect(api.calls(`PATCH ${isaPath}`)).toHaveLength(1));
    await user.tab(); // leaves the field before the server answers
    answer?.();
    await waitFor(() => expect(within(card).getByLabelText('Expected to take (days)')).toHaveValue('15'));
    expect(api.calls(`PATCH ${isaPath}`)).toHaveLength(1);
  });

  it('sends a saved value once, though the field is left before the stored value shows it', async () => {
    // The server takes the save but answers with the record as it was (another tab's older read,
    // say): the field still holds what was sent, and leaving it must not send it again.
    const base: IsaView = {
      ...empty,
      isa: { ...record, transferStatus: 'in_progress' },
      provider: { ...nationwide, fscsNote: NOTE },
    };
    const api = isaServer(base, { [`PATCH ${isaPath}`]: () => json(200, base) });
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    const card = await screen.findByRole('region', { name: 'ISA Details' });
    const days = await within(card).findByLabelText('Expected to take (days)');
    await user.type(days, '15{Enter}');
    await waitFor(() => expect(api.calls(`PATCH ${isaPath}`)).toHaveLength(1));
    await waitFor(() => expect(days).toBeEnabled());
    await user.tab();
    await user.click(days);
    await user.keyboard('{Enter}');
    expect(api.calls(`PATCH ${isaPath}`)).toHaveLength(1);
  });

  it('says ‘Failed to update ISA details’ when a save is refused, with the server’s reason', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    isaServer(
      { ...empty, isa: { ...record }, provider: { ...nationwide, fscsNote: NOTE } },
      { [`PATCH ${isaPath}`]: apiError(400, 'VALIDATION_FAILED', 'ISA type is required') },
    );
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    const card = await screen.findByRole('region', { name: 'ISA Details' });
    await user.click(await within(card).findByRole('switch', { name: 'Flexible ISA' }));
    expect(await screen.findByText('Failed to update ISA details')).toBeInTheDocument();
    expect(await screen.findByText('ISA type is required')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Failed to update ISA details', expect.anything());
  });

  it('shows the allowance across all ISAs with each figure explained, and this account’s alerts', async () => {
    isaServer({ ...empty, isa: { ...record }, provider: { ...nationwide, fscsNote: NOTE } });
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    const panel = await screen.findByRole('region', { name: 'ISA allowance 2026/27' });
    expect(within(panel).getByText('Used').nextSibling).toHaveTextContent('£17,000.00');
    expect(within(panel).getByText('Left').nextSibling).toHaveTextContent('£3,000.00');
    expect(within(panel).getByText('Allowance').nextSibling).toHaveTextContent('£20,000.00');
    expect(within(panel).getByRole('progressbar', { name: 'ISA allowance used' })).toHaveAttribute(
      'aria-valuenow',
      '85',
    );
    expect(within(panel).getByText('£3,000.00 is left to pay in by 05/04/2027.')).toBeInTheDocument();
    const alerts = within(panel).getByRole('list', { name: 'ISA alerts' });
    expect(
      within(alerts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Warning: 85% of the £20,000 limit for your ISAs usedYou have paid £17,000.00 into your ISAs in 2026/27.',
    ]);
    await user.click(within(panel).getByText('How these figures are worked out'));
    expect(
      within(panel).getByText('Not counted: £2,000.00 put back into flexible ISAs after taking it out this tax year.'),
    ).toBeVisible();
  });

  it('is not on a savings account’s page', async () => {
    mockApi({
      'GET /api/me': json(200, makeMe()),
      [`GET ${accountPath}`]: json(200, makeDetail()),
      'GET /api/account-types': json(200, accountTypesBody),
    });
    renderApp(paths.account(ACCOUNT_ID));
    await screen.findByRole('heading', { level: 1, name: 'Rainy day saver' });
    expect(screen.queryByRole('region', { name: 'ISA Details' })).toBeNull();
  });
});
