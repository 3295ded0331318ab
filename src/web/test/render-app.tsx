import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flushSync } from 'react-dom';
import { type InitialEntry, RouterProvider, createMemoryRouter } from 'react-router';
import { Providers } from '../app/providers.tsx';
import { createAppRoutes } from '../app/router.tsx';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

/** Renders the real app (routes from the registry) in a memory router at `entry`. */
export function renderApp(entry: InitialEntry = '/') {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [entry] });
  const queryClient = createTestQueryClient();
  const user = userEvent.setup();
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} flushSync={flushSync} />
    </Providers>,
  );
  return { ...result, router, queryClient, user };
}
