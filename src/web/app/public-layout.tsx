import { Outlet } from 'react-router';
import { useMe } from './api.ts';
import { PageFrame } from './shell/page-frame.tsx';

/** Public and auth pages: the header adapts to whether someone is signed in. */
export function PublicLayout() {
  const me = useMe();
  // An error checking the session on a public page simply shows the signed-out header.
  const headerMe = me.data !== undefined ? me.data : me.isError ? null : undefined;
  return (
    <PageFrame me={headerMe}>
      <Outlet />
    </PageFrame>
  );
}
