import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeMe, type MockRequest, mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { BankDataOverview, BankDataRow, BankDataTab } from './api.ts';
import { BANK_DATA_MANAGEMENT_SUBTITLE } from './bank-data-management-page.tsx';
import { EDIT_CONSEQUENCE } from './edit-row-dialog.tsx';

beforeAll(() => Promise.all([import('./banking-groups-page.tsx'), import('./bank-data-management-page.tsx')]), 60_000);
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const row = (over: Partial<BankDataRow> & Pick<BankDataRow, 'id' | 'name'>): BankDataRow => ({
  legalName: null,
  frn: null,
  nameNote: null,
  type: 'bank',
  protectionBasis: 'fscs_deposit',
  groupId: null,
  groupName: null,
  websiteUrl: null,
  comments: null,
  userMessage: null,
  displayToUser: true,
  warnUserLevel: 'low',
  confidenceScore: 100,
  isActive: true,
  updatedFlag: false,
  adminEditedAt: null,
  isUpdated: false,
  isShared: false,
  ...over,
});

const member = (id: string, name: string, isUpdated = false) => ({
  id,
  name,
  frn: '169628',
  isActive: true,
  isUpdated,
});

const GROUPS = [
  row({
    id: 'frn-169628',
    name: 'Bank of Scotland',
    legalName: 'Bank of Scotland plc',
    frn: '169628',
    isShared: true,
    isUpdated: true,
    brands: [member('b1', 'Bank of Scotland'), member('b2', 'Halifax', true)],
    isaPlatforms: [{ id: 'Z0001', name: 'Halifax ISA', frn: null, isActive: true, isUpdated: false }],
  }),
  row({ id: 'frn-100000', name: 'Solo Bank', legalName: 'Solo Bank Ltd', frn: '100000', brands: [], isaPlatforms: [] }),
];
const BANKS = [
  row({ id: 'b2', name: 'Halifax', frn: '169628', groupId: 'frn-169628', groupName: 'Bank of Scotland plc' }),
];

function bankDataServer() {
  let banks = BANKS;
  const overview = (request: MockRequest) => {
    const tab = (request.url.searchParams.get('tab') ?? 'groups') as BankDataTab;
    const q = (request.url.searchParams.get('q') ?? '').toLowerCase();
    const all = tab === 'groups' ? GROUPS : tab === 'banks' ? banks : [];
    const rows = all.filter((r) => r.name.toLowerCase().includes(q) || (r.frn ?? '').includes(q));
    const body: BankDataOverview = {
      tab,
      q,
      page: 1,
      pageSize: 50,
      total: rows.length,
      counts: { groups: 2, banks: 1, isas: 0, pensions: 0 },
      lastSync: { at: new Date(Date.now() - 3 * 3600 * 1000).toISOString(), source: 'import' },
      rows,
    };
    return json(200, body);
  };
  return mockApi({
    'GET /api/me': json(200, makeMe({ isAdmin: true, twoFactorEnabled: true })),
    'GET /api/admin/check': json(200, { isAdmin: true }),
    'GET /api/admin/bank-data/overview': overview,
    'PATCH /api/admin/bank-data/banks/b2': (request) => {
      const edit = request.body as { userMessage?: string; frn?: string };
      if (edit.frn === '12') return apiError(400, 'VALIDATION_FAILED', 'FRN must be 6 or 7 digits');
      banks = banks.map((b) => (b.id === 'b2' ? { ...b, ...edit, isUpdated: true } : b));
      return json(200, { row: banks[0] });
    },
  });
}

describe('the banking data admin screen', () => {
  it('shows the groups with Shared and Updated badges, the last sync as ago, and expands a group', async () => {
    bankDataServer();
    const { user } = renderApp('/admin/banking-groups');
    await screen.findByRole('heading', { level: 1, name: 'Banking data' });
    const list = await screen.findByRole('list', { name: 'Bank Groups' });
    const [bos, solo] = within(list).getAllByRole('listitem');
    expect(within(bos!).getByText('Shared')).toBeInTheDocument();
    expect(within(bos!).getByText('Updated')).toBeInTheDocument();
    expect(within(solo!).queryByText('Shared')).toBeNull();
    expect(screen.getByText('3 hours ago')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Loaded 2 banking groups, 1 bank reference, 0 ISA providers, and 0 pension providers from database',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Bank Groups/ })).toHaveAttribute('aria-selected', 'true');

    const expand = within(bos!).getByRole('button', { name: 'Show brands and ISA platforms of Bank of Scotland' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    expect(expand).toHaveAttribute('aria-expanded', 'true');
    const banks = within(bos!).getByRole('region', { name: 'Banks' });
    expect(within(banks).getByText('Halifax')).toBeInTheDocument();
    expect(within(within(banks).getByText('Halifax').closest('li')!).getByText('Updated')).toBeInTheDocument();
    expect(
      within(within(bos!).getByRole('region', { name: 'ISA platforms' })).getByText('Halifax ISA'),
    ).toBeInTheDocument();
  });

  it("says the spec's 'Failed to fetch banking data from database' when the data cannot be read", async () => {
    mockApi({
      'GET /api/me': json(200, makeMe({ isAdmin: true, twoFactorEnabled: true })),
      'GET /api/admin/check': json(200, { isAdmin: true }),
      'GET /api/admin/bank-data/overview': () => apiError(500, 'INTERNAL', 'Internal error'),
    });
    renderApp('/admin/banking-groups');
    expect(await screen.findByText('Failed to fetch banking data from database')).toBeInTheDocument();
    expect(screen.queryByText(/^Loaded /)).toBeNull();
  });

  it('searches the tab it is on, and says when nothing matches', async () => {
    const api = bankDataServer();
    const { user } = renderApp('/admin/banking-groups');
    await screen.findByRole('list', { name: 'Bank Groups' });
    await user.type(screen.getByRole('searchbox', { name: 'Search Bank Groups' }), 'solo');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Bank Groups' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(api.calls('GET /api/admin/bank-data/overview').some((c) => c.url.searchParams.get('q') === 'solo')).toBe(
      true,
    );
    await user.clear(screen.getByRole('searchbox', { name: 'Search Bank Groups' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search Bank Groups' }), 'nothing here');
    expect(await screen.findByText('No banking groups match “nothing here”')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /^Banks/ }));
    const banks = await screen.findByRole('list', { name: 'Banks' });
    expect(within(banks).getByText('Halifax')).toBeInTheDocument();
    expect(within(banks).getByText(/Licence: Bank of Scotland plc/)).toBeInTheDocument();
  });

  it('edits a row in a dialog that says what saving does, and shows the server’s message', async () => {
    const api = bankDataServer();
    const { user } = renderApp('/admin/banking-groups');
    await screen.findByRole('list', { name: 'Bank Groups' });
    await user.click(screen.getByRole('tab', { name: /^Banks/ }));
    await user.click(await screen.findByRole('button', { name: 'Edit Halifax' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit bank' });
    expect(within(dialog).getByText(EDIT_CONSEQUENCE)).toBeInTheDocument();

    const frn = within(dialog).getByRole('textbox', { name: /FRN/ });
    await user.clear(frn);
    await user.type(frn, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('FRN must be 6 or 7 digits');

    await user.clear(frn);
    await user.type(frn, '169628');
    await user.type(within(dialog).getByRole('textbox', { name: /User message/ }), 'Checked by the team');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = api.calls('PATCH /api/admin/bank-data/banks/b2').at(-1)!.body;
    // Only what changed is sent: untouched fields are not the admin's edit.
    expect(sent).toEqual({ userMessage: 'Checked by the team' });
    const banks = await screen.findByRole('list', { name: 'Banks' });
    await waitFor(() => expect(within(banks).getByText('Updated')).toBeInTheDocument());
  });
});

describe('moving a brand to another licence', () => {
  it('picks the licence from a search of the banking groups and sends only it', async () => {
    const api = bankDataServer();
    const { user } = renderApp('/admin/banking-groups');
    await screen.findByRole('list', { name: 'Bank Groups' });
    await user.click(screen.getByRole('tab', { name: /^Banks/ }));
    await user.click(await screen.findByRole('button', { name: 'Edit Halifax' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit bank' });
    const licence = within(dialog).getByRole('combobox', { name: /Licence \(banking group\)/ });
    expect(licence).toHaveTextContent('Bank of Scotland plc');
    await user.click(licence);
    await user.type(screen.getByRole('combobox', { name: 'Search banking groups' }), 'solo');
    await user.click(await screen.findByRole('option', { name: /Solo Bank/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls('PATCH /api/admin/bank-data/banks/b2')).toHaveLength(1));
    expect(api.calls('PATCH /api/admin/bank-data/banks/b2')[0]!.body).toEqual({ bankingGroupId: 'frn-100000' });
  });
});

describe('the banking data admin screen, by keyboard and page by page', () => {
  it('opens the edit dialog from the keyboard and gives focus back when it closes', async () => {
    bankDataServer();
    const { user } = renderApp('/admin/banking-groups');
    await screen.findByRole('list', { name: 'Bank Groups' });
    const edit = screen.getByRole('button', { name: 'Edit Bank of Scotland' });
    edit.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Edit banking group' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(within(dialog).getByRole('switch', { name: 'Show the user message to savers' })).toBeChecked();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(edit).toHaveFocus();
  });

  it('pages through a long tab', async () => {
    const api = mockApi({
      'GET /api/me': json(200, makeMe({ isAdmin: true, twoFactorEnabled: true })),
      'GET /api/admin/check': json(200, { isAdmin: true }),
      'GET /api/admin/bank-data/overview': (request) => {
        const page = Number(request.url.searchParams.get('page') ?? '1');
        const body: BankDataOverview = {
          tab: 'groups',
          q: '',
          page,
          pageSize: 50,
          total: 120,
          counts: { groups: 120, banks: 0, isas: 0, pensions: 0 },
          lastSync: null,
          rows: [row({ id: `g${page}`, name: `Group on page ${page}`, brands: [], isaPlatforms: [] })],
        };
        return json(200, body);
      },
    });
    const { user } = renderApp('/admin/banking-groups');
    await screen.findByText('Group on page 1');
    expect(screen.getByText('Not synced yet')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Bank Groups pages' });
    expect(within(pages).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await screen.findByText('Group on page 2');
    expect(api.calls('GET /api/admin/bank-data/overview').at(-1)!.url.searchParams.get('page')).toBe('2');
  });
});

describe('the Bank Data Management page', () => {
  it('has the title, subtitle, Back to Settings, and the Data and Spreadsheet Entry tabs', async () => {
    bankDataServer();
    const { user } = renderApp('/admin/bank-data-management');
    await screen.findByRole('heading', { level: 1, name: 'Bank Data Management' });
    expect(screen.getByText(BANK_DATA_MANAGEMENT_SUBTITLE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute('href', '/admin/settings');
    expect(await screen.findByRole('list', { name: 'Bank Groups' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Spreadsheet Entry' }));
    expect(screen.getByRole('link', { name: 'Open the importer' })).toHaveAttribute('href', '/admin/bank-data');
    const banksTab = screen.getByRole('region', { name: 'Banks tab' });
    expect(within(banksTab).getAllByRole('listitem')).toHaveLength(14);
    expect(within(banksTab).getByText('Brand name')).toBeInTheDocument();
  });
});
