import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockApi } from '../test/api-mock.ts';
import { PensionProviderPicker } from './pension-provider-picker.tsx';
import { expectLoadingThenEmpty, openPicker, renderPicker } from './picker-test-utils.tsx';
import type { PensionProviderOption } from './types.ts';

function provider(id: string, providerDisplayName: string, legalEntityName: string): PensionProviderOption {
  return {
    id,
    providerDisplayName,
    legalEntityName,
    regulator: 'FCA',
    frn: '100000',
    category: 'insurer',
    coverageTag: 'insurance_100',
    userMessage: 'Insured pensions are protected in full',
    warnUserLevel: 'info',
    confidenceScore: 100,
  };
}

const aviva = provider('aviva', 'Aviva', 'Aviva Life & Pensions UK Limited');
const nest = provider('nest', 'NEST', 'NEST Corporation');
const scottishWidows = provider('scottish-widows', 'Scottish Widows', 'Scottish Widows');

const PROVIDERS = 'GET /api/reference/pension-providers';

function renderPensionPicker() {
  return renderPicker<PensionProviderOption>('Pension provider', (props) => <PensionProviderPicker {...props} />, {
    describe: (value) => value.id,
  });
}

describe('the pension provider picker', () => {
  it('lists every provider on opening, naming the legal entity where it differs', async () => {
    const api = mockApi({ [PROVIDERS]: json(200, { providers: [aviva, nest, scottishWidows] }) });
    const { user } = renderPensionPicker();
    await openPicker(user, 'Pension provider', {
      placeholder: 'Select pension provider...',
      search: 'Search pension providers...',
    });
    await screen.findAllByRole('option');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'AvivaAviva Life & Pensions UK Limited',
      'NESTNEST Corporation',
      'Scottish Widows',
    ]);
    expect(api.calls(PROVIDERS).map((r) => r.url.search)).toEqual(['']);
  });

  it('narrows the list by what is typed', async () => {
    const api = mockApi({
      [PROVIDERS]: ({ url }) => json(200, { providers: url.searchParams.get('q') === 'nest' ? [nest] : [aviva, nest] }),
    });
    const { user, chosen } = renderPensionPicker();
    await user.click(screen.getByRole('combobox', { name: 'Pension provider' }));
    await user.type(screen.getByRole('combobox', { name: 'Search pension providers' }), 'nest');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    expect(api.calls(PROVIDERS).map((r) => r.url.searchParams.get('q'))).toEqual([null, 'nest']);
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('nest');
    expect(screen.getByRole('combobox', { name: 'Pension provider' })).toHaveTextContent(/^NEST$/);
  });

  it("says 'Loading providers...' and then 'No pension providers found.'", async () => {
    await expectLoadingThenEmpty(
      PROVIDERS,
      { providers: [] },
      () => renderPensionPicker().user.click(screen.getByRole('combobox', { name: 'Pension provider' })),
      { loading: 'Loading providers...', empty: 'No pension providers found.' },
    );
  });

  it("says 'Failed to load pension providers' with the reason when the list fails", async () => {
    mockApi({
      [PROVIDERS]: apiError(500, 'INTERNAL', 'Something went wrong on our side. Please try again in a moment.'),
    });
    const { user } = renderPensionPicker();
    await user.click(screen.getByRole('combobox', { name: 'Pension provider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load pension providers: Something went wrong on our side. Please try again in a moment.',
    );
  });
});
