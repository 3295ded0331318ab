import { PageSkeleton } from './page-skeletons.tsx';
import { useCurrentRouteHandle } from './route-handle.ts';
import { PageFrame } from './shell/page-frame.tsx';

/** The current page's skeleton, e.g. while its guard's code loads. */
export function CurrentPageSkeleton() {
  const handle = useCurrentRouteHandle();
  return <PageSkeleton kind={handle?.skeleton ?? 'dashboard'} />;
}

/** A signed-in page while the session is checked, and while the signed-in layout's code loads. */
export function SignedInCheck() {
  const handle = useCurrentRouteHandle();
  return (
    <PageFrame me={undefined}>
      <PageSkeleton kind={handle?.skeleton ?? 'dashboard'} label="Checking you're signed in" />
    </PageFrame>
  );
}
