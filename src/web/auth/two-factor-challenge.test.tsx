import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { json, mockApi } from '../test/api-mock.ts';
import { createTestQueryClient } from '../test/render-app.tsx';
import type { ChallengeMethod } from './two-factor-api.ts';
import { TwoFactorChallenge } from './two-factor-challenge.tsx';

function renderChallenge(methods: ChallengeMethod[] = ['totp', 'otp']) {
  const onVerified = vi.fn(async () => {});
  const onRestart = vi.fn();
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <TwoFactorChallenge methods={methods} email="jane@example.com" onVerified={onVerified} onRestart={onRestart} />
    </Providers>,
  );
  return { user, onVerified, onRestart };
}

const invalid = (code: string, message: string) => json(401, { code, message });

describe('the two-factor challenge at sign-in', () => {
  it('asks for the authenticator code first and signs in once the server accepts it', async () => {
    const api = mockApi({
      'POST /api/auth/two-factor/verify-totp': (request) =>
        (request.body as { code: string }).code === '123456'
          ? json(200, { token: 't' })
          : invalid('INVALID_CODE', 'Invalid code'),
    });
    const { user, onVerified } = renderChallenge();
    const field = screen.getByLabelText('Authenticator code');
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect((await screen.findAllByText('That code is not right. Check it and try again.')).length).toBeGreaterThan(0);
    expect(onVerified).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Authenticator code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    expect(api.calls('POST /api/auth/two-factor/verify-totp').map((c) => c.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('checks the code has six digits before asking the server', async () => {
    const api = mockApi({});
    const { user } = renderChallenge();
    await user.type(screen.getByLabelText('Authenticator code'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(screen.getByLabelText('Authenticator code')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests).toHaveLength(0);
  });

  it('says a used code has been used', async () => {
    mockApi({
      'POST /api/auth/two-factor/verify-totp': invalid('CODE_ALREADY_USED', 'This code has already been used.'),
    });
    const { user } = renderChallenge();
    await user.type(screen.getByLabelText('Authenticator code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(
      (await screen.findAllByText('This code has already been used. Wait for the next code in your authenticator app.'))
        .length,
    ).toBeGreaterThan(0);
  });

  it('emails a code on request and signs in with it', async () => {
    const api = mockApi({
      'POST /api/auth/two-factor/send-otp': json(200, { status: true }),
      'POST /api/auth/two-factor/verify-otp': json(200, { token: 't' }),
    });
    const { user, onVerified } = renderChallenge();
    await user.click(screen.getByRole('button', { name: 'Email me a code instead' }));
    expect(screen.getByText('jane@example.com')).toBeInTheDocument();
    expect(api.calls('POST /api/auth/two-factor/send-otp')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await user.type(await screen.findByLabelText('Email code'), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalled());
    expect(api.calls('POST /api/auth/two-factor/send-otp')).toHaveLength(1);
    expect(api.calls('POST /api/auth/two-factor/verify-otp')[0]?.body).toEqual({ code: '246810' });

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(api.calls('POST /api/auth/two-factor/send-otp')).toHaveLength(2));
  });

  it('offers only e-mailed codes when the account has no authenticator app', () => {
    mockApi({});
    renderChallenge(['otp']);
    expect(screen.getByRole('button', { name: 'Email me a code' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use your authenticator app' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use a backup code' })).toBeNull();
  });

  it('takes a backup code', async () => {
    const api = mockApi({ 'POST /api/auth/two-factor/verify-backup-code': json(200, { token: 't' }) });
    const { user, onVerified } = renderChallenge();
    await user.click(screen.getByRole('button', { name: 'Use a backup code' }));
    await user.type(screen.getByLabelText('Backup code'), ' abCDe-12345 ');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalled());
    expect(api.calls('POST /api/auth/two-factor/verify-backup-code')[0]?.body).toEqual({ code: 'abCDe-12345' });
  });

  it('goes back to the password form when the sign-in has expired', async () => {
    mockApi({
      'POST /api/auth/two-factor/verify-totp': invalid('INVALID_TWO_FACTOR_COOKIE', 'Invalid two factor cookie'),
    });
    const { user, onRestart } = renderChallenge();
    await user.type(screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(onRestart).toHaveBeenCalledWith('Your sign-in took too long. Please log in again.'));
  });

  it("falls back to 'Failed to sign in'", async () => {
    mockApi({ 'POST /api/auth/two-factor/verify-totp': json(500) });
    const { user } = renderChallenge();
    await user.type(screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect((await screen.findAllByText('Failed to sign in')).length).toBeGreaterThan(0);
  });
});
