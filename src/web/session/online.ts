/**
 * The browser's own idea of being offline. Background calls (activity and presence reports, the
 * realtime stream) wait for the network instead of failing: a request sent offline only fails
 * and clutters the console, and the 'online' event says when it is worth trying again.
 */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Resolves at once when online, otherwise at the next 'online' event (or when `signal` aborts). */
export function whenOnline(signal?: AbortSignal): Promise<void> {
  if (!isOffline() || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    window.addEventListener('online', done);
    signal?.addEventListener('abort', done);
  });
}

/**
 * Wraps a background send: online it sends at once; offline it sends once when the network is
 * back, however many times it was asked meanwhile.
 */
export function sendWhenOnline(send: () => void): () => void {
  let waiting = false;
  return () => {
    if (!isOffline()) {
      send();
      return;
    }
    if (waiting) return;
    waiting = true;
    void whenOnline().then(() => {
      waiting = false;
      send();
    });
  };
}
