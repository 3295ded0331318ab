import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Link, useRouteError } from 'react-router';
import { buttonVariants } from '../ui/button-variants.ts';
import { PlainButton } from '../ui/plain-button.tsx';
import { paths } from './paths.ts';

function ErrorMessage() {
  return (
    <div
      className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center"
      role="alert"
    >
      <TriangleAlert className="size-12 text-warning" aria-hidden />
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-muted-foreground">
        This page didn't load properly. Reloading usually fixes it. If it keeps happening, please let us know.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <PlainButton onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden />
          Reload page
        </PlainButton>
        {/* Button's look without its asChild (Radix's Slot stays out of the first download, ADR 0047). */}
        <Link to={paths.home()} reloadDocument data-slot="button" className={buttonVariants({ variant: 'outline' })}>
          Go to the home page
        </Link>
      </div>
    </div>
  );
}

/** Shown inside a layout when a page fails to render or load. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return <ErrorMessage />;
}

/** Last resort when a layout itself fails: no header, just a way out. */
export function RootErrorPage() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="flex min-h-dvh flex-col">
      <ErrorMessage />
    </main>
  );
}
