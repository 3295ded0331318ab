import { type ComponentType, type JSX, lazy, Suspense } from 'react';
import { importWithRetry } from './lazy-with-retry.ts';

/** A part loaded after first render; `preload` fetches its code ahead of its first use. */
export type LazyPart<P extends object> = ComponentType<P> & { preload: () => void };

/**
 * A part of the shell loaded after first render (a menu, a dialog), so a visitor's first page
 * downloads only what it shows (docs/decisions/0047-compression-and-first-load.md). `Fallback`
 * gets the same props and stands in while the code loads, and for good if every retry fails: a
 * shell part is never worth a refresh prompt or the route's error page.
 */
export function lazyPart<P extends object>(
  importer: () => Promise<ComponentType<P>>,
  Fallback: ComponentType<P>,
): LazyPart<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const load = () => {
    loading ??= importWithRetry(importer, { confirm: () => false }).catch((error: unknown) => {
      loading = undefined; // the next use tries again
      throw error;
    });
    return loading;
  };
  const Lazy = lazy(() =>
    load().then(
      (Component) => ({ default: Component }),
      () => ({ default: Fallback }),
    ),
  );
  function LazyPart(props: P) {
    return (
      <Suspense fallback={<Fallback {...props} />}>
        <Lazy {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  }
  LazyPart.preload = () => {
    load().catch(() => undefined);
  };
  return LazyPart;
}
