import { useState } from 'react';
import { flushSync } from 'react-dom';
import { RouterProvider } from 'react-router';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <Providers>
      {/* flushSync lets a navigation commit before a following cache update (see use-sign-out.ts). */}
      <RouterProvider router={router} flushSync={flushSync} />
    </Providers>
  );
}
