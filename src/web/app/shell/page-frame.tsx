import type { ReactNode } from 'react';
import type { Me } from '../api.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

/** Every page's frame: header, any banners, the main content (focused after a navigation), footer. */
export function PageFrame({
  me,
  banners,
  children,
}: {
  /** The signed-in user; null when signed out; undefined while still checking. */
  me: Me | null | undefined;
  banners?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header me={me} />
      {banners}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
