import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { notify } from './notify.ts';
import { createQueryClient } from './query-client.ts';
import { ThemeProvider } from './theme.tsx';
import { Toaster } from './toaster.tsx';

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
