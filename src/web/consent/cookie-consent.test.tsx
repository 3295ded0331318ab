import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_CATEGORIES } from '../../core/consent/cookie-catalogue.ts';
import { readConsentCookie, type CookieConsent } from '../../core/consent/consent.ts';
import { apiError, json, makeMe, meHandler, mockApi, type MockHandler } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { PENDING_SYNC_KEY } from './consent-storage.ts';

function storedConsent(): CookieConsent | null {
  return readConsentCookie(document.cookie);
}

function setConsentCookie(value: Record<string, unknown>) {
  document.cookie = `cookie-consent=${encodeURIComponent(JSON.stringify(value))}; Path=/`;
}

const SAVED = {
  version: '1.0',
  timestamp: '2026-11-20T09:00:00.000Z',
  dnt_respected: false,
  essential: true,
  functional: true,
  analytics: false,
  marketing: false,
};

function setPrivacySignal(value: string | undefined) {
  Object.defineProperty(window.navigator, 'doNotTrack', { configurable: true, get: () => value });
}

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

beforeEach(() => {
  document.cookie = 'cookie-consent=; Max-Age=0; Path=/';
  setPrivacySignal(undefined);
  setOnline(true);
  for (const script of document.head.querySelectorAll('script[data-consent-category]')) script.remove();
});
afterEach(() => {
  setOnline(true);
});

function signedOut(extra: Record<string, MockHandler> = {}) {
  return mockApi({ 'GET /api/me': meHandler(null), ...extra });
}

async function findBanner() {
  return screen.findByRole('region', { name: 'Cookies on SavvyPig' });
}

async function openPreferencesFromBanner(user: ReturnType<typeof renderApp>['user']) {
  await user.click(within(await findBanner()).getByRole('button', { name: 'Manage Preferences' }));
  return screen.findByRole('dialog', { name: 'Cookie Preferences' });
}

describe('the cookie banner', () => {
  it('shows on a first visit with Manage Preferences, Reject All and Accept All, first in the tab order', async () => {
    signedOut();
    renderApp('/');
    const banner = await findBanner();
    expect(
      within(banner)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Manage Preferences', 'Reject All', 'Accept All']);
    expect(banner).toHaveClass('fixed', 'bottom-0');
    const skipLink = screen.getByRole('link', { name: 'Skip to main content' });
    expect(banner.compareDocumentPosition(skipLink) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('cookie-banner-spacer')).toBeInTheDocument();
  });

  it('shows on signed-in pages too', async () => {
    mockApi({ 'GET /api/me': json(200, makeMe()), 'GET /api/consent': json(200, { preferences: null, dnt: false }) });
    renderApp('/dashboard');
    expect(await findBanner()).toBeInTheDocument();
  });

  it('Accept All stores every category for 365 days, says so, hides the banner and moves focus to the page', async () => {
    signedOut();
    const { user } = renderApp('/');
    await user.click(within(await findBanner()).getByRole('button', { name: 'Accept All' }));
    expect(await screen.findByText('All cookies accepted and saved')).toBeInTheDocument();
    expect(storedConsent()).toMatchObject({
      version: '1.0',
      essential: true,
      functional: true,
      analytics: true,
      marketing: true,
      dnt_respected: false,
    });
    expect(screen.queryByRole('region', { name: 'Cookies on SavvyPig' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('cookie-banner-spacer')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it('Reject All stores essential only and says so', async () => {
    signedOut();
    const { user } = renderApp('/');
    await user.click(within(await findBanner()).getByRole('button', { name: 'Reject All' }));
    expect(await screen.findByText('All non-essential cookies rejected and saved')).toBeInTheDocument();
    expect(storedConsent()).toMatchObject({ essential: true, functional: false, analytics: false, marketing: false });
  });

  it('stays hidden when a choice of the current version is stored', async () => {
    setConsentCookie(SAVED);
    signedOut();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Cookies on SavvyPig' })).not.toBeInTheDocument();
  });

  it('asks again when the stored choice is of an older version', async () => {
    setConsentCookie({ ...SAVED, version: '0.9' });
    signedOut();
    renderApp('/');
    expect(await findBanner()).toBeInTheDocument();
  });

  it('says that a choice could not be saved when the browser refuses the cookie', async () => {
    signedOut();
    const { user } = renderApp('/');
    const banner = await findBanner();
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', { configurable: true, get: () => '', set: () => {} });
    try {
      await user.click(within(banner).getByRole('button', { name: 'Accept All' }));
      expect(await screen.findByText('Failed to save cookie preferences')).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Cookies on SavvyPig' })).toBeInTheDocument();
    } finally {
      Object.defineProperty(document, 'cookie', descriptor);
      delete (document as unknown as Record<string, unknown>).cookie;
    }
  });
});

describe('the Cookie Preferences dialog', () => {
  it('has a card per category with a switch; essential is on and cannot be switched off', async () => {
    signedOut();
    const { user } = renderApp('/');
    const dialog = await openPreferencesFromBanner(user);
    for (const category of COOKIE_CATEGORIES)
      expect(within(dialog).getByRole('heading', { name: category.name })).toBeInTheDocument();
    const essential = within(dialog).getByRole('switch', { name: 'Essential cookies' });
    expect(essential).toBeChecked();
    expect(essential).toBeDisabled();
    for (const name of ['Functional', 'Analytics', 'Marketing']) {
      const toggle = within(dialog).getByRole('switch', { name: `${name} cookies` });
      expect(toggle).not.toBeChecked();
      expect(toggle).toBeEnabled();
    }
  });

  it('expands a category to list its cookies from the catalogue, and says when there are none', async () => {
    signedOut();
    const { user } = renderApp('/');
    const dialog = await openPreferencesFromBanner(user);
    const show = within(dialog).getByRole('button', { name: /Show essential cookies/ });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(within(dialog).getByRole('button', { name: /Hide essential cookies/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const list = within(dialog).getByRole('list', { name: 'Essential cookies' });
    const essential = COOKIE_CATEGORIES.find((c) => c.id === 'essential')!;
    for (const cookie of essential.cookies) {
      expect(within(list).getByText(cookie.name)).toBeInTheDocument();
      expect(within(list).getByText(cookie.duration)).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('button', { name: /Show analytics cookies \(none\)/ }));
    expect(within(dialog).getByText(/We set none of these today and load no analytics tools/)).toBeInTheDocument();
  });

  it('shows Save Custom Preferences only while a switch differs from what it opened with', async () => {
    signedOut();
    const { user } = renderApp('/');
    const dialog = await openPreferencesFromBanner(user);
    expect(within(dialog).getByRole('button', { name: 'Reject All & Save' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Accept All & Save' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save Custom Preferences' })).not.toBeInTheDocument();
    const functional = within(dialog).getByRole('switch', { name: 'Functional cookies' });
    await user.click(functional);
    expect(within(dialog).getByRole('button', { name: 'Save Custom Preferences' })).toBeInTheDocument();
    await user.click(functional);
    expect(within(dialog).queryByRole('button', { name: 'Save Custom Preferences' })).not.toBeInTheDocument();
  });

  it('saves a custom choice, says so and closes, and the banner goes', async () => {
    signedOut();
    const { user } = renderApp('/');
    const dialog = await openPreferencesFromBanner(user);
    await user.click(within(dialog).getByRole('switch', { name: 'Analytics cookies' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Custom Preferences' }));
    expect(await screen.findByText('Cookie preferences saved successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Cookies on SavvyPig' })).not.toBeInTheDocument();
    expect(storedConsent()).toMatchObject({ functional: false, analytics: true, marketing: false });
  });

  it('reopens from the footer with the stored choice', async () => {
    setConsentCookie(SAVED);
    signedOut();
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Cookie preferences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie Preferences' });
    expect(within(dialog).getByRole('switch', { name: 'Functional cookies' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Analytics cookies' })).not.toBeChecked();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Cookie preferences' })).toHaveFocus();
  });

  it('reopens from the cookie policy', async () => {
    signedOut();
    const { user } = renderApp('/legal?tab=cookies');
    await user.click(await screen.findByRole('button', { name: 'Change cookie preferences' }));
    expect(await screen.findByRole('dialog', { name: 'Cookie Preferences' })).toBeInTheDocument();
  });
});

describe('Do Not Track', () => {
  it('keeps analytics and marketing off after Accept All, records dnt_respected, and does not claim all were accepted', async () => {
    setPrivacySignal('1');
    signedOut();
    const { user } = renderApp('/');
    await user.click(within(await findBanner()).getByRole('button', { name: 'Accept All' }));
    expect(await screen.findByText('Cookie preferences saved successfully')).toBeInTheDocument();
    expect(storedConsent()).toMatchObject({
      functional: true,
      analytics: false,
      marketing: false,
      dnt_respected: true,
    });
  });

  it('locks the analytics and marketing switches off and says why', async () => {
    setPrivacySignal('1');
    signedOut();
    const { user } = renderApp('/');
    const dialog = await openPreferencesFromBanner(user);
    expect(within(dialog).getByText(/sends a Do Not Track or Global Privacy Control signal/)).toBeInTheDocument();
    for (const name of ['Analytics', 'Marketing']) {
      const toggle = within(dialog).getByRole('switch', { name: `${name} cookies` });
      expect(toggle).toBeDisabled();
      expect(toggle).not.toBeChecked();
    }
    expect(within(dialog).getByRole('switch', { name: 'Functional cookies' })).toBeEnabled();
  });
});

/** GET and POST /api/consent backed by one stored choice, as the server keeps it. */
function consentServer() {
  let stored: { preferences: Record<string, unknown> | null; dnt: boolean } = { preferences: null, dnt: false };
  return {
    'GET /api/consent': () => json(200, stored),
    'POST /api/consent': ({ body }: { body: unknown }) => {
      const { consent, dnt } = body as { consent: Record<string, unknown>; dnt: boolean };
      stored = { preferences: consent, dnt };
      return json(200, { success: true, recorded: true });
    },
  } satisfies Record<string, MockHandler>;
}

describe('server sync for a signed-in user', () => {
  const noStoredChoice = json(200, { preferences: null, dnt: false });

  it('sends the choice with dnt and the source, then says it was saved', async () => {
    const api = mockApi({ 'GET /api/me': json(200, makeMe()), ...consentServer() });
    const { user } = renderApp('/dashboard');
    await user.click(within(await findBanner()).getByRole('button', { name: 'Reject All' }));
    expect(await screen.findByText('All non-essential cookies rejected and saved')).toBeInTheDocument();
    const [post] = api.calls('POST /api/consent');
    expect(post?.body).toEqual({
      consent: {
        essential: true,
        functional: false,
        analytics: false,
        marketing: false,
        version: '1.0',
        timestamp: storedConsent()!.timestamp,
      },
      dnt: false,
      source: 'banner',
    });
  });

  it('sends a choice made on this device before signing in, as a device sync', async () => {
    setConsentCookie(SAVED);
    const api = mockApi({ 'GET /api/me': json(200, makeMe()), ...consentServer() });
    renderApp('/dashboard');
    await waitFor(() => expect(api.calls('POST /api/consent')).toHaveLength(1));
    expect(api.calls('POST /api/consent')[0]?.body).toEqual({
      consent: {
        essential: true,
        functional: true,
        analytics: false,
        marketing: false,
        version: '1.0',
        timestamp: SAVED.timestamp,
      },
      dnt: false,
      source: 'device-sync',
    });
  });

  it('applies the stored choice on a new device without showing the banner', async () => {
    const preferences = {
      version: '1.0',
      timestamp: '2026-11-19T08:00:00.000Z',
      essential: true,
      functional: false,
      analytics: true,
      marketing: false,
    };
    const api = mockApi({
      'GET /api/me': json(200, makeMe()),
      'GET /api/consent': json(200, { preferences, dnt: false }),
    });
    renderApp('/dashboard');
    await waitFor(() => expect(storedConsent()).toMatchObject({ timestamp: preferences.timestamp, analytics: true }));
    expect(screen.queryByRole('region', { name: 'Cookies on SavvyPig' })).not.toBeInTheDocument();
    expect(api.calls('POST /api/consent')).toHaveLength(0);
  });

  it('says saving failed when the server fails, and keeps the choice to send later', async () => {
    mockApi({
      'GET /api/me': json(200, makeMe()),
      'GET /api/consent': noStoredChoice,
      'POST /api/consent': apiError(500, 'INTERNAL', 'boom'),
    });
    const { user } = renderApp('/dashboard');
    await user.click(within(await findBanner()).getByRole('button', { name: 'Accept All' }));
    expect(await screen.findByText('Failed to save cookie preferences')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(PENDING_SYNC_KEY)!)['user-1'].source).toBe('banner');
  });

  it('offline: keeps the choice locally with the offline notice, then sends it when the connection returns', async () => {
    const api = mockApi({ 'GET /api/me': json(200, makeMe()), ...consentServer() });
    const { user } = renderApp('/dashboard');
    const banner = await findBanner();
    setOnline(false);
    await user.click(within(banner).getByRole('button', { name: 'Manage Preferences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie Preferences' });
    await user.click(within(dialog).getByRole('switch', { name: 'Functional cookies' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Custom Preferences' }));
    expect(
      await screen.findByText('You are offline. Your cookie preferences are saved locally and will sync later.'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/consent')).toHaveLength(0);
    expect(storedConsent()).toMatchObject({ functional: true });
    expect(JSON.parse(localStorage.getItem(PENDING_SYNC_KEY)!)['user-1'].consent.functional).toBe(true);

    setOnline(true);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Cookie preferences saved successfully')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(PENDING_SYNC_KEY)).toBeNull());
    // Sent once, as made; the check that follows finds the server in step and sends nothing more.
    await waitFor(() => expect(api.calls('GET /api/consent').length).toBeGreaterThanOrEqual(2));
    expect(api.calls('POST /api/consent')).toHaveLength(1);
    expect(api.calls('POST /api/consent')[0]?.body).toMatchObject({
      consent: { functional: true },
      source: 'preferences',
    });
  });

  it('does not call the server for a signed-out visitor', async () => {
    const api = signedOut();
    const { user } = renderApp('/');
    await user.click(within(await findBanner()).getByRole('button', { name: 'Accept All' }));
    await screen.findByText('All cookies accepted and saved');
    expect(
      api.requests.filter(
        (r) => r.url.pathname.startsWith('/api/consent') && r.url.pathname !== '/api/consent/scripts',
      ),
    ).toEqual([]);
  });
});

describe('the script gate', () => {
  const scripts = json(200, { analytics: 'https://stats.example.com/a.js', marketing: 'https://ads.example.com/m.js' });
  const gated = () =>
    Array.from(
      document.head.querySelectorAll<HTMLScriptElement>('script[data-consent-category]'),
      (s) => `${s.dataset.consentCategory} ${s.src}`,
    );

  it('loads nothing and asks for nothing before a choice or after Reject All', async () => {
    const api = signedOut({ 'GET /api/consent/scripts': scripts });
    const { user } = renderApp('/');
    await user.click(within(await findBanner()).getByRole('button', { name: 'Reject All' }));
    await screen.findByText('All non-essential cookies rejected and saved');
    expect(gated()).toEqual([]);
    expect(api.calls('GET /api/consent/scripts')).toHaveLength(0);
  });

  it('loads the script of each allowed category after consent, and removes it when consent is withdrawn', async () => {
    const api = signedOut({ 'GET /api/consent/scripts': scripts });
    const { user } = renderApp('/');
    const dialog = await openPreferencesFromBanner(user);
    await user.click(within(dialog).getByRole('switch', { name: 'Analytics cookies' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Custom Preferences' }));
    await waitFor(() => expect(gated()).toEqual(['analytics https://stats.example.com/a.js']));
    expect(api.calls('GET /api/consent/scripts')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Cookie preferences' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject All & Save' }));
    await waitFor(() => expect(gated()).toEqual([]));
  });

  it('loads nothing under Do Not Track even after Accept All', async () => {
    setPrivacySignal('1');
    const api = signedOut({ 'GET /api/consent/scripts': scripts });
    const { user } = renderApp('/');
    await user.click(within(await findBanner()).getByRole('button', { name: 'Accept All' }));
    await screen.findByText('Cookie preferences saved successfully');
    expect(gated()).toEqual([]);
    expect(api.calls('GET /api/consent/scripts')).toHaveLength(0);
  });
});

vi.setConfig({ testTimeout: 30_000 });
