/**
 * The hook point for per-user browser state that must go when someone signs out (form drafts,
 * cached choices…). A feature registers a callback once, at import time or on mount:
 *
 *   onSignOut(() => clearAllDrafts());
 *
 * Every sign-out runs them: the user's own ('user') and the automatic one after 10 minutes of
 * inactivity ('inactivity'). A callback that throws does not stop the others.
 */
export type SignOutReason = 'user' | 'inactivity';
export type SignOutCallback = (reason: SignOutReason) => void;

const callbacks = new Set<SignOutCallback>();

/** Registers a callback; returns a function that removes it. */
export function onSignOut(callback: SignOutCallback): () => void {
  callbacks.add(callback);
  return () => {
    callbacks.delete(callback);
  };
}

export function runSignOutCallbacks(reason: SignOutReason): void {
  for (const callback of [...callbacks]) {
    try {
      callback(reason);
    } catch {
      // One feature's failure to tidy up must not keep the others' data behind.
    }
  }
}
