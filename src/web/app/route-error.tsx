import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Component, type ComponentType, type ReactNode } from 'react';
import { Link, type Location, useLocation } from 'react-router';
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
export function RouteErrorPage({ error }: { error: unknown }) {
  if (import.meta.env.DEV) console.error(error);
  return <ErrorMessage />;
}

/** Last resort when a layout itself fails: no header, just a way out. */
export function RootErrorPage({ error }: { error: unknown }) {
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="flex min-h-dvh flex-col">
      <ErrorMessage />
    </main>
  );
}

interface BoundaryProps {
  location: Location;
  fallback: ComponentType<{ error: unknown }>;
  children: ReactNode;
}

interface BoundaryState {
  failure: { error: unknown } | null;
  location: Location;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  // A navigation clears the error, as a route's errorElement did: the next page gets its chance.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { failure: null, location: props.location };
  }

  override render() {
    const { failure } = this.state;
    const Fallback = this.props.fallback;
    return failure ? <Fallback error={failure.error} /> : this.props.children;
  }
}

/**
 * Shows `fallback` in place of `children` when they fail to render or load (a route's
 * errorElement, without the data router: ADR 0047), until the next navigation.
 */
export function RouteErrorBoundary({
  fallback,
  children,
}: {
  fallback: ComponentType<{ error: unknown }>;
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <Boundary location={location} fallback={fallback}>
      {children}
    </Boundary>
  );
}
