import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { json, mockApi } from '../test/api-mock.ts';
import { createTestQueryClient } from '../test/render-app.tsx';
import { type MaturityAccount, MaturityNote } from './maturity-note.tsx';

const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const LIST = `GET /api/accounts/${ACCOUNT}/terms`;

const bond: MaturityAccount = {
  id: ACCOUNT,
  accountType: 'Bond',
  dateOpened: '2025-12-15',
  termLengthValue: 1,
  termLengthUnit: 'years',
};

function renderNote(account: MaturityAccount, terms: unknown[] = []) {
  const api = mockApi({ [LIST]: () => json(200, { terms }) });
  const view = render(
    <Providers queryClient={createTestQueryClient()}>
      <MaturityNote account={account} today="2026-11-28" />
    </Providers>,
  );
  return { ...view, api };
}

describe('the maturity on the account page (issue 24)', () => {
  it('shows a bond’s opening date plus its term', async () => {
    renderNote(bond);
    expect(await screen.findByText('Matures on 15 Dec 2026 (in 17 days)')).toBeInTheDocument();
    expect(screen.getByText('Its opening date plus its term.')).toBeInTheDocument();
  });

  it('shows the end date typed in its fixed-term terms first', async () => {
    renderNote(bond, [{ id: 't', termType: 'fixed_term', inputs: { termEndDate: '2026-12-01' } }]);
    expect(await screen.findByText('Matures on 1 Dec 2026 (in 3 days)')).toBeInTheDocument();
  });

  it('shows nothing for an easy-access account', async () => {
    const { container, api } = renderNote({ ...bond, accountType: 'Savings' });
    await waitFor(() => expect(api.calls(LIST)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('[data-testid="maturity-note"]')).toBeNull();
  });
});
