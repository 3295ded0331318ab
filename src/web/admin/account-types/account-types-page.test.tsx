import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeMe, type MockHandler, mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { AdminAccountType } from './api.ts';

beforeAll(() => import('./account-types-page.tsx'), 60_000);
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const type = (id: string, name: string, accountCount = 0, description: string | null = null): AdminAccountType => ({
  id,
  name,
  description,
  sortOrder: 0,
  accountCount,
});

/** A small in-memory server for the admin account-type routes. */
function typesServer(initial: AdminAccountType[], overrides: Record<string, MockHandler> = {}) {
  let types = initial.map((t, i) => ({ ...t, sortOrder: i + 1 }));
  const api = mockApi({
    'GET /api/me': json(200, makeMe({ isAdmin: true, twoFactorEnabled: true })),
    'GET /api/admin/check': json(200, { isAdmin: true }),
    'GET /api/admin/account-types': () => json(200, { accountTypes: types }),
    'POST /api/admin/account-types': (request) => {
      const body = request.body as { name: string; description: string | null };
      const created = { id: `new-${types.length}`, ...body, sortOrder: 999, accountCount: 0 };
      types = [...types, created];
      return json(201, { accountType: created });
    },
    'PUT /api/admin/account-types/order': (request) => {
      const ids = (request.body as { ids: string[] }).ids;
      types = ids.map((id, i) => ({ ...types.find((t) => t.id === id)!, sortOrder: i + 1 }));
      return json(200, { accountTypes: types });
    },
    ...overrides,
  });
  return { api, current: () => types, set: (next: AdminAccountType[]) => (types = next) };
}

const SEEDED = [type('savings', 'Savings', 3, 'Easy access'), type('current', 'Current'), type('bond', 'Bond', 1)];

const rows = () => within(screen.getByRole('list', { name: 'Account types in order' })).getAllByRole('listitem');
const names = () => rows().map((row) => row.querySelector('[data-type-name]')?.textContent);

async function openPage() {
  const rendered = renderApp('/admin/account-types');
  await screen.findByRole('heading', { level: 1, name: 'Account types' });
  await screen.findByRole('list', { name: 'Account types in order' });
  return rendered;
}

describe('the account types admin page', () => {
  it('lists the types in order, with how many accounts use each', async () => {
    typesServer(SEEDED);
    await openPage();
    expect(names()).toEqual(['Savings', 'Current', 'Bond']);
    expect(within(rows()[0]!).getByText('Used by 3 accounts')).toBeInTheDocument();
    expect(within(rows()[0]!).getByText('Easy access')).toBeInTheDocument();
    expect(within(rows()[1]!).queryByText(/Used by/)).toBeNull();
    expect(within(rows()[2]!).getByText('Used by 1 account')).toBeInTheDocument();
  });

  it('says why the list did not load, and loads it on request', async () => {
    let fail = true;
    typesServer(SEEDED, {
      'GET /api/admin/account-types': () =>
        fail
          ? apiError(500, 'INTERNAL', 'Something went wrong. Please try again.')
          : json(200, { accountTypes: SEEDED }),
    });
    const { user } = renderApp('/admin/account-types');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load account types: Something went wrong. Please try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('list', { name: 'Account types in order' });
  });

  it('adds a type: the name is required and trimmed, and the list shows the new type', async () => {
    const server = typesServer(SEEDED);
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add account type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add account type' });
    await user.click(within(dialog).getByRole('button', { name: 'Add account type' }));
    expect(within(dialog).getByText('Account type name is required')).toBeInTheDocument();
    expect(server.api.calls('POST /api/admin/account-types')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), '  Loyalty Saver ');
    await user.type(within(dialog).getByLabelText(/Description/), ' Bonus for no withdrawals ');
    await user.click(within(dialog).getByRole('button', { name: 'Add account type' }));
    expect(await screen.findByText('Account type added successfully')).toBeInTheDocument();
    expect(server.api.calls('POST /api/admin/account-types')[0]?.body).toEqual({
      name: 'Loyalty Saver',
      description: 'Bonus for no withdrawals',
    });
    await waitFor(() => expect(names()).toEqual(['Savings', 'Current', 'Bond', 'Loyalty Saver']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the dialog open on a taken name, and tells a non-admin only admins can add types', async () => {
    let status = 409;
    typesServer(SEEDED, {
      'POST /api/admin/account-types': () =>
        status === 409
          ? apiError(409, 'CONFLICT', 'An account type with this name already exists')
          : status === 403
            ? apiError(403, 'FORBIDDEN', 'Only admins can add account types')
            : apiError(500, 'INTERNAL', 'Something went wrong. Please try again.'),
    });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add account type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add account type' });
    await user.type(within(dialog).getByLabelText('Name'), 'savings');
    await user.click(within(dialog).getByRole('button', { name: 'Add account type' }));
    expect(await within(dialog).findByText('An account type with this name already exists')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    status = 403;
    await user.click(within(dialog).getByRole('button', { name: 'Add account type' }));
    expect(await screen.findByText('Only admins can add account types')).toBeInTheDocument();

    status = 500;
    await user.click(within(dialog).getByRole('button', { name: 'Add account type' }));
    expect(
      await screen.findByText('Failed to add account type: Something went wrong. Please try again.'),
    ).toBeInTheDocument();
  });

  it('warns before renaming a type in use, naming how many accounts will be renamed', async () => {
    const server = typesServer(SEEDED, {
      'PUT /api/admin/account-types/savings': (request) => {
        const body = request.body as { name: string; description: string | null };
        server.set(server.current().map((t) => (t.id === 'savings' ? { ...t, ...body } : t)));
        return json(200, { accountType: { ...SEEDED[0], ...body }, renamedAccounts: 3 });
      },
    });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit Savings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit account type' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Savings');
    expect(within(dialog).queryByText('This type is in use')).toBeNull();

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Easy Access Saver');
    expect(within(dialog).getByText('This type is in use')).toBeInTheDocument();
    expect(
      within(dialog).getByText('3 accounts use "Savings". Saving renames the type on all 3 to "Easy Access Saver".'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Rename on 3 accounts' }));
    expect(await screen.findByText('Account type updated successfully')).toBeInTheDocument();
    expect(server.api.calls('PUT /api/admin/account-types/savings')[0]?.body).toEqual({
      name: 'Easy Access Saver',
      description: 'Easy access',
    });
    await waitFor(() => expect(names()[0]).toBe('Easy Access Saver'));
  });

  it('says when an update fails', async () => {
    typesServer(SEEDED, {
      'PUT /api/admin/account-types/current': apiError(500, 'INTERNAL', 'Something went wrong. Please try again.'),
    });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit Current' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit account type' });
    await user.type(within(dialog).getByLabelText(/Description/), 'Everyday');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Failed to update account type: Something went wrong. Please try again.'),
    ).toBeInTheDocument();
  });

  it('deletes an unused type after confirmation', async () => {
    const server = typesServer(SEEDED, {
      'DELETE /api/admin/account-types/current': () => {
        server.set(server.current().filter((t) => t.id !== 'current'));
        return new Response(null, { status: 204 });
      },
    });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Delete Current' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete "Current"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete account type' }));
    expect(await screen.findByText('Account type deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['Savings', 'Bond']));
  });

  it('refuses to delete a type in use, without asking the server', async () => {
    const server = typesServer(SEEDED);
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Delete Bond' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete "Bond"?' });
    expect(within(dialog).getByText('Cannot delete an account type that is in use')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete account type' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(server.api.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it('says when a delete fails, or the type came into use meanwhile', async () => {
    let status = 409;
    typesServer(SEEDED, {
      'DELETE /api/admin/account-types/current': () =>
        status === 409
          ? apiError(409, 'CONFLICT', 'Cannot delete an account type that is in use')
          : apiError(500, 'INTERNAL', 'Something went wrong. Please try again.'),
    });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Delete Current' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete account type' }));
    expect(await screen.findByText('Cannot delete an account type that is in use')).toBeInTheDocument();
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Delete Current' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete account type' }));
    expect(
      await screen.findByText('Failed to delete account type: Something went wrong. Please try again.'),
    ).toBeInTheDocument();
  });

  it('moves a type with its arrow buttons: shown at once, saved, and focus follows the type', async () => {
    const server = typesServer(SEEDED);
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Move Savings down' }));
    expect(names()).toEqual(['Current', 'Savings', 'Bond']);
    expect(await screen.findByText('Order saved')).toBeInTheDocument();
    expect(server.api.calls('PUT /api/admin/account-types/order')[0]?.body).toEqual({
      ids: ['current', 'savings', 'bond'],
    });
    expect(screen.getByRole('button', { name: 'Move Savings down' })).toHaveFocus();
    expect(screen.getByText('Savings moved to position 2 of 3.')).toBeInTheDocument();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(names()).toEqual(['Current', 'Bond', 'Savings']));
    // At the bottom, "down" is disabled: focus moves to "up".
    expect(screen.getByRole('button', { name: 'Move Savings down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Savings up' })).toHaveFocus();
  });

  it('puts the saved order back when saving a new one fails', async () => {
    let answer: (response: Response) => void = () => undefined;
    typesServer(SEEDED, {
      'PUT /api/admin/account-types/order': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Move Bond up' }));
    await waitFor(() => expect(names()).toEqual(['Savings', 'Bond', 'Current']));
    answer(apiError(500, 'INTERNAL', 'Something went wrong. Please try again.'));
    expect(await screen.findByText('Failed to save order')).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['Savings', 'Current', 'Bond']));
  });

  it('offers the handle for keyboard dragging, with instructions', async () => {
    typesServer(SEEDED);
    await openPage();
    const handle = screen.getByRole('button', { name: 'Drag to reorder Savings' });
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    const instructions = document.getElementById(handle.getAttribute('aria-describedby')!);
    expect(instructions).toHaveTextContent(
      /press Space or Enter on the handle to pick the type up, the arrow keys to move it/,
    );
  });
});

describe('the way to the page', () => {
  it('is a tile of the Admin Dashboard, which the header links for admins only', async () => {
    typesServer(SEEDED);
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('link', { name: 'Admin Dashboard' }));
    expect(await screen.findByRole('link', { name: /^Account types/ })).toHaveAttribute('href', '/admin/account-types');
  });

  it('is not offered to a subscriber', async () => {
    mockApi({ 'GET /api/me': json(200, makeMe()) });
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: /Account menu for/ }));
    await screen.findByRole('menuitem', { name: 'Sign out' });
    expect(screen.queryByRole('menuitem', { name: 'Account types' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Admin Dashboard' })).toBeNull();
  });
});
