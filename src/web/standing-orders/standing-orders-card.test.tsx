import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { accountKeys } from '../accounts/query-keys.ts';
import { apiError, json, mockApi, type MockHandler } from '../test/api-mock.ts';
import { createTestQueryClient } from '../test/render-app.tsx';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import type { StandingOrder } from './api.ts';
import { StandingOrdersCard } from './standing-orders-card.tsx';

const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const LIST = `GET /api/accounts/${ACCOUNT}/standing-orders`;
const ADD = `POST /api/accounts/${ACCOUNT}/standing-orders`;
const PROCESS = `POST /api/accounts/${ACCOUNT}/standing-orders/process`;

function makeOrder(overrides: Partial<StandingOrder> = {}): StandingOrder {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    accountId: ACCOUNT,
    payeeName: 'Standing order',
    amountPence: 5_000,
    frequency: 'monthly',
    startDate: '2026-01-15',
    endDate: null,
    paymentDay: 15,
    maxPayments: 12,
    firstPaymentAmountPence: null,
    isActive: true,
    notes: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    paymentsMade: 5,
    lastPaymentDate: '2026-05-15',
    nextPaymentDate: '2026-07-15',
    paymentsDue: 0,
    ...overrides,
  };
}

function renderCard(handlers: Record<string, MockHandler>) {
  const api = mockApi(handlers);
  const queryClient = createTestQueryClient();
  const user = userEvent.setup();
  render(
    <Providers queryClient={queryClient}>
      <StandingOrdersCard accountId={ACCOUNT} />
    </Providers>,
  );
  return { api, queryClient, user };
}

/** A response the test lets go of when it chooses. */
function deferred() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { handler: () => promise, release };
}

describe('the standing orders card', () => {
  it('shows the empty state, both buttons and the automatic processing note', async () => {
    renderCard({ [LIST]: json(200, { standingOrders: [] }) });
    expect(await screen.findByText('No standing orders set up for this account.')).toBeInTheDocument();
    expect(
      screen.getByText('Create your first standing order to start managing recurring payments.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Process Now' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add Standing Order' })).toBeEnabled();
    expect(screen.getByText('Automatic Processing')).toBeInTheDocument();
    expect(screen.getByText(/press Process Now to check for overdue payments/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Standing Orders' })).toBeInTheDocument();
  });

  it('shows a loading state, then a failure with a way to try again', async () => {
    renderCard({ [LIST]: apiError(500, 'INTERNAL', 'Boom') });
    expect(screen.getByRole('status', { name: 'Loading standing orders' })).toBeInTheDocument();
    expect(await screen.findByText('Failed to load standing orders')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lists each order with its amount, frequency, end and next payment', async () => {
    renderCard({
      [LIST]: json(200, {
        standingOrders: [
          makeOrder(),
          makeOrder({
            id: 'b',
            frequency: 'weekly',
            paymentDay: null,
            maxPayments: null,
            endDate: '2026-12-31',
            firstPaymentAmountPence: 25_000,
            amountPence: 123_456,
            nextPaymentDate: null,
          }),
          makeOrder({ id: 'c', maxPayments: null, isActive: false, nextPaymentDate: null }),
        ],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Standing orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Amount', 'Frequency', 'Ends', 'Next Payment', 'Actions']);
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(within(first!).getByText('£50.00')).toBeInTheDocument();
    expect(within(first!).getByText('Monthly on the 15th')).toBeInTheDocument();
    expect(within(first!).getByText('After 12 payments')).toBeInTheDocument();
    expect(within(first!).getByText('15/07/2026')).toBeInTheDocument();
    expect(within(second!).getByText('£1,234.56')).toBeInTheDocument();
    expect(within(second!).getByText('First payment £250.00')).toBeInTheDocument();
    expect(within(second!).getByText('On 31/12/2026')).toBeInTheDocument();
    expect(within(second!).getByText('No more payments')).toBeInTheDocument();
    expect(within(third!).getByText('Never')).toBeInTheDocument();
    expect(within(third!).getByText('Paused')).toBeInTheDocument();
    expect(
      within(first!).getByRole('button', { name: 'Edit standing order of £50.00, monthly on the 15th' }),
    ).toBeInTheDocument();
    expect(
      within(first!).getByRole('button', { name: 'Delete standing order of £50.00, monthly on the 15th' }),
    ).toBeInTheDocument();
  });

  it('says when the next payment is due and not yet made: overdue, or due today, with how many wait', async () => {
    const today = calendarDateInLondon(new Date());
    renderCard({
      [LIST]: json(200, {
        standingOrders: [
          makeOrder({ id: 'a', lastPaymentDate: null, paymentsMade: 0, nextPaymentDate: '2020-01-15', paymentsDue: 3 }),
          makeOrder({ id: 'b', nextPaymentDate: today, paymentsDue: 1 }),
          makeOrder({ id: 'c' }),
        ],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Standing orders' });
    const [, overdue, dueToday, upToDate] = within(table).getAllByRole('row');
    expect(within(overdue!).getByText('15/01/2020')).toBeInTheDocument();
    expect(within(overdue!).getByText('Overdue')).toBeInTheDocument();
    expect(within(overdue!).getByText('3 payments due')).toBeInTheDocument();
    expect(within(dueToday!).getByText('Due today')).toBeInTheDocument();
    expect(within(dueToday!).queryByText(/payments? due/)).not.toBeInTheDocument();
    expect(within(upToDate!).getByText('15/07/2026')).toBeInTheDocument();
    expect(within(upToDate!).queryByText(/Overdue|Due today/)).not.toBeInTheDocument();
  });

  it('shows each order’s note as text, whole for screen readers and in its tooltip, and in the delete confirmation', async () => {
    const long = `<b>Holiday</b> pot ${'for the summer '.repeat(30)}`.trim();
    const { user } = renderCard({
      [LIST]: json(200, {
        standingOrders: [makeOrder({ id: 'a', notes: long }), makeOrder({ id: 'b', notes: null })],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Standing orders' });
    const [, withNote, withoutNote] = within(table).getAllByRole('row');
    const note = within(withNote!).getByTitle(long);
    // Escaped: the markup is shown as typed, not made into an element.
    expect(note).toHaveTextContent(`Note: ${long}`);
    expect(note.querySelector('b')).toBeNull();
    expect(note).toHaveClass('line-clamp-2');
    expect(note.closest('td')).toHaveTextContent(/^FrequencyMonthly on the 15thNote: <b>Holiday<\/b> pot/);
    expect(within(withoutNote!).queryByText(/Note:/)).not.toBeInTheDocument();

    await user.click(within(withNote!).getByRole('button', { name: /^Delete standing order/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete standing order' });
    expect(within(dialog).getByText(long)).toBeInTheDocument();
  });

  it('adds an order with the form’s rules and the spec’s messages, saving only what the choices call for', async () => {
    let orders: StandingOrder[] = [];
    const { api, user } = renderCard({
      [LIST]: () => json(200, { standingOrders: orders }),
      [ADD]: (request) => {
        orders = [makeOrder({ ...(request.body as object) })];
        return json(201, { standingOrder: orders[0] });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Standing Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Standing Order' });
    // The payment day is offered for monthly orders only.
    expect(within(dialog).getByLabelText('Payment day')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Frequency'), 'weekly');
    expect(within(dialog).queryByLabelText('Payment day')).not.toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Ends'), 'payments');
    await user.type(within(dialog).getByLabelText('Number of payments'), '0');
    await user.click(within(dialog).getByRole('switch', { name: 'The first payment is a different amount' }));
    await user.type(within(dialog).getByLabelText('First payment amount'), 'ten');
    await user.click(within(dialog).getByRole('button', { name: 'Add Standing Order' }));
    expect(within(dialog).getByText('Please enter a valid amount')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid number of payments')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid first payment amount')).toBeInTheDocument();
    // £0 in the words any £0 transaction gets (docs/decisions/0024).
    await user.clear(within(dialog).getByLabelText('First payment amount'));
    await user.type(within(dialog).getByLabelText('First payment amount'), '0');
    await user.type(within(dialog).getByLabelText('Amount'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add Standing Order' }));
    expect(within(dialog).getAllByText('Transaction amounts must be greater than 0')).toHaveLength(2);
    await user.clear(within(dialog).getByLabelText('Amount'));
    expect(within(dialog).getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls(ADD)).toHaveLength(0);

    // Fixing a field clears its message as it is typed.
    await user.type(within(dialog).getByLabelText('Amount'), '£1,250.50');
    expect(within(dialog).queryByText('Please enter a valid amount')).not.toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Number of payments'));
    await user.type(within(dialog).getByLabelText('Number of payments'), '12');
    await user.clear(within(dialog).getByLabelText('First payment amount'));
    await user.type(within(dialog).getByLabelText('First payment amount'), '100');
    await user.clear(within(dialog).getByLabelText('Start date'));
    await user.type(within(dialog).getByLabelText('Start date'), '01/03/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Add Standing Order' }));

    expect(await screen.findByText('Standing order added successfully')).toBeInTheDocument();
    expect(api.calls(ADD).map((c) => c.body)).toEqual([
      {
        amountPence: 125_050,
        frequency: 'weekly',
        startDate: '2026-03-01',
        endDate: null,
        paymentDay: null,
        maxPayments: 12,
        firstPaymentAmountPence: 10_000,
        notes: null,
        isActive: true,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('table', { name: 'Standing orders' })).toBeInTheDocument();
  });

  it('saves an end date only when the order ends on a date, and shows the server’s refusal in the form', async () => {
    const { api, user } = renderCard({
      [LIST]: json(200, { standingOrders: [] }),
      [ADD]: apiError(400, 'VALIDATION_FAILED', 'The end date must be on or after the start date'),
    });
    await user.click(await screen.findByRole('button', { name: 'Add Standing Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Standing Order' });
    await user.type(within(dialog).getByLabelText('Amount'), '20');
    await user.selectOptions(within(dialog).getByLabelText('Payment day'), '28');
    await user.selectOptions(within(dialog).getByLabelText('Ends'), 'date');
    await user.type(within(dialog).getByLabelText('End date'), '31/12/2030');
    await user.click(within(dialog).getByRole('button', { name: 'Add Standing Order' }));
    await waitFor(() => expect(api.calls(ADD)).toHaveLength(1));
    expect(api.calls(ADD)[0]?.body).toMatchObject({
      amountPence: 2_000,
      paymentDay: 28,
      endDate: '2030-12-31',
      maxPayments: null,
    });
    expect(await within(dialog).findByText('The end date must be on or after the start date')).toBeInTheDocument();
    expect(await screen.findByText('Failed to add standing order')).toBeInTheDocument();
  });

  it('edits an order in the Update Standing Order dialog, filled with its values', async () => {
    const order = makeOrder({ firstPaymentAmountPence: 9_900, notes: 'Holiday pot' });
    const { api, user } = renderCard({
      [LIST]: json(200, { standingOrders: [order] }),
      [`PUT /api/standing-orders/${order.id}`]: (request) =>
        json(200, { standingOrder: makeOrder(request.body as object) }),
    });
    await user.click(await screen.findByRole('button', { name: /^Edit standing order/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Standing Order' });
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('50.00');
    expect(within(dialog).getByLabelText('Payment day')).toHaveValue('15');
    expect(within(dialog).getByLabelText('Ends')).toHaveValue('payments');
    expect(within(dialog).getByLabelText('Number of payments')).toHaveValue('12');
    expect(within(dialog).getByLabelText('First payment amount')).toHaveValue('99.00');
    expect(within(dialog).getByLabelText('Start date')).toHaveValue('15/01/2026');
    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '75');
    await user.selectOptions(within(dialog).getByLabelText('Ends'), 'never');
    await user.click(within(dialog).getByRole('switch', { name: /Active/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Update Standing Order' }));
    expect(await screen.findByText('Standing order updated successfully')).toBeInTheDocument();
    expect(api.calls(`PUT /api/standing-orders/${order.id}`)[0]?.body).toEqual({
      amountPence: 7_500,
      frequency: 'monthly',
      startDate: '2026-01-15',
      endDate: null,
      paymentDay: 15,
      maxPayments: null,
      firstPaymentAmountPence: 9_900,
      notes: 'Holiday pot',
      isActive: false,
    });
  });

  it('deletes an order after the spec’s confirmation', async () => {
    const order = makeOrder();
    const { api, user } = renderCard({
      [LIST]: json(200, { standingOrders: [order] }),
      [`DELETE /api/standing-orders/${order.id}`]: new Response(null, { status: 204 }),
    });
    await user.click(await screen.findByRole('button', { name: /^Delete standing order/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete standing order' });
    expect(
      within(dialog).getByText('Are you sure you want to delete this standing order? This action cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Standing order deleted successfully')).toBeInTheDocument();
    expect(api.calls(`DELETE /api/standing-orders/${order.id}`)).toHaveLength(1);
  });

  it('processes now, says Processing... meanwhile, toasts the count and refreshes the account', async () => {
    const pending = deferred();
    const { api, queryClient, user } = renderCard({
      [LIST]: json(200, { standingOrders: [makeOrder()] }),
      [PROCESS]: pending.handler,
    });
    queryClient.setQueryData(accountKeys.account(ACCOUNT), { id: ACCOUNT });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Process Now' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    pending.release(json(200, { processed: 3, warnings: [] }));
    expect(await screen.findByText('Processed 3 standing order payment(s)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Process Now' })).toBeEnabled();
    expect(queryClient.getQueryState(accountKeys.account(ACCOUNT))?.isInvalidated).toBe(true);
    // The card's own list sits under the account's key and is fetched again.
    await waitFor(() => expect(api.calls(LIST)).toHaveLength(2));
  });

  it('says when nothing was pending, and shows the cap warnings', async () => {
    let answer = { processed: 0, warnings: [] as string[] };
    const { user } = renderCard({
      [LIST]: json(200, { standingOrders: [makeOrder()] }),
      [PROCESS]: () => json(200, answer),
    });
    await user.click(await screen.findByRole('button', { name: 'Process Now' }));
    expect(await screen.findByText('No pending standing order payments to process')).toBeInTheDocument();
    answer = {
      processed: 50,
      warnings: [
        'Standing order of £1.00 (daily from 01/04/2026) had 76 overdue payments: the first 50 were added, the other 26 follow on the next run.',
      ],
    };
    await user.click(screen.getByRole('button', { name: 'Process Now' }));
    expect(await screen.findByText('Processed 50 standing order payment(s)')).toBeInTheDocument();
    expect(await screen.findByText(/had 76 overdue payments/)).toBeInTheDocument();
  });

  it('says when processing failed', async () => {
    const { user } = renderCard({
      [LIST]: json(200, { standingOrders: [] }),
      [PROCESS]: apiError(500, 'INTERNAL', 'Boom'),
    });
    await user.click(await screen.findByRole('button', { name: 'Process Now' }));
    expect(await screen.findByText('Failed to process standing orders')).toBeInTheDocument();
  });

  it('asks a signed-out visitor to log in to see the orders', async () => {
    renderCard({ [LIST]: apiError(401, 'UNAUTHENTICATED', 'Authentication required') });
    expect(await screen.findByText('You must be logged in to view standing orders')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load standing orders')).not.toBeInTheDocument();
  });

  it('gives each action its own signed-out message when the session has ended', async () => {
    const order = makeOrder();
    const signedOut = apiError(401, 'UNAUTHENTICATED', 'Authentication required');
    const { user } = renderCard({
      [LIST]: json(200, { standingOrders: [order] }),
      [ADD]: signedOut,
      [`PUT /api/standing-orders/${order.id}`]: signedOut,
      [`DELETE /api/standing-orders/${order.id}`]: signedOut,
      [PROCESS]: signedOut,
    });

    await user.click(await screen.findByRole('button', { name: 'Process Now' }));
    expect(await screen.findByText('User not authenticated')).toBeInTheDocument();

    // The form dialogs keep the message beside the form, so the user can sign in and save again.
    const saveSignedOut = async (open: string | RegExp, dialogName: string, save: string, message: string) => {
      await user.click(screen.getByRole('button', { name: open }));
      const dialog = await screen.findByRole('dialog', { name: dialogName });
      if (dialogName === 'Add Standing Order') await user.type(within(dialog).getByLabelText('Amount'), '20');
      await user.click(within(dialog).getByRole('button', { name: save }));
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };
    await saveSignedOut(
      'Add Standing Order',
      'Add Standing Order',
      'Add Standing Order',
      'You must be logged in to add standing orders',
    );
    await saveSignedOut(
      /^Edit standing order/,
      'Edit Standing Order',
      'Update Standing Order',
      'You must be logged in to update standing orders',
    );

    await user.click(screen.getByRole('button', { name: /^Delete standing order/ }));
    const deleteDialog = await screen.findByRole('alertdialog', { name: 'Delete standing order' });
    await user.click(within(deleteDialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You must be logged in to delete standing orders')).toBeInTheDocument();
  });
});
