import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import type { TwoFactorStatus } from '../../auth/two-factor-api.ts';
import { json, makeMe, meHandler, mockApi } from '../../test/api-mock.ts';
import { createTestQueryClient } from '../../test/render-app.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

const URI = 'otpauth://totp/SavvyPig:jane%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=SavvyPig&digits=6&period=30';
const CODES = ['aaaaa-11111', 'bbbbb-22222', 'ccccc-33333'];
const OFF: TwoFactorStatus = { enabled: false, factors: [], backupCodesRemaining: null };
const ON: TwoFactorStatus = {
  enabled: true,
  factors: [
    { id: 'tf-1', factorType: 'totp' },
    { id: 'user-1-email', factorType: 'email' },
  ],
  backupCodesRemaining: 7,
};
const invalidPassword = json(400, { code: 'INVALID_PASSWORD', message: 'Invalid password' });

/** A fake server holding the two-factor status; `handlers` add or override endpoints. */
function fakeServer(initial: TwoFactorStatus, handlers: Parameters<typeof mockApi>[0] = {}, me = makeMe()) {
  const state = { status: initial };
  const api = mockApi({
    'GET /api/me': meHandler(me),
    'GET /api/auth/two-factor-status': () => json(200, state.status),
    ...handlers,
  });
  return { api, state };
}

function renderSection() {
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={['/settings?tab=security']}>
        <Routes>
          <Route path="/settings" element={<TwoFactorSection />} />
          <Route path="/verification-required" element={<p>Verification required page</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return { user };
}

async function confirmPassword(user: ReturnType<typeof userEvent.setup>, password: string, submit: string) {
  await user.type(await screen.findByLabelText('Current password'), password);
  await user.click(screen.getByRole('button', { name: submit }));
}

describe('the two-factor section of the security settings', () => {
  it('shows two-factor as off, with the two ways to turn it on', async () => {
    fakeServer(OFF);
    renderSection();
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use email codes instead' })).toBeInTheDocument();
  });

  it('sets up an authenticator app: password, QR code and key, a code, then the backup codes', async () => {
    const { api, state } = fakeServer(OFF, {
      'POST /api/auth/two-factor/enable': (request) =>
        (request.body as { password: string }).password === 'correct horse battery'
          ? json(200, { method: 'totp', totpURI: URI, backupCodes: CODES })
          : invalidPassword,
      'POST /api/auth/two-factor/verify-totp': (request) => {
        if ((request.body as { code: string }).code !== '123456')
          return json(401, { code: 'INVALID_CODE', message: 'Invalid code' });
        state.status = { ...ON, backupCodesRemaining: 3 };
        return json(200, { token: 't' });
      },
    });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    await confirmPassword(user, 'wrong', 'Continue');
    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Current password'));
    await confirmPassword(user, 'correct horse battery', 'Continue');

    expect(
      await screen.findByRole('img', { name: 'QR code to add SavvyPig to your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('totp-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(api.calls('POST /api/auth/two-factor/enable').at(-1)?.body).toEqual({
      password: 'correct horse battery',
      method: 'totp',
    });

    await user.type(screen.getByLabelText('Code from your app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText('That code is not right. Check it and try again.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from your app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));

    const list = await screen.findByRole('list', { name: 'Backup codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    await user.click(screen.getByRole('button', { name: "I've saved my codes" }));
    expect(await screen.findByText('3 of 10 left. Use one if you lose your phone.')).toBeInTheDocument();
    expect(screen.getByText('On')).toBeInTheDocument();
  });

  it('turns on email codes with the password', async () => {
    const { api, state } = fakeServer(OFF, {
      'POST /api/auth/two-factor/enable': () => {
        state.status = {
          enabled: true,
          factors: [{ id: 'user-1-email', factorType: 'email' }],
          backupCodesRemaining: null,
        };
        return json(200, { method: 'otp' });
      },
    });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Use email codes instead' }));
    await confirmPassword(user, 'correct horse battery', 'Turn on email codes');
    expect(await screen.findByText('At log-in you can ask for a code sent to jane@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up an app' })).toBeInTheDocument();
    expect(screen.queryByText(/of 10 left/)).toBeNull();
    expect(api.calls('POST /api/auth/two-factor/enable')[0]?.body).toEqual({
      password: 'correct horse battery',
      method: 'otp',
    });
  });

  it('creates new backup codes with the password, to copy or download', async () => {
    const createObjectURL = vi.fn((blob: Blob) => (blob instanceof Blob ? 'blob:codes' : ''));
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api } = fakeServer(ON, {
      'POST /api/auth/two-factor/generate-backup-codes': (request) =>
        (request.body as { password: string }).password === 'correct horse battery'
          ? json(200, { status: true, backupCodes: CODES })
          : invalidPassword,
    });
    const { user } = renderSection();
    expect(await screen.findByText('7 of 10 left. Use one if you lose your phone.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create new codes' }));
    await confirmPassword(user, 'correct horse battery', 'Create new codes');
    await screen.findByRole('list', { name: 'Backup codes' });
    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('savvypig-backup-codes.txt');
    expect(api.calls('POST /api/auth/two-factor/generate-backup-codes')).toHaveLength(1);
  });

  it('turns it off only with the password', async () => {
    const { api, state } = fakeServer(ON, {
      'POST /api/auth/two-factor/disable': (request) => {
        if ((request.body as { password: string }).password !== 'correct horse battery') return invalidPassword;
        state.status = OFF;
        return json(200, { status: true });
      },
    });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Turn off two-factor authentication' }));
    await confirmPassword(user, 'guess', 'Turn off two-factor authentication');
    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
    expect(screen.getByText('On')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Current password'));
    await confirmPassword(user, 'correct horse battery', 'Turn off two-factor authentication');
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(api.calls('POST /api/auth/two-factor/disable')).toHaveLength(2);
  });

  it('sends someone with an unverified email to verify it first, and back here after', async () => {
    const { api } = fakeServer(OFF, {}, makeMe({ emailVerified: false }));
    const { user } = renderSection();
    expect(await screen.findByText('Please verify your email to access all features.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify your email' })).toHaveAttribute(
      'href',
      '/verification-required?next=%2Fsettings%3Ftab%3Dsecurity',
    );
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByText('Verification required page')).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    expect(api.calls('POST /api/auth/two-factor/enable')).toHaveLength(0);
  });

  it('tells an admin without two-factor that admin pages need it', async () => {
    fakeServer(OFF, {}, makeMe({ isAdmin: true }));
    renderSection();
    expect(await screen.findByText('Admin pages need two-factor authentication')).toBeInTheDocument();
  });
});
