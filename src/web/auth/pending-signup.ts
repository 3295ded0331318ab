/** The pending sign-up kept locally after registering (000 §3: pendingUserSignup). */
export const PENDING_SIGNUP_KEY = 'pendingUserSignup';

// The API does not reveal the new user's id (no account enumeration), so only e-mail and time are kept.
export interface PendingSignup {
  email: string;
  timestamp: number;
}

const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function savePendingSignup(email: string, now = Date.now()): void {
  try {
    localStorage.setItem(PENDING_SIGNUP_KEY, JSON.stringify({ email, timestamp: now } satisfies PendingSignup));
  } catch {
    // Storage blocked: the confirmation page still gets the address through navigation state.
  }
}

export function readPendingSignup(now = Date.now()): PendingSignup | null {
  try {
    const raw = localStorage.getItem(PENDING_SIGNUP_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { email, timestamp } = value as Record<string, unknown>;
    if (typeof email !== 'string' || typeof timestamp !== 'number') return null;
    if (now - timestamp > MAX_AGE_MS) {
      localStorage.removeItem(PENDING_SIGNUP_KEY);
      return null;
    }
    return { email, timestamp };
  } catch {
    return null;
  }
}

export function clearPendingSignup(): void {
  try {
    localStorage.removeItem(PENDING_SIGNUP_KEY);
  } catch {
    // ignore
  }
}
