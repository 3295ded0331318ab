/**
 * Cookie consent rules (spec 000 §3, §4, §5, §9): what a choice may contain, how a privacy signal
 * restricts it, when the banner asks again and which of two stored choices wins. Pure: the caller
 * passes the clock and the browser's signals in.
 */

/** The consent version the banner asks about; a stored choice of another version asks again. */
export const CONSENT_VERSION = '1.0';

/** The first-party cookie that holds the choice (spec 000 §9: 365 days, strict same-site). */
export const CONSENT_COOKIE_NAME = 'cookie-consent';
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const CONSENT_CATEGORY_IDS = ['essential', 'functional', 'analytics', 'marketing'] as const;
export type ConsentCategoryId = (typeof CONSENT_CATEGORY_IDS)[number];

/** Categories a Do Not Track or Global Privacy Control signal keeps off. */
export const SIGNAL_RESTRICTED_CATEGORIES: readonly ConsentCategoryId[] = ['analytics', 'marketing'];

/** Which categories are allowed. Essential is always on: the service cannot run without it. */
export interface ConsentFlags {
  essential: true;
  functional: boolean;
  analytics: boolean;
  marketing: boolean;
}

/** The spec's cookie-consent entity, as stored in the cookie (field names as the spec gives them). */
export interface CookieConsent extends ConsentFlags {
  version: string;
  /** When the choice was made (ISO 8601 instant). */
  timestamp: string;
  /** Whether a Do Not Track / Global Privacy Control signal was present and therefore honoured. */
  dnt_respected: boolean;
}

/** What the server keeps for a signed-in user (the spec's GET /cookie-consent-manager `preferences`). */
export interface StoredPreferences extends ConsentFlags {
  version: string;
  timestamp: string;
}

/** Where a change came from (recorded as the audit row's change_source). */
export const CONSENT_CHANGE_SOURCES = ['banner', 'preferences', 'device-sync'] as const;
export type ConsentChangeSource = (typeof CONSENT_CHANGE_SOURCES)[number];

/** Nothing optional: what applies before any choice and after Reject All. */
export function rejectAllFlags(): ConsentFlags {
  return { essential: true, functional: false, analytics: false, marketing: false };
}

/** Everything allowed, except what a privacy signal keeps off. */
export function acceptAllFlags(privacySignal: boolean): ConsentFlags {
  return restrictBySignal({ essential: true, functional: true, analytics: true, marketing: true }, privacySignal);
}

/** Essential forced on; analytics and marketing forced off while a privacy signal is present. */
export function restrictBySignal(
  flags: Omit<ConsentFlags, 'essential'> & { essential?: boolean },
  privacySignal: boolean,
): ConsentFlags {
  return {
    essential: true,
    functional: flags.functional,
    analytics: privacySignal ? false : flags.analytics,
    marketing: privacySignal ? false : flags.marketing,
  };
}

/** Whether a category's switch is fixed: essential always, analytics and marketing under a privacy signal. */
export function isCategoryLocked(category: ConsentCategoryId, privacySignal: boolean): boolean {
  return category === 'essential' || (privacySignal && SIGNAL_RESTRICTED_CATEGORIES.includes(category));
}

/** A complete consent record for a choice made at `timestamp` on a browser with or without a privacy signal. */
export function createConsent(
  flags: ConsentFlags,
  context: { timestamp: string; privacySignal: boolean },
): CookieConsent {
  return {
    version: CONSENT_VERSION,
    timestamp: context.timestamp,
    dnt_respected: context.privacySignal,
    ...restrictBySignal(flags, context.privacySignal),
  };
}

/** The flags of a consent record, without its metadata. */
export function flagsOf(consent: ConsentFlags): ConsentFlags {
  return {
    essential: true,
    functional: consent.functional,
    analytics: consent.analytics,
    marketing: consent.marketing,
  };
}

/** Whether the preferences dialog's switches differ from what it opened with ('Save Custom Preferences' shows only then). */
export function hasChanged(initial: ConsentFlags, current: ConsentFlags): boolean {
  return CONSENT_CATEGORY_IDS.some((id) => initial[id] !== current[id]);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isInstant(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value));
}

/**
 * Reads a stored consent record. Anything malformed, without essential, or of another version
 * counts as no choice, so the banner asks again.
 */
export function parseConsent(value: unknown): CookieConsent | null {
  if (!isRecord(value)) return null;
  if (value.version !== CONSENT_VERSION || value.essential !== true || !isInstant(value.timestamp)) return null;
  const { functional, analytics, marketing, dnt_respected: dntRespected } = value;
  if (typeof functional !== 'boolean' || typeof analytics !== 'boolean' || typeof marketing !== 'boolean') return null;
  if (typeof dntRespected !== 'boolean') return null;
  return createConsent(
    { essential: true, functional, analytics, marketing },
    { timestamp: value.timestamp, privacySignal: dntRespected },
  );
}

/** The banner shows while there is no valid choice of the current version. */
export function needsBanner(consent: CookieConsent | null): boolean {
  return consent === null;
}

export type ConsentReconciliation =
  | { action: 'none' }
  /** The server's choice is newer (or this device has none): store it on this device. */
  | { action: 'apply-server'; consent: CookieConsent }
  /** This device's choice is newer (or the server has none of this version): send it to the server. */
  | { action: 'push-local'; consent: CookieConsent };

/**
 * For a signed-in user: which of this device's choice and the server's stored choice stands.
 * The newer timestamp wins; a server choice of an older version is ignored (the banner asks
 * again). A server choice applied on a device with a privacy signal keeps analytics and
 * marketing off but keeps its timestamp, so the two count as in step.
 */
export function reconcile(
  local: CookieConsent | null,
  server: StoredPreferences | null,
  privacySignal: boolean,
): ConsentReconciliation {
  const usableServer = server && server.version === CONSENT_VERSION && isInstant(server.timestamp) ? server : null;
  if (!usableServer) return local ? { action: 'push-local', consent: local } : { action: 'none' };
  const fromServer = () => createConsent(flagsOf(usableServer), { timestamp: usableServer.timestamp, privacySignal });
  if (!local) return { action: 'apply-server', consent: fromServer() };
  const localAt = Date.parse(local.timestamp);
  const serverAt = Date.parse(usableServer.timestamp);
  if (serverAt > localAt) return { action: 'apply-server', consent: fromServer() };
  if (localAt > serverAt) return { action: 'push-local', consent: local };
  return { action: 'none' };
}

/** The cookie header value that stores a choice (written by the page; read back with `readConsentCookie`). */
export function consentCookieString(consent: CookieConsent, options: { secure: boolean }): string {
  const value = encodeURIComponent(JSON.stringify(consent));
  const attributes = [
    `Max-Age=${CONSENT_COOKIE_MAX_AGE_SECONDS}`,
    'Path=/',
    'SameSite=Strict',
    ...(options.secure ? ['Secure'] : []),
  ];
  return `${CONSENT_COOKIE_NAME}=${value}; ${attributes.join('; ')}`;
}

/** The stored choice in a `document.cookie` string, or null when there is none of the current version. */
export function readConsentCookie(cookieHeader: string): CookieConsent | null {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== CONSENT_COOKIE_NAME) continue;
    try {
      return parseConsent(JSON.parse(decodeURIComponent(part.slice(separator + 1).trim())));
    } catch {
      return null;
    }
  }
  return null;
}
