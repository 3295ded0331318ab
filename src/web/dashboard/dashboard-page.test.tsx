import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PictureAccount, protectionPicture } from '../../core/protection/picture.ts';
import type { AccountInput, InstitutionRef } from '../../core/protection/types.ts';
import { json, makeMe, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import type { Dashboard } from './api.ts';
import { EMPTY_TITLE, TOTAL_BALANCE_TITLE } from './dashboard-page.tsx';

beforeAll(() => import('../balance-series/balance-line.tsx'), 60_000);
afterEach(() => vi.restoreAllMocks());

const TODAY = '2026-11-22';
const BOS = (brandName: string): InstitutionRef => ({
  kind: 'frn',
  frn: '169628',
  legalName: 'Bank of Scotland plc',
  brandName,
});
const NATIONWIDE: InstitutionRef = {
  kind: 'frn',
  frn: '106078',
  legalName: 'Nationwide Building Society',
  brandName: 'Nationwide Building Society',
};

const account = (
  id: string,
  name: string,
  pence: number,
  institution: InstitutionRef,
  extra: Partial<AccountInput> = {},
): PictureAccount => ({
  input: { id, balancePence: pence, institution, holders: 1, category: 'deposit', ...extra },
  name,
  bankName: institution.kind === 'frn' ? (institution.brandName ?? null) : 'NS&I',
  legalName: institution.kind === 'frn' ? institution.legalName : institution.bankName,
  unknownReason: null,
});

/** The API's answer for these accounts: the picture by the engine the server runs, and the rest as given. */
function dashboardOf(accounts: PictureAccount[], rest: Partial<Dashboard> = {}): Dashboard {
  const { limits, alerts, ...picture } = protectionPicture(accounts, TODAY);
  const { date: _date, ...applied } = limits;
  return {
    date: TODAY,
    accountCount: accounts.length,
    protection: { ...picture, limits: applied, alerts: alerts.map((a) => ({ ...a, dismissedUntil: null })) },
    withheld: [],
    comingUp: { from: TODAY, to: '2026-12-22', items: [], moreCount: 0 },
    recentTransactions: [],
    balanceLine: { granularity: 'month', points: [] },
    ...rest,
  };
}

const ISSUE_SAVER = [
  account('h', 'Halifax saver', 70_000_00, BOS('Halifax')),
  account('b', 'BoS saver', 70_000_00, BOS('Bank of Scotland')),
  account('n', 'Nationwide saver', 50_000_00, NATIONWIDE),
  account('p', 'Premium Bonds', 10_000_00, { kind: 'bank-name', bankName: 'NS&I' }, { category: 'ns-and-i' }),
];

function show(dashboard: Dashboard) {
  const api = mockApi({ 'GET /api/me': json(200, makeMe()), 'GET /api/dashboard': json(200, dashboard) });
  renderApp('/dashboard');
  return api;
}

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;

describe('the dashboard', () => {
  it('answers first: the total, £20,000 at risk at one licence (never £40,000), NS&I government backed, in one request', async () => {
    const api = show(
      dashboardOf(ISSUE_SAVER, {
        comingUp: {
          from: TODAY,
          to: '2026-12-22',
          items: [
            {
              kind: 'standing-order',
              date: '2026-11-27',
              accountId: 'n',
              name: 'Nationwide saver',
              amountPence: 250_00,
            },
            { kind: 'interest', date: '2026-12-01', accountId: 'n', name: 'Nationwide saver', amountPence: null },
          ],
          moreCount: 0,
        },
        recentTransactions: [
          {
            id: 't1',
            accountId: 'h',
            accountName: 'Halifax saver',
            amountPence: -45_00,
            date: '2026-11-21',
            type: 'withdrawal',
            notes: 'Cash',
          },
        ],
        balanceLine: {
          granularity: 'month',
          points: [
            { date: '2025-11-30', balancePence: 190_000_00 },
            { date: '2026-11-22', balancePence: 200_000_00 },
          ],
        },
      }),
    );
    const answer = await screen.findByRole('region', { name: 'Your savings' });
    expect(within(answer).getByText('£200,000.00')).toBeInTheDocument();
    expect(figure('FSCS protected')).toHaveTextContent('£170,000.00');
    // The Hub's Total Protected: the FSCS's and the government's together.
    expect(figure('FSCS protected')).toHaveTextContent('£180,000.00 is protected in all');
    expect(figure('At risk')).toHaveTextContent('£20,000.00');
    expect(figure('Government backed')).toHaveTextContent('£10,000.00');
    expect(within(answer).getByText('Mostly protected')).toBeInTheDocument();
    expect(within(answer).getByText(/Not diversified/)).toBeInTheDocument();
    expect(within(answer).getByText('£20,000.00 over the limit at Bank of Scotland plc')).toBeInTheDocument();
    expect(screen.queryByText('£40,000.00')).toBeNull();

    const risk = screen.getByRole('region', { name: 'Where your money is' });
    const licences = within(risk).getAllByRole('listitem');
    expect(licences.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Bank of Scotland plc',
      'Nationwide Building Society',
      'NS&I',
    ]);
    expect(licences[0]).toHaveTextContent('Halifax and Bank of Scotland share one limit');
    expect(licences[0]).toHaveTextContent('£20,000.00 not protected');
    expect(licences[0]).toHaveTextContent('£140,000.00 of the £120,000 limit (116.7%)');
    expect(licences[1]).toHaveTextContent('Fully protected');
    expect(licences[2]).toHaveTextContent('Backed by HM Treasury');
    expect(within(risk).getByRole('link', { name: 'Protection Hub' })).toHaveAttribute('href', '/protection');

    const coming = screen.getByRole('region', { name: 'Coming up in the next 30 days' });
    expect(
      within(coming)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Standing order paymentNationwide saver27 Nov 2026in 5 days£250.00',
      'Interest paymentNationwide saver1 Dec 2026in 9 days',
    ]);
    const recent = screen.getByRole('region', { name: 'Recent transactions' });
    expect(within(recent).getByRole('listitem')).toHaveTextContent(
      'Cash21/11/2026 · Halifax saver · Withdrawal-£45.00',
    );

    const line = await screen.findByRole('region', { name: TOTAL_BALANCE_TITLE });
    expect(await within(line).findByText('22/11/2026:')).toHaveTextContent('£200,000.00');
    expect(screen.getByRole('link', { name: 'Manage your accounts' })).toHaveAttribute('href', '/accounts');
    expect(api.calls('GET /api/dashboard')).toHaveLength(1);
  });

  it('tells 85%, above 90% and a temporary high balance apart in words', async () => {
    show(
      dashboardOf([
        account('a', 'Near', 105_000_00, BOS('Halifax')),
        account('b', 'Nearer', 110_000_00, NATIONWIDE),
        account(
          'c',
          'House sale',
          400_000_00,
          {
            kind: 'frn',
            frn: '124659',
            legalName: 'Barclays Bank UK PLC',
            brandName: 'Barclays',
          },
          { temporaryHighBalance: { lifeEvent: 'home-sale', qualifyingPence: 350_000_00, creditedDate: '2026-10-01' } },
        ),
      ]),
    );
    const risk = await screen.findByRole('region', { name: 'Where your money is' });
    const item = (name: string) => within(risk).getByRole('heading', { name }).closest('li')!;
    expect(item('Bank of Scotland plc')).toHaveTextContent('Close to the limit: 85% to 90%');
    expect(item('Bank of Scotland plc')).toHaveTextContent('£105,000.00 of the £120,000 limit (87.5%).');
    expect(item('Nationwide Building Society')).toHaveTextContent('Projected breach: above 90% of the limit');
    // 110,000 / 120,000 = 91.67%: rounded, not cut.
    expect(item('Nationwide Building Society')).toHaveTextContent('(91.7%)');
    expect(item('Barclays Bank UK PLC')).toHaveTextContent(
      'Temporary high balance: protected until 1 Apr 2027 (in 130 days)',
    );
    // Covered in full under the temporary high balance: said so, never a bare share of the limit.
    expect(item('Barclays Bank UK PLC')).toHaveTextContent('£400,000.00: covered in full until 1 Apr 2027.');
    expect(item('Barclays Bank UK PLC')).not.toHaveTextContent('%)');
    expect(screen.getByText('Diversified')).toBeInTheDocument();
    expect(figure('At risk')).toHaveTextContent('£0.00');
  });

  it('shows pensions and investments with their own basis, counts only banks as licences, and cards that add up', async () => {
    const AVIVA: InstitutionRef = { kind: 'frn', frn: '185896', legalName: 'Aviva Life & Pensions UK Limited' };
    const HL: InstitutionRef = { kind: 'frn', frn: '115248', legalName: 'Hargreaves Lansdown Asset Management' };
    show(
      dashboardOf([
        account('h', 'Halifax saver', 70_000_00, BOS('Halifax')),
        account('pen', 'Workplace pension', 40_000_00, AVIVA, { category: 'insurance-100' }),
        account('sipp', 'SIPP', 60_000_00, HL, { category: 'investment' }),
      ]),
    );
    const risk = await screen.findByRole('region', { name: 'Where your money is' });
    const item = (name: string) => within(risk).getByRole('heading', { name }).closest('li')!;
    expect(item('Aviva Life & Pensions UK Limited')).toHaveTextContent(
      'Insurer: FSCS covers 100% of a long-term insurance claim',
    );
    expect(item('Hargreaves Lansdown Asset Management')).toHaveTextContent(
      'Investment firm: £85,000 if the firm fails',
    );
    expect(
      screen.getByText('In 3 accounts with 1 banking licence, 1 investment firm and 1 other provider.'),
    ).toBeInTheDocument();
    expect(figure('FSCS protected')).toHaveTextContent('£170,000.00');
    expect(within(risk).getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows no "Government backed" card without NS&I money, and no brand that is the firm’s own name', async () => {
    const AJ_BELL: InstitutionRef = {
      kind: 'frn',
      frn: '155593',
      legalName: 'AJ Bell Securities Limited',
      brandName: 'AJ Bell',
    };
    show(
      dashboardOf([
        account('h', 'Halifax saver', 70_000_00, BOS('Halifax')),
        account('sipp', 'AJ Bell SIPP', 32_000_00, AJ_BELL, { category: 'investment' }),
      ]),
    );
    const risk = await screen.findByRole('region', { name: 'Where your money is' });
    expect(screen.queryByText('Government backed', { selector: 'dt' })).toBeNull();
    expect(screen.queryByText('NS&I: backed by HM Treasury, with no limit.')).toBeNull();
    const ajBell = within(risk).getByRole('heading', { name: 'AJ Bell Securities Limited' }).closest('li')!;
    expect(within(ajBell).getByText('Investment firm: £85,000 if the firm fails')).toBeInTheDocument();
    // The Halifax brand of Bank of Scotland plc is still named.
    expect(within(risk).getByText(/ · Halifax$/)).toBeInTheDocument();
  });

  it('shows an ISA without its provider as protection unknown, not at risk', async () => {
    show(
      dashboardOf([
        account('h', 'Halifax saver', 70_000_00, BOS('Halifax')),
        {
          input: { id: 'isa', balancePence: 20_000_00, institution: null, holders: 1, category: 'deposit' },
          name: 'Cash ISA',
          bankName: null,
          legalName: null,
          unknownReason: 'isa-provider-missing',
        },
      ]),
    );
    const risk = await screen.findByRole('region', { name: 'Where your money is' });
    expect(within(risk).getByRole('heading', { name: 'ISA provider not chosen' }).closest('li')!).toHaveTextContent(
      'Choose the provider in the ISA Details card',
    );
    expect(figure('At risk')).toHaveTextContent('£0.00');
    expect(figure('Protection unknown')).toHaveTextContent('£20,000.00');
  });

  it('says what a plan without the Protection Hub leaves out', async () => {
    show(dashboardOf(ISSUE_SAVER, { withheld: ['alerts'] }));
    expect(
      await screen.findByText('Alerts when a licence nears its limit come with the Big Pig plan.'),
    ).toBeInTheDocument();
  });

  it('says where the total line starts when seven accounts were added with balances dated 01/11/2026', async () => {
    show(
      dashboardOf(ISSUE_SAVER, {
        balanceLine: {
          granularity: 'month',
          points: [{ date: TODAY, balancePence: 200_000_00 }],
          trackingStart: { date: '2026-11-01', accountCount: 7, isOneDate: true },
        },
      }),
    );
    const line = await screen.findByRole('region', { name: TOTAL_BALANCE_TITLE });
    expect(
      await within(line).findByText(/Tracking starts 01\/11\/2026 for 7 accounts: the total starts there\./),
    ).toBeInTheDocument();
    expect(within(line).queryByText(/Each account counts from its first transaction/)).toBeNull();
  });

  it('leads a new user to add a first account, or to the checker', async () => {
    show(dashboardOf([], { accountCount: 0 }));
    const empty = await screen.findByRole('region', { name: EMPTY_TITLE });
    expect(within(empty).getByRole('link', { name: 'Add an account' })).toHaveAttribute('href', '/account/new');
    expect(within(empty).getByRole('link', { name: 'Check a bank’s protection first' })).toHaveAttribute(
      'href',
      '/features/fscs-protection-checker',
    );
    expect(screen.queryByRole('region', { name: 'Your savings' })).toBeNull();
  });

  it('asks an unverified user to verify their email', async () => {
    mockApi({
      'GET /api/me': json(200, makeMe({ emailVerified: false })),
      'GET /api/dashboard': json(200, dashboardOf([], { accountCount: 0 })),
    });
    renderApp('/dashboard');
    expect(await screen.findByText('Verify your email address')).toBeInTheDocument();
  });
});
