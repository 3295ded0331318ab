import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeFragment, encodeFragment, FRAGMENT_PROBLEM_MESSAGES } from '../../core/checker/fragment.ts';
import { json, meHandler, mockApi, type MockRequest } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import type { BankOption } from '../reference/types.ts';
import { LINK_COPIED } from './checker-page.tsx';
import { missingBanksMessage } from './use-checker-rows.ts';

const PAGE = '/features/fscs-protection-checker';
const TODAY = '2026-11-22';

function bank(overrides: Partial<BankOption> & Pick<BankOption, 'id' | 'bankName' | 'legalName'>): BankOption {
  return {
    frn: '100000',
    bankingGroupId: 'frn-100000',
    type: 'bank',
    protectionBasis: 'fscs_deposit',
    isCrownDependency: false,
    isAmbiguous: false,
    userMessage: null,
    ...overrides,
  };
}

const halifax = bank({
  id: '3f2b6c1e-7a4d-5b8e-9c0f-1a2b3c4d5e6f',
  bankName: 'Halifax',
  legalName: 'Bank of Scotland plc',
  frn: '169628',
  bankingGroupId: 'frn-169628',
});
const bankOfScotland = bank({
  id: '0c9d8e7f-6a5b-4c3d-8e1f-0a9b8c7d6e5f',
  bankName: 'Bank of Scotland',
  legalName: 'Bank of Scotland plc',
  frn: '169628',
  bankingGroupId: 'frn-169628',
});
const lloyds = bank({
  id: '11111111-2222-4333-8444-555555555555',
  bankName: 'Lloyds Bank',
  legalName: 'Lloyds Bank PLC',
  frn: '119278',
  bankingGroupId: 'frn-119278',
});
const nsAndI = bank({
  id: '99999999-8888-4777-8666-555555555555',
  bankName: 'NS&I',
  legalName: 'National Savings and Investments',
  frn: null,
  bankingGroupId: 'nsandi',
  type: 'government_savings_bank',
  protectionBasis: 'hm_treasury',
});
const ALL_BANKS = [halifax, bankOfScotland, lloyds, nsAndI];

const limitsBody = (depositPence = 120_000_00, isOverride = false) => ({
  date: TODAY,
  limits: {
    date: TODAY,
    deposit: { amountPence: depositPence, effectiveFrom: '2025-12-01', isOverride },
    temporaryHighBalance: { amountPence: 1_400_000_00, effectiveFrom: '2025-12-01', isOverride: false },
    investment: { amountPence: 85_000_00, effectiveFrom: '2019-04-01', isOverride: false },
  },
  override: isOverride ? { depositPence } : null,
});

/** The reference API as the server answers it: search by name (platforms left out), or exact ids. */
function banksHandler({ url }: MockRequest) {
  const ids = url.searchParams.get('ids');
  if (ids) return json(200, { banks: ALL_BANKS.filter((b) => ids.split(',').includes(b.id)) });
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  return json(200, { banks: ALL_BANKS.filter((b) => `${b.bankName} ${b.legalName}`.toLowerCase().includes(q)) });
}

function mockCheckerApi(options: { depositPence?: number; isOverride?: boolean } = {}) {
  return mockApi({
    'GET /api/me': meHandler(null),
    'GET /api/reference/limits': json(200, limitsBody(options.depositPence, options.isOverride)),
    'GET /api/reference/banks': banksHandler,
  });
}

async function openChecker(entry = PAGE) {
  const app = renderApp(entry);
  await screen.findByRole('heading', { level: 1, name: 'Deposit protection checker' });
  await screen.findByRole('button', { name: 'Add to the check' });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Add to the check' })).toBeEnabled());
  return app;
}

type User = ReturnType<typeof renderApp>['user'];

async function chooseBank(user: User, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Bank or building society' }));
  await user.type(screen.getByRole('combobox', { name: 'Search banks' }), name);
  // Wait for the debounced search's answer, not the list shown before typing.
  await waitFor(() => {
    const options = screen.getAllByRole('option');
    expect(options.every((o) => o.textContent?.includes(name))).toBe(true);
  });
  await user.click(screen.getByRole('option', { name: new RegExp(`^${name}`) }));
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: 'Bank or building society' })).toHaveTextContent(name),
  );
}

async function addRow(user: User, bankName: string, amount: string, options: { holders?: string } = {}) {
  await chooseBank(user, bankName);
  await user.type(screen.getByRole('textbox', { name: 'Amount' }), amount);
  if (options.holders)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Who holds it?' }), options.holders);
  await user.click(screen.getByRole('button', { name: 'Add to the check' }));
}

const summary = () => document.getElementById('checker-summary')!;
const fragmentState = () => decodeFragment(window.location.hash);

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('the public deposit protection checker', () => {
  it('golden case: Halifax £70,000 and Bank of Scotland £70,000 are one licence, £140,000 with £20,000 not protected', async () => {
    const api = mockCheckerApi();
    const { user } = await openChecker();
    expect(screen.getByText('£120,000 per person per licence, in force since 1 December 2025.')).toBeInTheDocument();

    await addRow(user, 'Halifax', '70,000');
    await waitFor(() =>
      expect(summary()).toHaveTextContent(
        'You have £70,000.00 with Halifax, a brand of Bank of Scotland plc. All of it is protected.',
      ),
    );
    await addRow(user, 'Bank of Scotland', '£70000');

    const licence = await screen.findByRole('article', { name: 'Bank of Scotland plc' });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(within(licence).getByText('Banking licence · FRN 169628')).toBeInTheDocument();
    expect(within(licence).getByText('£20,000.00 not protected')).toBeInTheDocument();
    const figures = licence.querySelector('dl');
    expect(figures).toHaveTextContent('Your total here£140,000.00Protected£120,000.00Not protected£20,000.00');
    expect(
      within(licence).getByText(
        /Halifax and Bank of Scotland are brands of Bank of Scotland plc \(FRN 169628\): one £120,000 limit covers them together\./,
      ),
    ).toBeInTheDocument();
    expect(summary()).toHaveTextContent(
      'You have £140,000.00 with Bank of Scotland plc (Halifax and Bank of Scotland share one licence). £120,000.00 of it is protected; £20,000.00 is not.',
    );
    expect(summary()).toHaveAttribute('aria-live', 'polite');

    // The state is in the fragment, and no amount went to the server in any request.
    expect(fragmentState()).toEqual({
      ok: true,
      state: {
        rows: [
          { bankId: halifax.id, amountPence: 70_000_00, holders: 1 },
          { bankId: bankOfScotland.id, amountPence: 70_000_00, holders: 1 },
        ],
      },
    });
    expect(window.location.search).toBe('');
    for (const request of api.requests)
      expect(`${request.url.search}${JSON.stringify(request.body ?? '')}`).not.toMatch(/70,?000|7000000/);
  });

  it('tells close to the limit from a projected breach, says diversified, and answers as at an earlier date', async () => {
    mockCheckerApi();
    const { user } = await openChecker();
    await addRow(user, 'Halifax', '104000');
    const licence = await screen.findByRole('article', { name: 'Bank of Scotland plc' });
    expect(within(licence).getByText('Close to the limit: 85% to 90%')).toBeInTheDocument();
    expect(within(licence).getByText('86.7% of the £120,000 deposit limit per person.')).toBeInTheDocument();
    await addRow(user, 'Bank of Scotland', '8000');
    await waitFor(() =>
      expect(within(licence).getByText('Projected breach: above 90% of the limit')).toBeInTheDocument(),
    );
    expect(summary()).toHaveTextContent('93.3% of the limit: a projected breach');
    expect(
      screen.getByText('Your money is with 1 banking licence. Spread over 3 or more, it is diversified.'),
    ).toBeInTheDocument();

    // As at 30 November 2025 the limit was £85,000: £27,000 of the £112,000 was not protected.
    const asAt = screen.getByRole('textbox', { name: 'As at' });
    await user.type(asAt, '30/11/2025');
    await user.tab();
    await waitFor(() =>
      expect(screen.getByText('£85,000 per person per licence, in force since 30 January 2017.')).toBeInTheDocument(),
    );
    expect(screen.getByText('The limit on 30 November 2025:')).toBeInTheDocument();
    expect(within(licence).getByText('£27,000.00 not protected')).toBeInTheDocument();

    await user.clear(asAt);
    await user.type(asAt, '29/01/2017');
    await user.tab();
    expect(
      await screen.findByText('The limits are known from 30/01/2017: choose that date or a later one'),
    ).toBeInTheDocument();
    expect(screen.getByText('£120,000 per person per licence, in force since 1 December 2025.')).toBeInTheDocument();
  });

  it('counts a joint account as the visitor’s share', async () => {
    mockCheckerApi();
    const { user } = await openChecker();
    await addRow(user, 'Halifax', '200000', { holders: 'Me and 1 other (joint)' });
    const licence = await screen.findByRole('article', { name: 'Bank of Scotland plc' });
    expect(within(licence).getByText('Fully protected')).toBeInTheDocument();
    expect(licence.querySelector('dl')).toHaveTextContent(
      'Your total here (your share of joint accounts)£100,000.00Protected£100,000.00Not protected£0.00',
    );
    expect(screen.getByText('Joint account (2 people): your share £100,000.00')).toBeInTheDocument();
    expect(summary()).toHaveTextContent('counting only your share of joint accounts. All of it is protected.');
    expect(fragmentState()).toMatchObject({
      state: { rows: [{ bankId: halifax.id, amountPence: 200_000_00, holders: 2 }] },
    });
  });

  it('shows NS&I as backed by HM Treasury, never as not protected', async () => {
    mockCheckerApi();
    const { user } = await openChecker();
    await addRow(user, 'NS&I', '500000');
    const card = await screen.findByRole('article', { name: 'NS&I' });
    expect(within(card).getByText('Backed by HM Treasury', { selector: '[data-slot=badge]' })).toBeInTheDocument();
    expect(
      within(card).getByText(
        'NS&I is 100% backed by HM Treasury rather than the FSCS. All of it is safe, with no limit.',
      ),
    ).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals.querySelector('dl')).toHaveTextContent(
      'All your money£500,000.00Protected by the FSCS£0.00Backed by HM Treasury£500,000.00Not protected£0.00',
    );
    expect(within(card).queryByText(/not protected/i)).not.toBeInTheDocument();
  });

  it('covers a temporary high balance and says when it reverts', async () => {
    mockCheckerApi();
    const { user } = await openChecker();
    await chooseBank(user, 'Lloyds Bank');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '500,000');
    await user.click(screen.getByRole('checkbox', { name: 'It includes a temporary high balance' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Life event' }), 'Selling your home');
    await user.type(screen.getByRole('textbox', { name: 'Amount from the life event' }), '400000');
    await user.type(screen.getByRole('textbox', { name: 'Date credited' }), '03/10/2026');
    await user.click(screen.getByRole('button', { name: 'Add to the check' }));

    const licence = await screen.findByRole('article', { name: 'Lloyds Bank PLC' });
    expect(within(licence).getByText('Fully protected')).toBeInTheDocument();
    expect(
      within(licence).getByText(
        '£400,000.00 is covered as a temporary high balance, on top of the £120,000 limit, until 3 April 2027, when cover reverts to the standard limit. From 3 April 2027, £380,000.00 of it will not be protected unless you move some of it.',
      ),
    ).toBeInTheDocument();
    expect(fragmentState()).toMatchObject({
      state: {
        rows: [
          {
            amountPence: 500_000_00,
            temporaryHighBalance: { lifeEvent: 'home-sale', qualifyingPence: 400_000_00, creditedDate: '2026-10-03' },
          },
        ],
      },
    });
  });

  it('says what is missing, and focuses it, when a row is not complete', async () => {
    mockCheckerApi();
    const { user } = await openChecker();
    await user.click(screen.getByRole('button', { name: 'Add to the check' }));
    expect(await screen.findByText('Choose a bank or building society')).toBeInTheDocument();
    expect(screen.getByText('Enter the amount')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Bank or building society' })).toHaveFocus());
    expect(screen.getByRole('combobox', { name: 'Bank or building society' })).toHaveAttribute('aria-invalid', 'true');

    await chooseBank(user, 'Halifax');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '1.234,56');
    await user.click(screen.getByRole('checkbox', { name: 'It includes a temporary high balance' }));
    await user.type(screen.getByRole('textbox', { name: 'Date credited' }), '01/12/2030');
    await user.click(screen.getByRole('button', { name: 'Add to the check' }));
    expect(await screen.findByText('Enter an amount in pounds and pence, like 70,000 or 1,250.50')).toBeInTheDocument();
    expect(screen.getByText('Choose the life event the money came from')).toBeInTheDocument();
    expect(screen.getByText('Enter a real date, like 03/10/2026')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveFocus();
    expect(window.location.hash).toBe('');
  });

  it('removes a row and moves focus on', async () => {
    mockCheckerApi();
    const { user } = await openChecker();
    await addRow(user, 'Halifax', '70000');
    await addRow(user, 'Lloyds Bank', '10000');
    await screen.findByRole('article', { name: 'Lloyds Bank PLC' });

    await user.click(screen.getByRole('button', { name: 'Remove Halifax, £70,000.00' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Bank of Scotland plc' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Lloyds Bank, £10,000.00' })).toHaveFocus());
    expect(fragmentState()).toMatchObject({ state: { rows: [{ bankId: lloyds.id, amountPence: 10_000_00 }] } });

    await user.click(screen.getByRole('button', { name: 'Remove Lloyds Bank, £10,000.00' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your money (0 rows)' })).toHaveFocus());
    expect(window.location.hash).toBe('');
    expect(summary()).toHaveTextContent('Add the money you hold with each bank or building society');
  });

  it('restores a check from a bookmarked or shared link', async () => {
    const api = mockCheckerApi();
    const fragment = encodeFragment({
      rows: [
        { bankId: halifax.id, amountPence: 70_000_00, holders: 1 },
        { bankId: bankOfScotland.id, amountPence: 70_000_00, holders: 1 },
      ],
    });
    await openChecker(`${PAGE}#${fragment}`);

    const licence = await screen.findByRole('article', { name: 'Bank of Scotland plc' });
    expect(within(licence).getByText('£20,000.00 not protected')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your money (2 rows)' })).toBeInTheDocument();
    const lookups = api.calls('GET /api/reference/banks');
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.url.searchParams.get('ids')).toBe(`${halifax.id},${bankOfScotland.id}`);
    expect(lookups[0]!.url.search).not.toMatch(/70000|7000000/);
  });

  it('leaves out a saved bank that is no longer listed, and says so', async () => {
    mockCheckerApi();
    const gone = '12345678-1234-4234-8234-123456789abc';
    const fragment = encodeFragment({
      rows: [
        { bankId: gone, amountPence: 5_00, holders: 1 },
        { bankId: lloyds.id, amountPence: 10_00, holders: 1 },
      ],
    });
    await openChecker(`${PAGE}#${fragment}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(missingBanksMessage(1));
    expect(await screen.findByRole('article', { name: 'Lloyds Bank PLC' })).toBeInTheDocument();
  });

  it('starts empty with a message when the link cannot be read, and leaves the link alone', async () => {
    const api = mockCheckerApi();
    await openChecker(`${PAGE}#v1~this-is-not-a-check`);
    expect(await screen.findByRole('alert')).toHaveTextContent(FRAGMENT_PROBLEM_MESSAGES.unreadable);
    expect(screen.getByRole('heading', { name: 'Your money (0 rows)' })).toBeInTheDocument();
    expect(api.calls('GET /api/reference/banks')).toHaveLength(0);
  });

  it('puts its fragment back after an in-page link, and loads a check pasted into the address bar', async () => {
    mockCheckerApi();
    const { user } = await openChecker();
    await addRow(user, 'Halifax', '70000');
    await waitFor(() => expect(fragmentState().state.rows).toHaveLength(1));
    const ours = window.location.hash;

    // The skip link: '#main' names an element on the page.
    window.location.hash = '#main';
    await waitFor(() => expect(window.location.hash).toBe(ours));
    expect(screen.getByRole('heading', { name: 'Your money (1 row)' })).toBeInTheDocument();

    const pasted = encodeFragment({ rows: [{ bankId: lloyds.id, amountPence: 200_000_00, holders: 1 }] });
    window.location.hash = `#${pasted}`;
    const licence = await screen.findByRole('article', { name: 'Lloyds Bank PLC' });
    expect(within(licence).getByText('£80,000.00 not protected')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Bank of Scotland plc' })).not.toBeInTheDocument();
  });

  it('says so when the limit is an admin override', async () => {
    mockCheckerApi({ depositPence: 150_000_00, isOverride: true });
    await openChecker();
    expect(
      await screen.findByText(
        '£150,000 per person per licence: a limit set by SavvyPig in place of the legal £120,000, in force since 1 December 2025.',
      ),
    ).toBeInTheDocument();
  });

  it('copies the link and links to sign-up', async () => {
    mockCheckerApi();
    const { user } = await openChecker();
    expect(screen.getByRole('link', { name: 'Track your real accounts free for 7 days' })).toHaveAttribute(
      'href',
      '/signup',
    );
    await addRow(user, 'Halifax', '1000');
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/#v1~/));
    expect(await screen.findByText(LINK_COPIED)).toBeInTheDocument();
  });

  it('explains how it works and shows the same answer in the product (a real screenshot), with the plans', async () => {
    mockCheckerApi();
    await openChecker();
    const how = screen.getByRole('region', { name: 'How the checker works' });
    expect(within(how).getAllByRole('listitem')).toHaveLength(3);
    expect(how).toHaveTextContent('share one £120,000 limit');
    const inProduct = screen.getByRole('region', { name: 'The same answer for your real accounts' });
    expect(within(inProduct).getByRole('img')).toHaveAttribute('src', '/features/protection-hub-1280-light.webp');
    expect(within(inProduct).getByRole('link', { name: 'See plans and prices' })).toHaveAttribute('href', '/plans');
    expect(within(inProduct).getByRole('link', { name: 'More about the dashboard' })).toHaveAttribute(
      'href',
      '/features/portfolio-analytics',
    );
  });
});
