/**
 * Form drafts (002 §3 "Form draft", §5, §9): a long form's unsaved values, kept per user in
 * local storage for 24 hours. Pure functions over a Storage, so the rules can be tested alone;
 * use-form-draft.ts wires them to a form.
 */

export const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;
export const DRAFT_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

const KEY_PREFIX = 'formDraft:';

/** Fields a draft never keeps, wherever they appear in the form's values (002 §5). */
export const SENSITIVE_FIELDS: ReadonlySet<string> = new Set([
  'password',
  'confirmPassword',
  'currentPassword',
  'newPassword',
  'token',
  'otp',
  'verification_code',
  'card_number',
  'cvv',
  'pin',
]);

/** Pages on which no draft is saved (002 §5). */
export const DRAFT_FREE_PATHS: ReadonlySet<string> = new Set([
  '/auth',
  '/login',
  '/signup',
  '/auth/confirmation',
  '/auth/reset-password',
  '/verification-required',
]);

export type DraftData = Record<string, unknown>;

export interface FormDraft {
  formId: string;
  data: DraftData;
  /** When it was saved, in milliseconds since 1970. */
  timestamp: number;
  expiresAt: number;
}

export function draftKey(userId: string, formId: string): string {
  return `${KEY_PREFIX}${userId}:${formId}`;
}

export function isDraftAllowedOn(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !DRAFT_FREE_PATHS.has(normalised);
}

/** The values without any sensitive field, at any depth. */
export function withoutSensitiveFields(data: DraftData): DraftData {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([key]) => !SENSITIVE_FIELDS.has(key))
          .map(([key, inner]) => [key, strip(inner)]),
      );
    }
    return value;
  };
  return strip(data) as DraftData;
}

/** Whether nothing worth keeping was typed: only blank strings, nulls and empty lists or groups. */
export function isEmptyDraft(data: unknown): boolean {
  if (data === null || data === undefined) return true;
  if (typeof data === 'string') return data.trim() === '';
  if (Array.isArray(data)) return data.every(isEmptyDraft);
  if (typeof data === 'object') return Object.values(data as Record<string, unknown>).every(isEmptyDraft);
  return false;
}

function isFormDraft(value: unknown): value is FormDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Partial<FormDraft>;
  return (
    typeof draft.formId === 'string' &&
    typeof draft.timestamp === 'number' &&
    typeof draft.expiresAt === 'number' &&
    typeof draft.data === 'object' &&
    draft.data !== null
  );
}

function read(storage: Storage, key: string): FormDraft | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    return isFormDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function attempt(work: () => void): void {
  try {
    work();
  } catch {
    // Storage full or blocked: a draft is a convenience, never worth an error.
  }
}

export function clearDraft(storage: Storage, userId: string, formId: string): void {
  attempt(() => storage.removeItem(draftKey(userId, formId)));
}

/** Saves the draft, or clears it when (after removing sensitive fields) it is all empty. */
export function saveDraft(
  storage: Storage,
  input: { userId: string; formId: string; data: DraftData; now: number },
): FormDraft | null {
  const data = withoutSensitiveFields(input.data);
  if (isEmptyDraft(data)) {
    clearDraft(storage, input.userId, input.formId);
    return null;
  }
  const draft: FormDraft = { formId: input.formId, data, timestamp: input.now, expiresAt: input.now + DRAFT_TTL_MS };
  attempt(() => storage.setItem(draftKey(input.userId, input.formId), JSON.stringify(draft)));
  return draft;
}

/** The user's unexpired draft of a form; an expired or unreadable one is removed. */
export function loadDraft(storage: Storage, userId: string, formId: string, now: number): FormDraft | null {
  const key = draftKey(userId, formId);
  const draft = read(storage, key);
  if (!draft || draft.expiresAt <= now || draft.formId !== formId) {
    if (storage.getItem(key) !== null) attempt(() => storage.removeItem(key));
    return null;
  }
  return { ...draft, data: withoutSensitiveFields(draft.data) };
}

function draftKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(KEY_PREFIX)) keys.push(key);
  }
  return keys;
}

/** Removes every draft of one user (on sign-out and account deletion). */
export function clearUserDrafts(storage: Storage, userId: string): void {
  const prefix = `${KEY_PREFIX}${userId}:`;
  for (const key of draftKeys(storage)) if (key.startsWith(prefix)) attempt(() => storage.removeItem(key));
}

/** Removes every expired or unreadable draft, whoever it belongs to; returns how many. */
export function cleanExpiredDrafts(storage: Storage, now: number): number {
  let removed = 0;
  for (const key of draftKeys(storage)) {
    const draft = read(storage, key);
    if (!draft || draft.expiresAt <= now) {
      attempt(() => storage.removeItem(key));
      removed++;
    }
  }
  return removed;
}

/** Local storage, or null where the browser blocks it. */
export function draftStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Clears every draft in this browser. Run when a session ends (sign-out, the inactivity
 * sign-out, account deletion): only the signed-in user's drafts should be here, and any left by
 * an earlier user whose session simply expired should not outlive the next sign-out either.
 */
export function clearAllDrafts(storage: Storage): void {
  for (const key of draftKeys(storage)) attempt(() => storage.removeItem(key));
}
