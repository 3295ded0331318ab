/** The pending sign-up kept locally after registering (000 §3: pendingUserSignup). */
export const PENDING_SIGNUP_KEY = 'pendingUserSignup';

/**
 * userId is the id the sign-up answer carries: the new account's, or for an address that was
 * already registered one made up the same way (the answer must not tell the two apart).
 */
export interface PendingSignup {
  userId: string | null;
  email: string;
  timestamp: number;
}

const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function savePendingSignup(signup: { userId?: string | null; email: string }, now = Date.now()): void {
  try {
    const record: PendingSignup = { userId: signup.userId ?? null, email: signup.email, timestamp: now };
    localStorage.setItem(PENDING_SIGNUP_KEY, JSON.stringify(record));
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
    const { userId, email, timestamp } = value as Record<string, unknown>;
    if (typeof email !== 'string' || typeof timestamp !== 'number') return null;
    if (now - timestamp > MAX_AGE_MS) {
      localStorage.removeItem(PENDING_SIGNUP_KEY);
      return null;
    }
    return { userId: typeof userId === 'string' ? userId : null, email, timestamp };
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
