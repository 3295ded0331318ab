import { Outlet } from 'react-router';
import { useMe } from './api.ts';
import { Footer } from './shell/footer.tsx';
import { Header } from './shell/header.tsx';

/** Public and auth pages: the header adapts to whether someone is signed in. */
export function PublicLayout() {
  const me = useMe();
  // An error checking the session on a public page simply shows the signed-out header.
  const headerMe = me.data !== undefined ? me.data : me.isError ? null : undefined;
  return (
    <div className="flex min-h-dvh flex-col">
      <Header me={headerMe} />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
