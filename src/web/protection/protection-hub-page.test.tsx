import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { type PictureAccount, protectionPicture } from '../../core/protection/picture.ts';
import type { AccountInput, InstitutionRef } from '../../core/protection/types.ts';
import { apiError, json, makeMe, meHandler, mockApi, type MockHandler } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import type { ProtectionPicture } from './api.ts';

beforeAll(() => import('./protection-hub-page.tsx'), 60_000);

const TODAY = '2026-11-22';
const ref = (brandName: string, legalName: string, frn: string): InstitutionRef => ({
  kind: 'frn',
  frn,
  legalName,
  brandName,
});
const BOS = (brand: string) => ref(brand, 'Bank of Scotland plc', '169628');
const NATIONWIDE = ref('Nationwide Building Society', 'Nationwide Building Society', '106078');
const NSANDI: InstitutionRef = { kind: 'bank-name', bankName: 'National Savings and Investments (NS&I)' };

function saver(
  id: string,
  name: string,
  pence: number,
  institution: InstitutionRef,
  extra: Partial<AccountInput> = {},
): PictureAccount {
  const bankName =
    institution.kind === 'frn' ? (institution.brandName ?? institution.legalName) : extra.category ? 'NS&I' : null;
  return {
    input: { id, balancePence: pence, institution, holders: 1, category: 'deposit', ...extra },
    name,
    bankName,
    legalName: institution.kind === 'frn' ? institution.legalName : institution.bankName,
    unknownReason: null,
  };
}

/** The API's answer for these accounts, worked out by the same engine the server runs. */
function pictureOf(accounts: PictureAccount[], dismissedUntil: string | null = null): ProtectionPicture {
  const { limits, alerts, ...rest } = protectionPicture(accounts, TODAY);
  const { date: _date, ...applied } = limits;
  return { ...rest, limits: applied, alerts: alerts.map((a) => ({ ...a, dismissedUntil })) };
}

const ISSUE_SAVER = [
  saver('h', 'Halifax saver', 70_000_00, BOS('Halifax')),
  saver('b', 'BoS saver', 70_000_00, BOS('Bank of Scotland')),
  saver('n', 'Nationwide saver', 50_000_00, NATIONWIDE),
  saver('p', 'Premium Bonds', 10_000_00, NSANDI, { category: 'ns-and-i' }),
];

function signedIn(handlers: Record<string, MockHandler>) {
  return mockApi({ 'GET /api/me': meHandler(makeMe({ tier: 'trial_bigpig' })), ...handlers });
}

describe('the Protection Hub', () => {
  it('answers first: the badge and the three cards, one licence £20,000 at risk, NS&I backed by HM Treasury', async () => {
    signedIn({ 'GET /api/protection': json(200, pictureOf(ISSUE_SAVER)) });
    renderApp('/protection');
    expect(await screen.findByRole('heading', { level: 1, name: 'Protection Hub' })).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    const card = (title: string) => within(summary).getByRole('heading', { name: title }).closest('[data-slot=card]')!;
    expect(within(card('Total Protected') as HTMLElement).getByText('£180,000.00')).toBeInTheDocument();
    expect(within(card('Unprotected Amount') as HTMLElement).getByText('£20,000.00')).toBeInTheDocument();
    expect(within(card('Banking Groups') as HTMLElement).getByText('2')).toBeInTheDocument();
    expect(screen.getByText('Mostly protected')).toBeInTheDocument();

    const bos = screen.getByRole('article', { name: 'Bank of Scotland plc' });
    expect(within(bos).getByText('£20,000.00 not protected')).toBeInTheDocument();
    expect(
      within(bos).getByText(/Halifax and Bank of Scotland are brands of Bank of Scotland plc/),
    ).toBeInTheDocument();
    expect(within(bos).getByRole('link', { name: 'Halifax saver' })).toHaveAttribute('href', '/account/h');
    const nationwide = screen.getByRole('article', { name: 'Nationwide Building Society' });
    expect(within(nationwide).getByText('Fully protected')).toBeInTheDocument();
    const nsAndI = screen.getByRole('article', { name: 'NS&I' });
    expect(within(nsAndI).getByText('Backed by HM Treasury')).toBeInTheDocument();
    expect(within(nsAndI).queryByText(/not protected/i)).toBeNull();

    expect(screen.getByRole('link', { name: 'Manage accounts' })).toHaveAttribute('href', '/accounts');
    // Smart Pig's page is registered, so the Hub offers it (the route registry decides).
    expect(screen.getByRole('link', { name: 'Smart Pig suggestions' })).toHaveAttribute('href', '/smart-pig');
    expect(screen.getByRole('button', { name: 'Print summary' })).toBeInTheDocument();
  });

  it('names investment firms in the heading, and no brand or "Why one limit?" for a firm under its own name', async () => {
    const ajBell = ref('AJ Bell', 'AJ Bell Securities Limited', '155593');
    const vanguard = ref('Vanguard Asset Management Limited', 'Vanguard Asset Management Limited', '527839');
    signedIn({
      'GET /api/protection': json(
        200,
        pictureOf([
          saver('h', 'Halifax saver', 70_000_00, BOS('Halifax')),
          saver('sipp', 'AJ Bell SIPP', 32_000_00, ajBell, { category: 'investment' }),
          saver('isa', 'Vanguard ISA', 31_000_00, vanguard, { category: 'investment' }),
        ]),
      ),
    });
    renderApp('/protection');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your money by banking licence and investment firm' }),
    ).toBeInTheDocument();
    const ajBellCard = screen.getByRole('article', { name: 'AJ Bell Securities Limited' });
    // The same basis line as Vanguard's: the firm's own name is not listed as a brand.
    expect(
      within(ajBellCard).getByText(/^Investment firm: £85,000 if the firm fails · FRN.155593$/),
    ).toBeInTheDocument();
    expect(within(ajBellCard).queryByText('Why one limit?', { exact: false })).toBeNull();
    const vanguardCard = screen.getByRole('article', { name: 'Vanguard Asset Management Limited' });
    expect(
      within(vanguardCard).getByText(/^Investment firm: £85,000 if the firm fails · FRN.527839$/),
    ).toBeInTheDocument();
    // Halifax is a brand of another name: said on its card.
    const bos = screen.getByRole('article', { name: 'Bank of Scotland plc' });
    expect(within(bos).getByText(/· Halifax$/)).toBeInTheDocument();
    expect(within(bos).getByText('Why one limit?', { exact: false })).toBeInTheDocument();
  });

  it('dismisses an alert for 7 days and moves focus to the alerts heading', async () => {
    const api = signedIn({
      'GET /api/protection': json(200, pictureOf(ISSUE_SAVER)),
      'POST /api/protection/alert-dismissals': json(200, pictureOf(ISSUE_SAVER, '2026-11-29T10:00:00.000Z')),
    });
    const { user } = renderApp('/protection');
    const dismiss = await screen.findByRole('button', {
      name: 'Dismiss for 7 days: £20,000.00 over the limit at Bank of Scotland plc',
    });
    await user.click(dismiss);
    await waitFor(() => expect(screen.queryByText('£20,000.00 over the limit at Bank of Scotland plc')).toBeNull());
    expect(api.calls('POST /api/protection/alert-dismissals')[0]?.body).toEqual({
      alertId: 'deposit|frn:169628',
      signature: 'over-limit:14000000:12000000:12000000',
    });
    expect(
      screen.getByText('1 dismissed alert is hidden until 29 Nov 2026, or until its figures change.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Alerts' })).toHaveFocus();
  });

  it('shows a joint account as the saver’s share and a temporary high balance with its end date', async () => {
    signedIn({
      'GET /api/protection': json(
        200,
        pictureOf([
          saver('j', 'Joint saver', 100_000_00, NATIONWIDE, { holders: 2 }),
          saver('s', 'House sale', 400_000_00, BOS('Halifax'), {
            temporaryHighBalance: { lifeEvent: 'home-sale', qualifyingPence: 350_000_00, creditedDate: '2026-10-01' },
          }),
        ]),
      ),
    });
    renderApp('/protection');
    const nationwide = await screen.findByRole('article', { name: 'Nationwide Building Society' });
    expect(within(nationwide).getByText(/Only your half of Joint saver counts here/)).toBeInTheDocument();
    expect(within(nationwide).getByText(/Joint account, 2 people: your half/)).toBeInTheDocument();
    const bos = screen.getByRole('article', { name: 'Bank of Scotland plc' });
    expect(within(bos).getByText('Temporary high balance: protected until 1 Apr 2027')).toBeInTheDocument();
  });

  it('keeps a printable summary with the date, the limits applied and the list by licence', async () => {
    signedIn({ 'GET /api/protection': json(200, pictureOf(ISSUE_SAVER)) });
    const { container } = renderApp('/protection');
    await screen.findByRole('region', { name: 'Summary' });
    const summary = container.querySelector('[data-print-summary]') as HTMLElement;
    expect(summary).not.toBeNull();
    expect(summary.textContent).toContain('As at 22 November 2026 (22/11/2026)');
    expect(summary.textContent).toContain(
      'FSCS deposit protection: £120,000 per person per banking licence, in force since 1 December 2025',
    );
    expect(summary.textContent).toContain('Bank of Scotland plc (FRN 169628)');
  });

  it('answers as at an earlier date with the limits then, saying the balances are today’s', async () => {
    const asAt = (date: string): ProtectionPicture => {
      const { limits, alerts, ...rest } = protectionPicture(ISSUE_SAVER, date);
      const { date: _date, ...applied } = limits;
      return { ...rest, limits: applied, alerts: alerts.map((a) => ({ ...a, dismissedUntil: null })) };
    };
    const api = signedIn({
      'GET /api/protection': ({ url }) => {
        const date = url.searchParams.get('asAt');
        return json(200, date ? asAt(date) : pictureOf(ISSUE_SAVER));
      },
    });
    const { user } = renderApp('/protection');
    await screen.findByRole('region', { name: 'Summary' });
    await user.type(screen.getByRole('textbox', { name: 'As at' }), '30/11/2025');
    await user.tab();
    expect(
      await screen.findByText('Your balances today, against the limits in force on 30 November 2025.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/On 30 November 2025 the FSCS limit is £85,000 per person per banking licence/),
    ).toBeInTheDocument();
    expect(api.requests.some((r) => r.url.searchParams.get('asAt') === '2025-11-30')).toBe(true);
    // Only today's alerts can be dismissed.
    expect(screen.queryByRole('button', { name: /^Dismiss for 7 days/ })).toBeNull();
  });

  it('shows and prints an ISA without its provider as protection unknown, so the figures add up', async () => {
    const isa: PictureAccount = {
      input: { id: 'isa', balancePence: 20_000_00, institution: null, holders: 1, category: 'deposit' },
      name: 'Cash ISA',
      bankName: null,
      legalName: null,
      unknownReason: 'isa-provider-missing',
    };
    signedIn({ 'GET /api/protection': json(200, pictureOf([...ISSUE_SAVER, isa])) });
    const { container } = renderApp('/protection');
    const outside = await screen.findByRole('article', { name: 'ISA provider not chosen' });
    expect(within(outside).getByText(/Choose the provider in the ISA Details card/)).toBeInTheDocument();
    const summary = container.querySelector('[data-print-summary]') as HTMLElement;
    expect(summary.textContent).toContain('Protection unknown (provider or bank not chosen)£20,000.00');
    expect(summary.textContent).toContain('Not protected£20,000.00');
  });

  it('leads a saver without accounts to add one', async () => {
    signedIn({ 'GET /api/protection': json(200, pictureOf([])) });
    renderApp('/protection');
    expect(await screen.findByText('No accounts yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add an account' })).toHaveAttribute('href', '/account/new');
  });

  it('says so when the plan has no Protection Hub', async () => {
    signedIn({
      'GET /api/protection': apiError(403, 'FORBIDDEN', 'The Protection Hub comes with the Big Pig plan'),
    });
    renderApp('/protection');
    expect(await screen.findByText('The Protection Hub comes with the Big Pig plan')).toBeInTheDocument();
  });
});
