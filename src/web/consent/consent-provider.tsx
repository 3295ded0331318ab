import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import {
  acceptAllFlags,
  createConsent,
  needsBanner,
  rejectAllFlags,
  type ConsentChangeSource,
  type ConsentFlags,
  type CookieConsent,
} from '../../core/consent/consent.ts';
import { useMe } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { sendChoice, syncWithServer, type SendOutcome } from './consent-sync.ts';
import { readStoredConsent, storeConsent } from './consent-storage.ts';
import { CONSENT_MESSAGES } from './messages.ts';
import { readPrivacySignal } from './privacy-signal.ts';

export type SaveKind = 'accept-all' | 'reject-all' | 'custom';

interface ConsentContextValue {
  /** The stored choice, or null while none has been made (of the current version). */
  consent: CookieConsent | null;
  /** Do Not Track or Global Privacy Control is on: analytics and marketing stay off. */
  privacySignal: boolean;
  /** Whether the bottom banner shows (no choice yet, and not waiting to learn a signed-in user's). */
  bannerVisible: boolean;
  preferencesOpen: boolean;
  /** Opening remembers what had focus, so closing can return to it. */
  setPreferencesOpen: (open: boolean) => void;
  /** Focus back to what opened the dialog, or to the page when that is gone (the banner after a choice). */
  returnFocus: () => void;
  /** Stores a choice on this device (and for a signed-in user, on the server); false when it could not be kept. */
  save: (kind: SaveKind, source: ConsentChangeSource, flags?: ConsentFlags) => Promise<boolean>;
}

const ConsentContext = createContext<ConsentContextValue | null>(null);

/** Where focus goes when the control that had it disappears (the banner after a choice). */
export function focusMain(): void {
  document.getElementById('main')?.focus({ preventScroll: true });
}

export function useConsent(): ConsentContextValue {
  const value = useContext(ConsentContext);
  if (!value) throw new Error('useConsent needs a ConsentProvider (RootLayout provides one)');
  return value;
}

function successMessage(kind: SaveKind, privacySignal: boolean): string {
  if (kind === 'reject-all') return CONSENT_MESSAGES.rejectedAll;
  // Under Do Not Track, Accept All leaves analytics and marketing off: 'All cookies accepted' would not be true.
  if (kind === 'accept-all' && !privacySignal) return CONSENT_MESSAGES.acceptedAll;
  return CONSENT_MESSAGES.saved;
}

function announce(outcome: SendOutcome, success: string): void {
  if (outcome === 'offline') notify.info(CONSENT_MESSAGES.offline);
  else if (outcome === 'retry-later' || outcome === 'refused') notify.error(CONSENT_MESSAGES.failed);
  else notify.success(success);
}

/**
 * Holds the visitor's cookie choice for the whole app: read from the consent cookie, saved by the
 * banner and the preferences dialog, and for a signed-in user kept in step with the server (on
 * sign-in, on load and when the connection returns).
 */
export function ConsentProvider({ children }: { children: ReactNode }) {
  const [consent, setConsent] = useState<CookieConsent | null>(readStoredConsent);
  const [privacySignal] = useState(readPrivacySignal);
  const [preferencesOpen, setPreferencesOpenState] = useState(false);
  const openerRef = useRef<Element | null>(null);
  const me = useMe();
  const userId = me.data?.user.id ?? null;
  const userIdRef = useRef(userId);
  userIdRef.current = userId;
  const [syncedUserId, setSyncedUserId] = useState<string | null>(null);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    const sync = async () => {
      const result = await syncWithServer(userId, privacySignal);
      if (cancelled) return;
      if (result.applied) setConsent(result.applied);
      if (result.flushedPending) notify.success(CONSENT_MESSAGES.saved);
      setSyncedUserId(userId);
    };
    void sync();
    window.addEventListener('online', sync);
    return () => {
      cancelled = true;
      window.removeEventListener('online', sync);
    };
  }, [userId, privacySignal]);

  // Another tab may have made the choice meanwhile.
  useEffect(() => {
    const reread = () =>
      setConsent((current) => {
        const stored = readStoredConsent();
        return stored?.timestamp === current?.timestamp ? current : stored;
      });
    window.addEventListener('focus', reread);
    return () => window.removeEventListener('focus', reread);
  }, []);

  const save = useCallback<ConsentContextValue['save']>(
    async (kind, source, flags) => {
      const chosen =
        kind === 'accept-all' ? acceptAllFlags(privacySignal) : kind === 'reject-all' ? rejectAllFlags() : flags;
      if (!chosen) throw new Error('A custom save needs the chosen flags');
      const next = createConsent(chosen, { timestamp: new Date().toISOString(), privacySignal });
      if (!storeConsent(next)) {
        notify.error(CONSENT_MESSAGES.failed);
        return false;
      }
      setConsent(next);
      const signedInAs = userIdRef.current;
      const outcome: SendOutcome = signedInAs ? await sendChoice(signedInAs, next, source) : 'synced';
      announce(outcome, successMessage(kind, privacySignal));
      return true;
    },
    [privacySignal],
  );

  const setPreferencesOpen = useCallback((open: boolean) => {
    if (open) openerRef.current = document.activeElement;
    setPreferencesOpenState(open);
  }, []);

  const returnFocus = useCallback(() => {
    const opener = openerRef.current;
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    else focusMain();
  }, []);

  // A signed-in user's stored choice may be on its way: do not ask before it has been looked up.
  const awaitingUser = me.isPending || (userId !== null && syncedUserId !== userId && navigator.onLine);
  const bannerVisible = needsBanner(consent) && !awaitingUser;

  const value = useMemo<ConsentContextValue>(
    () => ({ consent, privacySignal, bannerVisible, preferencesOpen, setPreferencesOpen, returnFocus, save }),
    [consent, privacySignal, bannerVisible, preferencesOpen, setPreferencesOpen, returnFocus, save],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}
