import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '../app/api.ts';
import { json, makeMe, mockApi } from '../test/api-mock.ts';
import { createTestQueryClient, renderApp } from '../test/render-app.tsx';
import { DraftNotice } from './draft-notice.tsx';
import { draftKey, DRAFT_CLEANUP_INTERVAL_MS, DRAFT_TTL_MS, saveDraft } from './draft-store.ts';
import { runSignOutCallbacks } from '../session/on-sign-out.ts';
import { useDraftJanitor } from './use-draft-janitor.ts';
import { DRAFT_SAVE_DELAY_MS, useFormDraft } from './use-form-draft.ts';

type Values = { title: string; note: string; password: string };

function LongForm({ onSaved }: { onSaved?: () => void }) {
  const form = useForm<Values>({ defaultValues: { title: '', note: 'starting note', password: '' } });
  const draft = useFormDraft({ formId: 'long-form', form });
  return (
    <form
      onSubmit={form.handleSubmit(() => {
        draft.clear();
        onSaved?.();
      })}
    >
      <DraftNotice restoredAt={draft.restoredAt} onDiscard={draft.discard} />
      <label>
        Title
        <input {...form.register('title')} />
      </label>
      <label>
        Note
        <input {...form.register('note')} />
      </label>
      <label>
        Password
        <input type="password" {...form.register('password')} />
      </label>
      <button type="submit">Save</button>
    </form>
  );
}

function Janitor() {
  useDraftJanitor();
  return null;
}

const me = makeMe();
const KEY = draftKey(me.user.id, 'long-form');

function renderForm(path = '/settings', signedIn = true) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(meQueryKey, signedIn ? me : null);
  const router = createMemoryRouter([{ path: '*', element: <LongForm /> }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const stored = () =>
  JSON.parse(localStorage.getItem(KEY) ?? 'null') as { data: Record<string, unknown>; expiresAt: number } | null;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('useFormDraft', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-21T09:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('saves the changed fields once typing pauses, never the password', () => {
    renderForm();
    type('Title', 'My plan');
    type('Password', 'hunter2hunter2');
    act(() => vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS - 1));
    expect(stored()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(stored()?.data).toEqual({ title: 'My plan' });
    expect(stored()?.expiresAt).toBe(Date.now() + DRAFT_TTL_MS);
    expect(localStorage.getItem(KEY)).not.toContain('hunter2');
  });

  it('clears the draft when the form is back to its starting values', () => {
    renderForm();
    type('Title', 'x');
    act(() => vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS));
    expect(stored()).not.toBeNull();
    type('Title', '');
    act(() => vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS));
    expect(stored()).toBeNull();
  });

  it('clears the draft when all that changed is now empty', () => {
    renderForm();
    type('Note', '');
    act(() => vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS));
    expect(stored()).toBeNull();
  });

  it('restores a draft with a quiet notice, and discarding it puts the form back', () => {
    saveDraft(localStorage, {
      userId: me.user.id,
      formId: 'long-form',
      data: { title: 'Restored title', unknownField: 'x' },
      now: Date.now() - 60_000,
    });
    renderForm();
    expect(screen.getByLabelText('Title')).toHaveValue('Restored title');
    expect(screen.getByRole('status')).toHaveTextContent('Draft restored');
    expect(screen.getByRole('status')).toHaveTextContent('1 minute ago');
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.queryByText('Draft restored')).toBeNull();
    expect(stored()).toBeNull();
  });

  it('does not restore a draft older than 24 hours', () => {
    saveDraft(localStorage, {
      userId: me.user.id,
      formId: 'long-form',
      data: { title: 'Old' },
      now: Date.now() - DRAFT_TTL_MS,
    });
    renderForm();
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(stored()).toBeNull();
  });

  it('does not restore another user’s draft', () => {
    saveDraft(localStorage, {
      userId: 'someone-else',
      formId: 'long-form',
      data: { title: 'Theirs' },
      now: Date.now(),
    });
    renderForm();
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('clears the draft after a successful submit', async () => {
    renderForm();
    type('Title', 'Sent');
    act(() => vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS));
    expect(stored()).not.toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(stored()).toBeNull();
  });

  it.each(['/auth', '/login', '/signup', '/auth/confirmation', '/auth/reset-password', '/verification-required'])(
    'saves nothing on %s',
    (path) => {
      renderForm(path);
      type('Title', 'Nope');
      act(() => vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS * 2));
      expect(localStorage.length).toBe(0);
    },
  );

  it('saves nothing for a signed-out visitor', () => {
    renderForm('/contact', false);
    type('Title', 'Nope');
    act(() => vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS * 2));
    expect(localStorage.length).toBe(0);
  });
});

describe('the hourly draft clean-up', () => {
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('removes drafts as they expire, once an hour', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const start = new Date('2026-11-21T09:00:00Z').getTime();
    vi.setSystemTime(start);
    // Saved 23½ hours ago: still good at start, expired half an hour later.
    saveDraft(localStorage, { userId: 'u1', formId: 'a', data: { x: '1' }, now: start - DRAFT_TTL_MS + 30 * 60_000 });
    saveDraft(localStorage, { userId: 'u1', formId: 'b', data: { x: '2' }, now: start });
    render(<Janitor />);
    expect(localStorage.getItem(draftKey('u1', 'a'))).not.toBeNull();
    act(() => vi.advanceTimersByTime(DRAFT_CLEANUP_INTERVAL_MS - 1));
    expect(localStorage.getItem(draftKey('u1', 'a'))).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(localStorage.getItem(draftKey('u1', 'a'))).toBeNull();
    expect(localStorage.getItem(draftKey('u1', 'b'))).not.toBeNull();
  });
});

describe('signing out', () => {
  afterEach(() => localStorage.clear());

  it('clears every draft when the session ends for inactivity too', () => {
    saveDraft(localStorage, { userId: me.user.id, formId: 'profile', data: { town: 'Leeds' }, now: Date.now() });
    localStorage.setItem('ui-theme', 'dark');
    render(<Janitor />);
    runSignOutCallbacks('inactivity');
    expect(localStorage.getItem(draftKey(me.user.id, 'profile'))).toBeNull();
    expect(localStorage.getItem('ui-theme')).toBe('dark');
  });

  it('clears every draft of the user who signs out', async () => {
    saveDraft(localStorage, { userId: me.user.id, formId: 'profile', data: { town: 'Leeds' }, now: Date.now() });
    saveDraft(localStorage, { userId: me.user.id, formId: 'contact', data: { subject: 'Hi' }, now: Date.now() });
    mockApi({ 'GET /api/me': json(200, me), 'POST /api/auth/sign-out': json(200, { success: true }) });
    const { user, router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Account menu for Jane Doe' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(draftKey(me.user.id, 'profile'))).toBeNull();
    expect(localStorage.getItem(draftKey(me.user.id, 'contact'))).toBeNull();
  });
});

describe('the contact form draft', () => {
  afterEach(() => localStorage.clear());

  it('restores a signed-in user’s unsent message and forgets it once sent', async () => {
    saveDraft(localStorage, {
      userId: me.user.id,
      formId: 'contact',
      data: { subject: 'About my ISA', message: 'Half-written question about' },
      now: Date.now(),
    });
    const api = mockApi({ 'GET /api/me': json(200, me), 'POST /api/contact': json(201, { id: 'c1' }) });
    const { user } = renderApp('/contact');
    expect(await screen.findByText('Draft restored')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue('About my ISA');
    expect(screen.getByLabelText('Your name')).toHaveValue('Jane Doe');
    await user.type(screen.getByLabelText('Message'), ' transfers.');
    await user.selectOptions(screen.getByLabelText('What is your message about?'), 'General question');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByText('Thank you for contacting us. We will get back to you soon.');
    expect(api.calls('POST /api/contact')[0]?.body).toMatchObject({
      subject: 'About my ISA',
      message: 'Half-written question about transfers.',
    });
    expect(localStorage.getItem(draftKey(me.user.id, 'contact'))).toBeNull();
  });
});
