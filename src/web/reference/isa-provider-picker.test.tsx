import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockApi } from '../test/api-mock.ts';
import { IsaProviderPicker } from './isa-provider-picker.tsx';
import { expectLoadingThenEmpty, openPicker, renderPicker } from './picker-test-utils.tsx';
import type { IsaProviderOption, IsaType } from './types.ts';

function provider(
  id: string,
  platformName: string,
  legalName: string,
  extra: Partial<IsaProviderOption> = {},
): IsaProviderOption {
  return {
    id,
    platformName,
    legalName,
    fcaReference: '123456',
    isaTypes: ['cash'],
    fscsCategory: 'banking_group',
    bankingGroupName: legalName,
    bankingGroupFrn: '123456',
    protectionBasis: 'fscs_deposit',
    userMessage: 'Protected up to the deposit limit per banking group',
    warnUserLevel: 'info',
    ...extra,
  };
}

const tesco = provider('Z1001', 'Tesco Bank', 'Tesco Personal Finance plc', { fcaReference: '186201' });
const vanguard = provider('Z1002', 'Vanguard', 'Vanguard Investments UK, Limited', {
  fscsCategory: 'investment_platform',
  isaTypes: ['stocks_and_shares', 'lisa'],
  fcaReference: '527322',
});
const nsAndI = provider('Z1003', 'NS&I', 'NS&I', {
  fscsCategory: 'government_backed',
  fcaReference: null,
  isaTypes: ['cash', 'jisa'],
});

const PROVIDERS = 'GET /api/reference/isa-providers';

function renderIsaPicker(isaType?: IsaType) {
  return renderPicker<IsaProviderOption>(
    'ISA provider',
    (props) => <IsaProviderPicker {...props} isaType={isaType} />,
    {
      describe: (value) => value.id,
    },
  );
}

describe('the ISA provider picker', () => {
  it("reads 'Select ISA provider...' and 'Search ISA providers...', and lists the providers with the firm behind each", async () => {
    mockApi({ [PROVIDERS]: json(200, { providers: [nsAndI, tesco, vanguard] }) });
    const { user } = renderIsaPicker();
    await openPicker(user, 'ISA provider', {
      placeholder: 'Select ISA provider...',
      search: 'Search ISA providers...',
    });
    await screen.findAllByRole('option');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'NS&IHM Treasury backed',
      'Tesco BankTesco Personal Finance plc · FRN 186201',
      'VanguardVanguard Investments UK, Limited · FRN 527322',
    ]);
  });

  it('asks only for providers of the ISA type given', async () => {
    const api = mockApi({ [PROVIDERS]: json(200, { providers: [vanguard] }) });
    const { user } = renderIsaPicker('lisa');
    await user.click(screen.getByRole('combobox', { name: 'ISA provider' }));
    await user.type(screen.getByRole('combobox', { name: 'Search ISA providers' }), 'van');
    await waitFor(() => expect(api.calls(PROVIDERS)).toHaveLength(2));
    expect(api.calls(PROVIDERS).map((r) => Object.fromEntries(r.url.searchParams))).toEqual([
      { isaType: 'lisa' },
      { q: 'van', isaType: 'lisa' },
    ]);
  });

  it('asks for every type when none is given', async () => {
    const api = mockApi({ [PROVIDERS]: json(200, { providers: [tesco] }) });
    const { user } = renderIsaPicker();
    await user.click(screen.getByRole('combobox', { name: 'ISA provider' }));
    await screen.findByRole('option');
    expect(api.calls(PROVIDERS).map((r) => r.url.search)).toEqual(['']);
  });

  it("says 'Loading providers...' and then 'No ISA providers found.'", async () => {
    await expectLoadingThenEmpty(
      PROVIDERS,
      { providers: [] },
      () => renderIsaPicker('ifisa').user.click(screen.getByRole('combobox', { name: 'ISA provider' })),
      { loading: 'Loading providers...', empty: 'No ISA providers found.' },
    );
  });

  it("says 'Failed to load providers: ...' when the search fails", async () => {
    mockApi({ [PROVIDERS]: apiError(400, 'VALIDATION_ERROR', 'Unknown ISA type') });
    const { user } = renderIsaPicker();
    await user.click(screen.getByRole('combobox', { name: 'ISA provider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load providers: Unknown ISA type');
  });

  it('stores the chosen provider and shows its platform name', async () => {
    mockApi({ [PROVIDERS]: json(200, { providers: [tesco, vanguard] }) });
    const { user, chosen } = renderIsaPicker();
    const trigger = screen.getByRole('combobox', { name: 'ISA provider' });
    await user.click(trigger);
    await screen.findAllByRole('option');
    await user.keyboard('{End}{Enter}');
    expect(chosen()).toBe('Z1002');
    expect(trigger).toHaveTextContent(/^Vanguard$/);
  });
});
