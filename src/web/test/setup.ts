import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { notify } from '../app/notify.ts';

// Pages are lazy-loaded; the first import of a page in a test run is transformed on demand.
configure({ asyncUtilTimeout: 10_000, getElementError: elementErrorPrintedWhenRead });

/**
 * Testing Library's error for a query that found nothing, with the page printed as it was, but
 * printed only when the message is read. By default every such error prints the whole page, and
 * `findBy…` and `waitFor` make one at each retry only to throw the last: printing was a tenth of
 * the CPU of the account page's screen tests.
 */
function elementErrorPrintedWhenRead(message: string | null, container: Element): Error {
  const error = new Error();
  error.name = 'TestingLibraryElementError';
  let printed: string | undefined;
  Object.defineProperty(error, 'message', {
    configurable: true,
    get: () =>
      (printed ??= [message, `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`]
        .filter(Boolean)
        .join('\n\n')),
  });
  return error;
}

// jsdom lacks a few browser APIs that Radix UI and our theme code use.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
}

const elementProto = window.HTMLElement.prototype as HTMLElement & Record<string, unknown>;
if (!elementProto.scrollIntoView) elementProto.scrollIntoView = () => {};
if (!elementProto.hasPointerCapture) elementProto.hasPointerCapture = () => false;
if (!elementProto.releasePointerCapture) elementProto.releasePointerCapture = () => {};
if (!elementProto.setPointerCapture) elementProto.setPointerCapture = () => {};
window.scrollTo = (() => {}) as typeof window.scrollTo;

beforeEach(() => {
  // As a browser holding a session cookie, so `/api/me` is asked and its mock answers (a test of
  // a visitor without one clears it).
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar, as the server's Set-Cookie would fill it.
  document.cookie = 'savvypig.signed_in=1; path=/';
  localStorage.clear();
  sessionStorage.clear();
  // Files share one jsdom in the `web` project (vitest.config.ts): each test starts on a clean page.
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  document.body.removeAttribute('style');
  document.title = '';
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  notify.reset();
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
