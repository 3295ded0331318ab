import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** Waits before each retry of a failed page load: 1 s, then 2 s, then 2 s (000 §2). */
export const RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 2000];

export const LOAD_FAILED_PROMPT = 'Failed to load page component. Would you like to refresh the page?';

export interface RetryOptions {
  /** Delay before each retry; its length is the number of retries. */
  delays?: readonly number[];
  /** Asks whether to refresh after the last retry fails. */
  confirm?: (message: string) => boolean;
  /** Reloads the page when the user agrees. */
  reload?: () => void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a dynamic import, retrying on failure (a flaky network, or a deploy that replaced the
 * hashed chunk). When every retry fails the user is asked whether to refresh; if they agree the
 * page reloads and the promise never settles (the skeleton stays up), otherwise the last error
 * is thrown for the route's error page.
 */
export async function importWithRetry<T>(importer: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const delays = options.delays ?? RETRY_DELAYS_MS;
  const confirm = options.confirm ?? ((message: string) => window.confirm(message));
  const reload = options.reload ?? (() => window.location.reload());

  let lastError: unknown;
  for (let attempt = 0; attempt <= delays.length; attempt++) {
    try {
      return await importer();
    } catch (error) {
      lastError = error;
      const delay = delays[attempt];
      if (delay === undefined) break;
      await wait(delay);
    }
  }

  if (confirm(LOAD_FAILED_PROMPT)) {
    reload();
    return new Promise<T>(() => {});
  }
  throw lastError;
}

/** `React.lazy` with the retry-then-ask behaviour of `importWithRetry`. */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint React.lazy uses
export function lazyWithRetry<T extends ComponentType<any>>(
  importer: () => Promise<{ default: T }>,
  options?: RetryOptions,
): LazyExoticComponent<T> {
  return lazy(() => importWithRetry(importer, options));
}
