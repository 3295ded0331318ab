import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi } from '../test/api-mock.ts';
import { BankPicker } from './bank-picker.tsx';
import { advance, expectLoadingThenEmpty, openPicker, renderPicker, typeSlowly } from './picker-test-utils.tsx';
import type { BankOption } from './types.ts';

function bank(overrides: Partial<BankOption> & Pick<BankOption, 'id' | 'bankName'>): BankOption {
  return {
    legalName: overrides.bankName,
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
  id: 'b-halifax',
  bankName: 'Halifax',
  legalName: 'Bank of Scotland plc',
  frn: '169628',
  bankingGroupId: 'frn-169628',
  isAmbiguous: true,
});
const halifaxOther = bank({
  id: 'b-halifax-2',
  bankName: 'Halifax',
  legalName: 'Lloyds Bank Corporate Markets Plc',
  frn: '763256',
  bankingGroupId: 'frn-763256',
  isAmbiguous: true,
});
const monzo = bank({ id: 'b-monzo', bankName: 'Monzo Bank Ltd', legalName: 'Monzo Bank Ltd', frn: '730427' });
const nationwide = bank({
  id: 'b-nationwide',
  bankName: 'Nationwide',
  legalName: 'Nationwide Building Society',
  frn: '106078',
  type: 'building_society',
});
const nsAndI = bank({
  id: 'b-nsi',
  bankName: 'NS&I',
  legalName: 'National Savings and Investments',
  frn: null,
  bankingGroupId: 'nsandi',
  type: 'government_savings_bank',
  protectionBasis: 'hm_treasury',
});
const jersey = bank({
  id: 'b-jersey',
  bankName: 'Offshore Savings Jersey',
  legalName: 'Offshore Savings Jersey',
  isCrownDependency: true,
});
const gibraltar = bank({ id: 'b-gib', bankName: 'Rock Bank', legalName: 'Rock Bank', protectionBasis: 'unverified' });

const BANKS = '/api/reference/banks';

function renderBankPicker(options: { excludePlatforms?: boolean; initial?: BankOption | null } = {}) {
  return renderPicker<BankOption>(
    'Bank',
    (props) => <BankPicker {...props} excludePlatforms={options.excludePlatforms} />,
    {
      initial: options.initial,
      describe: (value) => value.id,
    },
  );
}

/** Answers a bank search from a fixed list, matching as the server does (substring, any case). */
function banksFrom(list: BankOption[]) {
  return ({ url }: { url: URL }) => {
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    return json(200, { banks: list.filter((b) => `${b.bankName} ${b.legalName}`.toLowerCase().includes(q)) });
  };
}

describe('the bank picker', () => {
  it("shows 'Select bank...' on a combobox named by its label, and 'Search banks...' once opened", async () => {
    mockApi({ [`GET ${BANKS}`]: banksFrom([halifax, monzo]) });
    const { user } = renderBankPicker();

    expect(screen.getByRole('combobox', { name: 'Bank' })).toHaveAttribute('aria-expanded', 'false');
    const search = await openPicker(user, 'Bank', { placeholder: 'Select bank...', search: 'Search banks...' });
    const listbox = await screen.findByRole('listbox', { name: 'Search banks' });
    expect(search).toHaveAttribute('aria-controls', listbox.id);
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['HalifaxBank of Scotland plc · FRN 169628', 'Monzo Bank LtdFRN 730427']);
  });

  it("says 'Loading banks...' while the search runs, then 'No banks found.' when nothing matches", async () => {
    await expectLoadingThenEmpty(
      `GET ${BANKS}`,
      { banks: [] },
      () => renderBankPicker().user.click(screen.getByRole('combobox', { name: 'Bank' })),
      { loading: 'Loading banks...', empty: 'No banks found.' },
    );
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search banks' })).toHaveAttribute('aria-expanded', 'false');
  });

  it("says 'Failed to load banks: ...' inline with the server's reason when the search fails", async () => {
    mockApi({ [`GET ${BANKS}`]: apiError(503, 'UNAVAILABLE', 'The bank list is being updated') });
    const { user } = renderBankPicker();
    await user.click(screen.getByRole('combobox', { name: 'Bank' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load banks: The bank list is being updated');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('searches once, 300 ms after typing stops, not once per key', async () => {
    const api = mockApi({ [`GET ${BANKS}`]: banksFrom([halifax, halifaxOther, monzo, nationwide]) });
    const { user } = renderBankPicker();
    await user.click(screen.getByRole('combobox', { name: 'Bank' }));
    await screen.findAllByRole('option');
    const searches = () => api.calls(`GET ${BANKS}`).map((r) => r.url.searchParams.get('q'));
    expect(searches()).toEqual([null]);

    // Three keys 100 ms apart: the last lands at 200 ms, so the search is due at 500 ms.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await typeSlowly(screen.getByRole('combobox', { name: 'Search banks' }), 'hal', 100);
    await advance(299);
    expect(searches()).toEqual([null]);
    await advance(1);
    expect(searches()).toEqual([null, 'hal']);
    await advance(1000);
    expect(searches()).toEqual([null, 'hal']);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'HalifaxBank of Scotland plc · FRN 169628',
      'HalifaxLloyds Bank Corporate Markets Plc · FRN 763256',
    ]);
  });

  it('asks the server to leave platforms out when excludePlatforms is set', async () => {
    const api = mockApi({ [`GET ${BANKS}`]: banksFrom([monzo]) });
    const { user } = renderBankPicker({ excludePlatforms: true });
    await user.click(screen.getByRole('combobox', { name: 'Bank' }));
    await screen.findByRole('option', { name: /^Monzo Bank Ltd/ });
    expect(api.calls(`GET ${BANKS}`).map((r) => r.url.searchParams.get('excludePlatforms'))).toEqual(['true']);
  });

  it('does not filter platforms unless asked', async () => {
    const api = mockApi({ [`GET ${BANKS}`]: banksFrom([monzo]) });
    const { user } = renderBankPicker();
    await user.click(screen.getByRole('combobox', { name: 'Bank' }));
    await screen.findByRole('option', { name: /^Monzo Bank Ltd/ });
    expect(api.calls(`GET ${BANKS}`).map((r) => r.url.searchParams.has('excludePlatforms'))).toEqual([false]);
  });

  it('names the licence behind an ambiguous brand, and behind any brand whose legal name differs', async () => {
    mockApi({ [`GET ${BANKS}`]: banksFrom([halifax, halifaxOther, monzo, nationwide]) });
    const { user } = renderBankPicker();
    await user.click(screen.getByRole('combobox', { name: 'Bank' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'HalifaxBank of Scotland plc · FRN 169628',
      'HalifaxLloyds Bank Corporate Markets Plc · FRN 763256',
      'Monzo Bank LtdFRN 730427',
      'NationwideNationwide Building Society · FRN 106078',
    ]);
  });

  it("shows a licence holder's own row with its FRN, and a brand without an FRN with no number", async () => {
    const holder = bank({
      id: 'b-bos-plc',
      bankName: 'Bank of Scotland plc',
      legalName: 'Bank of Scotland plc',
      frn: '169628',
      bankingGroupId: 'frn-169628',
    });
    const chip = bank({
      id: 'b-chip',
      bankName: 'Chip',
      legalName: 'Chip Financial Ltd',
      frn: null,
      bankingGroupId: 'platform-chip',
      type: 'platform',
      protectionBasis: 'via_partner_banks',
    });
    mockApi({ [`GET ${BANKS}`]: banksFrom([holder, chip, nsAndI]) });
    const { user } = renderBankPicker();
    await user.click(screen.getByRole('combobox', { name: 'Bank' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Bank of Scotland plcFRN 169628',
      'ChipPlatform: protected through its partner banksChip Financial Ltd',
      'NS&IHM Treasury backedNational Savings and Investments',
    ]);
  });

  it('chooses the brand at the top of what the server found with Enter typed straight after the name', async () => {
    // The server ranks the everyday brand first; Enter within the debounce must not pick from the list shown before.
    const santander = bank({ id: 'b-santander', bankName: 'Santander', legalName: 'Santander UK Plc', frn: '106054' });
    const business = bank({
      id: 'b-santander-business',
      bankName: 'Santander Business',
      legalName: 'Santander UK Plc',
      frn: '106054',
    });
    mockApi({ [`GET ${BANKS}`]: banksFrom([halifax, monzo, santander, business]) });
    const { user, chosen } = renderBankPicker();
    await user.click(screen.getByRole('combobox', { name: 'Bank' }));
    await screen.findAllByRole('option');
    await user.type(screen.getByRole('combobox', { name: 'Search banks' }), 'Santander{Enter}');
    await waitFor(() => expect(chosen()).toBe('b-santander'));
    expect(screen.getByRole('combobox', { name: 'Bank' })).toHaveTextContent(/^Santander$/);
  });

  it('notes NS&I, Crown Dependency and unverified banks neutrally', async () => {
    mockApi({ [`GET ${BANKS}`]: banksFrom([nsAndI, jersey, gibraltar]) });
    const { user } = renderBankPicker();
    await user.click(screen.getByRole('combobox', { name: 'Bank' }));
    expect(await screen.findByRole('option', { name: /^NS&I/ })).toHaveTextContent('HM Treasury backed');
    expect(screen.getByRole('option', { name: /^Offshore Savings Jersey/ })).toHaveTextContent(
      'Outside FSCS (Crown Dependency)',
    );
    expect(screen.getByRole('option', { name: /^Rock Bank/ })).toHaveTextContent('FSCS status not confirmed');
  });

  it('chooses with the arrow keys and Enter, shows the licence of an ambiguous choice and returns focus', async () => {
    mockApi({ [`GET ${BANKS}`]: banksFrom([halifax, halifaxOther, monzo]) });
    const { user, chosen, onChange } = renderBankPicker();
    const trigger = screen.getByRole('combobox', { name: 'Bank' });
    await user.click(trigger);
    const search = screen.getByRole('combobox', { name: 'Search banks' });
    await screen.findAllByRole('option');

    expect(search).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]?.id);
    await user.keyboard('{ArrowDown}');
    const second = screen.getAllByRole('option')[1];
    expect(search).toHaveAttribute('aria-activedescendant', second?.id);
    expect(second).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');

    expect(chosen()).toBe('b-halifax-2');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger).toHaveTextContent('Halifax (Lloyds Bank Corporate Markets Plc)');
    expect(trigger).toHaveFocus();
  });

  it('shows a chosen bank that is not ambiguous by its name alone', async () => {
    mockApi({});
    renderBankPicker({ initial: nationwide });
    expect(screen.getByRole('combobox', { name: 'Bank' })).toHaveTextContent(/^Nationwide$/);
  });
});
