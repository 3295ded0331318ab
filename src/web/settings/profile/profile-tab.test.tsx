import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { draftKey, saveDraft } from '../../drafts/draft-store.ts';
import { apiError, json, makeMe, meHandler, mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeProfile, makeSettings } from '../settings-test-fixtures.ts';

beforeAll(() => import('../settings-page.tsx'), 60_000);
afterEach(() => localStorage.clear());

const me = makeMe();

function profileApi(overrides: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    'GET /api/me': meHandler(me),
    'GET /api/profile': json(200, makeProfile({ town: 'Leeds', dateOfBirth: '1985-03-02', marketingOptIn: false })),
    'GET /api/settings': json(200, makeSettings()),
    'PATCH /api/profile': (request) => json(200, makeProfile(request.body as object)),
    ...overrides,
  });
}

async function openProfile() {
  const app = renderApp('/settings?tab=profile');
  await screen.findByRole('form', { name: 'Profile details' });
  return app;
}

describe('the profile tab', () => {
  it('shows every profile field, the e-mail read-only and the date of birth as dd/MM/yyyy', async () => {
    profileApi();
    await openProfile();
    for (const label of [
      'First name',
      'Last name',
      'Email address',
      'Mobile number (optional)',
      'Date of birth (optional)',
      'Profession (optional)',
      'Company name (optional)',
      'Address line 1 (optional)',
      'Address line 2 (optional)',
      'Town or city (optional)',
      'County (optional)',
      'Postcode (optional)',
      'Where did you hear about us? (optional)',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('switch', { name: 'Savings tips and offers by email' })).not.toBeChecked();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email address')).toHaveValue('jane@example.com');
    expect(screen.getByLabelText('Date of birth (optional)')).toHaveValue('02/03/1985');
    expect(screen.getByLabelText('Town or city (optional)')).toHaveValue('Leeds');
  });

  it('saves the edited profile, with a typed date stored as yyyy-MM-dd, and says so', async () => {
    const api = profileApi();
    const { user } = await openProfile();
    await user.clear(screen.getByLabelText('Company name (optional)'));
    await user.type(screen.getByLabelText('Company name (optional)'), 'Acme Savings');
    await user.clear(screen.getByLabelText('Date of birth (optional)'));
    await user.type(screen.getByLabelText('Date of birth (optional)'), '14/07/1972');
    await user.type(screen.getByLabelText('Postcode (optional)'), 'ls1 4ap');
    await user.click(screen.getByRole('switch', { name: 'Savings tips and offers by email' }));
    await user.selectOptions(screen.getByLabelText('Where did you hear about us? (optional)'), 'Friend or family');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(api.calls('PATCH /api/profile')[0]?.body).toMatchObject({
      firstName: 'Jane',
      companyName: 'Acme Savings',
      dateOfBirth: '1972-07-14',
      postcode: 'LS1 4AP',
      marketingOptIn: true,
      leadSource: 'friend_or_family',
      mobileNumber: null,
    });
  });

  it('sends a cleared date of birth as null', async () => {
    const api = profileApi();
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Clear date of birth' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Profile updated successfully');
    expect((api.calls('PATCH /api/profile')[0]?.body as { dateOfBirth: unknown }).dateOfBirth).toBeNull();
  });

  it('names a bad postcode, mobile number and future date of birth before sending anything', async () => {
    const api = profileApi();
    const { user } = await openProfile();
    await user.type(screen.getByLabelText('Postcode (optional)'), '90210');
    await user.type(screen.getByLabelText('Mobile number (optional)'), '020 7946 0000');
    await user.clear(screen.getByLabelText('Date of birth (optional)'));
    await user.type(screen.getByLabelText('Date of birth (optional)'), `01/01/${new Date().getFullYear() + 1}`);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter a full UK postcode, like SW1A 1AA')).toBeInTheDocument();
    expect(screen.getByText('Enter a UK mobile number, like 07700 900123')).toBeInTheDocument();
    expect(screen.getByText('Date of birth must be in the past')).toBeInTheDocument();
    expect(api.calls('PATCH /api/profile')).toHaveLength(0);
  });

  it("shows 'Failed to update profile' when saving fails on the server", async () => {
    profileApi({ 'PATCH /api/profile': apiError(500, 'INTERNAL', 'Something went wrong. Please try again.') });
    const { user } = await openProfile();
    await user.type(screen.getByLabelText('Profession (optional)'), 'Nurse');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findAllByText('Failed to update profile')).length).toBeGreaterThan(0);
  });

  it('restores an unsaved draft quietly, clears it once saved', async () => {
    saveDraft(localStorage, {
      userId: me.user.id,
      formId: 'profile',
      data: { profession: 'Draft profession' },
      now: Date.now() - 5 * 60_000,
    });
    const api = profileApi();
    const { user } = await openProfile();
    expect(await screen.findByText('Draft restored')).toBeInTheDocument();
    expect(screen.getByLabelText('Profession (optional)')).toHaveValue('Draft profession');
    expect(screen.getByLabelText('Town or city (optional)')).toHaveValue('Leeds');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Profile updated successfully');
    expect(screen.queryByText('Draft restored')).toBeNull();
    expect((api.calls('PATCH /api/profile')[0]?.body as { profession: string }).profession).toBe('Draft profession');
    expect(localStorage.getItem(draftKey(me.user.id, 'profile'))).toBeNull();
  });

  it('discarding a restored draft puts back the saved profile', async () => {
    saveDraft(localStorage, { userId: me.user.id, formId: 'profile', data: { town: 'Draft town' }, now: Date.now() });
    profileApi();
    const { user } = await openProfile();
    expect(await screen.findByLabelText('Town or city (optional)')).toHaveValue('Draft town');
    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(screen.getByLabelText('Town or city (optional)')).toHaveValue('Leeds');
    expect(localStorage.getItem(draftKey(me.user.id, 'profile'))).toBeNull();
  });

  it('leaves no draft behind once the changes are saved', async () => {
    profileApi();
    const { user } = await openProfile();
    await user.type(screen.getByLabelText('Mobile number (optional)'), '+44 7700 900123');
    await waitFor(() => expect(localStorage.getItem(draftKey(me.user.id, 'profile'))).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Profile updated successfully');
    // Longer than the autosave delay: nothing may write the old edits back.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(screen.getByLabelText('Mobile number (optional)')).toHaveValue('07700 900123');
    expect(localStorage.getItem(draftKey(me.user.id, 'profile'))).toBeNull();
  });

  it('uploads a photo and shows it in the header menu', async () => {
    let avatarUrl: string | null = null;
    const api = profileApi({
      'GET /api/me': () => json(200, { ...me, profile: { ...me.profile, avatarUrl } }),
      'POST /api/profile/avatar': () => {
        avatarUrl = `/api/avatars/${me.user.id}/1763715600000.webp`;
        return json(200, { avatarUrl });
      },
    });
    await openProfile();
    const file = new File(['fake png'], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('avatar-file'), { target: { files: [file] } });
    expect(await screen.findByText('Profile photo updated')).toBeInTheDocument();
    expect(api.calls('POST /api/profile/avatar')).toHaveLength(1);
    const header = screen.getByRole('banner');
    await waitFor(() =>
      expect(
        within(header)
          .getByRole('button', { name: /Account menu/ })
          .querySelector('img'),
      ).toHaveAttribute('src', avatarUrl),
    );
  });

  it("shows the server's 'Upload failed' message for a file that is not an image", async () => {
    profileApi({
      'POST /api/profile/avatar': apiError(
        400,
        'VALIDATION_FAILED',
        'Upload failed: the file is not a PNG, JPEG, WebP or GIF image',
      ),
    });
    await openProfile();
    fireEvent.change(screen.getByTestId('avatar-file'), {
      target: { files: [new File(['text'], 'x.png', { type: 'image/png' })] },
    });
    expect(
      await screen.findByText('Upload failed: the file is not a PNG, JPEG, WebP or GIF image'),
    ).toBeInTheDocument();
  });

  it('refuses a file over 5 MB without sending it', async () => {
    const api = profileApi();
    await openProfile();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('avatar-file'), { target: { files: [big] } });
    expect(await screen.findByText('Upload failed: the image must be 5 MB or smaller')).toBeInTheDocument();
    expect(api.calls('POST /api/profile/avatar')).toHaveLength(0);
  });
});
