import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETURN_TO_KEY } from '../app/route-memory.ts';
import { apiError, json, makeMe, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { INACTIVITY_MESSAGE } from './messages.ts';
import { onSignOut } from './on-sign-out.ts';

const MINUTE = 60_000;

async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function signedInApi() {
  let signedIn = true;
  const api = mockApi({
    'GET /api/me': () => (signedIn ? json(200, makeMe()) : apiError(401, 'UNAUTHENTICATED', 'Authentication required')),
    'POST /api/session/activity': json(200, { recorded: true }),
    'POST /api/session/presence': { status: 204 },
    'POST /api/session/inactivity-sign-out': () => {
      return { status: 204 };
    },
    'POST /api/auth/sign-out': () => {
      signedIn = false;
      return json(200, { success: true });
    },
  });
  return api;
}

let unsubscribe: (() => void) | undefined;
afterEach(() => unsubscribe?.());

describe('the automatic sign-out after inactivity', () => {
  it('records it, signs out, clears per-user state, says so for 5 seconds and goes to /auth', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = signedInApi();
    const cleared = vi.fn();
    unsubscribe = onSignOut(cleared);
    const { router } = renderApp('/dashboard?view=all');
    await screen.findByRole('heading', { level: 1, name: /Jane/ });

    await pass(10 * MINUTE - 1_000);
    expect(api.calls('POST /api/session/inactivity-sign-out')).toHaveLength(0);
    await pass(1_000);

    expect(await screen.findByText(INACTIVITY_MESSAGE)).toBeInTheDocument();
    expect(api.calls('POST /api/session/inactivity-sign-out')).toHaveLength(1);
    expect(api.calls('POST /api/auth/sign-out')).toHaveLength(1);
    expect(cleared).toHaveBeenCalledWith('inactivity');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/dashboard?view=all');

    await pass(4_000);
    expect(screen.getByText(INACTIVITY_MESSAGE)).toBeInTheDocument();
    await pass(1_500);
    await waitFor(() => expect(screen.queryByText(INACTIVITY_MESSAGE)).toBeNull());
  });

  it('does not sign out someone who keeps using the page, and tells the server at most every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = signedInApi();
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: /Jane/ });
    const reportsAtStart = api.calls('POST /api/session/activity').length;
    expect(reportsAtStart).toBe(1); // opening the page counts

    for (let minute = 1; minute <= 15; minute++) {
      await pass(MINUTE);
      fireEvent.mouseMove(document.body);
      fireEvent.keyPress(document.body, { key: 'a', charCode: 97 });
    }
    expect(api.calls('POST /api/session/inactivity-sign-out')).toHaveLength(0);
    expect(screen.queryByText(INACTIVITY_MESSAGE)).toBeNull();
    const reports = api.calls('POST /api/session/activity').length - reportsAtStart;
    expect(reports).toBeGreaterThanOrEqual(14);
    expect(reports).toBeLessThanOrEqual(16);
  });

  it('keeps the tab alive when another tab of the same browser is in use', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = signedInApi();
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: /Jane/ });
    await pass(8 * MINUTE);
    // The other tab writes the shared time; this tab hears of it through a storage event.
    localStorage.setItem('savvypig.lastActivityAt', String(Date.now()));
    window.dispatchEvent(new StorageEvent('storage', { key: 'savvypig.lastActivityAt' }));
    await pass(8 * MINUTE);
    expect(api.calls('POST /api/session/inactivity-sign-out')).toHaveLength(0);
    await pass(2 * MINUTE);
    expect(await screen.findByText(INACTIVITY_MESSAGE)).toBeInTheDocument();
  });

  it('refreshes presence every 30 s while signed in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = signedInApi();
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: /Jane/ });
    expect(api.calls('POST /api/session/presence')).toHaveLength(1);
    expect(api.calls('POST /api/session/presence')[0]?.body).toEqual({ status: 'online' });
    await pass(90_000);
    expect(api.calls('POST /api/session/presence')).toHaveLength(4);
    // Presence is not activity: it never moves the inactivity deadline.
    expect(api.calls('POST /api/session/activity')).toHaveLength(1);
  });

  it('leaves for /auth when the server has already ended the session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let alive = true;
    mockApi({
      'GET /api/me': () => (alive ? json(200, makeMe()) : apiError(401, 'UNAUTHENTICATED', 'Authentication required')),
      'POST /api/session/activity': json(200, { recorded: true }),
      'POST /api/session/presence': () =>
        alive ? { status: 204 } : apiError(401, 'UNAUTHENTICATED', 'Authentication required'),
    });
    const { router } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: /Jane/ });
    alive = false;
    await pass(30_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });
});
