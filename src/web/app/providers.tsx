import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from './query-client.ts';
import { ThemeProvider, useTheme } from './theme.tsx';

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  // Spec: bottom centre, 4 seconds, one toast visible at a time.
  return (
    <Toaster
      position="bottom-center"
      duration={4000}
      visibleToasts={1}
      richColors
      closeButton
      theme={resolvedTheme}
      containerAriaLabel="Notifications"
    />
  );
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        {children}
        <ThemedToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
