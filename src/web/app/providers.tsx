import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { lazyPart } from './lazy-part.tsx';
import { notify } from './notify.ts';
import { createQueryClient } from './query-client.ts';
import { ThemeProvider } from './theme.tsx';

/**
 * The toasts' list, fetched as the first render happens rather than before it (ADR 0047): no toast
 * shows before the page does, and one raised meanwhile waits in the notifier until the list is up.
 */
const Toaster = lazyPart(
  () => import('./toaster.tsx').then((m) => m.Toaster),
  () => null,
);

export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        {children}
        <Toaster notifier={notify} />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
