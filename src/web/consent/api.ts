import type { ConsentChangeSource, CookieConsent, StoredPreferences } from '../../core/consent/consent.ts';
import { apiFetch } from '../app/api.ts';

export type ConsentState = { preferences: StoredPreferences | null; dnt: boolean };
export type ConsentScripts = { analytics: string | null; marketing: string | null };

/** The signed-in user's stored choice (the spec's cookie-consent-manager GET). */
export function fetchConsent(): Promise<ConsentState> {
  return apiFetch<ConsentState>('/api/consent');
}

/** Records a change for the signed-in user (the spec's POST: consent plus dnt). */
export function postConsent(consent: CookieConsent, source: ConsentChangeSource): Promise<unknown> {
  const { essential, functional, analytics, marketing, version, timestamp } = consent;
  return apiFetch('/api/consent', {
    method: 'POST',
    json: {
      consent: { essential, functional, analytics, marketing, version, timestamp },
      dnt: consent.dnt_respected,
      source,
    },
  });
}

export const consentScriptsQueryKey = ['consent-scripts'] as const;

/** Which optional scripts exist; asked only once a visitor has allowed analytics or marketing. */
export function fetchConsentScripts(): Promise<ConsentScripts> {
  return apiFetch<ConsentScripts>('/api/consent/scripts');
}
